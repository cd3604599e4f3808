file { 'a' ensure => present }
