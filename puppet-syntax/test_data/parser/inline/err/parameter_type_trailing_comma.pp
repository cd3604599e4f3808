define d(Enum['a', 'b', ] $x) { }
function f() >> Array[String, ] { }
type A[1, ] = Integer
