$a = @(END:json/tn)
  a\tb\nc\\ \$x
  |- END
$b = @("END"/$)
  \$x $y
  | END
