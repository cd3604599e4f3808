$a = @(END)
this is the END
not
END
