# frozen_string_literal: true

# The gem's speed against Ruby Puppet, all in this one Ruby process, files read beforehand,
# each file handled separately; the best of interleaved rounds for each (Ruby's own runs and the
# floor: ITER rounds, default 3; the native runs: NATIVE_ITER, default 30 and at least ITER):
#   validate  PuppetNativeParser.validate          vs EvaluatingParser#parse_string (parse +
#                                                     validate; the EPP parser for .epp)
#   model     PuppetNativeParser.parse(...).model  vs Parser#parse_string(...).model
#   xpp       PuppetNativeParser.load_xpp(msgpack, source: src).model (verify: the source
#             digest checked) and with trust: true, vs PuppetNativeParser.parse(...).model plus
#             the hook's native validation (what the drop-in does without XPP; on both sides
#             the native model is then released, as the drop-in releases it), and vs Ruby
#             Puppet's own Pcore Deserializer reading the JSON variant's payload (the Program);
#             and, to see where the time goes, load_xpp without building the Ruby model
#   floor     Ruby calling Class.new for every model object the corpus has, with the same
#             arguments (prepared beforehand): the least any builder of these objects through
#             their initialize can cost, and how close the native build is to it; and Ruby
#             only allocating as many objects (Class.allocate, no instance variables)
#
# With --build-only, only the native model's build: the best of NATIVE_ITER rounds of
# PuppetNativeParser.parse(...).model over the corpus and of the parse alone (the native result,
# no Ruby model), printed as one line `build: PATHS MODEL_S PARSE_S` (PATHS: the builder's paths
# switched to Ruby's public API, PuppetNativeParser.public_api, or `none`); scripts/bench-ruby
# runs it once per PUPPET_NATIVE_PARSER_PUBLIC_API value and compares.
# usage: ruby scripts/bench-ruby.rb [--build-only] [CORPUS_DIR]   (run by scripts/bench-ruby)
require "puppet"
require "tmpdir"
require "fileutils"
require "puppet_native_parser"

tmp = Dir.mktmpdir("bench-ruby")
at_exit { FileUtils.remove_entry(tmp) }
Puppet.initialize_settings(["--confdir", File.join(tmp, "conf"), "--vardir", File.join(tmp, "var")])
build_only = !ARGV.delete("--build-only").nil?
corpus = ARGV[0] || "/usr/share/puppet/modules.available"
iterations = [(ENV["ITER"] || 3).to_i, 1].max
# The native runs take a tenth of a second each, Ruby's seconds: the native ones get more
# interleaved rounds (their best is what is compared, and a shared machine moves it by several
# percent from round to round).
native_iterations = [(ENV["NATIVE_ITER"] || 30).to_i, iterations].max

files = Dir.glob("#{corpus}/**/*.{pp,epp}").select { |f| File.file?(f) }.sort
           .map { |f| [f, File.read(f, mode: "rb:utf-8"), f.end_with?(".epp")] }
bytes = files.sum { |_, s, _| s.bytesize }

# One timed run of the block (after a full GC), in seconds.
def timed
  GC.start
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  yield
  Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0
end

if build_only
  PuppetNativeParser.require_puppet
  best = Hash.new(Float::INFINITY)
  native_iterations.times do
    parse = timed { files.each { |f, src, epp| PuppetNativeParser.parse(src, file: f, epp: epp).native } }
    model = timed { files.each { |f, src, epp| PuppetNativeParser.parse(src, file: f, epp: epp).model } }
    best[:parse] = [best[:parse], parse].min
    best[:model] = [best[:model], model].min
  end
  paths = PuppetNativeParser.public_api
  puts format("build: %s %.6f %.6f", paths.empty? ? "none" : paths.join(","), best[:model], best[:parse])
  exit
end

