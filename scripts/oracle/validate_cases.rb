# Ruby Puppet's validation results, as JSON lines, for the validator's differential tests: Puppet 7.23
# (Debian 12's), or the release whose tree is loaded first (`-I TREE/lib -r TREE/env.rb`).
#
# usage:
#   ruby scripts/oracle/validate_cases.rb < puppet-syntax/test_data/validate/cases.txt \
#        > puppet-syntax/test_data/validate/expected.jsonl
#   ruby scripts/oracle/validate_cases.rb --modulepath DIR[:DIR...] [--manifest PATH] [--tasks] FILE... | < file list
#   ruby -I T/puppet-8.10.0/lib -r T/puppet-8.10.0/env.rb scripts/oracle/validate_cases.rb \
#        < puppet-syntax/test_data/validate/cases.txt > puppet-syntax/test_data/validate/expected-puppet-8.10.0.jsonl
#   ruby -I T/openvox-8.28.1/lib -r T/openvox-8.28.1/env.rb scripts/oracle/validate_cases.rb \
#        < puppet-syntax/test_data/validate/cases.txt > puppet-syntax/test_data/validate/expected-openvox-8.28.1.jsonl
#   ruby -I T/puppet-7.29.0/lib -r T/puppet-7.29.0/env.rb scripts/oracle/validate_cases.rb \
#        < puppet-syntax/test_data/validate/cases.txt > puppet-syntax/test_data/validate/releases/puppet-7.29.0.jsonl
#        (and so on for each file of releases/: puppet-7.29.1, puppet-7.30.0, puppet-8.0.0, puppet-8.5.0,
#        puppet-8.5.1, puppet-8.6.0, puppet-8.8.1, puppet-8.9.0, openvox-8.27.0, openvox-8.28.0)
#   scripts/oracle/record-releases PUPPET_GIT OPENVOX_GIT   (all of the above at once)
#   where T/<release> is a tree of that release's git tag as scripts/oracle/record-releases sets it up
#   (T: $RELEASES_DIR, default /tmp/puppet-releases).
#
# Snippet mode (default): one snippet per input line; a literal \n stands for a newline. Blank
# lines and lines starting with `# ` are skipped. A line may start with options in brackets:
# `#![tasks,strict=error,strict=off,epp] snippet`; without `strict=`, the release's default
# (Puppet 7: warning, Puppet 8: error). Each snippet is parsed as the file `x.pp` (EPP:
# `x.epp`) in an environment without modules, then validated with ValidatorFactory_4_0 (which
# picks TasksChecker when Puppet[:tasks]); the import (below) parses it as `/oracle/x.pp`
# (`/oracle/x.epp`). Output, one object per snippet:
#   case          the input line as written
#   syntax_error  {issue, line, pos, message} when parsing raised (message without location)
#   diagnostics   [{issue, severity, line, pos, message}] in acceptor order; message is
#                 DiagnosticFormatterPuppetStyle#format_message (no location)
#   raised        {issue, line, pos, message} when validation raised a ParseErrorWithIssue
#                 (heredoc syntax checkers); `diagnostics` then holds what was accepted before
#   crash         "Class: message" when validation raised anything else
#   import        when validation found no error: what `puppet parser validate` reports next,
#                 importing the definitions (see import.rb), if anything:
#                 [{severity, line, pos, message[, raised]}]
#
# Module path mode: every FILE (or every line of stdin) is parsed (EPP when it ends in .epp) and
# validated in an environment whose module path is DIR... (Puppet::Node::Environment.create, as
# `puppet parser validate --modulepath` does), so that ILLEGAL_DEFINITION_LOCATION and
# ILLEGAL_TOP_CONSTRUCT_LOCATION apply. Output, one object per file:
#   {file, diagnostics: [...], syntax_error, raised, crash} as above.
require 'puppet'
require 'json'
require 'tmpdir'
require 'fileutils'
require_relative 'import'

puppet_tmp = Dir.mktmpdir('puppet-oracle')
at_exit { FileUtils.remove_entry(puppet_tmp) }
Puppet.initialize_settings(['--confdir', File.join(puppet_tmp, 'conf'), '--vardir', File.join(puppet_tmp, 'var')])

