$a = 08
$b = 1e+5
$c = 123abc
$d = "unclosed
