plan foo() { apply($x) { } }
"${plan}"
