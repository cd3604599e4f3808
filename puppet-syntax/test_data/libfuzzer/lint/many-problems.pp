class Mod::X($a="x", $b) inherits mod::params {
	file { "/x": mode => 644, ensure => present, }
  $y = "${a}"
  if $::osfamily == "Debian" { include ::foo }   
  case $x { a: {} }
  Foo[bar] <- Class["x"]
}


