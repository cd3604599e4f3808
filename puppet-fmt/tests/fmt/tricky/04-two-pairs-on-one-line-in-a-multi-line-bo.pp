user { 'alice':
  ensure => present, uid => 1001,
  shell => '/bin/zsh',
}
