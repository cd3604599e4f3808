$pair = [@(A), @(B)]
  first
  | A
  second
  | B
