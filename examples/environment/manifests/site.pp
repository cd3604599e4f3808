# Node classification for the sample environment.

node default {
  include motd
}

node /^web\d+\.example\.com$/ {
  class { 'motd':
    message => "Web server ${facts['networking']['fqdn']}",
  }

  class { 'webapp':
    vhosts => {
      'shop.example.com' => { 'port' => 8080, 'docroot' => '/srv/shop' },
      'blog.example.com' => { 'port' => 8081 },
    },
  }

  accounts::user { 'deploy':
    uid    => 2001,
    groups => ['www-data'],
    keys   => ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBn5yaS7v2dN3Tx2HqUZkF5t0c8c8d4Jd0N3oVx1Q2xC deploy@ci'],
  }
}

node 'db01.example.com', 'db02.example.com' {
  include motd
  accounts::user { ['alice', 'bob']:
    groups => ['adm'],
  }

  # Everything that manages packages runs before the services.
  Package <| tag == 'webapp' |> -> Service <| tag == 'webapp' |>
}
