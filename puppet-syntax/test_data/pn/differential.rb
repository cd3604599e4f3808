# Writes differential.jsonl: for each snippet of differential_snippets.txt (one per line, a literal \n
# stands for a newline; lines starting with `epp:` are parsed as EPP), Ruby Puppet 7.23's model (every
# node: class, offset, length and the non-default attributes of _pcore_init_hash; a Regexp value as
# {"regexp": source}), the PN text and JSON (`puppet parser dump --format pn|json`) and the
# _pcore_all_contents `locs` list (`pn_crash` instead of pn/json where Ruby's transformer raises). usage: ruby differential.rb < differential_snippets.txt > differential.jsonl
require 'puppet'
require 'json'
require 'puppet/pops/pn'
Puppet.initialize_settings([]) rescue nil
M = Puppet::Pops::Model
def node_to_h(o)
  case o
  when M::Positioned
    h = { 'class' => o.class.name.split('::').last, 'offset' => o.offset, 'length' => o.length }
    o._pcore_init_hash.each { |k, v| h[k] = node_to_h(v) unless %w[locator offset length].include?(k) }
    h
  when Array then o.map { |e| node_to_h(e) }
  when Regexp then { 'regexp' => o.source }
  else o
  end
end
STDIN.each_line do |line|
  line = line.chomp
  next if line.empty? || line.start_with?('#')
  epp = line.start_with?('epp:')
  src = (epp ? line[4..] : line).gsub('\n', "\n")
  parser = epp ? Puppet::Pops::Parser::EppParser.new : Puppet::Pops::Parser::Parser.new
  program = parser.parse_string(src).model
  pn = begin
    Puppet::Pops::Model::PNTransformer.transform(program)
  rescue StandardError => e
    e
  end
  locs = []
  program._pcore_all_contents([]) { |o| locs << [o.class.name.split('::').last, o.offset, o.length] if o.respond_to?(:offset) }
  rec = { 'src' => src, 'epp' => epp, 'body' => node_to_h(program.body),
          'definitions' => program.definitions.map { |d| locs.index([d.class.name.split('::').last, d.offset, d.length]) },
          'locs' => locs }
  if pn.is_a?(Exception)
    rec['pn_crash'] = pn.class.name
  else
    rec['pn'] = pn.format(nil, +'')
    rec['json'] = JSON.dump(pn.to_data)
  end
  puts JSON.generate(rec)
end
