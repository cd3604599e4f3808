# frozen_string_literal: true

# RSpec set-up for the puppet-native-parser gem's specs (run by scripts/test-gem against the
# installed gem and Debian's puppet 7.23).
#
# Puppet runs with a throw-away confdir/vardir, and the drop-in hook is loaded once; each
# example chooses the parser with `with_hook(true/false) { ... }` (the hook's own opt-out
# variable, read on every call), so the same process compares Puppet's Ruby parser with ours.
require "puppet"
require "tmpdir"
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

# When the test command installed the gem, make sure that is what we test.
if (gem_home = ENV["PUPPET_NATIVE_PARSER_EXPECT_GEM_HOME"])
  spec = Gem.loaded_specs["puppet-native-parser"]
  loaded = $LOADED_FEATURES.grep(%r{/puppet_native_parser\.so\z}).first.to_s
  unless spec && spec.full_gem_path.start_with?(gem_home) && loaded.start_with?(gem_home)
    abort "spec_helper: the gem was not loaded from #{gem_home} (extension: #{loaded.inspect})"
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
