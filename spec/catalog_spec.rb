# frozen_string_literal: true

require_relative "spec_helper"

# Catalogs: compiling the sample environment (examples/environment) and a manifest made of the
# constructs catalogs are built from (spec/fixtures/catalog) gives identical catalogs with and
# without the hook, and the hook is what parsed them.
RSpec.describe "catalogs with and without the hook" do
  modulepath = [File.join(REPO_ROOT, "examples/environment/modules"), "/usr/share/puppet/modules"]
  sample_site = File.join(REPO_ROOT, "examples/environment/manifests/site.pp")
  fixture_site = File.join(__dir__, "fixtures/catalog/manifests/site.pp")

  # The catalog's data hash, without what differs on every compilation.
  def compile(node_name, manifest, modulepath, hook)
    with_hook(hook) do
      env = Puppet::Node::Environment.create(:production, modulepath, manifest)
      facts = Puppet::Node::Facts.new(node_name, {
        "networking" => { "fqdn" => node_name, "hostname" => node_name.split(".").first },
        "os" => { "name" => "Debian", "family" => "Debian", "release" => { "full" => "12.5", "major" => "12" } },
        "kernel" => "Linux",
      })
      node = Puppet::Node.new(node_name, facts: facts, environment: env)
      Puppet.override(environments: Puppet::Environments::Static.new(env), current_environment: env) do
        Puppet::Parser::Compiler.compile(node).to_data_hash.reject { |k, _| %w[version catalog_uuid].include?(k) }
      end
    end
  end

  [["the sample environment", sample_site, %w[web01.example.com db01.example.com other.example.com]],
   ["resources, classes, defines, collectors, heredocs, EPP, type aliases", fixture_site, %w[any.example.com]]]
    .each do |what, site, nodes|
    nodes.each do |node_name|
      it "compiles #{what} for #{node_name} identically" do
        ruby = compile(node_name, site, modulepath, false)
        allow(PuppetNativeParser::Native).to receive(:parse).and_call_original
        ours = compile(node_name, site, modulepath, true)
        expect(PuppetNativeParser::Native).to have_received(:parse).at_least(3).times
        expect(ours["resources"].size).to be > 5
        expect(ours).to eq(ruby)
      end
    end
  end
end
