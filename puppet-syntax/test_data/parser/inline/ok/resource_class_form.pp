class { 'apache': version => 1 }
