$a = @(END/x)
END
