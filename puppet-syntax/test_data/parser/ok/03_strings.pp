$a = 'single \' quoted \n'
$b = "double \"quoted\" \t ${a} $::fqdn ${facts['os']['family']} ${x.upcase} \u263A \$"
$c = "${"nested ${a}"}"
$d = "${10} ${x[1]} ${$y + 1}"
$r = $a =~ /^a\/b[0-9]+$/
