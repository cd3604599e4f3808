$config = @("CONF"/L)
    [main]
    server = ${server} \
      port=${port}
    | CONF
$json = @(JSON:json)
  {"a": [1, 2, 3]}
  |-JSON
notice(@(A), @(B))
  first
  | A
  second
  | B
