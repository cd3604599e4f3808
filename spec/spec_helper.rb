# frozen_string_literal: true

# RSpec set-up for the puppet-native-parser gem's specs (run by scripts/test-gem against the
# installed gem and Debian's puppet 7.23; by scripts/test-gem-releases against other releases).
#
# Puppet runs with a throw-away confdir/vardir, and the drop-in hook is loaded once; each
# example chooses the parser with `with_hook(true/false) { ... }` (the hook's own opt-out
# variable, read on every call), so the same process compares Puppet's Ruby parser with ours.
#
# PUPPET_SPEC_PUPPET_DIR=DIR runs the specs against the Puppet (or OpenVox) of a source tree
# instead of the one on the load path: a tree of DIR/lib and DIR/bin from the release's git tag,
# with DIR/env.rb when there (as scripts/oracle/record-releases makes them: env.rb puts DIR/lib
# first and takes Debian's puppet 7.23 off the load path), else DIR/lib is put first. The
# subprocesses of the specs run that release too: `ruby` with the same load path, and `puppet`
# is DIR/puppet when the tree has that command, else DIR/bin/puppet on that Ruby.
PUPPET_SPEC_PUPPET_DIR = ENV.fetch("PUPPET_SPEC_PUPPET_DIR", "").strip.then { |d| d.empty? ? nil : File.expand_path(d) }
if PUPPET_SPEC_PUPPET_DIR
  lib = File.join(PUPPET_SPEC_PUPPET_DIR, "lib")
  abort "spec_helper: PUPPET_SPEC_PUPPET_DIR: no #{lib}/puppet.rb" unless File.file?(File.join(lib, "puppet.rb"))
  abort "spec_helper: PUPPET_SPEC_PUPPET_DIR: a Puppet was loaded before the spec helper" if defined?(Puppet::PUPPETVERSION)
  env_rb = File.join(PUPPET_SPEC_PUPPET_DIR, "env.rb")
  if File.file?(env_rb)
    require env_rb
    RUBY_COMMAND = ["ruby", "-I", lib, "-r", env_rb].freeze
  else
    $LOAD_PATH.unshift(lib)
    RUBY_COMMAND = ["ruby", "-I", lib].freeze
  end
  command = File.join(PUPPET_SPEC_PUPPET_DIR, "puppet")
  PUPPET_COMMAND = if File.file?(command) && File.executable?(command)
                     [command].freeze
                   else
                     [*RUBY_COMMAND, File.join(PUPPET_SPEC_PUPPET_DIR, "bin/puppet")].freeze
                   end
else
  RUBY_COMMAND = ["ruby"].freeze
  PUPPET_COMMAND = ["puppet"].freeze
end
require "puppet"
if PUPPET_SPEC_PUPPET_DIR && !$LOADED_FEATURES.include?(File.join(PUPPET_SPEC_PUPPET_DIR, "lib/puppet/version.rb"))
  abort "spec_helper: Puppet #{Puppet.version} was not loaded from #{PUPPET_SPEC_PUPPET_DIR}/lib " \
        "(#{$LOADED_FEATURES.grep(%r{/puppet/version\.rb\z}).join(', ')})"
end
require "tmpdir"

# Puppet's `:array` log destination takes objects of this class name (Puppet's own specs define
# it): the specs collect Puppet's log messages with it.
module Puppet
  module Test
    class LogCollector
      def initialize(logs)
        @logs = logs
      end

      def <<(value)
        @logs << value
      end
    end
  end
end
require "fileutils"
require "json"
require "puppet/pops/pn"

PUPPET_SPEC_TMP = Dir.mktmpdir("puppet-native-parser-spec")
at_exit { FileUtils.remove_entry(PUPPET_SPEC_TMP) }
Puppet.initialize_settings(["--confdir", File.join(PUPPET_SPEC_TMP, "conf"),
                            "--vardir", File.join(PUPPET_SPEC_TMP, "var"),
                            "--codedir", File.join(PUPPET_SPEC_TMP, "code")])

require "puppet_native_parser"
require "puppet_native_parser/puppet"

