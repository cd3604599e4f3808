$users.filter |String $name, Hash $attrs = {}| { $attrs['ensure'] != 'absent' }.each |$name, $attrs| {
  user { $name:
    * => $attrs,
  }
}
