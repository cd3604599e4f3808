# frozen_string_literal: true

require_relative "spec_helper"
require "json"
require "open3"

# The gem's API (PuppetNativeParser.parse / .validate, ParseResult, Diagnostic) and its
# robustness: bad arguments, bad bytes, deep nesting, GC.stress, threads.
RSpec.describe PuppetNativeParser do
  let(:source) { "class web($port = 8080) {\n  notice(\"port ${port}\")\n}\n$a = [1, 2.5, /x\\/y/, 0x1F, 99999999999999999999]\n" }

  describe ".parse" do
    it "builds Puppet's own Program, equal to what Puppet's parser builds" do
      result = described_class.parse(source, file: "web.pp")
      expect(result.diagnostics).to be_empty
      expect(result.errors?).to be(false)
      model = result.model
      ruby = ruby_program(source, "web.pp")
      expect(model).to be_a(Puppet::Pops::Model::Program)
      expect(model).to eq(ruby)
      expect(model.hash).to eq(ruby.hash)
      expect(model.definitions.map(&:name)).to eq(["web"])
      expect(model.locator.file).to eq("web.pp")
      expect(model.locator.line_index).to eq(ruby.locator.line_index)
      expect(result.model).to equal(model) # built once
    end

    # Every string form, each where it is frozen or not (or US-ASCII) for Puppet's parser: the
    # corpus spec checks the same on every corpus file.
    string_forms = [
      "$a = 'sq'", '$a = "dq"', '$a = "dq ${x} tail $y {$w} ${$v} ${ $u} ${x[1]}"',
      "$a = @(E)\n  text $x ${y}\n  | E\n", "$a = @(\"E\":json)\n  {\"a\": 1}\n  | E\n",
      "$a = @(E)\n  plain\n  | E\n", "@file { 'a': ensure => present }",
      "@@file { 'b': ensure => present }", "File { mode => '0644' }", "@File { mode => '0644' }",
      "File['a'] { mode => '0644' }", "file { 'c': mode +> '0644' }",
      "class a::b($p = 1) inherits a { }", "define a::d($p) { }", "function a::f($x) { $x }",
      "type A::T = Integer", "node 'a.b', default, /x/, a.b.c, d { }", "node 1.2.3.4 { }",
      "$h = { type => 1, display-name => 2, 'k' => \"v\" }", "$r = $a =~ /ab+c/",
      "$r = $a =~ /é/", "$x = $a ? { 'a' => 1, default => 2 }", "$x = File <<| tag == 'y' |>>",
      "Package['a'] -> Service['b']", "$x = [1, 'a', \"b\", c, Integer]",
      "notice(foo, 'bar', \"baz $q\")", "$x = $a.map |$k, $v| { \"${k}=${v}\" }",
      "case $x { 'a', b: { } default: { } }", "$x = \"é ${y} ü\""
    ]

    it "makes each string frozen or not, UTF-8 or US-ASCII, as Puppet's parser makes it" do
      sources = string_forms.map { |s| [s, false] } +
                [["<%- |String $x = 'd', $y| -%>\ntext <%= $x %> <%# c %> <% $z = \"q $x\" -%>\n<%= 'sq' %>", true]]
      sources.each do |text, epp|
        ours = objects_of(described_class.parse(text, file: "s.pp", epp: epp).model)
        ruby = objects_of(ruby_program(text, "s.pp", epp: epp))
        expect(ours.size).to eq(ruby.size)
        differences = ruby.zip(ours).filter_map { |r, o| string_style_difference(r, o) }
        expect(differences).to eq([]), "#{text}: #{differences.first}"
      end
    end

    it "lets Ruby code change a double-quoted string in place, as Puppet's parser does" do
      # An ERB template doing `@x << "d"` for `$x = "abc"` works with Puppet's parser.
      model = described_class.parse("$x = \"abc\"\n$y = 'abc'\n", file: "s.pp").model
      double, single = model.body.statements.map { |s| s.right_expr.value }
      expect(double << "d").to eq("abcd")
      expect { single << "d" }.to raise_error(FrozenError)
    end

    it "sets every model object's instance variables in one step on Ruby 3.1, unless told not to" do
      described_class.require_puppet
      known, concrete = PuppetNativeParser::Native.ivar_slots
      expect(concrete).to be > 50
      fast = RUBY_VERSION.start_with?("3.1.") && !described_class.public_api.include?(:ivars)
      expect(known).to eq(fast ? concrete : 0)
    end

    it "uses Ruby's public API where PUPPET_NATIVE_PARSER_PUBLIC_API said so when it was loaded" do
      all = %i[ivars freeze hash alloc]
      expected = %w[1 all true yes on].include?(ENV.fetch("PUPPET_NATIVE_PARSER_PUBLIC_API", "").strip.downcase)
      expect(described_class.public_api?).to be(expected)
      expect(described_class.public_api).to eq(expected ? all : [])
      # Read once, at load: a change now does not switch paths under the builder.
      ENV["PUPPET_NATIVE_PARSER_PUBLIC_API"], saved = (expected ? "0" : "1"), ENV["PUPPET_NATIVE_PARSER_PUBLIC_API"]
      expect(described_class.public_api?).to be(expected)
    ensure
      ENV["PUPPET_NATIVE_PARSER_PUBLIC_API"] = saved
    end

    it "reads PUPPET_NATIVE_PARSER_PUBLIC_API at load: all, none, or some paths" do
      lib = $LOADED_FEATURES.grep(%r{/puppet_native_parser\.rb\z}).first
      ext = $LOADED_FEATURES.grep(%r{/puppet_native_parser\.(so|bundle)\z}).first
      script = "require #{lib.inspect}; p [PuppetNativeParser.public_api?, PuppetNativeParser.public_api]"
      {
        "1" => "[true, [:ivars, :freeze, :hash, :alloc]]\n", "off" => "[false, []]\n",
        "hash,freeze" => "[false, [:freeze, :hash]]\n"
      }.each do |value, printed|
        out, err, status = Open3.capture3({ "PUPPET_NATIVE_PARSER_PUBLIC_API" => value },
                                          *RUBY_COMMAND, "-I", File.dirname(File.dirname(ext)), "-e", script)
        expect([out, err, status.success?]).to eq([printed, "", true]), value
      end
      out, err, = Open3.capture3({ "PUPPET_NATIVE_PARSER_PUBLIC_API" => "hash,bogus" },
                                 *RUBY_COMMAND, "-I", File.dirname(File.dirname(ext)), "-e", script)
      expect(out).to eq("[false, [:hash]]\n")
      expect(err).to include("PUPPET_NATIVE_PARSER_PUBLIC_API: unknown bogus (ignored)")
    end

    it "gives PN and JSON as puppet parser dump does" do
      result = described_class.parse(source)
      expect(result.to_pn).to eq(ruby_pn(ruby_program(source, nil)))
      pn = Puppet::Pops::Model::PNTransformer.transform(ruby_program(source, nil))
      expect(JSON.parse(result.to_json)).to eq(pn.to_data)
      expect(result.to_pn(pretty: true)).to include("\n")
    end

    it "parses EPP templates" do
      template = "<%- | String $name | -%>\nHello <%= $name %>!\n"
      result = described_class.parse(template, file: "t.epp", epp: true)
      expect(result.model).to eq(ruby_program(template, "t.epp", epp: true))
    end

    it "knows plan and apply in tasks mode only" do
      plan = "plan p() { apply('h') { notice(1) } }\n"
      expect(described_class.parse(plan).errors?).to be(true)
      expect(described_class.parse(plan, tasks: true).errors?).to be(false)
    end

    it "reports every syntax error as a diagnostic, with no model" do
      result = described_class.parse("$x = [1\n$y = 2]\nnotice(\n", file: "bad.pp")
      expect(result.errors?).to be(true)
      expect(result.model).to be_nil
      expect(result.to_pn).to be_nil
      first = result.errors.first
      expect(first.issue_code).to eq("SYNTAX_ERROR")
      expect([first.file, first.line, first.pos, first.severity]).to eq(["bad.pp", 2, 1, :error])
      expect(first.arguments).to include(:where)
      expect(first.to_s).to match(/\ASyntax error at '\$y'.* \(file: bad\.pp, line: 2, column: 1\)\z/)
      expect(result.errors.size).to be >= 2
    end
  end

  describe ".validate" do
    it "reports Puppet's validation diagnostics and builds no model" do
      result = described_class.validate("$x = {a => 1, a => 2}\n$::y = 1\n", file: "v.pp",
                                                                          puppet_version: "7.23")
      expect(result.model).to be_nil
      expect(result.diagnostics.map { |d| [d.issue_code, d.severity, d.line, d.pos] })
        .to eq([["DUPLICATE_KEY", :warning, 1, 17], ["CROSS_SCOPE_ASSIGNMENT", :error, 2, 1]])
      expect(result.warnings.map(&:issue_code)).to eq(["DUPLICATE_KEY"])
      expect(result.diagnostics.last.message)
        .to eq("Illegal attempt to assign to '::y'. Cannot assign to variables in other namespaces")
    end

    it "follows strict" do
      dup = "$x = {a => 1, a => 2}\n"
      expect(described_class.validate(dup, strict: :off).diagnostics).to be_empty
      expect(described_class.validate(dup, strict: "error").errors.map(&:issue_code)).to eq(["DUPLICATE_KEY"])
      expect(described_class.validate(dup, strict: :warning).warnings.map(&:issue_code)).to eq(["DUPLICATE_KEY"])
    end

    it "follows the rules of a Puppet release (default: the newest known, OpenVox 8)" do
      source = "class x(Integer[0, 60*24] $a = 1) {}\n$h = {Foo=>1, 'foo'=>2}\n$k = {a => 1, a => 2}\n"
      rows = ->(result) { result.diagnostics.map { |d| [d.issue_code, d.severity, d.line, d.pos] } }
      newest = [["ILLEGAL_NONLITERAL_PARAMETER_TYPE", :deprecation, 1, 27], ["DUPLICATE_KEY", :error, 2, 20],
                ["DUPLICATE_KEY", :error, 3, 17]]
      expect(rows.call(described_class.validate(source))).to eq(newest)
      expect(rows.call(described_class.validate(source, puppet_version: "8.10.0"))).to eq(newest)
      expect(rows.call(described_class.validate(source, puppet_version: "7.23")))
        .to eq([["DUPLICATE_KEY", :warning, 3, 17]])
      expect(described_class.validate(source).diagnostics.first.message)
        .to eq("The parameter '$a' must be a literal type, not a Puppet::Pops::Model::AccessExpression")
      expect(described_class::NEWEST_PUPPET_VERSION).to eq("8.28.1")
      expect(described_class.release_rules("8")[0]).to eq("8.28.1")
      expect(described_class.release_rules("8.10.0")[1]).not_to eq(described_class.release_rules("7.23.0")[1])
      expect(described_class.release_rules("8.27.0")[1]).to eq(described_class.release_rules("8.10.0")[1])
      expect(described_class.release_rules("9.0.0")).to match([nil, /Puppet 9.0.0 is not supported/])
      expect { described_class.validate(source, puppet_version: "9.0") }.to raise_error(ArgumentError, /not supported/)
      expect { described_class.validate(source, puppet_version: 8) }.to raise_error(TypeError, /puppet_version/)
      xpp = described_class.parse(source).to_xpp(puppet_version: "7.23")
      expect(described_class.load_xpp(xpp).xpp_header).to include("puppet-version" => "7.23.0", "strict" => "warning")
    end

    it "runs the location checks with a module path" do
      Dir.mktmpdir do |dir|
        file = File.join(dir, "mymod/manifests/init.pp")
        result = described_class.validate("class other {}\n", file: file, modulepath: [dir])
        expect(result.errors.map(&:issue_code)).to eq(["ILLEGAL_DEFINITION_LOCATION"])
        expect(described_class.validate("class other {}\n", file: file).diagnostics).to be_empty
        expect(described_class.validate("class mymod {}\n", file: file, modulepath: dir).diagnostics).to be_empty
      end
    end
  end

  describe "bad arguments" do
    it "raises TypeError or ArgumentError with a clear message" do
      expect { described_class.parse(42) }.to raise_error(TypeError, "source must be a String, not Integer")
      expect { described_class.parse(nil) }.to raise_error(TypeError, /source must be a String/)
      expect { described_class.parse("", file: 1) }.to raise_error(TypeError, /file must be a String or nil/)
      expect { described_class.parse("", epp: "yes") }.to raise_error(TypeError, /epp must be true or false/)
      expect { described_class.parse("", tasks: nil) }.to raise_error(TypeError, /tasks must be true or false/)
      expect { described_class.parse("", bogus: 1) }.to raise_error(ArgumentError, /bogus/)
      expect { described_class.validate("", strict: :bogus) }.to raise_error(ArgumentError, /strict must be :off, :warning or :error/)
      expect { described_class.validate("", strict: 1) }.to raise_error(TypeError, /strict must be/)
      expect { described_class.validate("", modulepath: 5) }.to raise_error(TypeError, /modulepath must be/)
      expect { described_class.validate("", modulepath: [1]) }.to raise_error(TypeError, /modulepath entries/)
      expect { described_class.validate("", manifest: 1) }.to raise_error(TypeError, /manifest must be/)
      expect { PuppetNativeParser::Native.parse(1, nil, false, false) }.to raise_error(TypeError)
      expect { PuppetNativeParser::NativeResult.new }.to raise_error(TypeError, /allocator undefined/)
    end
  end

  describe "diagnostics" do
    it "are PuppetNativeParser::Diagnostic objects made by the extension" do
      result = described_class.validate("$x = {a => 1, a => 2}\n$::y = 1\n", file: "v.pp", puppet_version: "7.23")
      native = result.native.diagnostics
      expect(native).to all(be_a(PuppetNativeParser::Diagnostic))
      expect(native).to be_frozen
      expect(native).to all(be_frozen)
      expect(result.diagnostics).to eq(native)
      dup = native.first
      expect(dup.to_h).to eq(code: "DUPLICATE_KEY", severity: :warning,
                             message: "The key 'a' is declared more than once", file: "v.pp",
                             line: 1, column: 17, offset: 16, length: 2, arguments: { key: "a" },
                             kind: :puppet)
      expect([dup.issue_code, dup.pos]).to eq([dup.code, dup.column])
      expect(dup).to eq(PuppetNativeParser::Diagnostic.new(*dup.to_h.values))
      expect(dup).not_to eq(native.last)
      expect(dup.error?).to be(false)
      expect(native.last.error?).to be(true)
      expect(dup.to_s).to eq("The key 'a' is declared more than once (file: v.pp, line: 1, column: 17)")
    end

    it "say who found them: the parser (:syntax) or Puppet's validation (:puppet)" do
      expect(described_class.parse("$x = )\n").diagnostics.map(&:kind)).to eq([:syntax])
      expect(described_class.validate("$x = $Abc\n").diagnostics.map(&:kind)).to eq([:puppet])
    end

    it "render as puppet-parser validate --format prints them (the puppet-diagnostics renderers)" do
      result = described_class.validate("$x = $Abc\n$h = {a => 1, a => 2}\n", file: "r.pp")
      expect(result.render).to start_with("r.pp:1:6: error[ILLEGAL_VAR_NAME]: ")
      expect(result.render).to include("1 | $x = $Abc\n")
      lines = result.render(:json, name: "shown.pp").lines.map { |l| JSON.parse(l) }
      expect(lines.map { |l| [l["file"], l["issue"], l["line"], l["column"]] })
        .to eq([["shown.pp", "ILLEGAL_VAR_NAME", 1, 6], ["shown.pp", "DUPLICATE_KEY", 2, 17]])
      sarif = JSON.parse(result.render(:sarif))
      expect(sarif["runs"][0]["results"].map { |r| r["ruleId"] }).to eq(%w[ILLEGAL_VAR_NAME DUPLICATE_KEY])
      expect(result.render(:github).lines.first).to start_with("::error file=r.pp,line=1,col=6,")
      expect(JSON.parse(result.render(:codeclimate)).map { |i| i["check_name"] })
        .to eq(%w[ILLEGAL_VAR_NAME DUPLICATE_KEY])
      expect { result.render(:xml) }.to raise_error(ArgumentError, /unknown format "xml"/)
    end
  end

  describe ".format (puppet-fmt, as puppet-parser fmt formats)" do
    it "formats a manifest, and gives a formatted one back as it is" do
      out = described_class.format("file {'/x':\n      ensure=>file,\n  mode => \"0644\"}")
      expect(out).to eq("file { '/x':\n  ensure => file,\n  mode   => '0644',\n}\n")
      expect(out.encoding).to eq(Encoding::UTF_8)
      expect(described_class.format(out)).to eq(out)
    end

    it "formats only the code in an EPP template's tags" do
      expect(described_class.format("a  <%=$x%>  b\n", epp: true)).to eq("a  <%= $x %>  b\n")
    end

    it "raises FormatError with the diagnostics of a source with syntax errors" do
      expect { described_class.format("class a {\n  $x = \n", file: "b.pp") }
        .to raise_error(PuppetNativeParser::FormatError) { |e|
          expect(e.message).to start_with("not formatted: Syntax error")
          expect(e.diagnostics.map(&:code)).to all(eq("SYNTAX_ERROR"))
          expect(e.diagnostics.first.file).to eq("b.pp")
        }
      expect { described_class.format("$x = '\xff'\n".b) }.to raise_error(PuppetNativeParser::FormatError)
      expect { described_class.format(42) }.to raise_error(TypeError)
    end
  end

  describe "the .xpp of a source (puppet-workspace's rule, which xpp build writes by)" do
    it "is under ENVDIR/.xpp/modules/<module>/, nil for what xpp build does not write" do
      modules = [["/env/modules/apache", "apache"], ["/other/stdlib", "stdlib"]]
      where = ->(path) { PuppetNativeParser::Native.xpp_location("/env", modules, path) }
      expect(where.call("/env/manifests/site.pp")).to eq("/env/.xpp/modules/environment/manifests/site.xpp")
      expect(where.call("/env/modules/apache/manifests/vhost/ssl.pp"))
        .to eq("/env/.xpp/modules/apache/manifests/vhost/ssl.xpp")
      expect(where.call("/other/stdlib/templates/t.epp")).to eq("/env/.xpp/modules/stdlib/templates/t.xpp")
      expect(where.call("/other/stdlib/templates/t.pp")).to be_nil
      expect(where.call("/other/stdlib/lib/x.pp")).to be_nil
      expect(where.call("/elsewhere/x.pp")).to be_nil
    end
  end

  describe "editor positions" do
    it "convert byte offsets to 0-based lines and UTF-16, UTF-8 or character columns, and back" do
      text = "$a = 1\n$b = '\u{1D11E}' + x\n"
      result = described_class.parse(text)
      x = text.b.index("x")
      expect(result.editor_position(x)).to eq([1, 12])
      expect(result.editor_position(x, encoding: :utf32)).to eq([1, 11])
      expect(result.editor_position(x, encoding: :utf8)).to eq([1, 14])
      expect(result.editor_offset(1, 12)).to eq(x)
      expect(result.editor_offset(0, 99)).to eq(6)
      expect(result.editor_offset(7, 0)).to be_nil
      expect { result.editor_position(10_000) }.to raise_error(ArgumentError, /past the end/)
      expect { result.editor_position(0, encoding: :latin1) }.to raise_error(ArgumentError, /unknown encoding/)
    end

    it "come from NativeResult#validate as objects too (the drop-in's validation)" do
      native = described_class.parse("$x = {a => 1, a => 2}\n", file: "d.pp").native
      found = native.validate(:warning, "7.23.0", false, nil)
      expect(found.map { |d| [d.class, d.code, d.file, d.line] })
        .to eq([[PuppetNativeParser::Diagnostic, "DUPLICATE_KEY", "d.pp", 1]])
      expect(native.diagnostics).to eq(found)
    end
  end

  describe "internal errors" do
    # Native.panic panics on purpose where each catch stands: in a method's body, inside
    # rb_protect (where the builder runs), and without the GVL (where parsing runs).
    it "become PuppetNativeParser::InternalError, and Ruby goes on" do
      { "method" => "in a method", "protect" => "inside rb_protect", "nogvl" => "without the GVL" }.each do |place, text|
        expect { PuppetNativeParser::Native.panic(place) }
          .to raise_error(PuppetNativeParser::InternalError,
                          "puppet-native-parser internal error: deliberate panic #{text}")
      end
      expect(PuppetNativeParser::InternalError.ancestors).to include(PuppetNativeParser::Error, StandardError)
      expect { PuppetNativeParser::Native.panic("elsewhere") }.to raise_error(ArgumentError, /where must be/)
      expect(described_class.parse("notice(1)\n").model).to be_a(Puppet::Pops::Model::Program)
    end
  end

  describe "bad bytes" do
    it "reports invalid UTF-8 at the first bad byte and parses the valid prefix" do
      result = described_class.parse("$x = 1\n$y = 'a\xFF'\n".b)
      codes = result.errors.map(&:issue_code)
      expect(codes).to include("INVALID_UTF8")
      bad = result.errors.find { |d| d.issue_code == "INVALID_UTF8" }
      expect([bad.offset, bad.line]).to eq([14, 2])
      expect(result.model).to be_nil
    end

    it "reports byte order marks as Puppet does" do
      utf8 = described_class.parse("\xEF\xBB\xBF$x = 1\n".b)
      expect(utf8.errors.map(&:issue_code)).to eq(["ILLEGAL_BOM"])
      expect(utf8.errors.first.message).to eq(
        "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source"
      )
      utf16 = described_class.parse("\xFF\xFE$\x00x\x00".b)
      expect(utf16.errors.first.message).to start_with("Illegal UTF-16 Byte Order mark")
    end

    it "accepts strings in any encoding (their bytes are parsed)" do
      expect(described_class.parse("$x = 1\n".encode("US-ASCII")).model).to be_a(Puppet::Pops::Model::Program)
      expect(described_class.parse("$x = 'é'\n".b).model.body.right_expr.value).to eq("é")
    end
  end

  describe "deep nesting" do
    it "reports 100,000 levels as a diagnostic, without crashing" do
      depth = 100_000
      result = described_class.parse("$x = #{'[' * depth}#{']' * depth}\n")
      expect(result.errors.map(&:issue_code)).to include("NESTING_TOO_DEEP")
      expect(result.model).to be_nil
      hook = with_hook(true) { Puppet::Pops::Parser::Parser.new.parse_string("#{'(' * depth}1#{')' * depth}") rescue $! }
      expect(hook).to be_a(Puppet::ParseErrorWithIssue)
    end

    it "builds a model 5,000 levels deep (Ruby's own parser overflows at about 1,000)" do
      depth = 5_000
      model = described_class.parse("$x = #{'[' * depth}#{']' * depth}\n").model
      node = model.body.right_expr
      levels = 0
      while node.is_a?(Puppet::Pops::Model::LiteralList)
        levels += 1
        node = node.values.first
      end
      expect(levels).to eq(depth)
    end
  end

  describe "GC safety" do
    it "builds correct models under GC.stress" do
      # Every allocation runs a full GC: a snippet with every kind of attribute value, and the
      # smallest corpus manifest above 300 bytes.
      corpus = Dir.glob("#{CORPUS_DIR}/*/manifests/**/*.pp").select { |f| File.size(f) >= 300 }.min_by { |f| [File.size(f), f] }
      [[source, "snippet.pp"], [File.read(corpus), corpus]].each do |text, file|
        expected = ruby_program(text, file)
        model = nil
        begin
          GC.stress = true
          model = described_class.parse(text, file: file).model
        ensure
          GC.stress = false
        end
        GC.start
        expect(model).to eq(expected), file
        expect(ruby_pn(model)).to eq(ruby_pn(expected))
        expect(locs_of(model)).to eq(locs_of(expected))
      end
    end
  end

  describe "memory" do
    # A result's Rust memory (the model's arenas, the source) is invisible to Ruby, which only
    # sees the small object that wraps it; the extension reports it to Ruby's collector.
    let(:big) { "$x = [#{(1..40_000).map { |i| "'v#{i}'" }.join(', ')}]\n" }

    it "reports what a result holds to Ruby's garbage collector" do
      source = big # made before the count is taken: building it allocates too
      GC.disable
      before = GC.stat(:malloc_increase_bytes)
      result = described_class.parse(source)
      grown = GC.stat(:malloc_increase_bytes) - before
      expect(result.errors?).to be(false)
      # The source and the model: about 6.7 times the source here.
      expect(grown).to be >= 4 * source.bytesize
    ensure
      GC.enable
    end

    it "lets Ruby collect results that are dropped, in a loop of parses" do
      GC.start
      before = GC.count
      # 60 parses holding 2.6 MB each: Ruby's malloc limit (16 to 32 MB) is passed five to
      # nine times. Without the report, the few small Ruby objects of these calls started no
      # collection, and each dropped result stayed in memory until one came.
      60.times { described_class.parse(big) }
      expect(GC.count - before).to be >= 3
    end

    it "is let go by the drop-in once Puppet has the program and its diagnostics" do
      with_hook(true) do
        factory = Puppet::Pops::Parser::Parser.new.parse_string("notice(1)\n", "m.pp")
        expect(factory.instance_variable_defined?(:@puppet_native_result)).to be(true)
        Puppet::Pops::Parser::EvaluatingParser.new.assert_and_report(factory, "m.pp")
        expect(factory.instance_variable_defined?(:@puppet_native_result)).to be(false)
        expect(factory.model).to be_a(Puppet::Pops::Model::Program)
      end
      native = described_class.parse("notice(1)\n").native
      native.release_model
      expect(native.model?).to be(false)
      expect(native.diagnostics).to eq([])
    end
  end

  describe "threads" do
    it "parses from 8 Ruby threads at once, with the same results" do
      files = Dir.glob("#{CORPUS_DIR}/*/manifests/**/*.pp").sort.first(160)
      sources = files.to_h { |f| [f, File.binread(f)] }
      expected = sources.to_h { |f, s| [f, described_class.parse(s, file: f).to_pn] }
      big = "#{'notice(1)' * 5000}\n" # above the size at which the GVL is released
      results = Array.new(8) do |i|
        Thread.new do
          mine = {}
          sources.each_with_index do |(f, s), j|
            next unless j % 8 == i || j % 3 == 0
            r = described_class.parse(s, file: f)
            mine[f] = r.to_pn
            r.model if j % 5 == 0
          end
          described_class.validate(big)
          mine
        end
      end.map(&:value)
      results.each do |mine|
        mine.each { |f, pn| expect(pn).to eq(expected[f]), f }
      end
      expect(results.sum(&:size)).to be >= files.size
    end
  end
end
