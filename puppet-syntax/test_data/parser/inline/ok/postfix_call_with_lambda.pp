each($x) |$k, $v| { notice($k) }
$x.each |$v| { }
