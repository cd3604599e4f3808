# frozen_string_literal: true

require_relative "spec_helper"
require "open3"

# The drop-in as users meet it: `puppet parser validate`, `puppet parser dump`, `puppet epp
# validate` and `puppet apply --noop` print the same and exit the same with the hook
# (RUBYOPT=-rpuppet_native_parser/puppet) as without it.
RSpec.describe "puppet commands with and without the hook" do
  env_dir = File.join(REPO_ROOT, "examples/environment")
  modulepath = "#{env_dir}/modules:/usr/share/puppet/modules"
  manifests = Dir.glob("#{env_dir}/**/*.pp").sort
  templates = Dir.glob("#{env_dir}/**/*.epp").sort
  fixture_site = File.join(__dir__, "fixtures/catalog/manifests/site.pp")

  before(:all) do
    @dir = Dir.mktmpdir("native-parser-commands")
    {
      "syntax.pp" => "class a {\n  $x = [1\n  $y = 2]\n}\n",
      "eof.pp" => "notice(1\n",
      "checks.pp" => "$x = {a => 1, a => 2}\nclass b { $::y = 1 }\n",
      "many.pp" => "$a::b = 1\n$c::d = 2\n$e = {k => 1, k => 2}\n",
      "warn.pp" => "$x = {a => 1, a => 2}\n",
      "heredoc.pp" => "$x = @(E:json)\n{]\n|E\n",
      "lexer.pp" => "$x = \"unclosed\n",
      "bad.epp" => "<%= $x \n",
      "good.epp" => "<%- | $a | -%>\n<%= $a %>\n",
    }.each { |name, text| File.write(File.join(@dir, name), text) }
  end

  after(:all) { FileUtils.remove_entry(@dir) }

  # [status, stdout + stderr] of a puppet command, with the hook on or off.
  def puppet(args, hook)
    env = {
      "RUBYOPT" => "-rpuppet_native_parser/puppet",
      PuppetNativeParser::Hook::OPT_OUT_VARIABLE => hook ? "1" : "0",
    }
    settings = %w[conf var code log run public].flat_map { |d| ["--#{d}dir", File.join(@dir, d)] } +
               ["--color", "false"]
    out, status = Open3.capture2e(env, *PUPPET_COMMAND, *args, *settings)
    [status.exitstatus, out.gsub(/in \d+\.\d+ seconds/, "in N seconds")]
  end

  def expect_same(args)
    ruby = puppet(args, false)
    ours = puppet(args, true)
    expect(ours).to eq(ruby)
    ruby
  end

  it "loads the hook through RUBYOPT" do
    out, status = Open3.capture2e({ "RUBYOPT" => "-rpuppet_native_parser/puppet" }, *RUBY_COMMAND, "-e",
                                  "print Puppet::Pops::Parser::Parser.ancestors.first, ' ', Puppet.version")
    expect([status.success?, out]).to eq([true, "PuppetNativeParser::Hook::ParserHook #{Puppet.version}"])
  end

  it "runs the puppet command of the Puppet the specs load" do
    expect(puppet(["--version"], true)).to eq([0, "#{Puppet.version}\n"])
  end

  it "validates the sample environment the same" do
    status, = expect_same(["parser", "validate", "--modulepath", modulepath, *manifests])
    expect(status).to eq(0)
  end

  it "validates broken manifests the same, one by one and together" do
    files = %w[syntax.pp eof.pp checks.pp many.pp warn.pp heredoc.pp lexer.pp].map { |f| File.join(@dir, f) }
    files.first(2).each { |f| expect_same(["parser", "validate", f]) }
    status, out = expect_same(["parser", "validate", *files])
    expect(status).to eq(1)
    # A duplicate key is a warning or an error as the release's default strict makes it.
    level = default_strict == :error ? "Error" : "Warning"
    expect(out).to include("#{level}: The key 'a' is declared more than once")
  end

  it "dumps the same" do
    %w[pn json old].each do |format|
      status, = expect_same(["parser", "dump", "--format", format, *manifests.first(4)])
      expect(status).to eq(0)
    end
    expect_same(["parser", "dump", "--format", "pn", "--pretty", fixture_site])
    expect_same(["parser", "dump", "--validate", File.join(@dir, "checks.pp")])
    expect_same(["parser", "dump", File.join(@dir, "syntax.pp")])
  end

  it "validates EPP templates the same" do
    status, = expect_same(["epp", "validate", *templates, File.join(@dir, "good.epp")])
    expect(status).to eq(0)
    expect_same(["epp", "validate", File.join(@dir, "bad.epp")])
  end

  it "applies (--noop) the same" do
    status, out = expect_same(["apply", "--noop", "--modulepath", modulepath, fixture_site])
    expect(status).to eq(0)
    expect(out).to include("Notify[heredoc]")
  end
end
