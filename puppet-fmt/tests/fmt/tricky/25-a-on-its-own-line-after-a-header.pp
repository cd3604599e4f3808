define profile::site (String $docroot)
{
  file { $docroot: ensure => directory }
}
