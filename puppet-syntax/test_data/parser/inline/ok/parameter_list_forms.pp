define d(String $a, Optional[Integer] $b = 1, $c,) { }
class c () { }
