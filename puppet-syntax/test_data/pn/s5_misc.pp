type MyType = Struct[{a => Integer, Optional[b] => String}]
node 'web01.example.com', /^db\d+$/, default {
  notice hello
}
define mydef($title2 = $title) { file { $title2: } }
unless $x { $y = 1 } else { $y = 2 }
