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
# (NoMethodError, ArgumentError, RegexpError, …: bugs of Ruby Puppet on odd input), the hook must
# raise a Puppet::ParseError (or its Puppet::ParseErrorWithIssue) instead, logging what Ruby
# logged. When the hook validates (Ruby crashed in the middle of its validation, as Puppet 8's
# duplicate-key check does on `-true`), Ruby has logged nothing of what its validator found
# before the crash: the hook's diagnostics (what it hands Puppet's Acceptor) must then be those
# Ruby's validator had handed its Acceptor followed by an error, and its log messages start
# with Ruby's (the lexer's warnings), as the library's tests hold its diagnostics against a
# crashed validation.
module DiagnosticsParityAcceptorSpy
  class << self
    # While set, an Array receiving [severity, issue code, file, line, pos] of every
    # Diagnostic an Acceptor accepts.
    attr_accessor :rows
  end

  def accept(diagnostic)
    rows = DiagnosticsParityAcceptorSpy.rows
    if rows && diagnostic.is_a?(Puppet::Pops::Validation::Diagnostic)
      pos = diagnostic.source_pos
      rows << [diagnostic.severity, diagnostic.issue.issue_code, diagnostic.file,
               pos.respond_to?(:line) ? pos.line : nil, pos.respond_to?(:pos) ? pos.pos : nil]
    end
    super
  end
end
Puppet::Pops::Validation::Acceptor.prepend(DiagnosticsParityAcceptorSpy)

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

  # [options, source] of one line of cases.txt (`#![tasks,strict=error,epp] snippet`); without
  # `strict=`, the snippet is validated with the release's default (as the oracle records it).
  def parse_case(line)
    options = []
    snippet = line
    if (m = line.match(/\A#!\[([^\]]*)\] ?(.*)\z/))
      options = m[1].split(",").map(&:strip)
      snippet = m[2]
    end
    [options, snippet.gsub('\n', "\n")]
  end

  # What Puppet does with the snippet: [exception or nil, log messages, the diagnostics its
  # Acceptor received].
  def outcome(options, source, hook)
    epp = options.include?("epp")
    Puppet[:tasks] = options.include?("tasks")
    strict = options.find { |o| o.start_with?("strict=") }
    Puppet[:strict] = strict ? strict.split("=", 2)[1].to_sym : default_strict
    logs = []
    collector = Puppet::Test::LogCollector.new(logs)
    Puppet::Util::Log.newdestination(collector)
    # A new destination first receives what Puppet queued while there was none (the logs of
    # earlier specs): only this snippet's messages count.
    logs.clear
    error = nil
    accepted = DiagnosticsParityAcceptorSpy.rows = []
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
    [error, logs.map { |l| [l.level, l.message, l.issue_code, l.file, l.line, l.pos] }, accepted]
  ensure
    DiagnosticsParityAcceptorSpy.rows = nil
    Puppet::Util::Log.close(collector) if collector
    Puppet[:tasks] = false
    Puppet[:strict] = default_strict
  end

  # RegexpError: the lexer makes a Regexp of a bad regexp literal; the visitor error: the
  # validator meets a nil its parser put in the model (`foo { * => $h }`).
  RUBY_CRASHES = [NoMethodError, ArgumentError, TypeError, RegexpError].freeze

  def ruby_crash?(error)
    RUBY_CRASHES.include?(error[0]) ||
      (error[0] == RuntimeError && error[1].start_with?("Visitor Error"))
  end

  def same_up_to_allowances(ruby, ours)
    ruby_error, ruby_logs, ruby_accepted = ruby
    our_error, our_logs, our_accepted = ours
    return false unless ruby_error && our_error && ruby_crash?(ruby_error) && our_error[0] <= Puppet::ParseError
    # The hook raised before validating (its parser refuses what Ruby's validator crashes on):
    # it logs what Ruby logged.
    return our_logs == ruby_logs if our_accepted.empty?
    # Else what Ruby's validator found before the crash, then an error where Ruby crashed,
    # reported after what Ruby logged.
    our_accepted.first(ruby_accepted.size) == ruby_accepted && our_accepted[ruby_accepted.size]&.first == :error &&
      our_logs.first(ruby_logs.size) == ruby_logs
  end

  it "has the snippet suite" do
    expect(cases.size).to be > 300
  end

  it "raises and logs as Puppet does, for every snippet" do
    failures = []
    allowed = 0
    cases.each do |line|
      options, source = parse_case(line)
      ruby = outcome(options, source, false)
      ours = outcome(options, source, true)
      next if ruby.first(2) == ours.first(2)
      if same_up_to_allowances(ruby, ours)
        allowed += 1
        next
      end
      failures << "#{line}\n    ruby: #{ruby.first(2).inspect}\n    hook: #{ours.first(2).inspect}\n" \
                  "    accepted: ruby #{ruby[2].inspect}, hook #{ours[2].inspect}"
    end
    puts "\ndiagnostics parity (Puppet #{Puppet.version}): #{cases.size} snippets, " \
         "#{cases.size - failures.size - allowed} identical, #{allowed} where Ruby crashes, #{failures.size} differ"
    expect(failures).to be_empty, failures.join("\n")
  end
end
