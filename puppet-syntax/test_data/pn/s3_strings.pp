$x = "Hello ${name} and $::fqdn ${a[1]} ${x.upcase} \u263A \$ \t"
$h = @("END":json/L)
    {"a": "${x}", \
     "b": 2}
    |- END
$s = 'it\'s \n raw'
