# frozen_string_literal: true

require_relative "spec_helper"

# Model parity on the whole Debian corpus: for every .pp and .epp file, the Program that
# PuppetNativeParser.parse(...).model builds must be what Puppet's own parser builds: `==`,
# `eql?` and `hash`; the same classes, instance variables (in order) and @hash on every object; PN (ours,
# and Ruby's transformer run on our objects); class/offset/length of every node in
# _pcore_all_contents order; definitions; one shared Locator with Puppet's file, text and line
# index; every String attribute frozen or not, and in the encoding, as Ruby's parser makes it
# (Ruby code given a model string, such as an ERB template, may change it in place). Where Ruby
# rejects a file, we must report an error and build no model.
RSpec.describe "corpus model parity" do
  files = Dir.glob("#{CORPUS_DIR}/**/*.{pp,epp}").reject { |f| File.directory?(f) }.sort

  it "finds the Debian corpus" do
    expect(files.size).to be > 1000
  end

  # Compares one file; returns nil when equal, else what differs.
  def compare(file)
    epp = file.end_with?(".epp")
    bytes = File.binread(file)
    native = PuppetNativeParser.parse(bytes, file: file, epp: epp)
    source = bytes.dup.force_encoding(Encoding::UTF_8)
    begin
      ruby = ruby_program(source, file, epp: epp)
    rescue Puppet::ParseError, ArgumentError => e
      return native.errors? ? :both_rejected : "Ruby raised #{e.class}: #{e.message}; we found no error"
    end
    return "we reported #{native.errors.first}; Ruby parsed it" if native.errors?
    ours = native.model
    problems = []
    problems << "== / eql? differ" unless ours == ruby && ours.eql?(ruby)
    problems << "hash differs" unless ours.hash == ruby.hash
    ruby_objects = objects_of(ruby)
    our_objects = objects_of(ours)
    if ruby_objects.size != our_objects.size
      problems << "#{our_objects.size} objects, Ruby #{ruby_objects.size}"
    else
      ruby_objects.zip(our_objects).each do |r, o|
        next if r.instance_of?(o.class) && r.instance_variables == o.instance_variables &&
                r.hash == o.hash
        problems << "object differs: #{o.class} #{o.instance_variables} vs Ruby #{r.class} #{r.instance_variables}"
        break
      end
      style = ruby_objects.zip(our_objects).lazy.map { |r, o| string_style_difference(r, o) }.find(&:itself)
      problems << style if style
    end
    problems << "locs differ" unless locs_of(ours) == locs_of(ruby) && native.locs == locs_of(ruby)
    ruby_definitions = ruby.definitions.map { |d| [d.class, d.offset, d.length] }
    problems << "definitions differ" unless ours.definitions.map { |d| [d.class, d.offset, d.length] } == ruby_definitions
    unless ours.definitions.all? { |d| our_objects.any? { |o| o.equal?(d) } }
      problems << "definitions are not the contained objects"
    end
    locator = ours.locator
    unless locator.class == ruby.locator.class && locator.file == ruby.locator.file &&
           locator.string == ruby.locator.string && locator.line_index == ruby.locator.line_index
      problems << "locator differs"
    end
    unless our_objects.drop(1).all? { |o| !o.respond_to?(:locator) || o.locator.equal?(locator) }
      problems << "nodes do not share the Program's locator"
    end
    pn = ruby_pn(ruby)
    @ruby_pn_crashes += 1 if pn.start_with?("crash: ")
    problems << "PN of our objects differs" unless ruby_pn(ours) == pn
    problems << "our PN differs" unless pn.start_with?("crash: ") || native.to_pn == pn
    problems.empty? ? nil : problems.join("; ")
  end

  it "builds Puppet's model for every file" do
    failures = []
    counts = Hash.new(0)
    @ruby_pn_crashes = 0
    Puppet.override(current_environment: empty_environment) do
      files.each do |file|
        outcome = compare(file)
        case outcome
        when nil then counts[:equal] += 1
        when :both_rejected then counts[:both_rejected] += 1
        else
          counts[:differ] += 1
          failures << "#{file}: #{outcome}"
        end
      end
    end
    puts "\ncorpus model parity: #{files.size} files, #{counts[:equal]} equal models, " \
         "#{counts[:both_rejected]} rejected by both, #{counts[:differ]} differ " \
         "(Ruby's PN transformer crashed on #{@ruby_pn_crashes})"
    expect(failures).to be_empty, failures.first(20).join("\n")
    # The PN comparison is not vacuous: Ruby's transformer crashes only on rare constructs.
    expect(@ruby_pn_crashes).to be < files.size / 20
  end
end
