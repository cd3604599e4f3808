unless $a { } elsif $b { }