env = Puppet::Node::Environment.create(:bench, [])
objects = 0
xpp_bytes = json_bytes = xpp_count = 0
runs = Hash.new { |h, k| h[k] = [] }
Puppet.override(current_environment: env, loaders: Puppet::Pops::Loaders.new(env)) do
  # The floor: every model object's Class.new call, arguments prepared beforehand (children are
  # the already built objects, as in a bottom-up build).
  calls = []
  files.each do |f, src, epp|
    program = PuppetNativeParser.parse(src, file: f, epp: epp).model or next
    all = [program]
    program._pcore_all_contents([]) { |o| all << o unless o.is_a?(Puppet::Pops::Parser::Locator::AbstractLocator) }
    all.reverse_each do |o|
      names = o.class.instance_method(:initialize).parameters.map { |_, name| name }
      calls << [o.class, names.map { |n| o.instance_variable_get(:"@#{n}") }]
    end
  end
  objects = calls.size

  # The XPP files of every source (what `puppet-parser xpp build` writes), made beforehand.
  # (A source that cannot be written, e.g. an integer beyond 64 bits, is left out.)
  xpps = files.filter_map do |f, src, epp|
    result = PuppetNativeParser.parse(src, file: f, epp: epp)
    json = result.to_xpp(format: :json, puppet_version: Puppet.version)
    [f, src, epp, result.to_xpp, json.byteslice((json.index("\n\n") + 2)..)]
  rescue PuppetNativeParser::XppError
    nil
  end
  xpp_count = xpps.size
  xpp_bytes = xpps.sum { |x| x[3].bytesize }
  json_bytes = xpps.sum { |x| x[4].bytesize }
  deserializer_loader = Puppet.lookup(:loaders).find_loader(nil)

  # The runs are interleaved (one of each per round, best of the rounds), so that a change of
  # the machine's load during the benchmark does not favour one side.
  native_iterations.times do |round|
    # Ruby's own runs (seconds each) in the first `iterations` rounds only.
    ruby_round = round < iterations
    if ruby_round
      runs[:ruby_validate] << timed do
        files.each do |f, src, epp|
          parser = epp ? Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new : Puppet::Pops::Parser::EvaluatingParser.new
          begin
            parser.parse_string(src, f)
          rescue Puppet::ParseError
            nil
          end
        end
      end
    end
    runs[:native_validate] << timed do
      files.each { |f, src, epp| PuppetNativeParser.validate(src, file: f, epp: epp, puppet_version: Puppet.version) }
    end
    if ruby_round
      runs[:ruby_model] << timed do
        files.each do |f, src, epp|
          (epp ? Puppet::Pops::Parser::EppParser.new : Puppet::Pops::Parser::Parser.new).parse_string(src, f).model
        rescue Puppet::ParseError
          nil
        end
      end
    end
    runs[:native_model] << timed do
      files.each { |f, src, epp| PuppetNativeParser.parse(src, file: f, epp: epp).model }
    end
    # Both sides as the drop-in does them: the Ruby model, the diagnostics, then the native
    # model let go (release_model) rather than left to Ruby's collector.
    runs[:native_parse_validate] << timed do
      xpps.each do |f, src, epp, _, _|
        result = PuppetNativeParser.parse(src, file: f, epp: epp)
        result.model
        result.native.validate(:warning, Puppet.version, false, nil)
        result.native.release_model
      end
    end
    runs[:xpp_verify] << timed do
      xpps.each do |_, src, _, xpp, _|
        result = PuppetNativeParser.load_xpp(xpp, source: src)
        result.model
        result.native.release_model
      end
    end
    runs[:xpp_trust] << timed do
      xpps.each do |_, _, _, xpp, _|
        result = PuppetNativeParser.load_xpp(xpp, trust: true)
        result.model
        result.native.release_model
      end
    end
    runs[:xpp_decode] << timed do
      xpps.each { |_, _, _, xpp, _| PuppetNativeParser.load_xpp(xpp, trust: true) }
    end
    runs[:xpp_decode_verify] << timed do
      xpps.each { |_, src, _, xpp, _| PuppetNativeParser.load_xpp(xpp, source: src) }
    end
    runs[:native_parse_validate_only] << timed do
      xpps.each do |f, src, epp, _, _|
        PuppetNativeParser.parse(src, file: f, epp: epp).native.validate(:warning, Puppet.version, false, nil)
      end
    end
    if ruby_round
      runs[:ruby_deserialize] << timed do
        xpps.each do |_, _, _, _, payload|
          reader = Puppet::Pops::Serialization::JSON::Reader.new(payload)
          Puppet::Pops::Serialization::Deserializer.new(reader, deserializer_loader).read
        end
      end
      runs[:floor] << timed { calls.each { |klass, args| klass.new(*args) } }
      runs[:allocate] << timed { calls.each { |klass, _| klass.allocate } }
    end
  end
end
results = runs.transform_values(&:min)

mb = bytes / 1e6
line = ->(label, seconds) { format("  %-44s %8.3f s  %7.2f MB/s", label, seconds, mb / seconds) }
puts "corpus: #{files.size} files, #{format('%.2f', mb)} MB, #{objects} model objects; best of #{native_iterations} interleaved rounds " \
     "(Ruby's own runs and the floor: #{iterations}), one Ruby process"
puts line.call("Ruby EvaluatingParser#parse_string", results[:ruby_validate])
puts line.call("PuppetNativeParser.validate", results[:native_validate])
puts format("  validate: native is %.1fx Ruby (target >= 40x)", results[:ruby_validate] / results[:native_validate])
puts line.call("Ruby Parser#parse_string(...).model", results[:ruby_model])
puts line.call("PuppetNativeParser.parse(...).model", results[:native_model])
puts format("  model: native is %.1fx Ruby (target >= 10x)", results[:ruby_model] / results[:native_model])
puts line.call("floor: Class.new for each object (Ruby)", results[:floor])
puts line.call("Class.allocate for each object (Ruby)", results[:allocate])
puts format("  model: native parse + build takes %.2fx the floor (%.0f ns per object; the floor %.0f ns)",
            results[:native_model] / results[:floor], results[:native_model] / objects * 1e9,
            results[:floor] / objects * 1e9)
