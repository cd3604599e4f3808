$x = Struct[{a => Integer}]
$y = $h[a => 1]
