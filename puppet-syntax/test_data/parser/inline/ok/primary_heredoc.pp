$x = @(END)
  text
  END
notice($x)
