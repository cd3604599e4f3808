file {
  default:
    owner => 'root',
    mode => '0644',
  ;
  '/etc/a':
    ensure => file;
  '/etc/b':
    ensure => directory,
    mode => '0755',;
}
