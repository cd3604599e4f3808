define a::b($x) { notice($x) }
