file { '/x':
	ensure	=> file,
	content => "a	b",
}
