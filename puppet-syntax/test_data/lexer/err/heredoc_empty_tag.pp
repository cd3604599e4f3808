$a = @("")
END
