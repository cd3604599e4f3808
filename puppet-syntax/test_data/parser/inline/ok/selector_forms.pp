$x = $y ? { 1 => a, default => b, }
$z = $y ? a => b
