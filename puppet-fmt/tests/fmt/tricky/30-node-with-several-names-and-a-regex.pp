node 'web01.example.com', /^web\d+\.example\.com$/ {
  include role::web
}
