service { 'sshd':
  ensure => # keep running on bastions
    running,
  enable => true,
}
