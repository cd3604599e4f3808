foo { inherits '::apache': }