# When the test command installed the gem, make sure that is what we test; with
# `scripts/test-gem --dev`, that the extension it built and ruby-ext/lib are.
loaded_extension = $LOADED_FEATURES.grep(%r{/puppet_native_parser\.(so|bundle)\z}).first.to_s
if (gem_home = ENV["PUPPET_NATIVE_PARSER_EXPECT_GEM_HOME"])
  spec = Gem.loaded_specs["puppet-native-parser"]
  unless spec && spec.full_gem_path.start_with?(gem_home) && loaded_extension.start_with?(gem_home)
    abort "spec_helper: the gem was not loaded from #{gem_home} (extension: #{loaded_extension.inspect})"
  end
end
if (extension = ENV["PUPPET_NATIVE_PARSER_EXPECT_EXTENSION"])
  lib = File.expand_path("../ruby-ext/lib/puppet_native_parser.rb", __dir__)
  unless loaded_extension == extension && $LOADED_FEATURES.include?(lib)
    abort "spec_helper: not the checkout's gem: extension #{loaded_extension.inspect} " \
          "(expected #{extension}), #{lib} #{$LOADED_FEATURES.include?(lib) ? '' : 'not '}loaded"
  end
end

REPO_ROOT = File.expand_path("..", __dir__)
# The corpus the parity specs run over: Debian's, or PUPPET_CORPUS (any tree of Puppet code).
CORPUS_DIR = ENV.fetch("PUPPET_CORPUS", "/usr/share/puppet/modules.available")

module NativeParserSpecHelpers
  # Runs the block with the drop-in hook on or off.
  def with_hook(enabled)
    variable = PuppetNativeParser::Hook::OPT_OUT_VARIABLE
    saved = ENV[variable]
    ENV[variable] = enabled ? "1" : "0"
    yield
  ensure
    ENV[variable] = saved
  end

  # The Program Puppet's own (Ruby) parser builds, or the exception it raises.
  def ruby_program(source, file, epp: false)
    with_hook(false) { raw_parser(epp).parse_string(source, file).model }
  end

  def raw_parser(epp)
    epp ? Puppet::Pops::Parser::EppParser.new : Puppet::Pops::Parser::Parser.new
  end

  # PN as `puppet parser dump --format pn` prints it, or "crash: Class" when Ruby's
  # transformer raises.
  def ruby_pn(program)
    Puppet::Pops::Model::PNTransformer.transform(program).format(nil, +"")
  rescue StandardError => e
    "crash: #{e.class}"
  end

  # [class, offset, length] of every positioned node, in _pcore_all_contents order.
  def locs_of(program)
    locs = []
    program._pcore_all_contents([]) do |o|
      locs << [o.class.name.split("::").last, o.offset, o.length] if o.respond_to?(:offset)
    end
    locs
  end

  # Every model object of the program (Program first), in _pcore_all_contents order.
  def objects_of(program)
    objects = [program]
    program._pcore_all_contents([]) { |o| objects << o }
    objects
  end

  # How each String (and a Regexp's source) an object's instance variables hold was made:
  # [variable, frozen?, encoding] (the Locator is left out: it is built by Puppet's code).
  def string_styles(object)
    return [] if object.is_a?(Puppet::Pops::Parser::Locator::AbstractLocator)
    object.instance_variables.flat_map do |iv|
      value = object.instance_variable_get(iv)
      (value.is_a?(Array) ? value : [value]).filter_map do |v|
        case v
        when String then [iv, v.frozen?, v.encoding.name]
        when Regexp then [iv, v.source.frozen?, v.source.encoding.name, v.encoding.name]
        end
      end
    end
  end

  # nil when `ours` holds its strings as Ruby's parser's `ruby` does, else what differs.
  def string_style_difference(ruby, ours)
    expected = string_styles(ruby)
    actual = string_styles(ours)
    return nil if expected == actual
    "strings of #{ours.class} at #{ours.respond_to?(:offset) ? ours.offset : '-'}: " \
      "#{actual.inspect}, Ruby #{expected.inspect}"
  end

  # The release's default of Puppet's setting strict (7: :warning, 8: :error), which specs
  # that change the setting put back.
  def default_strict
    Puppet.settings.setting(:strict).default
  end

  # A Puppet environment without modules (the validator's location checks are off).
  def empty_environment
    Puppet::Node::Environment.create(:native_spec, [])
  end
end

RSpec.configure do |config|
  config.include NativeParserSpecHelpers
  config.disable_monkey_patching!
  config.order = :defined
end
