# Ruby Puppet 7.23's own Pcore deserializer reading our XPP JSON payloads back, in ONE Ruby
# process (puppet-syntax/tests/differential/xpp_ruby_reads.rs).
#
# usage: ruby scripts/oracle/pcore_deserialize.rb < LIST
#        LIST: one line per payload, "PAYLOAD_FILE<TAB>NAME"
#
# Reads the first value of each payload (the Program) with
# `Serialization::Deserializer.new(JSON::Reader.new(json), loader)` inside a
# `Puppet.override(loaders: ...)` context (without it Ruby builds anonymous classes), and writes
# one JSON object per line, in input order:
#   name    as given
#   class   the Ruby class of what was read (Puppet::Pops::Model::Program)
#   pn      PNTransformer.transform(program).format, or pn_crash "Class: message"
#   locs    [class, offset, length] of every positioned node, _pcore_all_contents pre-order
#   error   instead of the above, "Class: message" when reading raised
require 'puppet'
require 'json'
require 'puppet/pops/pn'

Puppet.initialize_settings([]) rescue nil
env = Puppet::Node::Environment.create(:xpp_check, [])
loaders = Puppet::Pops::Loaders.new(env)
$stdout.sync = false

Puppet.override(loaders: loaders, current_environment: env) do
  loader = loaders.find_loader(nil)
  $stdin.each_line do |line|
    payload_file, name = line.chomp.split("\t", 2)
    next if payload_file.nil? || payload_file.empty?
    rec = { 'name' => name }
    begin
      json = File.read(payload_file, encoding: 'utf-8')
      reader = Puppet::Pops::Serialization::JSON::Reader.new(json)
      program = Puppet::Pops::Serialization::Deserializer.new(reader, loader).read
      rec['class'] = program.class.name
      begin
        rec['pn'] = Puppet::Pops::Model::PNTransformer.transform(program).format(nil, +'')
      rescue StandardError => e
        rec['pn_crash'] = "#{e.class}: #{e.message}"
      end
      locs = []
      program._pcore_all_contents([]) do |o|
        locs << [o.class.name.split('::').last, o.offset, o.length] if o.respond_to?(:offset)
      end
      rec['locs'] = locs
    rescue StandardError => e
      rec['error'] = "#{e.class}: #{e.message}"
    end
    puts JSON.generate(rec)
  end
end
$stdout.flush
