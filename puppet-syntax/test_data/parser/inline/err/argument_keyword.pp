notice(type)
f(function, 1)
$x.f(type)
