# @summary The home directory of a user.
function accounts::home(Accounts::Username $name) >> String {
  $name ? {
    'root'  => '/root',
    default => "/home/${name}",
  }
}
