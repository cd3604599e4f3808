# frozen_string_literal: true

# puppet-native-parser: Puppet's parser and validator, native (Rust, through magnus),
# in-process. Bytes in, a ParseResult out: Puppet's own model objects and Puppet's diagnostics.
# Validation follows the rules of a Puppet release (puppet_version:, default the newest known:
# OpenVox 8.28.1, PuppetNativeParser::NEWEST_PUPPET_VERSION; see PuppetNativeParser.release_rules).
#
#   require "puppet_native_parser"
#   result = PuppetNativeParser.parse("notice('hi')\n", file: "site.pp")
#   result.model      # => a Puppet::Pops::Model::Program, equal to what Puppet's parser builds
#   PuppetNativeParser.validate(source, file: "init.pp").diagnostics
#
#   bytes = result.to_xpp                      # a PRFC-23 XPP file (msgpack; format: :json)
#   PuppetNativeParser.load_xpp(bytes, source: pp_bytes).model   # the same Program, no parse
#
# `require "puppet_native_parser/puppet"` makes Puppet itself use it (see that file).
require_relative "puppet_native_parser/version"
require "rbconfig"

# The extension: a precompiled (platform) gem carries one per Ruby minor version, in
# puppet_native_parser/X.Y/ beside this file (loaded by its path, so never another installed
# version's); the source gem builds one into its extension directory, on the load path. An
# existing precompiled one is required as is: a failure to load it is its own error.
precompiled_dir = File.join(__dir__, "puppet_native_parser", RUBY_VERSION[/\A\d+\.\d+/])
if File.file?(File.join(precompiled_dir, "puppet_native_parser.#{RbConfig::CONFIG['DLEXT']}"))
  require File.join(precompiled_dir, "puppet_native_parser")
else
  begin
    require "puppet_native_parser/puppet_native_parser"
  rescue LoadError => e
    built = Dir.glob(File.join(__dir__, "puppet_native_parser", "*", "puppet_native_parser.*"))
               .map { |f| File.basename(File.dirname(f)) }.grep(/\A\d+\.\d+\z/).uniq
               .sort_by { |v| v.split(".").map(&:to_i) }
    raise if built.empty?

    raise LoadError, "puppet-native-parser #{PuppetNativeParser::VERSION} has its extension " \
                     "precompiled for Ruby #{built.join(', ')} only, not for Ruby #{RUBY_VERSION} " \
                     "(#{RUBY_PLATFORM}): install the source gem, which builds it (Rust and " \
                     "libclang needed): gem install puppet-native-parser --platform ruby " \
                     "(#{e.message})"
  end
end

