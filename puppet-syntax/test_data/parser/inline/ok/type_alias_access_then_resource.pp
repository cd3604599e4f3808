type A = Integer[1] { a => 1 }
