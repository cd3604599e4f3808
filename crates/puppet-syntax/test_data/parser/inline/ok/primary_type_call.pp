type(1)
