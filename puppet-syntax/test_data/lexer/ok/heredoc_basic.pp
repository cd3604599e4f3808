$a = @(END)
hello
END
$b = @(END)
  indented
  END
