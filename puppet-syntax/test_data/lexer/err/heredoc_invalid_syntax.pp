$a = @(END:J)
END
