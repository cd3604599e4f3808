class crlf {
  $s = 'two
lines'
  $h = @(EOT)
    body
    | EOT
}
