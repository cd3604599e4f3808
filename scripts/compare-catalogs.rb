# frozen_string_literal: true

# What Puppet EVALUATES with our trees, at corpus scale: every class of every module of a module
# path is compiled into a catalog (node code `include <class>`, fixed Debian 12 facts), once with
# Puppet's own Ruby parser and once through the drop-in hook (and, optionally, from the `.xpp`
# files of an environment, PUPPET_NATIVE_PARSER_XPP=verify), each mode in its own Ruby process;
# then the outcomes are compared class by class:
#   - a catalog: its to_data_hash without `version` and `catalog_uuid` (resources with their
#     file and line, parameters, edges, classes, tags), canonically as JSON;
#   - a failure: the error's class and full message (Puppet's carries file, line and column);
#   - in both cases, every message Puppet logged during the compilation (level, source,
#     message, file, line, pos, issue code), deprecations included (their once-per-process
#     caches are cleared before each class).
#
# usage: ruby scripts/compare-catalogs.rb [options]   (see scripts/compare-catalogs)
#   --modulepath DIRS   the module path (default /usr/share/puppet/modules)
#   --modes LIST        the runs, comma-separated, among ruby, hook, xpp, ruby2 (default
#                       ruby,hook); every mode but ruby is compared with ruby. ruby2 is Ruby's
#                       parser again in another process: what differs between two runs of Ruby
#                       alone is noise.
#   --reuse             keep the runs already in the output dir for the same class list
#   --only REGEX        only the classes matching REGEX;  --limit N: the first N classes
#   --kinds LIST        classes (default) and/or defines: each defined type is compiled as
#                       `name { 'example': }` (listed as define:name)
#   --facts NAME        debian (default: Debian 12) or redhat (Rocky Linux 9)
#   --jobs N            processes at once (default 2); a single mode runs in N shards
#   --xpp-env DIR       the environment of xpp mode (default OUT/xpp-env): DIR/.xpp is what
#                       `puppet-parser xpp build DIR --modulepath DIRS` writes
#   --nice N            niceness of the worker processes (default 19)
#   --puppet DIR        the Puppet (or OpenVox) of a source tree instead of the one on the load
#                       path, in every process: DIR/lib first, through DIR/env.rb when the tree
#                       has one (as scripts/oracle/record-releases makes them: it also takes
#                       Debian's puppet 7.23 off the load path); the summary names the release
#
# Output (in $COMPARE_OUT, default target/oracle/catalogs/): runs/<mode>.jsonl (one outcome per
# class), diffs/<mode>/<class>.txt (each difference: both outcomes and a short diff),
# classes.txt, summary.txt.
#
# Internal: `ruby scripts/compare-catalogs.rb --worker MODE CLASSES_FILE OUT_FILE MODULEPATH
# XPP_ENV FACTS PUPPET_DIR` compiles the classes of CLASSES_FILE in MODE and writes one JSON line
# per class to OUT_FILE.
require "json"
require "fileutils"
require "optparse"
require "tmpdir"
require "open3"

