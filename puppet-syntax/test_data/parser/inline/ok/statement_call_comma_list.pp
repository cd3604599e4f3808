notice a, b, "c"
