class profile::app (
  Enum['running', 'stopped'] $ensure = 'running',
  Hash[String, Struct[{ port => Integer, Optional[tls] => Boolean }]] $listeners = {
    'http' => { port => 80 },
  },
  # owner of the config files
  Optional[Stdlib::Absolutepath] $config_dir = undef,
  String $user
) inherits profile::params { }
