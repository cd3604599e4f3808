# frozen_string_literal: true

require_relative "spec_helper"

# PuppetNativeParser.lint, .lint_fix and .lint_checks: puppet-lint's checks (the puppet-lint
# crate, as `puppet-parser lint` runs them) from Ruby.
RSpec.describe "PuppetNativeParser.lint" do
  let(:api) { PuppetNativeParser }
  let(:source) do
    "file { '/x': ensure => present }  \n" \
      "# lint:ignore:trailing_whitespace old code\n" \
      "$a = 1 \n" \
      "# lint:endignore\n"
  end

  # The source with the edits of one fix applied (from the last to the first).
  def apply(text, fix)
    out = text.b
    fix.reverse_each { |offset, length, new| out[offset, length] = new.b }
    out.force_encoding(Encoding::UTF_8)
  end

  describe ".lint" do
    it "gives puppet-lint's problems as frozen LintProblems, with kinds, positions and fixes" do
      problems = api.lint(source, file: "init.pp")
      expect(problems).to be_frozen
      expect(problems).to all(be_a(PuppetNativeParser::LintProblem))
      expect(problems).to all(be_frozen)

      ensure_problem = problems.find { |p| p.check == "file_ensure" }
      expect(ensure_problem.to_h).to eq(
        check: "file_ensure", kind: :warning, line: 1, column: 24, offset: 23, length: 7,
        message: "ensure set to present on file resource", reason: nil, fix: [[23, 7, "file"]]
      )
      expect(ensure_problem.error?).to be(false)
      expect(ensure_problem.to_s).to eq("WARNING: ensure set to present on file resource on line 1 (file_ensure)")
      expect(apply(source, ensure_problem.fix)).to start_with("file { '/x': ensure => file }  \n")
      expect(ensure_problem.fix).to be_frozen
      expect(ensure_problem.message).to be_frozen

      blanks = problems.select { |p| p.check == "trailing_whitespace" }
      expect(blanks.map { |p| [p.line, p.kind, p.reason] })
        .to eq([[1, :error, nil], [3, :ignored, "old code"]])
      expect(blanks[0].error?).to be(true)
      expect(blanks[1].ignored?).to be(true)
      expect(apply(source, blanks[0].fix)).to start_with("file { '/x': ensure => present }\n#")
      expect(api.lint("notice('hi')\n")).to eq([])
      expect(api.lint("")).to eq([])
    end

    it "runs the defaults, every check with all:, only those of only:, and enable: and disable:" do
      long = "$a = '#{'x' * 90}'\n"
      checks = ->(problems) { problems.map(&:check).uniq }
      expect(checks.call(api.lint(long))).not_to include("80chars")
      expect(checks.call(api.lint(long, all: true))).to include("80chars")
      expect(checks.call(api.lint(long, enable: ["80chars"]))).to include("80chars")
      expect(checks.call(api.lint(long, enable: :"80chars"))).to include("80chars")
      expect(checks.call(api.lint(long, all: true, disable: %w[80chars]))).not_to include("80chars")
      expect(checks.call(api.lint("$a = 1  \n#{long}", only: %i[80chars trailing_whitespace])))
        .to eq(%w[80chars trailing_whitespace])
      expect(api.lint("$a = 1  \n", only: [])).to eq([])
      expect(checks.call(api.lint("$a = 1  \n", disable: ["trailing_whitespace"]))).not_to include("trailing_whitespace")
    end

    it "reports each syntax error of a source that does not parse as a problem of check syntax" do
      problems = api.lint("class a {\n  $x = \n", file: "b.pp")
      expect(problems).not_to be_empty
      expect(problems.map(&:check)).to all(eq("syntax"))
      expect(problems.map(&:kind)).to all(eq(:error))
      expect(problems.first.message).to start_with("Syntax error")
      expect(problems.first.fix).to be_nil
      invalid = api.lint("$x = '\xff'\n".b)
      expect(invalid).not_to be_empty
      expect(invalid.map(&:check)).to all(eq("syntax"))
    end

    it "lints EPP templates with epp: true or a file name ending in .epp" do
      template = "<% $x = 1 %>text  \n<%= $x %>\n"
      expect(api.lint(template).map(&:check)).to include("syntax")
      expect(api.lint(template, epp: true).map(&:check)).not_to include("syntax")
      expect(api.lint(template, file: "t.epp").map(&:check)).not_to include("syntax")
    end

    it "raises ArgumentError for an unknown check and TypeError for bad arguments" do
      expect { api.lint("", only: ["no_such_check"]) }
        .to raise_error(ArgumentError, /unknown check 'no_such_check'/)
      expect { api.lint("", enable: ["bogus"]) }.to raise_error(ArgumentError, /'bogus'/)
      expect { api.lint("", disable: ["bogus"]) }.to raise_error(ArgumentError, /'bogus'/)
      expect { api.lint("", only: ["80chars"], all: true) }.to raise_error(ArgumentError, /only: and all:/)
      expect { api.lint(42) }.to raise_error(TypeError, /source must be a String/)
      expect { api.lint("", file: 1) }.to raise_error(TypeError, /file must be a String or nil/)
      expect { api.lint("", epp: "yes") }.to raise_error(TypeError, /epp must be true or false/)
      expect { api.lint("", all: nil) }.to raise_error(TypeError, /all must be true or false/)
      expect { api.lint("", only: 1) }.to raise_error(TypeError, /only must be an Array/)
      expect { api.lint("", enable: [1]) }.to raise_error(TypeError, /a check name must be/)
      expect { api.lint("", bogus: 1) }.to raise_error(ArgumentError, /bogus/)
    end

    it "gives the same problems from several threads, for sources large enough to release the GVL" do
      big = "class big {\n#{(1..2000).map { |i| "  file { '/f#{i}': ensure => present }  \n" }.join}}\n"
      expect(big.bytesize).to be > 64 * 1024
      expected = api.lint(big).map(&:to_h)
      expect(expected.size).to be >= 4000
      results = Array.new(4) { Thread.new { api.lint(big).map(&:to_h) } }.map(&:value)
      expect(results).to all(eq(expected))
    end
  end

  describe ".lint_fix" do
    it "gives the text puppet-parser lint --fix writes, and a clean text back as it is" do
      fixed = api.lint_fix("file { '/x':\n  ensure => present\n}  \n", file: "init.pp")
      expect(fixed).to eq("file { '/x':\n  ensure => file,\n}\n")
      expect(fixed.encoding).to eq(Encoding::UTF_8)
      expect(api.lint_fix(fixed)).to eq(fixed)
      expect(api.lint_fix("")).to eq("")
      expect(api.lint_fix("file { '/x':\n  ensure => present\n}  \n", only: ["trailing_whitespace"]))
        .to eq("file { '/x':\n  ensure => present\n}\n")
      ignoring = "# lint:ignore:trailing_whitespace\n$a = 1  \n# lint:endignore\n$b = 2  \n"
      expect(api.lint_fix(ignoring, only: ["trailing_whitespace"]))
        .to eq("# lint:ignore:trailing_whitespace\n$a = 1  \n# lint:endignore\n$b = 2\n")
    end

    it "leaves an EPP template's text alone" do
      template = "<% $x = 1 %>text  \n<%= $x %>\n"
      expect(api.lint_fix(template, epp: true)).to eq(template)
      expect(api.lint_fix(template, file: "t.epp")).to eq(template)
    end

    it "raises LintError with the diagnostics of a source with syntax errors" do
      expect { api.lint_fix("class a {\n  $x = \n", file: "b.pp") }
        .to raise_error(PuppetNativeParser::LintError) { |e|
          expect(e.message).to start_with("not fixed: Syntax error")
          expect(e.diagnostics.map(&:code)).to all(eq("SYNTAX_ERROR"))
          expect(e.diagnostics.first.file).to eq("b.pp")
        }
      expect { api.lint_fix("$x = '\xff'\n".b) }.to raise_error(PuppetNativeParser::LintError)
      expect { api.lint_fix("<% $x = 1 %>\n") }.to raise_error(PuppetNativeParser::LintError)
      expect { api.lint_fix("$x = 1\n", only: ["bogus"]) }.to raise_error(ArgumentError, /'bogus'/)
      expect { api.lint_fix(42) }.to raise_error(TypeError)
    end
  end

  describe ".lint_checks" do
    it "lists every check with whether it runs by default, each a name .lint takes" do
      checks = api.lint_checks
      expect(checks).to be_frozen
      expect(checks.size).to be > 10
      expect(checks).to include("trailing_whitespace" => true, "80chars" => false, "140chars" => true)
      checks.each_key do |name|
        expect { api.lint("$a = 1\n", only: [name]) }.not_to raise_error
      end
      expect(api.lint("$a = '#{'x' * 150}'  \n", all: true).map(&:check).uniq - checks.keys).to eq([])
    end
  end
end
