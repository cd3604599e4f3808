notice a,
