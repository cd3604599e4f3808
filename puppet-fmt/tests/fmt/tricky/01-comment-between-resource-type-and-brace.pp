file # managed by ops
{ '/etc/motd':
  ensure => file,
}
