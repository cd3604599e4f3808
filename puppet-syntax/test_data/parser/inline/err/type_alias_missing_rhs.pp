type A =
