$labels = {
  "${prefix}_größe" => 'L',
  'name' => 'shirt',
}