puts format("  model: native parse + build takes %.2fx Ruby's allocation alone (%.0f ns per object)",
            results[:native_model] / results[:allocate], results[:allocate] / objects * 1e9)
puts format("xpp: %d files (%d cannot be written), msgpack XPP %.2f MB (%.2fx the sources), JSON payloads %.2f MB",
            xpp_count, files.size - xpp_count, xpp_bytes / 1e6, xpp_bytes.to_f / bytes, json_bytes / 1e6)
puts line.call("PuppetNativeParser.parse(...).model + validate", results[:native_parse_validate])
puts line.call("load_xpp(msgpack, source:).model (verify)", results[:xpp_verify])
puts line.call("load_xpp(msgpack, trust: true).model (trust)", results[:xpp_trust])
puts line.call("Ruby Deserializer, JSON payload (Program)", results[:ruby_deserialize])
puts format("  xpp: load_xpp (verify) is %.2fx parse + validate + build (target >= 1.2x); trust: %.2fx",
            results[:native_parse_validate] / results[:xpp_verify],
            results[:native_parse_validate] / results[:xpp_trust])
puts format("  xpp: load_xpp (verify) is %.1fx Ruby's Deserializer on JSON (target >= 50x); trust: %.1fx",
            results[:ruby_deserialize] / results[:xpp_verify], results[:ruby_deserialize] / results[:xpp_trust])
puts format("  xpp: the source digest check costs %.1f ms (load_xpp without the model: verify %.1f ms, " \
            "trust %.1f ms), %.1f%% of verify with the model",
            (results[:xpp_decode_verify] - results[:xpp_decode]) * 1e3, results[:xpp_decode_verify] * 1e3,
            results[:xpp_decode] * 1e3,
            (results[:xpp_decode_verify] - results[:xpp_decode]) / results[:xpp_verify] * 100)
puts format("  where the time goes: load_xpp without the Ruby model %.1f ms (Rust: digest + decode), " \
            "so the model build %.1f ms; parse + validate without the model %.1f ms, so its build %.1f ms",
            results[:xpp_decode] * 1e3, (results[:xpp_trust] - results[:xpp_decode]) * 1e3,
            results[:native_parse_validate_only] * 1e3,
            (results[:native_parse_validate] - results[:native_parse_validate_only]) * 1e3)

# The ratios above as rows for target/bench/ruby.json (scripts/bench-ruby sets BENCH_ROWS; see
# scripts/bench_json.py): id, what, ours, theirs, unit, ratio, target.
if ENV["BENCH_ROWS"]
  File.open(ENV["BENCH_ROWS"], "a") do |f|
    f.puts "#note\tcorpus: #{files.size} files, #{format('%.2f', mb)} MB, #{objects} model objects; in one Ruby process, " \
           "best of #{native_iterations} interleaved rounds (Ruby's own runs and the floor: #{iterations})"
    row = ->(id, what, ours, theirs, ratio, target = nil) { f.puts [id, what, ours, theirs, "s", ratio, target].join("\t") }
    row.("validate", "`PuppetNativeParser.validate` against Ruby's `EvaluatingParser#parse_string` (parse + validate)",
         results[:native_validate], results[:ruby_validate], results[:ruby_validate] / results[:native_validate], ">= 40")
    row.("model", "`PuppetNativeParser.parse(...).model` against Ruby's `Parser#parse_string(...).model`",
         results[:native_model], results[:ruby_model], results[:ruby_model] / results[:native_model], ">= 10")
    row.("model-vs-floor", "the native model's parse + build against the floor, Ruby's `Class.new` for each object " \
         "(how many times the floor it takes)", results[:native_model], results[:floor], results[:native_model] / results[:floor])
    row.("xpp-verify-vs-parse", "`load_xpp(msgpack, source:).model` (verify) against native parse + validate + build",
         results[:xpp_verify], results[:native_parse_validate], results[:native_parse_validate] / results[:xpp_verify], ">= 1.2")
    row.("xpp-trust-vs-parse", "`load_xpp(msgpack, trust: true).model` against native parse + validate + build",
         results[:xpp_trust], results[:native_parse_validate], results[:native_parse_validate] / results[:xpp_trust])
    row.("xpp-verify-vs-deserializer", "`load_xpp(msgpack, source:).model` (verify) against Ruby's Pcore Deserializer on the JSON payloads",
         results[:xpp_verify], results[:ruby_deserialize], results[:ruby_deserialize] / results[:xpp_verify], ">= 50")
  end
end
