# @summary A local user with optional SSH keys.
#
# @param uid    The numeric user id (allocated when not given).
# @param groups Supplementary groups.
# @param keys   Public SSH keys, "TYPE KEY COMMENT".
define accounts::user (
  Optional[Integer[1000]] $uid = undef,
  Array[String[1]] $groups = [],
  Array[String[1]] $keys = [],
) {
  include accounts

  $home = accounts::home($title)

  user { $title:
    ensure => present,
    uid    => $uid,
    groups => $groups,
    home   => $home,
  }

  $keys.each |Integer $index, String $key| {
    [$type, $material, $comment] = split($key, ' ')
    ssh_authorized_key { "${title}-${index}":
      ensure  => present,
      user    => $title,
      type    => $type,
      key     => $material,
      require => User[$title],
    }
  }
}
