User <| title == 'a' and (groups != 'b' or uid == 1) |>
File <<| tag == x |>> -> Service <| |>
