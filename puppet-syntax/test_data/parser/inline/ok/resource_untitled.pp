foo { a => 1 }
File { }
