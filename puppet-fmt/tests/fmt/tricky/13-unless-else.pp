unless $facts['os']['family'] == 'windows' {
  include profile::unix
}
else {
  include profile::windows
}
