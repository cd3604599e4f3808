# frozen_string_literal: true

# The gem is built by scripts/build-gem, which stages this folder and vendors the core crate
# (puppet-syntax, normalized by `cargo package`) into ext/puppet_native_parser/vendor, so that
# the .gem carries the sources of every crate it builds and installs with no checkout beside it.
require_relative "lib/puppet_native_parser/version"

ext_dir = "ext/puppet_native_parser"
unless File.file?(File.join(__dir__, ext_dir, "vendor/puppet-syntax/Cargo.toml"))
  raise "#{ext_dir}/vendor/puppet-syntax is missing: build the gem with scripts/build-gem"
end

Gem::Specification.new do |spec|
  spec.name = "puppet-native-parser"
  spec.version = PuppetNativeParser::VERSION
  spec.summary = "Puppet 7's parser and validator, native (Rust), in-process, as a drop-in"
  spec.description = <<~TEXT
    Parses and validates Puppet 7 manifests and EPP templates natively and returns Ruby
    Puppet's own model objects (Puppet::Pops::Model) and diagnostics. Requiring
    puppet_native_parser/puppet makes Puppet use it in place of its Ruby parser.
  TEXT
  spec.authors = ["puppet-parser contributors"]
  spec.license = "Apache-2.0"
  spec.required_ruby_version = ">= 3.1"
  spec.require_paths = ["lib"]
  spec.extensions = ["#{ext_dir}/extconf.rb"]
  spec.files = Dir.chdir(__dir__) do
    Dir["README.md", "lib/**/*.rb",
        "#{ext_dir}/{Cargo.toml,Cargo.lock,build.rs,extconf.rb}", "#{ext_dir}/src/**/*.rs",
        "#{ext_dir}/vendor/*/Cargo.toml", "#{ext_dir}/vendor/*/src/**/*",
        "#{ext_dir}/vendor/*/data/**/*"]
      .select { |f| File.file?(f) }.sort
  end
end