modulepath = nil
manifest = nil
args = ARGV.dup
until args.empty?
  case args.first
  when '--modulepath' then args.shift; modulepath = args.shift.split(File::PATH_SEPARATOR)
  when '--manifest' then args.shift; manifest = args.shift
  when '--tasks' then args.shift; Puppet[:tasks] = true
  else break
  end
end

FORMATTER = Puppet::Pops::Validation::DiagnosticFormatterPuppetStyle.new

def diag_json(d)
  { 'issue' => d.issue.issue_code.to_s, 'severity' => d.severity.to_s,
    'line' => d.source_pos&.line, 'pos' => d.source_pos&.pos, 'message' => FORMATTER.format_message(d) }
end

def error_json(e)
  msg = e.respond_to?(:basic_message) && e.basic_message ? e.basic_message : e.message
  { 'issue' => (e.respond_to?(:issue_code) && e.issue_code ? e.issue_code.to_s : nil),
    'line' => e.line, 'pos' => e.pos, 'message' => msg }
end

# Parses and validates src as file `file`; returns the result hash. The import runs on the
# source parsed as `import_file` (default: `file`).
def run(src, file, epp, env, import_file = file)
  rec = {}
  parser = epp ? Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new : Puppet::Pops::Parser::EvaluatingParser.new
  Puppet.override(current_environment: env) do
    begin
      model = parser.parser.parse_string(src, file).model
    rescue Puppet::ParseError => e
      rec['syntax_error'] = error_json(e)
      next
    rescue StandardError => e
      rec['crash'] = "#{e.class}: #{e.message.lines.first&.chomp}"
      next
    end
    acceptor = Puppet::Pops::Validation::Acceptor.new
    begin
      Puppet::Pops::Validation::ValidatorFactory_4_0.new.validator(acceptor).validate(model)
    rescue Puppet::ParseErrorWithIssue => e
      rec['raised'] = error_json(e)
    rescue StandardError => e
      rec['crash'] = "#{e.class}: #{e.message.lines.first&.chomp}"
    end
    rec['diagnostics'] = acceptor.diagnostics.map { |d| diag_json(d) }
    # `puppet parser validate` imports the definitions when validation found no error.
    if !rec['raised'] && !rec['crash'] && acceptor.errors.empty?
      program = import_file == file ? model : parser.parser.parse_string(src, import_file).model
      imported = import_json(program, import_file, env)
      rec['import'] = imported unless imported.empty?
    end
  end
  rec
end

# The file a snippet is imported as: absolute, as `puppet parser validate` names a manifest
# (`Environment#manifest` is expanded), since the import's messages show it.
SNIPPET_PP = '/oracle/x.pp'
SNIPPET_EPP = '/oracle/x.epp'

$stdout.sync = false
if modulepath
  env = Puppet::Node::Environment.create(:oracle, modulepath, manifest || Puppet::Node::Environment::NO_MANIFEST)
  files = args.empty? ? $stdin.each_line.map(&:chomp).reject(&:empty?) : args
  files.each do |f|
    src = File.read(f, mode: 'rb:utf-8')
    puts JSON.generate({ 'file' => f }.merge(run(src, f, f.end_with?('.epp'), env)))
  end
else
  env = Puppet::Node::Environment.create(:oracle, [])
  # A snippet without `strict=` is validated with the release's default (7: warning, 8: error).
  STRICT_DEFAULT = Puppet.settings.setting(:strict).default
  $stdin.each_line do |line|
    line = line.chomp
    next if line.strip.empty? || line.start_with?('# ')
    options = []
    snippet = line
    if (m = line.match(/\A#!\[([^\]]*)\] ?(.*)\z/))
      options = m[1].split(',').map(&:strip)
      snippet = m[2]
    end
    src = snippet.gsub('\n', "\n")
    epp = options.include?('epp')
    Puppet[:tasks] = options.include?('tasks')
    strict = options.find { |o| o.start_with?('strict=') }
    Puppet[:strict] = strict ? strict.split('=', 2)[1].to_sym : STRICT_DEFAULT
    rec = { 'case' => line }.merge(run(src, epp ? 'x.epp' : 'x.pp', epp, env, epp ? SNIPPET_EPP : SNIPPET_PP))
    puts JSON.generate(rec)
  end
end
$stdout.flush
