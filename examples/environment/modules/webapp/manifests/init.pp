# @summary Installs nginx and serves a set of virtual hosts.
#
# @param vhosts Virtual hosts by server name.
# @param package_ensure Passed to the nginx package.
class webapp (
  Hash[String[1], Webapp::Site] $vhosts = {},
  Enum['present', 'latest'] $package_ensure = 'present',
) {
  package { 'nginx':
    ensure => $package_ensure,
    tag    => 'webapp',
  }

  service { 'nginx':
    ensure    => running,
    enable    => true,
    hasstatus => true,
    tag       => 'webapp',
    subscribe => Package['nginx'],
  }

  $vhosts.each |String $server_name, Hash $settings| {
    webapp::vhost { $server_name:
      port    => $settings['port'],
      docroot => webapp::docroot($server_name, $settings),
      aliases => pick($settings['aliases'], []),
    }
  }

  unless empty($vhosts) {
    notice("webapp: ${vhosts.length} virtual host(s) on ${facts['networking']['hostname']}")
  }
}
