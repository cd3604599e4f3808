$a = @(END)
no end
