# Puppet 7's view of many programs given as text, in ONE Ruby process: the oracle of the
# generated-program differential test (puppet-syntax/tests/differential/generated_programs.rs), which keeps
# this process open for the whole run and asks it again while shrinking a difference.
#
# usage: ruby scripts/oracle/program_reference.rb < programs.jsonl
#
# Reads one JSON object per line, {"src": TEXT, "epp": BOOL}, and answers each with one JSON line
# (flushed at once, so that a caller can ask and wait), in input order:
#   pn           PN text as `puppet parser dump --format pn` prints it (no validation)
#   pn_crash     instead of pn, when Ruby's PN transformer raises ("Class: message")
#   locs         [class, offset, length] of every model node that has a position, pre-order
#                (Program#_pcore_all_contents order)
#   syntax_error {issue, line, pos, message} when parsing raised (issue is null for a plain ParseError)
#   oracle_crash "Class: message" when Ruby raised something else
# The record format is that of scripts/oracle/corpus_reference.rb, less the validation.
require 'puppet'
require 'json'
require 'puppet/pops/pn'

Puppet.initialize_settings([]) rescue nil
ep = Puppet::Pops::Parser::EvaluatingParser.new
epp = Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new
$stdout.sync = true

$stdin.each_line do |line|
  rec = {}
  begin
    input = JSON.parse(line)
    parser = input['epp'] ? epp : ep
    pr = parser.parser.parse_string(input['src'], nil)
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
  rescue Puppet::ParseErrorWithIssue => e
    rec['syntax_error'] = { 'issue' => e.issue_code.to_s, 'line' => e.line, 'pos' => e.pos, 'message' => e.message }
  rescue Puppet::ParseError => e
    rec['syntax_error'] = { 'issue' => nil, 'line' => e.line, 'pos' => e.pos, 'message' => e.message }
  rescue StandardError => e
    rec['oracle_crash'] = "#{e.class}: #{e.message}"
  end
  puts JSON.generate(rec)
end
