$x = $a and $b or !$c
