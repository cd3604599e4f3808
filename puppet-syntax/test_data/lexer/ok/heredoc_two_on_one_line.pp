foo(@(A), @(B))
a
A
b
B
(1)
