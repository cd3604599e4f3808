unless $a { 1 } else { 2 }
