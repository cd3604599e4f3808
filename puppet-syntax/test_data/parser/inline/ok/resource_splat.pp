file { 'a': * => $h }
