if $a { } else { if $b { notice(1) } }
