@@file { '/srv/a': ensure => present, mode => '0644' }
File <| tag == 'a' and title != 'b' |> { owner +> root }
Package['x'] -> Service['y'] ~> Exec['z']
File { backup => false }
File['/srv/a'] { * => $attrs }
