$x = 1 < 2 == true
$y = $a =~ $b + 1
$z = !$a in $b
