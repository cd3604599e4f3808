# Puppet 7's own view of many manifests, in ONE Ruby process (startup costs ~1 s; parsing the
# whole Debian corpus ~10-30 s). Adapted from ../shared/tools/oracle/reference.rb.
#
# usage: ruby scripts/oracle/corpus_reference.rb [--tasks] [FILE...]
#        (no FILE arguments: reads one file name per line from stdin)
#
# Writes one JSON object per input file, one per line, in input order:
#   file         the name as given
#   pn           PN text as `puppet parser dump --format pn` prints it (no validation)
#   pn_crash     instead of pn, when Ruby's PN transformer raises ("Class: message")
#   locs         [class, offset, length] of every model node that has a position, pre-order
#                (Program#_pcore_all_contents order)
#   diagnostics  validation diagnostics: {issue, severity, line, pos}
#   import       when validation found no error and the import that `puppet parser validate`
#                runs next reported something: [{severity, line, pos, message[, raised]}]
#                (see import.rb; the environment has no module path)
#   syntax_error {issue, line, pos, message} when parsing raised (issue is null for a plain ParseError)
#   oracle_crash "Class: message" when Ruby raised something else (e.g. invalid UTF-8)
# Files ending in `.epp` are parsed as EPP templates.
require 'puppet'
require 'json'
require 'puppet/pops/pn'
require_relative 'import'

tasks = !ARGV.delete('--tasks').nil?
Puppet.initialize_settings([]) rescue nil
Puppet[:tasks] = true if tasks

files = ARGV.empty? ? $stdin.each_line.map(&:chomp).reject(&:empty?) : ARGV
env = Puppet::Node::Environment.create(:oracle, [])
ep = Puppet::Pops::Parser::EvaluatingParser.new
epp = Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new
$stdout.sync = false

files.each do |f|
  rec = { 'file' => f }
  begin
    src = File.read(f, encoding: 'utf-8')
    parser = f.end_with?('.epp') ? epp : ep
    pr = parser.parser.parse_string(src, f)
    begin
      rec['pn'] = Puppet::Pops::Model::PNTransformer.transform(pr).format(nil, +'')
    rescue StandardError => e
      rec['pn_crash'] = "#{e.class}: #{e.message}"
    end
    locs = []
    pr.model._pcore_all_contents([]) do |o|
      locs << [o.class.name.split('::').last, o.offset, o.length] if o.respond_to?(:offset)
    end
    rec['locs'] = locs
    acceptor = parser.validate(pr.model)
    rec['diagnostics'] = acceptor.diagnostics.map do |d|
      { 'issue' => d.issue.issue_code.to_s, 'severity' => d.severity.to_s,
        'line' => d.source_pos&.line, 'pos' => d.source_pos&.pos }
    end
    if acceptor.errors.empty?
      imported = import_json(pr.model, f, env)
      rec['import'] = imported unless imported.empty?
    end
  rescue Puppet::ParseErrorWithIssue => e
    rec['syntax_error'] = { 'issue' => e.issue_code.to_s, 'line' => e.line, 'pos' => e.pos, 'message' => e.message }
  rescue Puppet::ParseError => e
    rec['syntax_error'] = { 'issue' => nil, 'line' => e.line, 'pos' => e.pos, 'message' => e.message }
  rescue StandardError => e
    rec['oracle_crash'] = "#{e.class}: #{e.message}"
  end
  puts JSON.generate(rec)
end
$stdout.flush
