class broken {
  file { '/a':
    ensure => file,

service { 'b': ensure => running }
