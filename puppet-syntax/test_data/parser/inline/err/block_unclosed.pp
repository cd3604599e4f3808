if $a { notice(1)
