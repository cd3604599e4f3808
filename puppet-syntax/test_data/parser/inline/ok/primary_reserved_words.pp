$x = private
$y = attr
