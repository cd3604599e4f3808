$ports = $services
  .filter |$s| { $s['enabled'] }
  .map |$s| { $s['port'] }
