# frozen_string_literal: true

require_relative "spec_helper"

# The drop-in validates with the rules of the Puppet it runs in (Puppet.version), or of the
# release PUPPET_NATIVE_PARSER_PUPPET_VERSION names; in a Puppet it does not know it steps
# aside, and so it does when a migration checker is bound.
RSpec.describe "The drop-in and Puppet releases" do
  include NativeParserSpecHelpers

  # Valid in every release, but validated differently by each: Puppet 8 (and 7.29 and later)
  # see the type name `Foo` as the key 'foo', want literal class parameter types, and (8)
  # make duplicate keys errors.
  let(:source) { "class x(Integer[0, 60*24] $a = 1) {}\n$h = {Foo=>1, 'foo'=>2}\n$k = {a => 1, a => 2}\n" }

  def with_env(name, value)
    saved = ENV[name]
    ENV[name] = value
    yield
  ensure
    ENV[name] = saved
  end

  # What Puppet does parsing and validating source: [error message or nil, [level, message]...].
  def puppet_validates(source)
    logs = []
    collector = Puppet::Test::LogCollector.new(logs)
    Puppet::Util::Log.newdestination(collector)
    logs.clear
    error = nil
    begin
      env = Puppet::Node::Environment.create(:releases_spec, [])
      Puppet.override(current_environment: env) do
        Puppet::Pops::Parser::EvaluatingParser.new.parse_string(source, "x.pp")
      end
    rescue StandardError => e
      error = e.message
    end
    [error, logs.map { |l| [l.level, l.message] }]
  ensure
    Puppet::Util::Log.close(collector) if collector
  end

  it "validates with the rules of the Puppet it runs in, as Puppet does" do
    expect(PuppetNativeParser::Hook.release).to eq(Puppet.version)
    ruby = with_hook(false) { puppet_validates(source) }
    ours = with_hook(true) { puppet_validates(source) }
    expect(ours).to eq(ruby)
  end

  it "validates with the rules of the release PUPPET_NATIVE_PARSER_PUPPET_VERSION names" do
    with_env(PuppetNativeParser::Hook::RELEASE_VARIABLE, "8.28.1") do
      Puppet[:strict] = :error
      error, logs = with_hook(true) { puppet_validates(source) }
      expect(error).to include("Language validation logged 2 errors")
      expect(logs).to include(
        [:warning, a_string_including("The parameter '$a' must be a literal type, not a Puppet::Pops::Model::AccessExpression")],
        [:err, a_string_including("The key 'foo' is declared more than once")],
        [:err, a_string_including("The key 'a' is declared more than once")]
      )
    ensure
      Puppet[:strict] = default_strict
    end
  end

  it "steps aside in a Puppet it does not know, with one warning" do
    with_env(PuppetNativeParser::Hook::RELEASE_VARIABLE, "9.0.0") do
      ruby = with_hook(false) { puppet_validates(source) }
      logs = []
      collector = Puppet::Test::LogCollector.new(logs)
      Puppet::Util::Log.newdestination(collector)
      logs.clear
      enabled = with_hook(true) { [PuppetNativeParser::Hook.enabled?, PuppetNativeParser::Hook.enabled?] }
      Puppet::Util::Log.close(collector)
      expect(enabled).to eq([false, false])
      expect(logs.map(&:message)).to match([a_string_including("UNKNOWN_PUPPET_VERSION", "9.0.0", "not supported")])
      ours = with_hook(true) { puppet_validates(source) }
      expect(ours).to eq(ruby)
    end
    expect(with_hook(true) { PuppetNativeParser::Hook.enabled? }).to be(true)
  end

  it "lets Puppet validate when a migration checker is bound" do
    checker = Class.new(Puppet::Pops::Migration::MigrationChecker) do
      attr_reader :created
    end.new
    looked_up = 0
    allow(Puppet).to receive(:lookup).and_call_original
    allow(Puppet).to receive(:lookup).with(:migration_checker) do
      looked_up += 1
      checker
    end
    ruby = with_hook(false) { puppet_validates(source) }
    ruby_lookups = looked_up
    looked_up = 0
    ours = with_hook(true) { puppet_validates(source) }
    expect(ours).to eq(ruby)
    # Ruby's Checker4_0 looked the checker up once more than the hook did: Puppet's validator ran.
    expect(ruby_lookups).to be > 0
    expect(looked_up).to eq(ruby_lookups + 1)
  end
end
