# Ruby Puppet's lexer as an oracle for the Rust lexer's differential test
# (`tests/lexer/lexer_ruby_diff.rs`). Needs Ruby Puppet 7 (`require "puppet"`).
#
# Input (stdin), one line per source: `SRC <epp 0|1> <tasks 0|1> <hex of the UTF-8 source>`.
# Output (stdout), per source:
#   `INPUT <n>`
#   `T <SYMBOL> <offset> <length> <sub 0|1> <hex of value, or ->` per token (`sub` = produced
#      by a heredoc sub-lexer, whose offsets are heredoc-local; regexps give their source,
#      booleans "true"/"false")
#   `E <CODE> <line or -> <pos or -> <hex of message>` when lexing raised
#   `W <CODE> <line> <pos> <hex of message>` per logged warning
#   `END`
require 'puppet'

module Puppet::Test
  class LogCollector
    def initialize(messages)
      @messages = messages
    end

    def <<(msg)
      @messages << msg
    end
  end
end

logs = []
Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(logs))
Puppet::Util::Log.level = :warning

def hex(s)
  s.nil? ? '-' : (s.empty? ? '=' : s.to_s.dup.force_encoding('BINARY').unpack1('H*'))
end

def value_of(v)
  case v
  when nil then nil
  when Regexp then v.source
  when Array then v.join
  else v.to_s
  end
end

$stdout.sync = false
n = 0
$stdin.each_line do |line|
  _, epp, tasks, src = line.split(' ')
  source = [src.to_s].pack('H*').force_encoding('UTF-8')
  logs.clear
  Puppet[:tasks] = tasks == '1'
  out = ["INPUT #{n}"]
  n += 1
  begin
    lexer = Puppet::Pops::Parser::Lexer2.new
    lexer.lex_string(source)
    all = epp == '1' ? lexer.fullscan_epp : lexer.fullscan
    all.each do |t|
      next unless t[0]
      tv = t[1]
      sub = tv.locator.is_a?(Puppet::Pops::Parser::Locator::SubLocator) ? 1 : 0
      out << "T #{t[0]} #{tv.offset} #{tv.length} #{sub} #{hex(value_of(tv[:value]))}"
    end
  rescue Puppet::ParseErrorWithIssue => e
    out << "E #{e.issue_code} #{e.line || '-'} #{e.pos || '-'} #{hex(e.basic_message)}"
  rescue StandardError => e
    out << "E RUBY_#{e.class.name.gsub('::', '_')} - - #{hex(e.message)}"
  end
  logs.each do |m|
    code = m.respond_to?(:issue_code) ? m.issue_code : nil
    out << "W #{code || '-'} #{m.line || '-'} #{m.pos || '-'} #{hex(m.message.to_s)}"
  end
  out << 'END'
  puts out.join("\n")
end
