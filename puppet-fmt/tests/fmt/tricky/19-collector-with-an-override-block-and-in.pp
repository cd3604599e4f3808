User <| groups == 'admin' |> {
  groups +> ['wheel'],
  shell => '/bin/bash',
}
