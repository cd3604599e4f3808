# @summary Manages /etc/motd.
#
# @param message  The text shown at login.
# @param show_facts  Append a few facts below the message.
class motd (
  String[1] $message = 'Managed by Puppet',
  Boolean $show_facts = true,
) {
  $banner = motd::banner($message, 72)

  file { '/etc/motd':
    ensure  => file,
    owner   => 'root',
    group   => 'root',
    mode    => '0644',
    content => epp('motd/motd.epp', {
      'banner'     => $banner,
      'show_facts' => $show_facts,
      'os'         => $facts['os']['name'],
      'release'    => $facts['os']['release']['full'],
    }),
  }
}
