class { 'profile::web':
  vhosts => {
    'example.com' => { port => 443, ssl => true },
    'a.example.com' => {
      port => 80,
      docroot => '/srv/a',
    },
  },
  ensure => present,
}
