# frozen_string_literal: true

require_relative "spec_helper"
require "puppet/test/test_helper"

# Diagnostics parity through the hook on the validator's invalid-snippet suite
# (puppet-syntax/test_data/validate/cases.txt): each snippet goes through
# EvaluatingParser#parse_string (EvaluatingEppParser for epp cases) twice in this process, with
# Puppet's Ruby parser and validator and with the hook, and must give the same exception (class,
# message, issue code, file, line, pos) and the same log messages (level, message, issue code,
# file, line, pos), in the same order.
#
# One allowance, outside the hook: where Ruby Puppet crashes with an internal error
# (NoMethodError, ArgumentError, RegexpError, …: bugs of 7.23 on odd input), the hook must raise a
# Puppet::ParseError (or its Puppet::ParseErrorWithIssue) instead.
RSpec.describe "diagnostics parity through the hook" do
  cases_file = File.join(REPO_ROOT, "puppet-syntax/test_data/validate/cases.txt")
  cases = File.readlines(cases_file, chomp: true).reject { |l| l.strip.empty? || l.start_with?("# ") }
  # Syntax errors at tokens of every kind: Puppet's message names the token's value.
  cases += ["$x = 1 'str' 2", "notice('a' 'b')", '$x = [1 "two ${x}"]', '$x = [1 "two"]',
            "class { 'a': b => }", "if $x { } else if", "$x = 10 20", "case $x { 1: }",
            "$x = { a => }", '$a = @(E)\n  x\n  |-E\n}', "foo(1,,2)", "$x = $y[",
            "define a::b { } class", "$x = 'abc' =>", "notice(1) $x", "1 + + ", "$x = Integer[",
            "$x = 0777 1", "$x = true false", "node { }", "$x = $::y $z", "$x = [1 Foo::Bar]",
            # The lexer's own warnings (unrecognized escapes), before a validation problem or a
            # syntax error, and the escapes after a syntax error (not lexed by Ruby).
            'notice("a\\d")', '$x = 1\nnotice("a\\q ${x} \\z")\n$x = 2 = 3',
            'notice("\\w") notice("\\e" 1 "\\v")']

  # [options, source] of one line of cases.txt (`#![tasks,strict=error,epp] snippet`).
  def parse_case(line)
    options = []
    snippet = line
    if (m = line.match(/\A#!\[([^\]]*)\] ?(.*)\z/))
      options = m[1].split(",").map(&:strip)
      snippet = m[2]
    end
    [options, snippet.gsub('\n', "\n")]
  end

  # What Puppet does with the snippet: [exception or nil, log messages].
  def outcome(options, source, hook)
    epp = options.include?("epp")
    Puppet[:tasks] = options.include?("tasks")
    strict = options.find { |o| o.start_with?("strict=") }
    Puppet[:strict] = strict ? strict.split("=", 2)[1].to_sym : :warning
    logs = []
    collector = Puppet::Test::LogCollector.new(logs)
    Puppet::Util::Log.newdestination(collector)
    # A new destination first receives what Puppet queued while there was none (the logs of
    # earlier specs): only this snippet's messages count.
    logs.clear
    error = nil
    with_hook(hook) do
      parser = if epp
                 Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new
               else
                 Puppet::Pops::Parser::EvaluatingParser.new
               end
      Puppet.override(current_environment: empty_environment) do
        parser.parse_string(source, epp ? "x.epp" : "x.pp")
      end
    rescue StandardError => e
      error = [e.class, e.message, e.respond_to?(:issue_code) ? e.issue_code : nil,
               e.respond_to?(:file) ? e.file : nil, e.respond_to?(:line) ? e.line : nil,
               e.respond_to?(:pos) ? e.pos : nil]
    end
    [error, logs.map { |l| [l.level, l.message, l.issue_code, l.file, l.line, l.pos] }]
  ensure
    Puppet::Util::Log.close(collector) if collector
    Puppet[:tasks] = false
    Puppet[:strict] = :warning
  end

  # RegexpError: the lexer makes a Regexp of a bad regexp literal; the visitor error: the
  # validator meets a nil its parser put in the model (`foo { * => $h }`).
  RUBY_CRASHES = [NoMethodError, ArgumentError, TypeError, RegexpError].freeze

  def ruby_crash?(error)
    RUBY_CRASHES.include?(error[0]) ||
      (error[0] == RuntimeError && error[1].start_with?("Visitor Error"))
  end

  def same_up_to_allowances(ruby, ours)
    ruby_error, ruby_logs = ruby
    our_error, our_logs = ours
    return false unless ruby_error && our_error && ruby_logs == our_logs
    ruby_crash?(ruby_error) && our_error[0] <= Puppet::ParseError
  end

  it "has the snippet suite" do
    expect(cases.size).to be > 300
  end

  it "raises and logs as Puppet does, for every snippet" do
    failures = []
    cases.each do |line|
      options, source = parse_case(line)
      ruby = outcome(options, source, false)
      ours = outcome(options, source, true)
      next if ruby == ours || same_up_to_allowances(ruby, ours)
      failures << "#{line}\n    ruby: #{ruby.inspect}\n    hook: #{ours.inspect}"
    end
    puts "\ndiagnostics parity: #{cases.size} snippets, #{cases.size - failures.size} identical, " \
         "#{failures.size} differ"
    expect(failures).to be_empty, failures.join("\n")
  end
end
