$x = [1, a => 2, 3,]
$y = []
$z = [type, function]
