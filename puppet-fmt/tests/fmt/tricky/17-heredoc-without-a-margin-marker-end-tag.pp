class motd {
  $text = @(END)
This line starts at column 0 and must stay there.
END
  notice($text)
}
