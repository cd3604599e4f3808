$pkg = $facts['os']['family'] ? {
  'Debian' => $facts['os']['release']['major'] ? {
    '12' => 'foo3',
    default => 'foo2',
  },
  default => 'foo',
}
