class foo::bar(String $x = 'a', Integer[0,10] $n = 5) inherits foo {
  include foo::baz
  if $x =~ /^a(b)?$/ { notice($1) } elsif $x in ['c', 'd'] { warning 'cd' } else { fail("bad ${x}") }
  $y = $facts['os']['family'] ? { 'Debian' => 'apt', default => undef }
  case $y { 'apt', /yum/: { } default: { notify { "y=${y}": } } }
}
