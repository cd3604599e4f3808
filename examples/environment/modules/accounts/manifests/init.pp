# @summary Defaults shared by every account.
class accounts (
  String $shell = '/bin/bash',
  Accounts::Username $admin = 'root',
) {
  User {
    shell      => $shell,
    managehome => true,
  }
}
