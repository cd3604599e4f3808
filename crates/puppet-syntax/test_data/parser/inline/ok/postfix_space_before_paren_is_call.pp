foo (1)
