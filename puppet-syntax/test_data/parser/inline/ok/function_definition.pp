function a::f(Integer $x) >> Array[Integer] { [$x] }
