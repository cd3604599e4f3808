$major = $facts['os']['release']['major']
$list = $base
[1, 2].each |$i| { notice($i) }
include apache
(['mod_ssl', 'mod_php']).each |$m| { include "apache::mod::${m}" }
