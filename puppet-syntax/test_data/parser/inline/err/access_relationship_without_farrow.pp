$x = $h['a' -> 'b']
$y = Optional[Integer = ]
