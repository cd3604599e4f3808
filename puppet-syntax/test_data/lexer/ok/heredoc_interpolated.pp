$a = @("END")
hi $x ${y} ${z[1]}
\$x
END
