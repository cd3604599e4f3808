# The settings of one site (a virtual host), as given to `webapp`'s `vhosts`.
type Webapp::Site = Struct[{
  port              => Webapp::Port,
  Optional[docroot] => Stdlib::Absolutepath,
  Optional[aliases] => Array[String[1]],
}]
