$x = /a/ $y / 2 /b/
case $x { /a\/b/: {} } $a =~ /x\\/ /y/
foo(/a/, 1) / 2
[1] / 2 /x/
x /a/
$r = /a
b/
