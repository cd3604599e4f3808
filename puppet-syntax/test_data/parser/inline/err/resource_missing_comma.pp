file { 'a': ensure => present mode => 1 }
notice(1)
