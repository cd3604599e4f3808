$a = @(END) # comment
t
END
$b = [1]
$c = @(END)

|END