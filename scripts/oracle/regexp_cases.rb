# frozen_string_literal: true

# What Ruby's regexp engine (as Puppet's lexer calls it) says of each pattern: reads JSON lines
# {"src": PATTERN} (a regexp literal's text between its slashes), writes JSON lines
# {"src": PATTERN, "error": MESSAGE or null}, MESSAGE being the RegexpError's message without
# the ": /PATTERN/" Ruby appends. Puppet's lexer first turns every `\/` into `/`
# (lexer2.rb, PATTERN_REGEX_ESC), then calls Regexp.new; so does this.
# usage: ruby scripts/oracle/regexp_cases.rb < cases.jsonl > expected.jsonl
require "json"

$stdout.sync = false
$VERBOSE = nil # Onigmo's warnings (character class has duplicated range, ...) are not errors
$stdin.each_line do |line|
  next if line.strip.empty?
  src = JSON.parse(line)["src"]
  regex = src.gsub(%r{\\/}, "/")
  error = begin
    Regexp.new(regex)
    nil
  rescue RegexpError => e
    # Ruby appends ": /SOURCE/" with the source as Regexp#inspect shows it (`/` escaped).
    e.message.sub(%r{: /.*\z}m, "")
  end
  puts JSON.generate({ "src" => src, "error" => error })
end
