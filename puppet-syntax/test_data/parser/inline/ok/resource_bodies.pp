file { 'a': ensure => present, mode => '0644', ; 'b': ; }
