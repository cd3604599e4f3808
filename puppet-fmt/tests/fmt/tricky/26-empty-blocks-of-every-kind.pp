class foo::bar { }
node default {}
if $facts['virtual'] == 'docker' {
}
case $role {
  'db': {}
  default: {
    # nothing to do
  }
}
file { '/tmp/flag': }
$empty_hash = { }
$empty_list = [ ]
