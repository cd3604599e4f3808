$x.foo(1,)
