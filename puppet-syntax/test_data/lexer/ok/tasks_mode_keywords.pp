plan foo() { apply($x) { } }
"${plan}${apply.x}${case}"
