function mymod::f(Variant[String, Integer] $v, Optional[Hash] $h = {}) >> Array[String] {
  [$v, 0x1F, 017, -3.5e2].map |$i| { "${i}" }.filter |$s| { $s != '' }
}
$r = $list.reduce(0) |$memo, $n| { $memo + $n }
$z = !$a and ($b or -$c) == 2
