foo
(1)
