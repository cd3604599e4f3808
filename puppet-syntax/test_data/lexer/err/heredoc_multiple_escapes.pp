$a = @(END/tt)
END
