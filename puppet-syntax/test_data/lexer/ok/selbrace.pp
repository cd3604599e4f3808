$x ? { a => 1 } { b => 2 } $y ? default => {}
