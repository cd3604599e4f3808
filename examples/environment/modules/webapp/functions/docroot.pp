# @summary The document root of a virtual host: the given one, or /srv/www/NAME.
function webapp::docroot(String[1] $name, Hash $settings) >> String {
  $settings['docroot'] ? {
    Undef   => "/srv/www/${name}",
    default => $settings['docroot'],
  }
}
