$rc_dirs = [ '/etc/rc.d', '/etc/rc.d/init.d',
  '/etc/rc.d/rc0.d', '/etc/rc.d/rc1.d' ]
