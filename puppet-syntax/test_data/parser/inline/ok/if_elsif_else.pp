if $a { 1 } elsif $b { 2 } elsif $c { } else { 3 }
