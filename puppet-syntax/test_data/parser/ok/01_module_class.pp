# A realistic class: parameters, resources, conditionals, selectors, collectors.
class ntp (
  Boolean                $enable   = true,
  Array[String]          $servers  = ['0.pool.ntp.org', '1.pool.ntp.org'],
  Optional[Stdlib::Port] $port     = undef,
  Enum['present', 'absent'] $ensure = 'present',
) inherits ntp::params {
  $package_name = $facts['os']['family'] ? {
    'RedHat' => 'ntp',
    default  => 'ntpd',
  }

  package { $package_name:
    ensure => $ensure,
  }
  -> file { '/etc/ntp.conf':
    ensure  => file,
    content => epp('ntp/ntp.conf.epp', { 'servers' => $servers }),
    mode    => '0644',
  }
  ~> service { 'ntpd':
    ensure => $enable ? { true => running, default => stopped },
    enable => $enable,
  }

  if $port and $port > 1024 {
    notice("unprivileged port ${port}")
  } elsif $port == undef {
    include ntp::defaults
  } else {
    fail('privileged port')
  }

  unless empty($servers) {
    $servers.each |Integer $index, String $server| {
      ntp::server { $server: prefer => $index == 0 }
    }
  }

  case $facts['os']['name'] {
    'Debian', 'Ubuntu': { $conf_dir = '/etc' }
    /^(CentOS|RedHat)$/: { $conf_dir = '/etc/ntp' }
    default: {}
  }

  User <| groups == 'ntp' |> { shell => '/bin/false' }
  File { backup => false }
  Service['ntpd'] { hasstatus => true }
  @@sshkey { $facts['networking']['fqdn']: type => 'ssh-rsa', key => $key }
  realize(User['ntp'])
}
