@@sshkey { $facts['networking']['fqdn']:
  type => 'ssh-ed25519',
  key => $facts['ssh']['ed25519']['key'],
}
Sshkey <<| tag == "ssh-${facts['networking']['domain']}" |>>
