class banner {
  file { '/etc/issue':
    content => 'Line one has trailing blanks   
  line two is indented by two
line three at column 0',
  }
}
