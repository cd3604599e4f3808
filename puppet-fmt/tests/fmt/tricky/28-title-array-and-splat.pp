file { ['/srv/a', '/srv/b']:
  ensure => directory,
  * => $dir_defaults,
}
