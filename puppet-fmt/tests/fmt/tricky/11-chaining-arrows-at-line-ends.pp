Package['nginx'] ->
File['/etc/nginx/nginx.conf'] ~>
Service['nginx']

Exec['migrate'] -> # only after schema changes
Service['app']