module PuppetNativeParser
  # Base class of this gem's errors (defined by the extension, with XppError and
  # InternalError, which the extension raises).
  class Error < StandardError; end

  # A bug of ours (never the input's fault), raised by the extension with what went wrong; a
  # panic in the native code becomes one, and never ends Ruby.
  class InternalError < Error; end

  # A source #format does not format because it has syntax errors (or is not UTF-8):
  # #diagnostics are its errors (Diagnostic structs), the message says the first.
  class FormatError < Error
    attr_reader :diagnostics

    def initialize(message = nil, diagnostics: [])
      super(message)
      @diagnostics = diagnostics
    end
  end

  # A source #lint_fix does not fix because it has syntax errors (or is not UTF-8):
  # #diagnostics are its errors (Diagnostic structs), the message says the first.
  class LintError < Error
    attr_reader :diagnostics

    def initialize(message = nil, diagnostics: [])
      super(message)
      @diagnostics = diagnostics
    end
  end

  STRICT_VALUES = %i[off warning error].freeze

  # PuppetNativeParser.public_api (the builder's shortcuts through Ruby's internals that use
  # Ruby's public API instead: some of :ivars, :freeze, :hash, :alloc) and public_api? (all of
  # them) are defined by the extension, from PUPPET_NATIVE_PARSER_PUBLIC_API read when it is
  # loaded (1: all, 0 or unset: none, or a comma-separated list of those names).

  # An XPP file that cannot be read or written. #code is stable: the reader's kind
  # (XPP_ENVELOPE, XPP_MIME_TYPE, XPP_DOCUMENT_TYPE, XPP_VERSION, XPP_PAYLOAD_DIGEST,
  # XPP_SOURCE_DIGEST, XPP_TRUNCATED, XPP_MALFORMED, XPP_UNKNOWN_CLASS, XPP_ATTRIBUTE_COUNT,
  # XPP_ATTRIBUTE_TYPE, XPP_POSITION, XPP_TABULATION, XPP_TRAILING_BYTES, XPP_DIAGNOSTIC),
  # XPP_MISSING / XPP_UNREADABLE for a path that cannot be read, XPP_WRITE for a result that
  # cannot be written. Raised by the extension, which gives the code.
  class XppError < Error
    attr_reader :code

    def initialize(message = nil, code: "XPP_ERROR")
      super(message)
      @code = code
    end
  end

  # What #load_xpp takes for a file's bytes rather than its path.
  XPP_MIME_PREFIX = "application/vnd.puppet.pcore+".b.freeze

  # One problem found in a source: Puppet's issue code (e.g. "SYNTAX_ERROR"), severity
  # (:error, :warning, :deprecation), the message Puppet prints (without the location), file
  # (or nil), 1-based line and column (column counts characters, as Puppet's pos does), byte
  # offset and length, and Puppet's named message arguments (Symbol => String). The extension
  # makes them (frozen, with `new` and the members in this order); `to_h` and `==` are
  # Struct's. `issue_code` and `pos` are the names of `code` and `column` in Puppet's API.
  # `kind` says who found it: :syntax (the lexer or parser) or :puppet (Puppet's validation of
  # a program that parses).
  Diagnostic = Struct.new(:code, :severity, :message, :file, :line, :column, :offset, :length,
                          :arguments, :kind) do
    alias_method :issue_code, :code
    alias_method :pos, :column

    def error?
      severity == :error
    end

    # As Puppet prints it: `message (file: f, line: 1, column: 2)`.
    def to_s
      where = [("file: #{file}" if file), "line: #{line}", "column: #{column}"].compact.join(", ")
      "#{message} (#{where})"
    end
  end

  # One problem #lint found, as puppet-lint reports it: check (its name, e.g.
  # "trailing_whitespace"; "syntax" for each syntax error of a source that does not parse, which
  # is not linted), kind (:warning, :error, or :ignored when a `# lint:ignore:<check>` comment
  # silences it), 1-based line and column (characters, as puppet-lint counts them), byte offset
  # and length, puppet-lint's message, the reason the lint:ignore comment gives (or nil), and
  # fix: the edits that resolve it, an Array of [offset, length, text] (replace bytes
  # offset...offset + length of the source by text; in source order, not overlapping), or nil
  # when the check has no fix. The extension makes them, frozen, with `new` and the members in
  # this order.
  LintProblem = Struct.new(:check, :kind, :line, :column, :offset, :length, :message, :reason,
                           :fix) do
    def error?
      kind == :error
    end

    def ignored?
      kind == :ignored
    end

    # As puppet-lint prints it by default: `WARNING: message on line 3 (check)`.
    def to_s
      "#{kind.to_s.upcase}: #{message} on line #{line} (#{check})"
    end
  end

  # The result of #parse or #validate.
  class ParseResult
    # `file`: the file name given; `file_from_native`: when it is nil, whether the native
    # result has the name instead (a result read from an XPP file names the file it records).
    # The diagnostics and that name are made into Ruby objects when first asked for: the
    # drop-in and a caller that only wants the model never ask.
    def initialize(native, file, model_wanted, file_from_native: false)
      @native = native
      @file = file
      @file_from_native = file_from_native && file.nil?
      @model_wanted = model_wanted
    end

    # The diagnostics (a frozen Array of Diagnostic), in source order (the validator's after
    # the parser's).
    def diagnostics
      @diagnostics ||= @native.diagnostics
    end

    # The file name given (for a result of #load_xpp without file:, the one the file
    # records), or nil.
    def file
      return @file unless @file_from_native
      @file_from_native = false
      @file = @native.file_name
    end

    # Puppet's model: a Puppet::Pops::Model::Program (built on first use, then kept), or nil
    # when the source has errors (or for #validate, which builds none). Loads Puppet if needed.
    def model
      return nil unless @model_wanted && @native.model?
      return @model if defined?(@model)
      PuppetNativeParser.require_puppet
      @model = @native.build_model
    end

    def errors?
      diagnostics.any?(&:error?)
    end

    def errors
      diagnostics.select(&:error?)
    end

    # Warnings and deprecations.
    def warnings
      diagnostics.reject(&:error?)
    end

    # The model as PN (what `puppet parser dump --format pn` prints), or nil without a model.
    def to_pn(pretty: false)
      @model_wanted ? @native.to_pn(pretty ? true : false) : nil
    end

    # The model as JSON (`puppet parser dump --format json`), or nil without a model.
    def to_json(pretty: false)
      @model_wanted ? @native.to_json(pretty ? true : false) : nil
    end

    # [class name, offset, length] of every model node in `_pcore_all_contents` order.
    def locs
      @model_wanted ? @native.locs : nil
    end

    # The diagnostics rendered as `puppet-parser validate --format FORMAT` prints one file's
    # (a String): :human (with the source line and a caret), :json (JSON Lines), :sarif (a
    # SARIF 2.1.0 log), :github (Actions annotations) or :codeclimate (GitLab's code quality
    # report). name: the file name shown (default: the result's file, else "-").
    def render(format = :human, name: nil)
      @native.render(format.to_sym, (name || file || "-").to_s)
    end

    # [line, column] of byte offset of the parsed text as an editor counts them: both 0-based,
    # the column in code units of encoding: :utf16 (the Language Server Protocol's default),
    # :utf8 (bytes) or :utf32 (characters). ArgumentError past the end of the text.
    def editor_position(offset, encoding: :utf16)
      @native.editor_position(Integer(offset), encoding.to_sym)
    end

    # The byte offset of an editor position (0-based line and column in code units of
    # encoding; a column past the line's end is its end), or nil past the last line.
    def editor_offset(line, column, encoding: :utf16)
      @native.editor_offset(Integer(line), Integer(column), encoding.to_sym)
    end

    # The result as a whole XPP file (PRFC-23), a binary String: format: :msgpack (the
    # default) or :json. An XPP file carries the validator's diagnostics, so a result of #parse
    # is validated first (on a copy; its own diagnostics do not change) with strict:,
    # puppet_version:, modulepath: and manifest: as #validate takes them; a result of
    # #load_xpp is written as it was read. The envelope records the SHA-256 of the source that
    # was parsed and the release whose rules validated it (puppet-version).
    def to_xpp(format: :msgpack, strict: nil, puppet_version: nil, modulepath: nil, manifest: nil)
      unless @model_wanted
        raise ArgumentError, "a result of PuppetNativeParser.validate keeps no model: " \
                             "write XPP from the result of parse"
      end
      json = case format
             when :msgpack, "msgpack" then false
             when :json, "json" then true
             else raise ArgumentError, "format must be :msgpack or :json, not #{format.inspect}"
             end
      @native.to_xpp(json, PuppetNativeParser.strict_value(strict),
                     PuppetNativeParser.version_value(puppet_version),
                     PuppetNativeParser.location(modulepath, manifest))
             .force_encoding(Encoding::BINARY)
    end

    # For a result of #load_xpp: the file's envelope parameters (String => String, e.g.
    # "source-sha256", "strict", "producer"), else nil.
    def xpp_header
      header = @native.xpp_header
      header && header[1].to_h
    end

    # For a result of #load_xpp: :msgpack or :json, else nil.
    def xpp_format
      header = @native.xpp_header
      header && header[0].to_sym
    end

    # The native result (for the Puppet hook).
    attr_reader :native
  end

  class << self
    # Parses a manifest (or an EPP template with epp: true). Never raises on bad input: its
    # problems are in #diagnostics.
    def parse(source, file: nil, epp: false, tasks: false)
      check_source(source)
      check_file(file)
      native = Native.parse(source, file, boolean(:epp, epp), boolean(:tasks, tasks))
      ParseResult.new(native, file, true)
    end

    # The source formatted as `puppet-parser fmt` formats it (a String; the same text when it
    # is formatted already): a manifest, or an EPP template with epp: true (only the code in
    # its tags changes). The formatter never changes what Puppet evaluates. A source with
    # syntax errors raises FormatError with them; file: is the name they carry.
    def format(source, file: nil, epp: false)
      check_source(source)
      check_file(file)
      formatted = Native.format(source, file, boolean(:epp, epp))
      return formatted.force_encoding(Encoding::UTF_8) if formatted

      errors = parse(source, file: file, epp: epp).diagnostics.select(&:error?)
      first = errors.first
      raise FormatError.new("not formatted: #{first || 'the source is not UTF-8'}",
                            diagnostics: errors)
    end

    # The problems puppet-lint's checks find in the source, as `puppet-parser lint` finds them
    # (a frozen Array of LintProblem, in puppet-lint's order: check by check, each check's in
    # source order). The checks that run: puppet-lint's defaults, or every check with all: true
    # (the ones off by default too), or only those named in only: (an Array of names); then
    # those in enable: are turned on and those in disable: off. Names are Strings or Symbols
    # (.lint_checks lists them); an unknown one raises ArgumentError. file: is the file's path
    # (autoloader_layout compares it with the classes' names); epp: true, or a file: ending in
    # .epp, lints an EPP template. A source with syntax errors is not linted: it gives one
    # problem of check "syntax" per error. Never raises on bad input.
    def lint(source, file: nil, epp: false, only: nil, enable: [], disable: [], all: false)
      check_source(source)
      check_file(file)
      Native.lint(source, file, boolean(:epp, epp), *lint_checks_args(only, enable, disable, all))
    end

    # The source as `puppet-parser lint --fix` writes it (a String; the same text when there is
    # nothing to fix): the fixes of the checks that run (chosen as for #lint), applied round
    # after round; a fix is never applied when the result would not parse, or, for a layout
    # fix, would change what Puppet evaluates. A source with syntax errors raises LintError
    # with them; file: is the name they carry.
    def lint_fix(source, file: nil, epp: false, only: nil, enable: [], disable: [], all: false)
      check_source(source)
      check_file(file)
      fixed = Native.lint_fix(source, file, boolean(:epp, epp),
                              *lint_checks_args(only, enable, disable, all))
      return fixed.force_encoding(Encoding::UTF_8) if fixed

      epp ||= file&.end_with?(".epp") || false
      errors = parse(source, file: file, epp: epp).diagnostics.select(&:error?)
      first = errors.first
      raise LintError.new("not fixed: #{first || 'the source is not UTF-8'}", diagnostics: errors)
    end

    # Every check #lint can run, as a frozen Hash of its name (a String) => whether it runs by
    # default, in puppet-lint's order (the order of #lint's problems).
    def lint_checks
      @lint_checks ||= Native.lint_checks.to_h.freeze
    end

    # Parses and validates as `puppet parser validate` does (Puppet's Checker4_0), without
    # building any Ruby model: the fast path when only the diagnostics matter. puppet_version
    # ("8.28.1", "8.10", "7.23"; nil: the newest known) is the release whose rules apply, and
    # strict (:off, :warning, :error) Puppet's setting, nil for that release's default
    # (:warning in Puppet 7, :error in Puppet 8). modulepath (an Array of directories or a
    # String joined with File::PATH_SEPARATOR) turns on Puppet's location checks; manifest is
    # the environment's manifest.
    def validate(source, file: nil, epp: false, tasks: false, strict: nil, puppet_version: nil,
                 modulepath: nil, manifest: nil)
      check_source(source)
      check_file(file)
      native = Native.validate(source, file, boolean(:epp, epp), boolean(:tasks, tasks),
                               strict_value(strict), version_value(puppet_version),
                               location(modulepath, manifest))
      ParseResult.new(native, file, false)
    end

    # Reads an XPP file (PRFC-23) back into a ParseResult, without parsing: the model (built
    # by the same builder as #parse's) and the diagnostics the file carries (the parser's and
    # the validator's). `xpp` is the file's bytes (a String starting with its MIME type
    # `application/vnd.puppet.pcore+...`) or its path (String or Pathname). With source: (the
    # bytes of the .pp now) and trust: false, the file must record their SHA-256; trust: true
    # skips that check (PRFC-23's trust mode). The payload's own digest is always checked.
    # file: replaces the file name the XPP records (in the model's Locator and the
    # diagnostics). A file that cannot be used raises XppError (see its #code).
    def load_xpp(xpp, source: nil, trust: false, file: nil)
      bytes = xpp_bytes(xpp)
      unless source.nil? || source.is_a?(String)
        raise TypeError, "source must be a String or nil, not #{source.class}"
      end
      check_file(file)
      boolean(:trust, trust)
      native = Native.load_xpp(bytes, trust ? nil : source, file)
      ParseResult.new(native, file, true, file_from_native: true)
    end

    # The argument `location` of the native calls.
    def location(modulepath, manifest)
      return nil if modulepath.nil? && manifest.nil?
      paths = case modulepath
              when nil then []
              when String then modulepath.split(File::PATH_SEPARATOR)
              when Array
                modulepath.map do |p|
                  raise TypeError, "modulepath entries must be Strings, not #{p.class}" unless p.is_a?(String)
                  p
                end
              else raise TypeError, "modulepath must be an Array or a String, not #{modulepath.class}"
              end
      unless manifest.nil? || manifest.is_a?(String)
        raise TypeError, "manifest must be a String or nil, not #{manifest.class}"
      end
      [paths, manifest, Dir.pwd, ENV["HOME"]]
    end

    # The rules of a Puppet version: [release, rules] where release is the version whose rules
    # apply ("8.28.1" for "8.28" or "8") and rules a String equal for two releases exactly when
    # they validate alike, or [nil, reason] for a version this gem does not know (a 9.x, a
    # 7.22, an 8.x newer than any it knows).
    def release_rules(version)
      raise TypeError, "version must be a String, not #{version.class}" unless version.is_a?(String)
      Native.release_rules(version)
    end

    def version_value(version)
      return nil if version.nil?
      raise TypeError, "puppet_version must be a String or nil, not #{version.class}" unless version.is_a?(String)
      release, why = Native.release_rules(version)
      raise ArgumentError, why if release.nil?
      release
    end

    def strict_value(strict)
      return nil if strict.nil?
      value = strict.is_a?(String) ? strict.to_sym : strict
      unless value.is_a?(Symbol)
        raise TypeError, "strict must be :off, :warning or :error, not #{strict.class}"
      end
      unless STRICT_VALUES.include?(value)
        raise ArgumentError, "strict must be :off, :warning or :error, not #{strict.inspect}"
      end
      value
    end

    # Loads Ruby Puppet (the model classes) unless it is loaded.
    def require_puppet
      require "puppet" unless defined?(::Puppet::Pops::Model::Program)
    end

    private

    def xpp_bytes(xpp)
      unless xpp.is_a?(String)
        xpp = xpp.to_path if xpp.respond_to?(:to_path)
        raise TypeError, "xpp must be a String (bytes or path), not #{xpp.class}" unless xpp.is_a?(String)
      end
      # Only the first bytes are looked at, as bytes: no copy of the file's bytes, and no
      # scan of them (String#start_with? would check the whole String's encoding first).
      return xpp if xpp.byteslice(0, XPP_MIME_PREFIX.bytesize) == XPP_MIME_PREFIX || xpp.include?("\0")
      File.binread(xpp)
    rescue Errno::ENOENT => e
      raise XppError.new("cannot read #{xpp}: #{e.message}", code: "XPP_MISSING")
    rescue SystemCallError, IOError => e
      raise XppError.new("cannot read #{xpp}: #{e.message}", code: "XPP_UNREADABLE")
    end

    # [only, enable, disable, all] for Native.lint: names as Strings.
    def lint_checks_args(only, enable, disable, all)
      boolean(:all, all)
      unless only.nil?
        raise ArgumentError, "only: and all: true cannot be given together" if all
        only = check_names(:only, only)
      end
      [only, check_names(:enable, enable), check_names(:disable, disable), all]
    end

    def check_names(name, value)
      names = value.is_a?(String) || value.is_a?(Symbol) ? [value] : value
      unless names.is_a?(Array)
        raise TypeError, "#{name} must be an Array of check names, not #{value.class}"
      end
      names.map do |n|
        next n.to_s if n.is_a?(String) || n.is_a?(Symbol)
        raise TypeError, "#{name}: a check name must be a String or a Symbol, not #{n.class}"
      end
    end

    def check_source(source)
      return if source.is_a?(String)
      raise TypeError, "source must be a String, not #{source.class}"
    end

    def check_file(file)
      return if file.nil? || file.is_a?(String)
      raise TypeError, "file must be a String or nil, not #{file.class}"
    end

    def boolean(name, value)
      return value if value == true || value == false
      raise TypeError, "#{name} must be true or false, not #{value.inspect}"
    end
  end
end
