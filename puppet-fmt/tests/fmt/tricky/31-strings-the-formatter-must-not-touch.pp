$a = "caf\u00e9\r\n"
$b = "${$count + 1} items"
$c = "$config['path']"
$d = 'tab	here and \\ backslash'
