$x.map |$a, Integer $b = 1, *$c| >> String { "${a}" }
$x.each || { }
