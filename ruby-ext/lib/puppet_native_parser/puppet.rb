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
#
# Validation follows the Puppet it runs in: the rules of Puppet.version (7.23 and later 7.x,
# Puppet 8.0 to 8.10, OpenVox 8 up to the newest this gem knows). In a release it does not
# know (a 9.x, say), whose rules may differ, Puppet's own parser and validator are used and
# one warning says why (UNKNOWN_PUPPET_VERSION); PUPPET_NATIVE_PARSER_PUPPET_VERSION=VERSION
# tells it to use that known release's rules instead. A `:migration_checker` bound in
# Puppet's context (which Ruby's Checker4_0 calls, and ours cannot) makes Puppet validate that
# program its own way.
#
# XPP (PRFC-23): with PUPPET_NATIVE_PARSER_XPP=verify or trust (checked on every call; default
# off), a source of the current environment is not parsed when its pre-parsed, pre-validated
# `<environment>/.xpp/modules/<module>/<path>.xpp` (what `puppet-parser xpp build` writes) can
# be used: the Program is built from it and its diagnostics are reported. `verify` uses it only
# when its source-sha256 is the digest of the source Puppet read; `trust` does not check that.
# Any problem (stale, corrupt, wrong version, validated with another Puppet release's rules,
# unreadable, built with other settings) logs one
# warning naming the file, the reason and a stable code, and the source is parsed; a missing
# file is logged at debug level only (see README).
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

    # The environment variable that makes the hook use XPP files, and its values.
    XPP_VARIABLE = "PUPPET_NATIVE_PARSER_XPP"
    XPP_MODES = { "off" => :off, "verify" => :verify, "trust" => :trust }.freeze
    # Puppet's setting, which the environment variable overrides.
    XPP_SETTING = :native_parser_xpp

    # The diagnostics of the import checks that `puppet-parser xpp build` (and #to_xpp) run
    # after validation: Puppet makes that import itself, so the hook does not report them (as
    # its own validation does not run them).
    IMPORT_CHECK_CODES = %w[DUPLICATE_DEFINITION REDEFINED_ENTITY METAPARAM_PARAMETER
                            METAPARAM_PARAMETER_WITH_DEFAULT INVALID_TYPE_MAPPING].freeze

    # The lexer's warnings (escapes in strings), which Ruby's lexer logs itself while lexing
    # (LexerSupport#lex_warning), before and apart from the validator's diagnostics.
    LEXER_WARNING_CODES = %w[UNRECOGNIZED_ESCAPE ILLEGAL_UNICODE_ESCAPE].freeze

    # The environment variable naming the Puppet release whose rules apply, for a Puppet this
    # gem does not know.
    RELEASE_VARIABLE = "PUPPET_NATIVE_PARSER_PUPPET_VERSION"

    class << self
      def enabled?
        value = ENV[OPT_OUT_VARIABLE]
        return false unless value.nil? || !OPT_OUT_VALUES.include?(value.strip.downcase)
        !release.nil?
      end

      # The release whose rules validate ("8.28.1"), from Puppet.version (or
      # PUPPET_NATIVE_PARSER_PUPPET_VERSION), or nil when this gem does not know it: then
      # Puppet's own parser and validator work, after one warning.
      def release
        asked = ENV[RELEASE_VARIABLE]
        asked = nil if asked && asked.strip.empty?
        key = [asked, Puppet.version]
        return @release if defined?(@release_key) && @release_key == key
        @release_key = key
        @release, @rules = Native.release_rules(asked || Puppet.version)
        if @release.nil?
          why = @rules
          @rules = nil
          source = asked ? "#{RELEASE_VARIABLE}=#{asked}" : "Puppet #{Puppet.version}"
          Puppet.warning("puppet-native-parser: UNKNOWN_PUPPET_VERSION: #{source}: #{why}; " \
                         "Puppet's own parser and validator are used (#{RELEASE_VARIABLE}=VERSION " \
                         "uses a known release's rules)")
        end
        @release
      end

      # The rules of #release (a String equal for releases that validate alike).
      def rules
        release
        @rules
      end

      # Whether a `:migration_checker` is bound in Puppet's context: Ruby's Checker4_0 reports
      # to it, so Puppet's own validator must run.
      def migration_checker?
        !Puppet.lookup(:migration_checker) { nil }.nil?
      rescue StandardError
        false
      end

      # :off, :verify or :trust, from PUPPET_NATIVE_PARSER_XPP when it is set, else from
      # Puppet's setting native_parser_xpp (an unknown value is :off, with one warning per
      # value).
      def xpp_mode
        value = ENV[XPP_VARIABLE]
        value = xpp_setting if value.nil? || value.strip.empty?
        return :off if value.nil? || value.strip.empty?
        mode = XPP_MODES[value.strip.downcase]
        return mode if mode
        @unknown_xpp_modes ||= {}
        unless @unknown_xpp_modes[value]
          @unknown_xpp_modes[value] = true
          Puppet.warning("puppet-native-parser: #{XPP_VARIABLE}=#{value} is not off, verify or " \
                         "trust; XPP files are not used")
        end
        :off
      end

      # Defines Puppet's setting native_parser_xpp (unless something did): before Puppet reads
      # its settings when the hook is loaded first (RUBYOPT=-r...), so puppet.conf and the
      # command line (--native_parser_xpp verify) can set it; defined later, it still reads
      # puppet.conf (Puppet looks values up by name when they are asked for).
      def define_xpp_setting
        return if Puppet.settings.include?(XPP_SETTING)
        Puppet.settings.define_settings(:main, XPP_SETTING => {
          default: "off",
          type: :enum,
          values: XPP_MODES.keys,
          desc: "Whether puppet-native-parser uses the environment's .xpp files " \
                "(off, verify, trust); the environment variable #{XPP_VARIABLE} overrides it.",
        })
      rescue StandardError => e
        Puppet.debug { "puppet-native-parser: setting #{XPP_SETTING} not defined: #{e.message}" }
      end

      def xpp_setting
        Puppet.settings.include?(XPP_SETTING) ? Puppet[XPP_SETTING].to_s : nil
      rescue StandardError
        nil
      end

      # Parses code as Parser#parse_string does: a Factory wrapping the Program, or the
      # exception Puppet's parser raises for the first error. With XPP on and path a source
      # of the current environment, its .xpp is used instead when it can be.
      def parse(code, path, epp)
        path = path.to_s unless path.nil? || path.is_a?(String)
        mode = xpp_mode
        if mode != :off && path && !path.empty?
          factory = parse_xpp(code, path, epp, mode)
          return factory if factory
        end
        native = Native.parse(code, path, epp, Puppet[:tasks] ? true : false)
        diagnostics = native.diagnostics
        error = diagnostics.find(&:error?)
        log_lexer_warnings(diagnostics, path, error)
        raise parse_error(error, path) if error
        factory_of(native, false)
      end

      # Logs the lexer's warnings among diagnostics as Ruby's lexer does (only those before
      # error, where Ruby's lexing stops).
      def log_lexer_warnings(diagnostics, path, error)
        file = path.is_a?(String) && !path.empty? ? path : nil
        diagnostics.each do |d|
          next unless d.severity == :warning && LEXER_WARNING_CODES.include?(d.code)
          next if error && d.offset >= error.offset
          Puppet::Util::Log.create(level: :warning, message: d.message, issue_code: d.code.to_sym,
                                   file: file, line: d.line, pos: d.column)
        end
      end

      # The Factory Puppet's callers expect, wrapping the native Program.
      def factory_of(native, xpp)
        factory = Puppet::Pops::Model::Factory.allocate
        factory.instance_variable_set(:@init_hash, {})
        factory.instance_variable_set(:@model_class, Puppet::Pops::Model::Program)
        factory.instance_variable_set(:@current, native.build_model)
        factory.instance_variable_set(:@puppet_native_result, native)
        factory.instance_variable_set(:@puppet_native_xpp, xpp)
        factory
      end

      # The Factory of path's .xpp, or nil (after logging why) when it cannot be used.
      def parse_xpp(code, path, epp, mode)
        xpp = xpp_path(path)
        return nil unless xpp
        bytes = begin
          File.binread(xpp)
        rescue Errno::ENOENT
          Puppet.debug { "puppet-native-parser: XPP_MISSING: #{xpp} does not exist; parsing #{path}" }
          return nil
        rescue SystemCallError, IOError => e
          return xpp_fallback("XPP_UNREADABLE", xpp, path, "cannot be read (#{e.message})")
        end
        native = begin
          Native.load_xpp(bytes, mode == :verify ? code : nil, path)
        rescue XppError => e
          fallback = case e.code
                     when "XPP_SOURCE_DIGEST" then "XPP_STALE"
                     when "XPP_VERSION" then "XPP_VERSION"
                     else "XPP_CORRUPT"
                     end
          return xpp_fallback(fallback, xpp, path, "#{e.message} (#{e.code})")
        end
        header = native.xpp_header[1].to_h
        built_with, built_rules = Native.release_rules(header["puppet-version"].to_s)
        if built_with.nil? || built_rules != rules
          return xpp_fallback("XPP_VERSION", xpp, path,
                              "it was validated with the rules of Puppet #{header['puppet-version']}, " \
                              "Puppet runs #{Puppet.version} (rules of #{release})")
        end
        strict = Puppet[:strict] ? Puppet[:strict].to_s : header["strict"]
        expected = { "epp" => epp ? "true" : "false", "tasks" => Puppet[:tasks] ? "true" : "false",
                     "strict" => strict }
        expected.each do |key, value|
          next if header[key] == value
          return xpp_fallback("XPP_STALE", xpp, path,
                              "it was built with #{key}=#{header[key]}, Puppet runs with #{key}=#{value}")
        end
        diagnostics = native.diagnostics
        if native.model?
          log_lexer_warnings(diagnostics, path, nil)
          factory_of(native, true)
        else
          # Syntax errors (the file has no Program): raised as the parser raises them.
          error = diagnostics.find(&:error?)
          log_lexer_warnings(diagnostics, path, error)
          raise parse_error(error, path) if error
          nil
        end
      end

      # Logs why an XPP file is not used (one warning) and returns nil: the source is parsed.
      def xpp_fallback(code, xpp, path, reason)
        Puppet.warning("puppet-native-parser: #{code}: #{xpp} is not used: #{reason}; parsing #{path}")
        nil
      end

      # Where `puppet-parser xpp build` puts the .xpp of source path of the current
      # environment (ENVDIR/.xpp/modules/<module>/<path in the module>.xpp, module
      # `environment` for ENVDIR/manifests), or nil when path is not one of its sources.
      def xpp_path(path)
        ext = File.extname(path)
        return nil unless ext == ".pp" || ext == ".epp"
        env = Puppet.lookup(:current_environment) { nil }
        return nil if env.nil?
        envdir, modules = xpp_layout(env)
        return nil if envdir.nil?
        # The layout rule is the library's (puppet-workspace), the one `xpp build` writes by.
        Native.xpp_location(envdir, modules, File.expand_path(path))
      end

      # [environment directory, [[module dir, name], ...]] of env (cached per environment
      # object): the directory of a directory environment, else the one whose `manifests` is
      # the environment's manifest (or holds it); nil when there is none.
      def xpp_layout(env)
        @xpp_layouts ||= ObjectSpace::WeakMap.new
        cached = @xpp_layouts[env]
        return cached if cached
        envdir = environment_dir(env)
        modules = envdir ? env.modules.map { |m| [File.expand_path(m.path), m.name].freeze } : []
        @xpp_layouts[env] = [envdir, modules].freeze
      end

      def environment_dir(env)
        conf = begin
          Puppet.lookup(:environments) { nil }&.get_conf(env.name)
        rescue StandardError
          nil
        end
        dir = conf&.path_to_env
        return File.expand_path(dir) if dir.is_a?(String)
        manifest = env.manifest
        return nil unless manifest.is_a?(String) && manifest != Puppet::Node::Environment::NO_MANIFEST
        manifest = File.expand_path(manifest)
        return File.dirname(manifest) if File.basename(manifest) == "manifests"
        parent = File.dirname(manifest)
        File.basename(parent) == "manifests" ? File.dirname(parent) : nil
      end

      # Reads file as Puppet's lexer does (a missing file is empty source).
      def read(file)
        return "" unless Puppet::FileSystem.exist?(file)
        Puppet::FileSystem.read(file, mode: "rb", encoding: "utf-8")
      end

      # The exception Puppet's lexer or parser raises for this Diagnostic.
      def parse_error(diagnostic, path)
        code = diagnostic.code
        line = diagnostic.line
        pos = diagnostic.column
        message = diagnostic.message
        arguments = diagnostic.arguments
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
          # Puppet's text names only the token, by its value (ours may add what was
          # expected), and Racc reports the end of input without a position.
          where = arguments[:where] || "end of input"
          message = Puppet::Pops::Issues::SYNTAX_ERROR.format(where: where)
          line = pos = nil if where == "end of input"
          arguments = {}
        end
        args = arguments.empty? ? nil : arguments
        Puppet::ParseErrorWithIssue.new(message, file, line, pos, nil, code.to_sym, args)
      end

      # EvaluatingParser#assert_and_report for a natively parsed program: validates natively
      # with Puppet's settings and environment, then reports through Puppet's IssueReporter.
      # For a program read from an XPP file (xpp), its diagnostics are those of the file (the
      # build's validation, but for the import checks; the lexer's warnings were logged when
      # it was read), not validated again.
      def assert_and_report(native, program, xpp = false)
        diagnostics = if xpp
                        native.diagnostics.reject do |d|
                          IMPORT_CHECK_CODES.include?(d.code) ||
                            (d.severity == :warning && LEXER_WARNING_CODES.include?(d.code))
                        end
                      else
                        native.validate(Puppet[:strict], release, Puppet[:tasks] ? true : false, location)
                      end
        acceptor = Puppet::Pops::Validation::Acceptor.new
        diagnostics.each do |d|
          diagnostic = puppet_diagnostic(d)
          if d.error? && d.message.start_with?(EXTERNAL_SYNTAX_PREFIX)
            raise_external_syntax_error(program, d, diagnostic)
          end
          acceptor.accept(diagnostic)
        end
        Puppet::Pops::IssueReporter.assert_and_report(acceptor, emit_warnings: true)
      end

      # Ruby's heredoc syntax checkers raise from inside validation, before anything is
      # logged, and a `pp`/`epp` checker first reports (logs) the problems of the heredoc's own
      # text. So the checker of that heredoc is run again, Puppet's own way (its text is parsed
      # natively through this hook), to raise and log exactly what Puppet does.
      def raise_external_syntax_error(program, ours, diagnostic)
        heredoc = nil
        program._pcore_all_contents([]) do |o|
          heredoc = o if o.is_a?(Puppet::Pops::Model::HeredocExpression) && o.text_expr.offset == ours.offset
        end
        if heredoc && heredoc.text_expr.is_a?(Puppet::Pops::Model::LiteralString)
          checker = Object.new.extend(Puppet::Pops::Evaluator::ExternalSyntaxSupport)
          checker.assert_external_syntax(nil, heredoc.text_expr.value, heredoc.syntax, heredoc.text_expr)
        end
        pos = diagnostic.source_pos
        raise Puppet::ParseErrorWithIssue.new(ours.message, diagnostic.file, pos.line, pos.pos, nil,
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

      # A Puppet Validation::Diagnostic for one of ours: Puppet's issue code and severity, with
      # an issue whose message is ours (Puppet's exact text, already formatted).
      def puppet_diagnostic(ours)
        message = ours.message
        issue = Puppet::Pops::Issues::Issue.new(ours.code.to_sym) { message }
        Puppet::Pops::Validation::Diagnostic.new(ours.severity, issue, ours.file,
                                                 SourcePos.new(ours.file, ours.line, ours.column,
                                                               ours.offset, ours.length),
                                                 ours.arguments)
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
        xpp = parse_result.instance_variable_get(:@puppet_native_xpp)
        begin
          if Hook.migration_checker?
            # Puppet's validator reports to the migration checker: it validates the model.
            super
          else
            Hook.assert_and_report(native, parse_result.model, xpp)
          end
        ensure
          # Puppet calls this once per parse, and nothing needs the native result after it:
          # its model's memory goes back now, not at Ruby's next collection. (A second call
          # would validate the Ruby model, Puppet's own way.)
          parse_result.remove_instance_variable(:@puppet_native_result)
          native.release_model
        end
        parse_result
      end
    end
  end
end

PuppetNativeParser::Hook.define_xpp_setting
Puppet::Pops::Parser::Parser.prepend(PuppetNativeParser::Hook::ParserHook)
Puppet::Pops::Parser::EppParser.prepend(PuppetNativeParser::Hook::EppParserHook)
Puppet::Pops::Parser::EvaluatingParser.prepend(PuppetNativeParser::Hook::EvaluatingParserHook)
