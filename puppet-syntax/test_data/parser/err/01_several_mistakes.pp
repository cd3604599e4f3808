# Each statement below has its own mistake; every one must be reported.
class broken {
  file { '/a':
    ensure => present
    mode   => '0644',
  }
  $x = [1, 2
  notice($x)
  if $x { notice('ok')
}
service { 'b': ensure => running, }
$y = 1 + * 
package { 'c': ensure => }
