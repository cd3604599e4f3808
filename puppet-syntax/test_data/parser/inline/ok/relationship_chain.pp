Package['x'] -> Service['y'] ~> Exec['z'] <- File['a'] <~ File['b']
