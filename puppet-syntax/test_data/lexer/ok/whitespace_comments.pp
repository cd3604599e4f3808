a b c	d
e # comment
/* ml
comment */ f