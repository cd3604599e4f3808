class 'x' { }
