# frozen_string_literal: true

# The gem is built by scripts/build-gem, which stages this folder and vendors the core crate
# (puppet-syntax, normalized by `cargo package`) into ext/puppet_native_parser/vendor, so that
# the .gem carries the sources of every crate it builds and installs with no checkout beside it.
require_relative "lib/puppet_native_parser/version"

ext_dir = "ext/puppet_native_parser"
# `scripts/build-gem --native` stages the extension compiled for each Ruby it was built with as
# lib/puppet_native_parser/X.Y/puppet_native_parser.so: then this is a precompiled gem for this
# platform, with no ext/ and nothing to build at install.
precompiled = Dir.glob("lib/puppet_native_parser/*/puppet_native_parser.{so,bundle}", base: __dir__).sort
rubies = precompiled.map { |f| f.split("/")[2] }.sort_by { |v| v.split(".").map(&:to_i) }
if precompiled.empty? && !File.file?(File.join(__dir__, ext_dir, "vendor/puppet-syntax/Cargo.toml"))
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
  spec.require_paths = ["lib"]
  if precompiled.empty?
    spec.required_ruby_version = ">= 3.1"
    spec.extensions = ["#{ext_dir}/extconf.rb"]
    spec.files = Dir.chdir(__dir__) do
      Dir["README.md", "lib/**/*.rb",
          "#{ext_dir}/{Cargo.toml,Cargo.lock,build.rs,extconf.rb}", "#{ext_dir}/src/**/*.rs",
          "#{ext_dir}/vendor/*/Cargo.toml", "#{ext_dir}/vendor/*/src/**/*",
          "#{ext_dir}/vendor/*/data/**/*"]
        .select { |f| File.file?(f) }.sort
    end
  else
    spec.platform = Gem::Platform.local
    # From the oldest Ruby built to the end of the newest one's minor series (".dev": its
    # previews too); a minor version in between that was not built is refused by the loader.
    major, minor = rubies.last.split(".").map(&:to_i)
    spec.required_ruby_version = [">= #{rubies.first}", "< #{major}.#{minor + 1}.dev"]
    spec.files = Dir.chdir(__dir__) do
      Dir["README.md", "lib/**/*.rb"].select { |f| File.file?(f) }.sort + precompiled
    end
  end
end
