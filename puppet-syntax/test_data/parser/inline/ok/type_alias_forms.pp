type A = Integer
type B = Variant[A, String]
type B2 = Variant[A, String, ]
type C = Object { a => 1 }
type D = { a => 1 }
type E = [1, 2]
type Runtime[ruby, "X"] = Integer
