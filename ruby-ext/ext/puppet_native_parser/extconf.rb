# frozen_string_literal: true

# Writes the Makefile that RubyGems runs (`make`, then `make install`) to build the extension
# with Cargo, without the rb_sys gem: `cargo build --release --locked` against this Ruby, then
# lib<crate>.so is copied to puppet_native_parser.<DLEXT>. `make install` puts it where
# `require "puppet_native_parser/puppet_native_parser"` finds it and removes Cargo's target
# directory (else the installed gem keeps ~150 MB of build output).
require "mkmf"
require "rbconfig"

crate_dir = __dir__
# PUPPET_NATIVE_PARSER_TARGET_DIR: a Cargo target directory to build in and keep (a cache for
# repeated installs, as the test command does); by default a throw-away one in the gem.
shared_target = ENV["PUPPET_NATIVE_PARSER_TARGET_DIR"]
target_dir = shared_target && !shared_target.empty? ? File.expand_path(shared_target) : File.join(crate_dir, "target")
remove_target = target_dir == File.join(crate_dir, "target")
dlext = RbConfig::CONFIG["DLEXT"]
built = RbConfig::CONFIG["host_os"].include?("darwin") ? "libpuppet_native_parser.dylib" : "libpuppet_native_parser.so"
so = "puppet_native_parser.#{dlext}"

abort "cargo not found: install the Rust toolchain (https://rustup.rs)" unless find_executable("cargo")

File.write("Makefile", <<~MAKEFILE)
  RUBY = #{RbConfig.ruby}
  CARGO ?= cargo
  sitearchdir ?= #{RbConfig::CONFIG["sitearchdir"]}
  TARGET_DIR = #{target_dir}

  all: #{so}

  #{so}:
  \tRUBY="$(RUBY)" $(CARGO) build --release --locked --manifest-path "#{crate_dir}/Cargo.toml" --target-dir "$(TARGET_DIR)"
  \tcp "$(TARGET_DIR)/release/#{built}" #{so}

  install: #{so}
  \tmkdir -p "$(DESTDIR)$(sitearchdir)/puppet_native_parser"
  \tcp #{so} "$(DESTDIR)$(sitearchdir)/puppet_native_parser/#{so}"
  #{remove_target ? "\trm -rf \"$(TARGET_DIR)\"" : ""}

  clean:
  \trm -f #{so}

  .PHONY: all install clean
MAKEFILE
