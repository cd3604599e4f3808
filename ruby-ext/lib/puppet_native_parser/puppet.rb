# frozen_string_literal: true

# The drop-in: `require "puppet_native_parser/puppet"` (or `RUBYOPT=-rpuppet_native_parser/puppet`
# for any `puppet` command) makes Ruby Puppet parse and validate natively.
#
# What is replaced (reference §5 of the project's research notes):
# - Puppet::Pops::Parser::Parser#parse_string / #parse_file and EppParser#parse_file return
#   what Puppet's callers expect: a Model::Factory wrapping a Model::Program (built by the
#   extension from Puppet's own classes). Syntax errors raise Puppet::ParseErrorWithIssue
#   (Puppet::ParseError for grammar-action errors) with Puppet's issue code, file, line and pos.
# - EvaluatingParser#assert_and_report validates natively when given such a Factory, turning the
#   diagnostics into Puppet's own Validation::Diagnostic objects in an Acceptor, so that
#   Puppet's IssueReporter logs and raises exactly as it does with its own validator.
#
# Setting PUPPET_NATIVE_PARSER to 0, off, false, no or ruby (checked on every call) falls back
# to Puppet's Ruby parser and validator.
require "puppet"
require "puppet_native_parser"

module PuppetNativeParser
  # The hook's logic; the prepended modules below only dispatch to it.
  module Hook
    # The environment variable that turns the hook off at run time.
    OPT_OUT_VARIABLE = "PUPPET_NATIVE_PARSER"
    OPT_OUT_VALUES = %w[0 off false no ruby].freeze

    # Ruby's heredoc syntax checkers raise from inside validation with this message prefix;
    # the validation stops there (see Hook.report).
    EXTERNAL_SYNTAX_PREFIX = "Invalid produced text having syntax:"

    # What Puppet's IssueReporter reads from a diagnostic's source_pos.
    SourcePos = Struct.new(:file, :line, :pos, :offset, :length)

    class << self
      def enabled?
        value = ENV[OPT_OUT_VARIABLE]
        value.nil? || !OPT_OUT_VALUES.include?(value.strip.downcase)
      end

      # Parses code as Parser#parse_string does: a Factory wrapping the Program, or the
      # exception Puppet's parser raises for the first error.
      def parse(code, path, epp)
        path = path.to_s unless path.nil? || path.is_a?(String)
        native = Native.parse(code, path, epp, Puppet[:tasks] ? true : false)
        error = native.diagnostics.find { |row| row[1] == :error }
        raise parse_error(error, path) if error
        factory = Puppet::Pops::Model::Factory.allocate
        factory.instance_variable_set(:@init_hash, {})
        factory.instance_variable_set(:@model_class, Puppet::Pops::Model::Program)
        factory.instance_variable_set(:@current, native.build_model)
        factory.instance_variable_set(:@puppet_native_result, native)
        factory
      end

      # Reads file as Puppet's lexer does (a missing file is empty source).
      def read(file)
        return "" unless Puppet::FileSystem.exist?(file)
        Puppet::FileSystem.read(file, mode: "rb", encoding: "utf-8")
      end

      # The exception Puppet's lexer or parser raises for this diagnostic row
      # ([code, severity, file, line, pos, offset, length, message, arguments]).
      def parse_error(row, path)
        code, _severity, _file, line, pos, _offset, _length, message, arguments = row
        file = path.is_a?(String) && !path.empty? ? path : nil
        case code
        when "PARSE_ERROR"
          # A grammar action's error: a plain ParseError, positioned.
          error = Puppet::ParseError.new(message)
          error.file = file
          error.line = line
          error.pos = pos
          return error
        when "ILLEGAL_BOM"
          # Raised before lexing, without a position.
          line = pos = file = nil
        when "SYNTAX_ERROR"
          # Puppet's text names only the token (ours may add what was expected), and Racc
          # reports the end of input without a position.
          where = ruby_token_value(arguments[:where])
          message = Puppet::Pops::Issues::SYNTAX_ERROR.format(where: where)
          line = pos = nil if where == "end of input"
          arguments = {}
        end
        args = arguments.empty? ? nil : arguments
        Puppet::ParseErrorWithIssue.new(message, file, line, pos, nil, code.to_sym, args)
      end

      # The `where` of a syntax error as Ruby's parser shows it: the token's value, where the
      # library quotes the token's text. They differ for a variable (its name, without `$`)
      # and a string (its text, without quotes; for a string with interpolation, the text
      # before the first `$`). Strings with escapes are left as they are (their value would
      # need the lexer's unescaping).
      def ruby_token_value(where)
        return "end of input" if where.nil?
        return where unless where.length >= 2 && where.start_with?("'") && where.end_with?("'")
        text = where[1...-1]
        value = case text
                when /\A\$(.*)\z/m then Regexp.last_match(1)
                when /\A'([^'\\]*)'\z/ then Regexp.last_match(1)
                when /\A"([^"\\$]*)"\z/ then Regexp.last_match(1)
                when /\A"([^"\\$]*)\$/ then Regexp.last_match(1)
                else text
                end
        "'#{value}'"
      end

      # EvaluatingParser#assert_and_report for a natively parsed program: validates natively
      # with Puppet's settings and environment, then reports through Puppet's IssueReporter.
      def assert_and_report(native, program)
        rows = native.validate(Puppet[:strict] || :warning, Puppet[:tasks] ? true : false, location)
        acceptor = Puppet::Pops::Validation::Acceptor.new
        rows.each do |row|
          diagnostic = puppet_diagnostic(row)
          if row[1] == :error && row[7].start_with?(EXTERNAL_SYNTAX_PREFIX)
            raise_external_syntax_error(program, row, diagnostic)
          end
          acceptor.accept(diagnostic)
        end
        Puppet::Pops::IssueReporter.assert_and_report(acceptor, emit_warnings: true)
      end

      # Ruby's heredoc syntax checkers raise from inside validation, before anything is
      # logged, and a `pp`/`epp` checker first reports (logs) the problems of the heredoc's own
      # text. So the checker of that heredoc is run again, Puppet's own way (its text is parsed
      # natively through this hook), to raise and log exactly what Puppet does.
      def raise_external_syntax_error(program, row, diagnostic)
        heredoc = nil
        program._pcore_all_contents([]) do |o|
          heredoc = o if o.is_a?(Puppet::Pops::Model::HeredocExpression) && o.text_expr.offset == row[5]
        end
        if heredoc && heredoc.text_expr.is_a?(Puppet::Pops::Model::LiteralString)
          checker = Object.new.extend(Puppet::Pops::Evaluator::ExternalSyntaxSupport)
          checker.assert_external_syntax(nil, heredoc.text_expr.value, heredoc.syntax, heredoc.text_expr)
        end
        pos = diagnostic.source_pos
        raise Puppet::ParseErrorWithIssue.new(row[7], diagnostic.file, pos.line, pos.pos, nil,
                                              diagnostic.issue.issue_code, diagnostic.arguments)
      end

      # The environment for the location checks, as Checker4_0 finds it.
      def location
        env = Puppet.lookup(:current_environment) { nil }
        return nil if env.nil?
        manifest = env.manifest
        manifest = nil if manifest == Puppet::Node::Environment::NO_MANIFEST || !manifest.is_a?(String)
        [env.full_modulepath.map(&:to_s), manifest, Dir.pwd, ENV["HOME"]]
      end

      # A Puppet Validation::Diagnostic for one row: Puppet's issue code and severity, with an
      # issue whose message is ours (Puppet's exact text, already formatted).
      def puppet_diagnostic(row)
        code, severity, file, line, pos, offset, length, message, arguments = row
        issue = Puppet::Pops::Issues::Issue.new(code.to_sym) { message }
        Puppet::Pops::Validation::Diagnostic.new(severity, issue, file,
                                                 SourcePos.new(file, line, pos, offset, length),
                                                 arguments)
      end
    end

    # Prepended to Puppet::Pops::Parser::Parser (and so inherited by EppParser).
    module ParserHook
      def parse_string(code, path = nil)
        return super unless Hook.enabled?
        Hook.parse(code, path, is_a?(Puppet::Pops::Parser::EppParser))
      end

      def parse_file(file)
        return super unless Hook.enabled?
        file += ".pp" unless Puppet::FileSystem.exist?(file) || file =~ /\.pp$/
        Hook.parse(Hook.read(file), file, false)
      end
    end

    # Prepended to Puppet::Pops::Parser::EppParser (its own parse_file appends .epp).
    module EppParserHook
      def parse_file(file)
        return super unless Hook.enabled?
        file += ".epp" unless FileTest.exist?(file) || file =~ /\.epp$/
        Hook.parse(Hook.read(file), file, true)
      end
    end

    # Prepended to Puppet::Pops::Parser::EvaluatingParser.
    module EvaluatingParserHook
      def assert_and_report(parse_result, file_source)
        native = parse_result.instance_variable_get(:@puppet_native_result) if parse_result
        return super unless native && Hook.enabled?
        Hook.assert_and_report(native, parse_result.model)
        parse_result
      end
    end
  end
end

Puppet::Pops::Parser::Parser.prepend(PuppetNativeParser::Hook::ParserHook)
Puppet::Pops::Parser::EppParser.prepend(PuppetNativeParser::Hook::EppParserHook)
Puppet::Pops::Parser::EvaluatingParser.prepend(PuppetNativeParser::Hook::EvaluatingParserHook)
