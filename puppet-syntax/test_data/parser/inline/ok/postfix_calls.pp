$x = foo(1, 2,)
$y = $a.b.c(1) |$v| { $v }
$z = $h[1][a, 2]
File <| tag == "a" |> { owner => root }
File <<| |>>
