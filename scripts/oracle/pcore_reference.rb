# Ruby Puppet 7.23's Pcore serialization of its own parse of many files, in ONE Ruby process:
# the reference for our XPP JSON writer (puppet-syntax/tests/differential/xpp_corpus.rs).
#
# usage: ruby scripts/oracle/pcore_reference.rb [--tasks] [FILE...]
#        (no FILE arguments: reads one file name per line from stdin)
#
# Writes one JSON object per input file, one per line, in input order:
#   file    the name as given (also the Locator's file string)
#   pcore   the stream `Serializer.new(JSON::Writer.new(io), type_by_reference: true)` writes
#           for the parsed Program (`write(program)` then `finish`)
#   error   instead of pcore, "Class: message" when parsing or serializing raised
# Files ending in `.epp` are parsed as EPP templates.
require 'puppet'
require 'json'
require 'stringio'

tasks = !ARGV.delete('--tasks').nil?
Puppet.initialize_settings([]) rescue nil
Puppet[:tasks] = true if tasks

files = ARGV.empty? ? $stdin.each_line.map(&:chomp).reject(&:empty?) : ARGV
ep = Puppet::Pops::Parser::EvaluatingParser.new
epp = Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new
$stdout.sync = false

files.each do |f|
  rec = { 'file' => f }
  begin
    src = File.read(f, encoding: 'utf-8')
    parser = f.end_with?('.epp') ? epp : ep
    program = parser.parser.parse_string(src, f).model
    io = StringIO.new(+'')
    writer = Puppet::Pops::Serialization::JSON::Writer.new(io)
    serializer = Puppet::Pops::Serialization::Serializer.new(writer, type_by_reference: true)
    serializer.write(program)
    serializer.finish
    rec['pcore'] = io.string
  rescue StandardError => e
    rec['error'] = "#{e.class}: #{e.message}"
  end
  puts JSON.generate(rec)
end
$stdout.flush
