# lint:ignore:arrow_alignment
$matrix = {
  'a' => 1,
  'bbbb'   => 2,
}
# lint:endignore
