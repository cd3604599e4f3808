# @summary One nginx virtual host.
#
# @param port    The port to listen on.
# @param docroot The directory served.
# @param aliases Other names of the host.
define webapp::vhost (
  Webapp::Port $port,
  String[1] $docroot,
  Array[String[1]] $aliases = [],
) {
  $conf = "/etc/nginx/sites-enabled/${title}.conf"

  file { $docroot:
    ensure => directory,
    owner  => 'www-data',
    mode   => '0755',
  }

  file { $conf:
    ensure  => file,
    content => epp('webapp/vhost.conf.epp', {
      'server_names' => [$title] + $aliases,
      'port'         => $port,
      'docroot'      => $docroot,
    }),
    require => File[$docroot],
    notify  => Service['nginx'],
  }

  if $port < 8000 or $port > 8999 {
    warning("webapp::vhost ${title}: port ${port} is outside the usual 8000-8999 range")
  }
}
