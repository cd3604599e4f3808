	$x = @(EOT)
		indented with two tabs
	kept verbatim: less than the margin
		| EOT
