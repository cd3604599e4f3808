file { '/srv/app':
  ensure => directory,
  # owner => 'deploy',

  group => 'www-data', # see ticket 42
  mode => '0750',      # setgid not needed
}
