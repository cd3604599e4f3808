file { '/etc/motd':
  ensure => file,
  content => @("EOT"/L),
    Welcome to ${facts['networking']['fqdn']}
    Managed by Puppet \
    (do not edit)
    | EOT
  mode => '0644',
}