module CompareCatalogs
  ROOT = File.expand_path("..", __dir__)
  DEFAULT_MODULEPATH = "/usr/share/puppet/modules"
  NODE = "web01.example.org"
  MODES = %w[ruby hook xpp ruby2].freeze

  # Puts the Puppet of the source tree dir on the load path, before anything loads Puppet.
  def self.use_puppet_tree(dir)
    lib = File.join(dir, "lib")
    abort "compare-catalogs: --puppet #{dir}: no #{lib}/puppet.rb" unless File.file?(File.join(lib, "puppet.rb"))
    abort "compare-catalogs: --puppet #{dir}: a Puppet is already loaded" if defined?(Puppet::PUPPETVERSION)
    env_rb = File.join(dir, "env.rb")
    if File.file?(env_rb)
      require env_rb
    else
      $LOAD_PATH.unshift(lib)
    end
  end

  # After `require "puppet"`: stops unless that Puppet came from the tree dir (when given).
  def self.check_puppet_tree(dir)
    return if dir.nil? || $LOADED_FEATURES.include?(File.join(dir, "lib/puppet/version.rb"))
    abort "compare-catalogs: #{puppet_loaded} was loaded, not the one of #{dir}"
  end

  # Where the Puppet loaded comes from: "Puppet 8.28.1 (DIR/lib)".
  def self.puppet_loaded
    version_rb = $LOADED_FEATURES.grep(%r{/puppet/version\.rb\z}).first
    "Puppet #{Puppet.version}#{version_rb ? " (#{File.dirname(version_rb, 2)})" : ''}"
  end

  # A Debian 12 (bookworm) amd64 VM, as Facter 4 reports it to Puppet 7 (structured facts and
  # the legacy ones Puppet 7's Facter still sends), plus openstacklib's custom fact.
  FACTS = {
    "aio_agent_version" => nil,
    "architecture" => "amd64",
    "hardwaremodel" => "x86_64",
    "hardwareisa" => "x86_64",
    "kernel" => "Linux",
    "kernelmajversion" => "6.1",
    "kernelrelease" => "6.1.0-18-amd64",
    "kernelversion" => "6.1.0",
    "os" => {
      "architecture" => "amd64",
      "distro" => {
        "codename" => "bookworm",
        "description" => "Debian GNU/Linux 12 (bookworm)",
        "id" => "Debian",
        "release" => { "full" => "12.5", "major" => "12", "minor" => "5" },
      },
      "family" => "Debian",
      "hardware" => "x86_64",
      "name" => "Debian",
      "release" => { "full" => "12.5", "major" => "12", "minor" => "5" },
      "selinux" => { "enabled" => false },
    },
    "osfamily" => "Debian",
    "operatingsystem" => "Debian",
    "operatingsystemrelease" => "12.5",
    "operatingsystemmajrelease" => "12",
    "lsbdistcodename" => "bookworm",
    "lsbdistdescription" => "Debian GNU/Linux 12 (bookworm)",
    "lsbdistid" => "Debian",
    "lsbdistrelease" => "12.5",
    "lsbmajdistrelease" => "12",
    "lsbminordistrelease" => "5",
    "networking" => {
      "domain" => "example.org",
      "fqdn" => NODE,
      "hostname" => "web01",
      "interfaces" => {
        "eth0" => {
          "bindings" => [{ "address" => "192.0.2.10", "netmask" => "255.255.255.0", "network" => "192.0.2.0" }],
          "bindings6" => [{ "address" => "2001:db8::10", "netmask" => "ffff:ffff:ffff:ffff::",
                            "network" => "2001:db8::", "scope6" => "global" }],
          "ip" => "192.0.2.10", "ip6" => "2001:db8::10", "mac" => "52:54:00:12:34:56", "mtu" => 1500,
          "netmask" => "255.255.255.0", "netmask6" => "ffff:ffff:ffff:ffff::",
          "network" => "192.0.2.0", "network6" => "2001:db8::", "scope6" => "global",
        },
        "lo" => {
          "bindings" => [{ "address" => "127.0.0.1", "netmask" => "255.0.0.0", "network" => "127.0.0.0" }],
          "bindings6" => [{ "address" => "::1", "netmask" => "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
                            "network" => "::1", "scope6" => "host" }],
          "ip" => "127.0.0.1", "ip6" => "::1", "mtu" => 65536, "netmask" => "255.0.0.0",
          "netmask6" => "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "network" => "127.0.0.0",
          "network6" => "::1", "scope6" => "host",
        },
      },
      "ip" => "192.0.2.10", "ip6" => "2001:db8::10", "mac" => "52:54:00:12:34:56", "mtu" => 1500,
      "netmask" => "255.255.255.0", "netmask6" => "ffff:ffff:ffff:ffff::", "network" => "192.0.2.0",
      "network6" => "2001:db8::", "primary" => "eth0", "scope6" => "global",
    },
    "fqdn" => NODE,
    "hostname" => "web01",
    "domain" => "example.org",
    "interfaces" => "eth0,lo",
    "ipaddress" => "192.0.2.10",
    "ipaddress6" => "2001:db8::10",
    "ipaddress_eth0" => "192.0.2.10",
    "ipaddress_lo" => "127.0.0.1",
    "macaddress" => "52:54:00:12:34:56",
    "macaddress_eth0" => "52:54:00:12:34:56",
    "netmask" => "255.255.255.0",
    "netmask_eth0" => "255.255.255.0",
    "network" => "192.0.2.0",
    "network_eth0" => "192.0.2.0",
    "mtu_eth0" => 1500,
    "processors" => {
      "cores" => 2, "count" => 4, "isa" => "unknown", "physicalcount" => 1, "speed" => "2.60 GHz",
      "threads" => 2, "models" => Array.new(4, "Intel(R) Xeon(R) Gold 6240 CPU @ 2.60GHz"),
    },
    "processorcount" => 4,
    "physicalprocessorcount" => 1,
    "processor0" => "Intel(R) Xeon(R) Gold 6240 CPU @ 2.60GHz",
    "memory" => {
      "system" => {
        "available" => "6.12 GiB", "available_bytes" => 6_571_515_904, "capacity" => "21.56%",
        "total" => "7.80 GiB", "total_bytes" => 8_378_212_352, "used" => "1.68 GiB", "used_bytes" => 1_806_696_448,
      },
      "swap" => {
        "available" => "1.00 GiB", "available_bytes" => 1_073_737_728, "capacity" => "0.00%",
        "total" => "1.00 GiB", "total_bytes" => 1_073_737_728, "used" => "0 bytes", "used_bytes" => 0,
      },
    },
    "memorysize" => "7.80 GiB",
    "memorysize_mb" => "7990.17",
    "memoryfree" => "6.12 GiB",
    "memoryfree_mb" => "6267.09",
    "swapsize" => "1.00 GiB",
    "swapsize_mb" => "1024.00",
    "blockdevices" => "sda",
    "disks" => { "sda" => { "model" => "QEMU HARDDISK", "size" => "40.00 GiB", "size_bytes" => 42_949_672_960,
                            "type" => "hdd", "vendor" => "ATA" } },
    "mountpoints" => {
      "/" => { "available" => "31.20 GiB", "available_bytes" => 33_500_000_000, "capacity" => "16.50%",
               "device" => "/dev/sda1", "filesystem" => "ext4", "options" => %w[rw relatime errors=remount-ro],
               "size" => "39.00 GiB", "size_bytes" => 41_875_931_136, "used" => "6.00 GiB",
               "used_bytes" => 6_442_450_944 },
    },
    "filesystems" => "ext2,ext3,ext4,vfat",
    "fips_enabled" => false,
    "is_virtual" => true,
    "virtual" => "kvm",
    "dmi" => {
      "bios" => { "release_date" => "04/01/2014", "vendor" => "SeaBIOS", "version" => "1.16.2-debian-1.16.2-1" },
      "chassis" => { "type" => "Other" },
      "manufacturer" => "QEMU",
      "product" => { "name" => "Standard PC (Q35 + ICH9, 2009)", "uuid" => "0b9c4e2a-3f1d-4e55-9c1e-2d5d0c3a7f10" },
    },
    "manufacturer" => "QEMU",
    "productname" => "Standard PC (Q35 + ICH9, 2009)",
    "identity" => { "gid" => 0, "group" => "root", "privileged" => true, "uid" => 0, "user" => "root" },
    "id" => "root",
    "gid" => "root",
    "path" => "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "timezone" => "UTC",
    "system_uptime" => { "days" => 3, "hours" => 74, "seconds" => 266_400, "uptime" => "3 days" },
    "uptime" => "3 days",
    "uptime_days" => 3,
    "uptime_hours" => 74,
    "uptime_seconds" => 266_400,
    "load_averages" => { "1m" => 0.12, "5m" => 0.08, "15m" => 0.05 },
    "ssh" => {
      "ed25519" => {
        "fingerprints" => { "sha1" => "SSHFP 4 1 8f3c1c0e4a1b2c3d4e5f60718293a4b5c6d7e8f9",
                            "sha256" => "SSHFP 4 2 1f2e3d4c5b6a79881726354453627180a9b8c7d6e5f40312233445566778899a" },
        "key" => "AAAAC3NzaC1lZDI1NTE5AAAAIM0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c",
        "type" => "ssh-ed25519",
      },
    },
    "sshed25519key" => "AAAAC3NzaC1lZDI1NTE5AAAAIM0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c",
    "augeas" => { "version" => "1.14.0" },
    "augeasversion" => "1.14.0",
    "facterversion" => "4.2.14",
    "puppetversion" => "7.23.0",
    "ruby" => { "platform" => "x86_64-linux-gnu", "sitedir" => "/usr/local/lib/site_ruby/3.1.0", "version" => "3.1.2" },
    "rubyversion" => "3.1.2",
    "python3_version" => "3.11.2",
    "service_provider" => "systemd",
    "systemd" => true,
    "systemd_version" => "252",
    "os_service_default" => "<SERVICE DEFAULT>",
    "root_home" => "/root",
    "package_provider" => "apt",
    "pe_build" => nil,
    "is_pe" => false,
    "clientcert" => NODE,
    "clientversion" => "7.23.0",
    "clientnoop" => false,
  }.reject { |_, v| v.nil? }.freeze

  # The same VM as a Rocky Linux 9 host (--facts redhat): the other branch of most modules'
  # `case $osfamily`.
  REDHAT_FACTS = FACTS.merge(
    "os" => FACTS["os"].merge(
      "distro" => { "codename" => "Blue Onyx", "description" => "Rocky Linux release 9.3 (Blue Onyx)",
                    "id" => "Rocky", "release" => { "full" => "9.3", "major" => "9", "minor" => "3" } },
      "family" => "RedHat", "name" => "Rocky", "architecture" => "x86_64",
      "release" => { "full" => "9.3", "major" => "9", "minor" => "3" },
      "selinux" => { "enabled" => true, "enforced" => true, "current_mode" => "enforcing",
                     "config_mode" => "enforcing", "config_policy" => "targeted", "policy_version" => "33" },
    ),
    "architecture" => "x86_64", "osfamily" => "RedHat", "operatingsystem" => "Rocky",
    "operatingsystemrelease" => "9.3", "operatingsystemmajrelease" => "9",
    "kernelrelease" => "5.14.0-362.8.1.el9_3.x86_64", "kernelversion" => "5.14.0", "kernelmajversion" => "5.14",
    "package_provider" => "dnf", "selinux" => true, "selinux_enforced" => true,
    "selinux_current_mode" => "enforcing", "selinux_config_mode" => "enforcing",
  ).reject { |k, _| k.start_with?("lsb") }.freeze
  FACT_SETS = { "debian" => FACTS, "redhat" => REDHAT_FACTS }.freeze

  # ---------------------------------------------------------------------------------------
  # The worker: one process, one mode, many classes.
  module Worker
    module_function

    def run(mode, classes_file, out_file, modulepath, xpp_env, facts, puppet_dir)
      CompareCatalogs.use_puppet_tree(puppet_dir) if puppet_dir
      require "puppet"
      CompareCatalogs.check_puppet_tree(puppet_dir)
      warn "compare-catalogs: #{mode} worker: #{CompareCatalogs.puppet_loaded}"
      tmp = Dir.mktmpdir("compare-catalogs-#{mode}")
      at_exit { FileUtils.remove_entry(tmp) }
      Puppet.initialize_settings(["--confdir", File.join(tmp, "conf"), "--vardir", File.join(tmp, "var"),
                                  "--codedir", File.join(tmp, "code")])
      case mode
      when "ruby", "ruby2"
        ENV["PUPPET_NATIVE_PARSER"] = "0" # in case RUBYOPT loads the hook anyway
      when "hook", "xpp"
        require "puppet_native_parser/puppet"
        ENV["PUPPET_NATIVE_PARSER"] = "1"
        ENV["PUPPET_NATIVE_PARSER_XPP"] = mode == "xpp" ? "verify" : "off"
      else
        abort "compare-catalogs: unknown mode #{mode}"
      end
      counters = install_counters(mode)
      manifest = xpp_env ? File.join(xpp_env, "manifests", "site.pp") : Puppet::Node::Environment::NO_MANIFEST
      classes = File.readlines(classes_file, chomp: true).reject { |l| l.empty? || l.start_with?("#") }
      File.open(out_file, "w") do |out|
        out.sync = true
        classes.each do |name|
          counters.each_key { |k| counters[k] = 0 }
          t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
          outcome = compile(name, modulepath, manifest, facts)
          outcome["seconds"] = (Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0).round(3)
          outcome["calls"] = counters.dup unless counters.empty?
          out.puts(JSON.generate(outcome))
        end
      end
    end

    # Counts the native parses and XPP reads of each compilation (to show that the hook, or
    # the .xpp files, are what Puppet used).
    def install_counters(mode)
      return {} unless %w[hook xpp].include?(mode)
      counters = { "parse" => 0, "load_xpp" => 0 }
      native = PuppetNativeParser::Native.singleton_class
      native.prepend(Module.new do
        define_method(:parse) { |*a, **k| counters["parse"] += 1; super(*a, **k) }
        define_method(:load_xpp) { |*a, **k| counters["load_xpp"] += 1; super(*a, **k) }
      end)
      counters
    end

    # The outcome of compiling `include name` (for "define:name", `name { 'example': }`):
    # {"class", "status" => "ok"|"error", "catalog" (canonical JSON) | "error" => {class,
    # message, file, line, pos, issue_code}, "logs"}.
    def compile(name, modulepath, manifest, fact_set)
      logs = []
      Puppet::Util::Log.level = :info
      # The once-per-process caches of warn_once/deprecation_warning: every class sees them.
      $unique_warnings&.clear
      $deprecation_warnings&.clear
      $logged_deprecation_warnings&.clear
      Puppet::Util::Warnings.clear_warnings
      collector = Puppet::Test::LogCollector.new(logs)
      outcome = { "class" => name }
      Puppet[:code] = if name.start_with?("define:")
                        "#{name.delete_prefix('define:')} { 'example': }\n"
                      else
                        "include #{name}\n"
                      end
      env = Puppet::Node::Environment.create(:production, modulepath, manifest)
      facts = Puppet::Node::Facts.new(NODE, deep_dup(fact_set))
      node = Puppet::Node.new(NODE, environment: env)
      node.fact_merge(facts)
      Puppet::Util::Log.with_destination(collector) do
        Puppet.override(environments: Puppet::Environments::Static.new(env), current_environment: env) do
          catalog = Puppet::Parser::Compiler.compile(node)
          data = catalog.to_data_hash.reject { |k, _| %w[version catalog_uuid].include?(k) }
          outcome["status"] = "ok"
          outcome["catalog"] = JSON.generate(canonical(data))
        end
      rescue Exception => e # rubocop:disable Lint/RescueException
        raise if e.is_a?(Interrupt) || e.is_a?(SignalException)
        outcome["status"] = "error"
        outcome["error"] = error_of(e)
      end
      outcome["logs"] = logs.map { |l| log_of(l) }
      outcome
    ensure
      Puppet[:code] = ""
    end

    def error_of(e)
      row = { "class" => e.class.name, "message" => e.message.to_s }
      %i[file line pos issue_code].each do |k|
        row[k.to_s] = e.public_send(k).then { |v| v.is_a?(Symbol) ? v.to_s : v } if e.respond_to?(k)
      end
      row["original"] = "#{e.original.class}: #{e.original.message}" if e.respond_to?(:original) && e.original
      row
    end

    def log_of(log)
      row = { "level" => log.level.to_s, "source" => log.source.to_s, "message" => log.message.to_s }
      row["file"] = log.file if log.file
      row["line"] = log.line if log.line
      row["pos"] = log.pos if log.respond_to?(:pos) && log.pos
      row["issue_code"] = log.issue_code.to_s if log.respond_to?(:issue_code) && log.issue_code
      row
    end

    def deep_dup(value)
      case value
      when Hash then value.each_with_object({}) { |(k, v), h| h[k.dup] = deep_dup(v) }
      when Array then value.map { |v| deep_dup(v) }
      when String then value.dup
      else value
      end
    end

    # Plain JSON data of what to_data_hash gives (it may keep Symbols, Puppet types, Sensitive,
    # Binary, Timestamps…): each such value becomes a tagged string, order kept.
    def canonical(value)
      case value
      when nil, true, false, Integer, String then value
      when Float then value.finite? ? value : { "__float" => value.to_s }
      when Symbol then { "__symbol" => value.to_s }
      when Array then value.map { |v| canonical(v) }
      when Hash
        if value.keys.all? { |k| k.is_a?(String) }
          value.each_with_object({}) { |(k, v), h| h[k] = canonical(v) }
        else
          { "__hash" => value.map { |k, v| [canonical(k), canonical(v)] } }
        end
      when Puppet::Pops::Types::PSensitiveType::Sensitive
        { "__sensitive" => canonical(value.unwrap) }
      else
        { "__object" => value.class.name, "to_s" => value.to_s }
      end
    end
  end

  # ---------------------------------------------------------------------------------------
  # The driver: finds the classes, runs the workers, compares, reports.
  class Driver
    def initialize(argv)
      @modulepath = [DEFAULT_MODULEPATH]
      @modes = %w[ruby hook]
      @reuse = false
      @only = nil
      @limit = nil
      @jobs = 2
      @nice = 19
      @out = File.expand_path(ENV.fetch("COMPARE_OUT", File.join(ROOT, "target/oracle/catalogs")))
      @xpp_env = nil
      @kinds = %w[classes]
      @facts = "debian"
      @puppet_dir = nil
      OptionParser.new do |o|
        o.on("--modulepath DIRS") { |v| @modulepath = v.split(File::PATH_SEPARATOR).map { |d| File.expand_path(d) } }
        o.on("--modes LIST") { |v| @modes = v.split(",").map(&:strip) }
        o.on("--reuse") { @reuse = true }
        o.on("--only REGEX") { |v| @only = Regexp.new(v) }
        o.on("--limit N", Integer) { |v| @limit = v }
        o.on("--jobs N", Integer) { |v| @jobs = [v, 1].max }
        o.on("--nice N", Integer) { |v| @nice = v }
        o.on("--xpp-env DIR") { |v| @xpp_env = File.expand_path(v) }
        o.on("--kinds LIST") { |v| @kinds = v.split(",").map(&:strip) }
        o.on("--facts NAME") { |v| @facts = v }
        o.on("--puppet DIR") { |v| @puppet_dir = File.expand_path(v) }
      end.parse!(argv)
      CompareCatalogs.use_puppet_tree(@puppet_dir) if @puppet_dir
      @modes.unshift("ruby") unless @modes.include?("ruby")
      bad = @modes - MODES
      abort "compare-catalogs: unknown modes #{bad.join(', ')} (#{MODES.join(', ')})" unless bad.empty?
      @xpp_env ||= File.join(@out, "xpp-env")
      abort "compare-catalogs: --facts is one of #{FACT_SETS.keys.join(', ')}" unless FACT_SETS.key?(@facts)
      abort "compare-catalogs: --kinds is classes and/or defines" unless (@kinds - %w[classes defines]).empty? && !@kinds.empty?
    end

    def run
      t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      FileUtils.mkdir_p(File.join(@out, "runs"))
      classes = discover
      classes = classes.grep(@only) if @only
      classes = classes.first(@limit) if @limit
      classes_file = File.join(@out, "classes.txt")
      previous = File.exist?(classes_file) ? File.read(classes_file) : nil
      File.write(classes_file, "# facts=#{@facts} modulepath=#{@modulepath.join(':')} puppet=#{Puppet.version} " \
                               "#{@puppet_dir}\n" + classes.join("\n") + "\n")
      warn "compare-catalogs: #{classes.size} classes/defines in #{@modulepath.join(':')}, #{@facts} facts"
      if @modes.include?("xpp") && !Dir.exist?(File.join(@xpp_env, ".xpp"))
        abort "compare-catalogs: #{@xpp_env}/.xpp missing: run `puppet-parser xpp build #{@xpp_env} " \
              "--modulepath #{@modulepath.join(':')}` first (scripts/compare-catalogs does)"
      end
      FileUtils.mkdir_p(File.join(@xpp_env, "manifests")) if @modes.include?("xpp")
      todo = @modes.reject do |mode|
        @reuse && previous == File.read(classes_file) && File.exist?(run_file(mode)) &&
          File.readlines(run_file(mode)).size == classes.size
      end
      warn "compare-catalogs: reusing #{(@modes - todo).join(', ')}" unless (@modes - todo).empty?
      run_workers(todo, classes_file) unless todo.empty?
      compare(classes, Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0)
    end

    def run_file(mode)
      File.join(@out, "runs", "#{mode}.jsonl")
    end

    # Every class (and with --kinds defines, every defined type, as "define:name") defined in
    # the manifests of every module Puppet sees on the module path (Puppet's own parser; a
    # module whose directory name is not a valid module name is not loaded by Puppet, so not
    # listed), sorted.
    def discover
      require "puppet"
      CompareCatalogs.check_puppet_tree(@puppet_dir)
      Dir.mktmpdir("compare-catalogs-discover") do |tmp|
        Puppet.initialize_settings(["--confdir", File.join(tmp, "conf"), "--vardir", File.join(tmp, "var"),
                                    "--codedir", File.join(tmp, "code")])
        env = Puppet::Node::Environment.create(:discover, @modulepath)
        names = []
        parser = Puppet::Pops::Parser::Parser.new
        env.modules.each do |mod|
          Dir.glob(File.join(mod.path, "manifests", "**", "*.pp")).sort.each do |file|
            program = parser.parse_file(file).model
            program.definitions.each do |d|
              if d.is_a?(Puppet::Pops::Model::HostClassDefinition)
                names << d.name.downcase if @kinds.include?("classes")
              elsif d.instance_of?(Puppet::Pops::Model::ResourceTypeDefinition)
                names << "define:#{d.name.downcase}" if @kinds.include?("defines")
              end
            end
          rescue StandardError => e
            warn "compare-catalogs: #{file}: #{e.class}: #{e.message}"
          end
        end
        names.uniq.sort
      end
    end

    # Runs the modes' workers, at most @jobs at once (a mode alone is split into shards).
    def run_workers(modes, classes_file)
      classes = File.readlines(classes_file, chomp: true).reject { |l| l.start_with?("#") }
      shards = [(@jobs / modes.size), 1].max
      tasks = modes.flat_map do |mode|
        slices = classes.each_slice((classes.size + shards - 1) / shards).to_a
        slices.each_with_index.map do |slice, i|
          list = File.join(@out, "runs", "#{mode}.#{i}.classes")
          File.write(list, slice.join("\n") + "\n")
          [mode, list, File.join(@out, "runs", "#{mode}.#{i}.jsonl")]
        end
      end
      queue = tasks.dup
      running = {}
      until queue.empty? && running.empty?
        while running.size < @jobs && !queue.empty?
          mode, list, out = queue.shift
          cmd = ["nice", "-n", @nice.to_s, RbConfig.ruby, __FILE__, "--worker", mode, list, out,
                 @modulepath.join(File::PATH_SEPARATOR), mode == "xpp" ? @xpp_env : "", @facts, @puppet_dir.to_s]
          log = File.open("#{out}.log", "w")
          pid = Process.spawn(*cmd, out: log, err: log)
          log.close
          running[pid] = [mode, out, Process.clock_gettime(Process::CLOCK_MONOTONIC)]
          warn "compare-catalogs: started #{mode} (#{File.basename(out)}, pid #{pid})"
        end
        pid, status = Process.wait2
        mode, out, started = running.delete(pid)
        took = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
        warn format("compare-catalogs: %s done in %.0f s (%s)", File.basename(out), took, status.success? ? "ok" : status.inspect)
        abort "compare-catalogs: the #{mode} worker failed, see #{out}.log" unless status.success?
      end
      modes.each do |mode|
        parts = Dir.glob(File.join(@out, "runs", "#{mode}.*.jsonl")).sort_by { |f| f[/\.(\d+)\.jsonl\z/, 1].to_i }
        File.write(run_file(mode), parts.map { |f| File.read(f) }.join)
        parts.each { |f| FileUtils.rm_f([f, f.sub(/\.jsonl\z/, ".classes")]) }
      end
    end

    def load_run(mode)
      File.readlines(run_file(mode)).map { |l| JSON.parse(l) }.to_h { |o| [o["class"], o] }
    end

    # What must be equal: the status, the catalog or the error, the logs.
    def key_of(outcome)
      [outcome["status"], outcome["catalog"], outcome["error"]&.reject { |k, _| k == "original" } , outcome["logs"]]
    end

    def compare(classes, elapsed)
      ruby = load_run("ruby")
      lines = []
      lines << "compare-catalogs: #{classes.size} compilations (#{@kinds.join(' and ')}, #{@facts} facts, module path " \
               "#{@modulepath.join(':')}, #{CompareCatalogs.puppet_loaded})"
      ok = ruby.values.count { |o| o["status"] == "ok" }
      lines << "ruby: #{ok} catalogs, #{ruby.size - ok} failures, #{ruby.values.sum { |o| o['logs'].size }} log messages, " \
               "#{ruby.values.sum { |o| o['seconds'] }.round(1)} s compiling"
      FileUtils.rm_rf(File.join(@out, "diffs"))
      exit_status = 0
      (@modes - ["ruby"]).each do |mode|
        other = load_run(mode)
        same_ok = same_err = 0
        differing = []
        classes.each do |c|
          a = ruby[c]
          b = other[c]
          if b && key_of(a) == key_of(b)
            a["status"] == "ok" ? same_ok += 1 : same_err += 1
          else
            differing << c
            write_diff(mode, c, a, b)
          end
        end
        calls = other.values.map { |o| o["calls"] }.compact
        lines << "#{mode}: #{classes.size} compiled: #{same_ok + same_err} identical " \
                 "(#{same_ok} same catalog, #{same_err} both failing identically), #{differing.size} differing; " \
                 "#{other.values.sum { |o| o['seconds'] }.round(1)} s compiling" +
                 (calls.empty? ? "" : "; native parses #{calls.sum { |c| c['parse'] }}, XPP reads #{calls.sum { |c| c['load_xpp'] }}")
        differing.first(50).each { |c| lines << "  differs: #{c} (#{what_differs(ruby[c], other[c])})" }
        lines << "  … #{differing.size - 50} more in #{File.join(@out, 'diffs', mode)}" if differing.size > 50
        exit_status = 1 unless differing.empty?
      end
      lines << format("total time %.0f s; output in %s", elapsed, @out)
      File.write(File.join(@out, "summary.txt"), lines.join("\n") + "\n")
      puts lines
      exit exit_status
    end

    def what_differs(a, b)
      return "missing" unless b
      parts = []
      parts << "status #{a['status']}/#{b['status']}" if a["status"] != b["status"]
      parts << "catalog" if a["status"] == "ok" && b["status"] == "ok" && a["catalog"] != b["catalog"]
      parts << "error" if a["status"] == "error" && b["status"] == "error" && a["error"] != b["error"]
      parts << "logs" if a["logs"] != b["logs"]
      parts.join(", ")
    end

    def pretty(outcome)
      return "(missing)\n" unless outcome
      shown = outcome.reject { |k, _| %w[seconds calls catalog].include?(k) }
      shown["catalog"] = JSON.parse(outcome["catalog"]) if outcome["catalog"]
      JSON.pretty_generate(shown) + "\n"
    end

    def write_diff(mode, klass, a, b)
      dir = File.join(@out, "diffs", mode)
      FileUtils.mkdir_p(dir)
      Dir.mktmpdir do |tmp|
        File.write(File.join(tmp, "ruby"), pretty(a))
        File.write(File.join(tmp, mode), pretty(b))
        diff, = Open3.capture2("diff", "-u", "--label", "ruby", "--label", mode,
                               File.join(tmp, "ruby"), File.join(tmp, mode))
        short = diff.lines
        short = short.first(200) + ["… (#{short.size - 200} more lines)\n"] if short.size > 200
        summary = ->(o) { o.nil? ? "missing" : o["status"] == "ok" ? "catalog (#{JSON.parse(o['catalog'])['resources'].size} resources), #{o['logs'].size} logs" : "#{o['error']['class']}: #{o['error']['message']}" }
        File.write(File.join(dir, "#{klass.sub('define:', 'define-').gsub('::', '__')}.txt"),
                   "class #{klass}\nruby: #{summary[a]}\n#{mode}: #{summary[b]}\n\n#{short.join}")
      end
    end
  end
end

if ARGV.first == "--worker"
  _, mode, classes_file, out_file, modulepath, xpp_env, facts, puppet_dir = ARGV
  CompareCatalogs::Worker.run(mode, classes_file, out_file, modulepath.split(File::PATH_SEPARATOR),
                              xpp_env.to_s.empty? ? nil : xpp_env,
                              CompareCatalogs::FACT_SETS.fetch(facts || "debian"),
                              puppet_dir.to_s.empty? ? nil : puppet_dir)
else
  CompareCatalogs::Driver.new(ARGV).run
end
