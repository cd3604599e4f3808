$x = @("A")
  ${@(B)} tail
  b
  |B
  |A
