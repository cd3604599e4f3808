case File <| |> { default: {} }
file { 'a': mode }
file { 'b': * }
