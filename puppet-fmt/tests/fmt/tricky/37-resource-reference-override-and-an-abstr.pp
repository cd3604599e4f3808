Service['nginx'] {
  subscribe => File['/etc/nginx/nginx.conf'],
}
Resource[$type] {
  $title: * => $attrs;
  default: * => $defaults;
}
