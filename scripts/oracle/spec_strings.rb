# frozen_string_literal: true

# Every plain string literal of Ruby Puppet's own test suite, as test input for our parser: the
# snippets Puppet's specs parse, evaluate and expect errors from, and everything else quoted
# there (descriptions, messages, paths), all of it input on which our parser must agree with
# Ruby's, valid or not (puppet-syntax/test_data/puppet-spec/README.md).
#
# Reads the spec files of a Puppet source tree (`spec/**/*.rb`, in byte order of their paths)
# with Ruby's own parser and prints each distinct string literal without interpolation (`STR`
# nodes: escapes and heredoc indentation already processed) of two or more bytes, valid
# UTF-8, once, in the order first met: one JSON string per line.
#
# usage: ruby scripts/oracle/spec_strings.rb PUPPET_SOURCE_DIR > strings.jsonl
#        ruby scripts/oracle/spec_strings.rb --from PUPPET_SOURCE_DIR
#          (instead: `N<TAB>spec/file.rb:LINE` for each string, N its line in strings.jsonl,
#          to find where a string of the data file comes from)
require "json"

from = ARGV.delete("--from")
root = ARGV.fetch(0) { abort "usage: ruby scripts/oracle/spec_strings.rb [--from] PUPPET_SOURCE_DIR" }
files = Dir.glob("spec/**/*.rb", base: root).sort
abort "spec_strings: no spec/**/*.rb below #{root}" if files.empty?

seen = {}
walk = lambda do |node, file|
  return unless node.is_a?(RubyVM::AbstractSyntaxTree::Node)

  text = node.children[0].b.force_encoding(Encoding::UTF_8) if node.type == :STR && node.children[0].is_a?(String)
  if text && text.bytesize >= 2 && text.valid_encoding? && !seen.key?(text)
    seen[text] = true
    puts from ? "#{seen.size}\t#{file}:#{node.first_lineno}" : text.to_json
  end
  node.children.each { |child| walk.(child, file) }
end

files.each do |file|
  walk.(RubyVM::AbstractSyntaxTree.parse_file(File.join(root, file)), file)
rescue SyntaxError => e
  # A fixture that is broken on purpose (a function with a syntax error).
  warn "spec_strings: #{file}: skipped (#{e.class})"
end
