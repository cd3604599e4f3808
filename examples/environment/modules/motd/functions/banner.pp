# @summary Frames a message in a box of `#` characters.
#
# @param message The text to frame.
# @param width   The width of the box, at least 20 characters.
# @return [String] The framed text, one line per element.
function motd::banner(String $message, Integer[20] $width = 60) >> String {
  $rule = $width.map |$_i| { '#' }.join('')
  $inner = $width - 4
  $lines = $message.split(/\n/).map |String $line| {
    $padded = sprintf("%-${inner}s", $line[0, $inner])
    "# ${padded} #"
  }
  ([$rule] + $lines + [$rule]).join("\n")
}
