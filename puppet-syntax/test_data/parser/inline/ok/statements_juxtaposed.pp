$a = 1 $b = 2
notice($a); notice($b)
