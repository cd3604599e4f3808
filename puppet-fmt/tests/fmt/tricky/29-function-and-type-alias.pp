function profile::port(Variant[String, Integer] $p) >> Integer {
  Integer($p)
}
type Profile::Port = Variant[
  Integer[1, 65535],
  Pattern[/^\d+$/]
]
