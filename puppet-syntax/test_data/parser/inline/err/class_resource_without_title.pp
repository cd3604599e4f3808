class { }
class { host => 1 }
