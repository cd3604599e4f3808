if $a {
  notice('a')
}
# b is the legacy path
elsif $b {
  notice('b')
} else { notice('c') }
