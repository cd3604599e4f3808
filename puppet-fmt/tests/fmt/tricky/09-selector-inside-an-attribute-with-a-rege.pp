file { '/etc/app.conf':
  ensure => file,
  mode => $facts['os']['family'] ? {
    /(?i:redhat|centos)/ => '0640',
    debian => '0644',
    default => '0600',
  },
}
