# frozen_string_literal: true

require_relative "spec_helper"
require "digest"
require "pathname"

# XPP files (PRFC-23) in Ruby: PuppetNativeParser.load_xpp / ParseResult#to_xpp, and the hook
# compiling catalogs from an environment's .xpp tree (PUPPET_NATIVE_PARSER_XPP=verify|trust),
# with one warning and a fallback to the source for every problem.
RSpec.describe "XPP files" do
  example_env = File.join(REPO_ROOT, "examples/environment")

  # Every source `puppet-parser xpp build` writes for envdir (module path envdir/modules):
  # [path, module, path inside the module (or the environment)].
  def xpp_sources(envdir)
    sources = Dir.glob("#{envdir}/manifests/**/*.pp").sort.map do |f|
      [f, "environment", f.delete_prefix("#{envdir}/")]
    end
    modules = File.join(envdir, "modules")
    Dir.children(modules).sort.each do |name|
      %w[manifests functions types plans templates].each do |sub|
        ext = sub == "templates" ? "epp" : "pp"
        Dir.glob(File.join(modules, name, sub, "**", "*.#{ext}")).sort.each do |f|
          sources << [f, name, f.delete_prefix("#{modules}/#{name}/")]
        end
      end
    end
    sources
  end

  # Writes envdir/.xpp as `puppet-parser xpp build --puppet-version <Puppet.version> envdir`
  # does (file names relative to the environment, location checks resolved from it, the rules
  # of the Puppet running), with ParseResult#to_xpp; returns {source path => .xpp path}.
  def build_xpp_tree(envdir, format: :msgpack)
    Dir.chdir(envdir) do
      xpp_sources(envdir).to_h do |path, mod, inside|
        source = File.binread(path)
        result = PuppetNativeParser.parse(source, file: path.delete_prefix("#{envdir}/"),
                                                  epp: path.end_with?(".epp"))
        bytes = result.to_xpp(format: format, modulepath: [File.join(envdir, "modules")],
                              manifest: File.join(envdir, "manifests"), puppet_version: Puppet.version)
        target = File.join(envdir, ".xpp", "modules", mod, inside.sub(/\.e?pp\z/, ".xpp"))
        FileUtils.mkdir_p(File.dirname(target))
        File.binwrite(target, bytes)
        [path, target]
      end
    end
  end

  def with_xpp_mode(mode)
    saved = ENV[PuppetNativeParser::Hook::XPP_VARIABLE]
    ENV[PuppetNativeParser::Hook::XPP_VARIABLE] = mode
    yield
  ensure
    ENV[PuppetNativeParser::Hook::XPP_VARIABLE] = saved
  end

  # [result of the block, Puppet's log messages (debug and up)] while it runs.
  def capturing_logs
    logs = []
    collector = Puppet::Test::LogCollector.new(logs)
    level = Puppet::Util::Log.level
    Puppet::Util::Log.level = :debug
    result = Puppet::Util::Log.with_destination(collector) { yield }
    [result, logs]
  ensure
    Puppet::Util::Log.level = level
  end

  # [level, message] of the hook's XPP messages about sources under dir (the catalogs also
  # load stdlib from /usr/share/puppet/modules, whose .xpp files are not built: missing).
  def xpp_messages(logs, dir)
    logs.select { |l| l.message.to_s.start_with?("puppet-native-parser: XPP_") }
        .map { |l| [l.level, l.message.to_s] }
        .select { |_, m| m.end_with?("; parsing #{dir}") || m.include?("; parsing #{dir}/") }
  end

  # The catalog's data hash (without what differs on every compilation) of envdir's
  # manifest for node_name.
  def compile(envdir, node_name)
    modulepath = [File.join(envdir, "modules"), "/usr/share/puppet/modules"]
    env = Puppet::Node::Environment.create(:production, modulepath, File.join(envdir, "manifests/site.pp"))
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

  # The paths Native.parse was called with since the example started.
  def parsed_paths
    @parsed_paths ||= []
  end

  describe "PuppetNativeParser.load_xpp" do
    it "reads back every file of the sample environment: the same model and the validator's diagnostics" do
      count = 0
      sources = xpp_sources(example_env)
      expect(sources.size).to be >= 14
      Dir.chdir(example_env) do
        sources.each do |path, _mod, _inside|
          name = path.delete_prefix("#{example_env}/")
          epp = path.end_with?(".epp")
          source = File.binread(path)
          parsed = PuppetNativeParser.parse(source, file: name, epp: epp)
          validated = PuppetNativeParser.validate(source, file: name, epp: epp,
                                                          modulepath: [File.join(example_env, "modules")],
                                                          manifest: File.join(example_env, "manifests"),
                                                          puppet_version: Puppet.version)
          %i[msgpack json].each do |format|
            bytes = parsed.to_xpp(format: format, modulepath: [File.join(example_env, "modules")],
                                  manifest: File.join(example_env, "manifests"), puppet_version: Puppet.version)
            loaded = PuppetNativeParser.load_xpp(bytes, source: source)
            expect(loaded.xpp_format).to eq(format)
            expect(loaded.model).to be_a(Puppet::Pops::Model::Program)
            expect(loaded.model).to eq(parsed.model), "#{name} (#{format})"
            expect(loaded.model.hash).to eq(parsed.model.hash)
            expect(loaded.model.locator.file).to eq(name)
            expect(loaded.model.locator.line_index).to eq(parsed.model.locator.line_index)
            expect(loaded.diagnostics.map(&:to_a)).to eq(validated.diagnostics.map(&:to_a))
            expect(loaded.file).to eq(name)
            count += 1
          end
        end
      end
      expect(count).to eq(2 * sources.size)
    end

    it "reads back a sample of the corpus into models equal to Puppet's own parser's, strings too" do
      files = Dir.glob("#{CORPUS_DIR}/**/*.pp").sort.each_slice(25).map(&:first)
      expect(files.size).to be > 50
      equal = 0
      files.each do |path|
        source = File.binread(path)
        parsed = PuppetNativeParser.parse(source, file: path)
        next if parsed.model.nil?
        loaded = PuppetNativeParser.load_xpp(parsed.to_xpp, source: source)
        ruby = ruby_program(source.dup.force_encoding(Encoding::UTF_8), path)
        expect(loaded.model).to eq(ruby), path
        expect(locs_of(loaded.model)).to eq(locs_of(ruby)), path
        # Each string frozen or not, and encoded, as Puppet's parser makes it.
        styles = objects_of(ruby).zip(objects_of(loaded.model)).filter_map { |r, o| string_style_difference(r, o) }
        expect(styles).to eq([]), path
        expect(loaded.diagnostics.count(&:error?)).to eq(loaded.xpp_header["errors"].to_i)
        equal += 1
      end
      expect(equal).to be > 50
    end

    it "writes the bytes `puppet-parser xpp build` writes (when the command is built)" do
      cli = [ENV["PUPPET_PARSER_BIN"], File.join(REPO_ROOT, "target/release/puppet-parser"),
             File.join(REPO_ROOT, "target/debug/puppet-parser")].compact.find { |f| File.executable?(f) }
      skip "no puppet-parser binary (set PUPPET_PARSER_BIN)" unless cli
      ours = File.join(Dir.mktmpdir("xpp-ours", PUPPET_SPEC_TMP), "production")
      theirs = File.join(Dir.mktmpdir("xpp-cli", PUPPET_SPEC_TMP), "production")
      FileUtils.cp_r(example_env, ours)
      FileUtils.cp_r(example_env, theirs)
      written = build_xpp_tree(ours)
      expect(system(cli, "xpp", "build", "--puppet-version", Puppet.version, theirs,
                    out: File::NULL, err: File::NULL)).to be(true)
      cli_files = Dir.glob("#{theirs}/.xpp/**/*.xpp").sort
      expect(cli_files.map { |f| f.delete_prefix(theirs) }).to eq(written.values.sort.map { |f| f.delete_prefix(ours) })
      cli_files.each do |f|
        expect(File.binread(f)).to eq(File.binread(f.sub(theirs, ours))), f
      end
    end

    it "takes a path, a Pathname or the bytes, and file: renames the Locator and the diagnostics" do
      source = "class a {\n  $x = 1\n}\nclass a {}\n"
      bytes = PuppetNativeParser.parse(source, file: "a.pp").to_xpp
      path = File.join(PUPPET_SPEC_TMP, "a.xpp")
      File.binwrite(path, bytes)
      [bytes, path, Pathname.new(path)].each do |xpp|
        loaded = PuppetNativeParser.load_xpp(xpp, source: source)
        expect(loaded.model).to eq(ruby_program(source, "a.pp"))
        expect(loaded.diagnostics.map(&:issue_code)).to eq(["DUPLICATE_DEFINITION"])
      end
      renamed = PuppetNativeParser.load_xpp(bytes, file: "/env/a.pp")
      expect(renamed.model.locator.file).to eq("/env/a.pp")
      expect(renamed.diagnostics.first.file).to eq("/env/a.pp")
      expect(renamed.file).to eq("/env/a.pp")
    end

    it "writes again the digest of the source bytes, also of a source the parser repaired" do
      [+"notice('caf\xE9')\n", +"\xEF\xBB\xBFnotice(1)\n", +"notice(1)\n"].each do |source|
        source.force_encoding(Encoding::BINARY)
        digest = Digest::SHA256.hexdigest(source)
        loaded = PuppetNativeParser.load_xpp(PuppetNativeParser.parse(source).to_xpp, source: source)
        expect(loaded.xpp_header["source-sha256"]).to eq(digest)
        expect(PuppetNativeParser.load_xpp(loaded.to_xpp).xpp_header["source-sha256"]).to eq(digest)
      end
    end

    it "keeps syntax errors (no model) and the settings in the envelope" do
      source = "class a { $x = }\n"
      result = PuppetNativeParser.parse(source, file: "e.pp")
      loaded = PuppetNativeParser.load_xpp(result.to_xpp(strict: :error), source: source)
      expect(loaded.model).to be_nil
      expect(loaded.diagnostics.map(&:to_a)).to eq(result.diagnostics.map(&:to_a))
      expect(loaded.xpp_header).to include("strict" => "error", "epp" => "false", "errors" => "1")
      epp = PuppetNativeParser.parse("<%= $x %>\n", epp: true).to_xpp(format: :json)
      expect(epp).to start_with("application/vnd.puppet.pcore+json; document-type=xpp; version=1;")
      expect(PuppetNativeParser.load_xpp(epp).xpp_header["epp"]).to eq("true")
    end

    it "refuses bad files with XppError and a stable code" do
      source = "notice('hi')\n"
      bytes = PuppetNativeParser.parse(source, file: "x.pp").to_xpp
      payload_at = bytes.index("\n\n") + 2
      flipped = bytes.dup
      flipped.setbyte(payload_at + 3, flipped.getbyte(payload_at + 3) ^ 0x20)
      cases = {
        "XPP_SOURCE_DIGEST" => [bytes, "notice('ho')\n"],
        "XPP_VERSION" => [bytes.sub("version=1", "version=2"), nil],
        "XPP_DOCUMENT_TYPE" => [bytes.sub("document-type=xpp", "document-type=pp"), nil],
        "XPP_MIME_TYPE" => [bytes.sub("pcore+msgpack", "pcore+yaml"), nil],
        "XPP_PAYLOAD_DIGEST" => [flipped, nil],
        "XPP_ENVELOPE" => ["application/vnd.puppet.pcore+msgpack; version=1".b, nil],
        "XPP_MISSING" => [File.join(PUPPET_SPEC_TMP, "none.xpp"), nil],
      }
      cases.each do |code, (xpp, src)|
        expect { PuppetNativeParser.load_xpp(xpp, source: src) }
          .to raise_error(PuppetNativeParser::XppError) { |e|
            expect(e.code).to eq(code)
            expect(e.message).not_to be_empty
          }
      end
      # A truncated payload whose digest was recomputed (as the SHA-256 payload digest of
      # files written before payload-xxh3, which the reader still checks): the reader itself
      # refuses it.
      header, payload = bytes.split("\n\n".b, 2)
      expect(header).to match(/; payload-xxh3=\h{32}\z/)
      short = payload[0...-2]
      forged = header.sub(/payload-xxh3=\h+/, "payload-sha256=#{Digest::SHA256.hexdigest(short)}") + "\n\n".b + short
      expect { PuppetNativeParser.load_xpp(forged) }
        .to raise_error(PuppetNativeParser::XppError) { |e| expect(e.code).to eq("XPP_TRUNCATED") }
      # trust: the stale source is not checked.
      expect(PuppetNativeParser.load_xpp(bytes, source: "notice('ho')\n", trust: true).model)
        .to eq(ruby_program(source, "x.pp"))
    end

    it "reads under GC.stress and from 8 threads at once (large files without the GVL)" do
      source = "class web($port = 8080) {\n  notice(\"port ${port}\")\n}\n$a = [1, 2.5, /x\\/y/, 0x1F, 9223372036854775807, 'x', true, undef]\n"
      bytes = PuppetNativeParser.parse(source, file: "web.pp").to_xpp
      model = nil
      begin
        GC.stress = true
        model = PuppetNativeParser.load_xpp(bytes, source: source).model
      ensure
        GC.stress = false
      end
      expect(model).to eq(ruby_program(source, "web.pp"))
      big_source = (1..2000).map { |i| "notice('line #{i}', [#{i}, #{i + 1}])\n" }.join
      expect(big_source.bytesize).to be > 32 * 1024
      big = PuppetNativeParser.parse(big_source, file: "big.pp").to_xpp
      expected = PuppetNativeParser.parse(big_source, file: "big.pp").to_pn
      results = Array.new(8) do |i|
        Thread.new do
          Array.new(4) { PuppetNativeParser.load_xpp(i.even? ? big : bytes, source: i.even? ? big_source : source).to_pn }
        end
      end.map(&:value)
      results.each_with_index do |pns, i|
        expect(pns.uniq).to eq([i.even? ? expected : PuppetNativeParser.parse(source).to_pn])
      end
    end

    it "checks its arguments" do
      result = PuppetNativeParser.validate("notice(1)\n")
      expect { result.to_xpp }.to raise_error(ArgumentError, /keeps no model/)
      parsed = PuppetNativeParser.parse("notice(1)\n")
      expect { parsed.to_xpp(format: :yaml) }.to raise_error(ArgumentError, /format/)
      expect { PuppetNativeParser.load_xpp(42) }.to raise_error(TypeError)
      expect { PuppetNativeParser.load_xpp(parsed.to_xpp, source: 1) }.to raise_error(TypeError)
      expect { PuppetNativeParser.load_xpp(parsed.to_xpp, trust: "yes") }.to raise_error(TypeError)
      expect(parsed.to_xpp.encoding).to eq(Encoding::BINARY)
      # What Ruby's serializer refuses too: an integer beyond 64 bits.
      expect { PuppetNativeParser.parse("$a = 99999999999999999999\n").to_xpp }
        .to raise_error(PuppetNativeParser::XppError) { |e| expect(e.code).to eq("XPP_WRITE") }
    end
  end

  describe "the hook with PUPPET_NATIVE_PARSER_XPP" do
    let(:envdir) do
      dir = File.join(Dir.mktmpdir("xpp-env", PUPPET_SPEC_TMP), "production")
      FileUtils.cp_r(example_env, dir)
      dir
    end
    let!(:xpp_files) { build_xpp_tree(envdir) }
    let(:motd) { File.join(envdir, "modules/motd/manifests/init.pp") }
    let(:motd_xpp) { xpp_files.fetch(motd) }
    let(:node_name) { "web01.example.com" }

    before do
      allow(PuppetNativeParser::Native).to receive(:parse).and_wrap_original do |original, *args|
        parsed_paths << args[1]
        original.call(*args)
      end
      allow(PuppetNativeParser::Native).to receive(:load_xpp).and_call_original
      allow_any_instance_of(PuppetNativeParser::NativeResult).to receive(:validate)
        .and_wrap_original do |original, *args|
          validated_paths << original.receiver.file_name
          original.call(*args)
        end
    end

    # The files the hook validated natively since the example started.
    def validated_paths
      @validated_paths ||= []
    end

    # The catalog from Puppet's Ruby parser, and the one with the hook in XPP mode, with the
    # XPP log messages of the latter.
    def compile_both(mode)
      ruby = with_hook(false) { compile(envdir, node_name) }
      parsed_paths.clear
      validated_paths.clear
      ours, logs = with_hook(true) { with_xpp_mode(mode) { capturing_logs { compile(envdir, node_name) } } }
      [ruby, ours, xpp_messages(logs, envdir)]
    end

    def env_paths_parsed
      parsed_paths.compact.select { |p| p.start_with?(envdir) }.uniq
    end

    it "compiles catalogs from the .xpp files equal to the catalogs from the sources, parsing none" do
      stdlib = []
      %w[web01.example.com db01.example.com other.example.com].each do |name|
        ruby = with_hook(false) { compile(envdir, name) }
        parsed_paths.clear
        ours, logs = with_hook(true) { with_xpp_mode("verify") { capturing_logs { compile(envdir, name) } } }
        expect(ours["resources"].size).to be > 5
        expect(ours).to eq(ruby)
        expect(xpp_messages(logs, envdir)).to eq([])
        expect(env_paths_parsed).to eq([])
        # Pre-validated: the hook reports the file's diagnostics, it does not validate again.
        expect(validated_paths.compact.select { |p| p.start_with?(envdir) }).to eq([])
        stdlib.concat(xpp_messages(logs, "/usr/share/puppet/modules"))
      end
      # stdlib (outside the environment, not built) is parsed, its misses logged at debug.
      expect(stdlib).not_to be_empty
      expect(stdlib).to all(match([:debug, a_string_including("XPP_MISSING", "#{envdir}/.xpp/modules/stdlib/")]))
      expect(PuppetNativeParser::Native).to have_received(:load_xpp).at_least(8).times
      # The JSON variant too, in trust mode.
      build_xpp_tree(envdir, format: :json)
      ruby, ours, messages = compile_both("trust")
      expect(ours).to eq(ruby)
      expect(messages).to eq([])
      expect(env_paths_parsed).to eq([])
    end

    it "parses everything with XPP off (the default)" do
      ruby, ours, messages = compile_both("off")
      expect(ours).to eq(ruby)
      expect(messages).to eq([])
      expect(validated_paths).to include(motd)
      expect(PuppetNativeParser::Native).not_to have_received(:load_xpp)
      expect(env_paths_parsed).to include(motd, File.join(envdir, "manifests/site.pp"))
    end

    it "reads the mode from Puppet's setting native_parser_xpp when the variable is unset" do
      File.write(motd, File.read(motd) + "# changed\n")
      expect(Puppet.settings.include?(:native_parser_xpp)).to be(true)
      Puppet[:native_parser_xpp] = "verify"
      _, ours, messages = compile_both(nil)
      expect(messages).to match([[:warning, a_string_including("XPP_STALE", motd_xpp)]])
      expect(PuppetNativeParser::Native).to have_received(:load_xpp).at_least(5).times
      _, _, messages = compile_both("trust") # the variable wins
      expect(messages).to eq([])
      expect(ours["resources"].size).to be > 5
    ensure
      Puppet[:native_parser_xpp] = "off"
    end

    it "parses a source whose .xpp is missing, logging XPP_MISSING at debug level only" do
      File.delete(motd_xpp)
      ruby, ours, messages = compile_both("verify")
      expect(ours).to eq(ruby)
      expect(messages.size).to eq(1)
      expect(messages.first[0]).to eq(:debug)
      expect(messages.first[1]).to include("XPP_MISSING", motd_xpp)
      expect(env_paths_parsed).to eq([motd])
    end

    it "parses a source whose .xpp is stale, with one XPP_STALE warning" do
      File.write(motd, File.read(motd).sub("class motd", "# changed\nclass motd"))
      ruby, ours, messages = compile_both("verify")
      expect(ours).to eq(ruby)
      expect(messages).to eq([[:warning, messages.dig(0, 1)]])
      expect(messages.first[1]).to include("XPP_STALE", motd_xpp, "source-sha256", motd)
      expect(env_paths_parsed).to eq([motd])
    end

    it "parses a source whose .xpp is corrupt, with one XPP_CORRUPT warning" do
      bytes = File.binread(motd_xpp)
      File.binwrite(motd_xpp, bytes[0...-7])
      ruby, ours, messages = compile_both("verify")
      expect(ours).to eq(ruby)
      expect(messages.size).to eq(1)
      expect(messages.first).to match([:warning, a_string_including("XPP_CORRUPT", motd_xpp, "XPP_PAYLOAD_DIGEST")])
      expect(env_paths_parsed).to eq([motd])
    end

    it "parses a source whose .xpp has another version, with one XPP_VERSION warning" do
      File.binwrite(motd_xpp, File.binread(motd_xpp).sub("version=1;", "version=7;"))
      ruby, ours, messages = compile_both("trust")
      expect(ours).to eq(ruby)
      expect(messages).to match([[:warning, a_string_including("XPP_VERSION", motd_xpp)]])
      expect(env_paths_parsed).to eq([motd])
    end

    it "parses a source whose .xpp was validated with another release's rules, with one XPP_VERSION warning" do
      bytes = File.binread(motd_xpp)
      recorded = "puppet-version=#{Puppet.version};"
      expect(bytes).to include(recorded)
      # A release with other rules than the running Puppet's: not used.
      other = Puppet.version.start_with?("7.") ? "8.28.1" : "7.23.0"
      File.binwrite(motd_xpp, bytes.sub(recorded, "puppet-version=#{other};"))
      ruby, ours, messages = compile_both("trust")
      expect(ours).to eq(ruby)
      expect(messages).to match([[:warning, a_string_including("XPP_VERSION", motd_xpp, "rules of Puppet #{other}")]])
      expect(env_paths_parsed).to eq([motd])
      # Another release with the same rules: used.
      alike = %w[7.23.0 7.28.0 8.10.0 8.27.0 8.28.1].find do |v|
        v != Puppet.version && PuppetNativeParser.release_rules(v)[1] == PuppetNativeParser.release_rules(Puppet.version)[1]
      end
      next unless alike
      File.binwrite(motd_xpp, bytes.sub(recorded, "puppet-version=#{alike};"))
      ruby, ours, messages = compile_both("trust")
      expect(ours).to eq(ruby)
      expect(messages).to eq([])
      expect(env_paths_parsed).to eq([])
    end

    it "parses a source whose .xpp was built with other settings, with one XPP_STALE warning" do
      # The files were built with the release's default strict; Puppet runs with another.
      built = default_strict
      Puppet[:strict] = built == :error ? :warning : :error
      ruby, ours, messages = compile_both("verify")
      expect(ours).to eq(ruby)
      expect(messages.size).to be >= 8
      expect(messages.map(&:first).uniq).to eq([:warning])
      expect(messages.map(&:last)).to all(include("XPP_STALE", "strict=#{built}", "strict=#{Puppet[:strict]}"))
    ensure
      Puppet[:strict] = default_strict
    end

    it "uses a stale .xpp without checking in trust mode (and not in verify mode)" do
      File.write(motd, File.read(motd).gsub("/etc/motd", "/etc/motd.changed"))
      stale, ours, messages = compile_both("trust")
      expect(messages).to eq([])
      expect(env_paths_parsed).to eq([])
      titles = ->(catalog) { catalog["resources"].map { |r| r["title"] } }
      expect(titles.call(stale)).to include("/etc/motd.changed")
      expect(titles.call(ours)).to include("/etc/motd")
      expect(titles.call(ours)).not_to include("/etc/motd.changed")
      _, verified, messages = compile_both("verify")
      expect(verified).to eq(stale)
      expect(messages).to match([[:warning, a_string_including("XPP_STALE", motd_xpp)]])
    end

    it "logs the lexer's warnings the file carries as Ruby's lexer logs them" do
      site = File.join(envdir, "manifests/site.pp")
      File.write(site, "$escaped = \"a\\d\"\n" + File.read(site))
      build_xpp_tree(envdir)
      escapes = lambda do |logs|
        logs.select { |l| l.issue_code == :UNRECOGNIZED_ESCAPE }
            .map { |l| [l.level, l.message, l.file, l.line, l.pos] }
      end
      ruby = with_hook(false) { capturing_logs { compile(envdir, node_name) } }
      parsed_paths.clear
      ours = with_hook(true) { with_xpp_mode("verify") { capturing_logs { compile(envdir, node_name) } } }
      expect(env_paths_parsed).to eq([])
      expect(escapes.call(ruby[1])).to eq([[:warning, "Unrecognized escape sequence '\\d'", site, 1, 17]])
      expect(escapes.call(ours[1])).to eq(escapes.call(ruby[1]))
      expect(ours[0]).to eq(ruby[0])
    end

    it "reports the diagnostics the .xpp carries, as Puppet reports its validator's" do
      site = File.join(envdir, "manifests/site.pp")
      valid = File.read(site)
      File.write(site, valid + "\nnode 'x.example.com' { $x = 1 = 2 }\n")
      build_xpp_tree(envdir)
      failure = lambda do
        compile(envdir, node_name)
        nil
      rescue StandardError => e
        e
      end
      ruby_error = with_hook(false) { failure.call }
      parsed_paths.clear
      xpp_error = with_hook(true) { with_xpp_mode("verify") { failure.call } }
      expect(ruby_error).to be_a(Puppet::ParseErrorWithIssue)
      expect(xpp_error).to be_a(Puppet::ParseErrorWithIssue)
      expect([xpp_error.issue_code, xpp_error.message]).to eq([ruby_error.issue_code, ruby_error.message])
      expect(env_paths_parsed).to eq([])
      # The source fixed but the .xpp not rebuilt: trust mode still reports the file's error
      # (the diagnostics come from the .xpp, the source is neither parsed nor validated).
      File.write(site, valid)
      expect(with_hook(true) { with_xpp_mode("trust") { failure.call } }.message).to eq(xpp_error.message)
      expect(with_hook(true) { with_xpp_mode("verify") { failure.call } }).to be_nil
    end
  end
end
