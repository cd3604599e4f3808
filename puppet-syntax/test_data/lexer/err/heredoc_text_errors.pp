$a = @("END")
${08}
END
$b = @(END/u)
\u12
END
