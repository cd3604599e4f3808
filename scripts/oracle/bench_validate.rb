# In-process throughput of Ruby Puppet 7.23's parse + validate, for scripts/bench-vs-ruby.
# Reads every file named on stdin into memory, then, ITER times (default 3), runs two passes
# over all of them in one Ruby process, each file separately:
#
#   full     what `puppet parser validate FILE` does for each file (lib/puppet/face/parser.rb,
#            `validate_manifest`), and what `puppet-parser validate` does: parse and validate
#            (E4ParserAdapter: EvaluatingParser#parse_string, Checker4_0), then import the
#            file's definitions (`TypeCollection#import_ast` of the `PopsBridge::Program` into
#            a fresh TypeCollection: Puppet::Resource::Type per class, define and node,
#            functions, plans and type aliases bound in the loaders, duplicates and
#            metaparameter names checked). `.epp` files: EvaluatingEppParser#parse_string only,
#            as `puppet epp validate` does. `validate_manifest` makes a fresh environment and
#            loaders (`Loaders.new`) per file; here one of each per pass is made before it is
#            timed (cheaper for Ruby: see `full_pass`), so a name defined in two files of the
#            corpus would count in import_errors (none is).
#   checker  parse and Checker4_0 only (EvaluatingParser#parse_string), without the import.
#
# The passes alternate, so both see the same machine. Prints one line:
#   files=N bytes=B min_seconds=S median_seconds=M checker_min_seconds=S2
#   checker_median_seconds=M2 failed=F import_errors=I imported=K
# (min/median: the `full` pass; failed: files whose parse or validation raised; import_errors:
# files whose import raised; imported: the classes, defines and nodes imported, the main class
# of each file included, a check that the import ran.)
# usage: find DIR -name '*.pp' | ruby scripts/oracle/bench_validate.rb [ITER]
require 'puppet'
require 'tmpdir'
require 'fileutils'

puppet_tmp = Dir.mktmpdir('puppet-oracle')
at_exit { FileUtils.remove_entry(puppet_tmp) }
Puppet.initialize_settings(['--confdir', File.join(puppet_tmp, 'conf'), '--vardir', File.join(puppet_tmp, 'var')])
iterations = [(ARGV[0] || 3).to_i, 1].max

files = $stdin.each_line.map(&:chomp).reject(&:empty?).map { |f| [f, File.read(f, mode: 'rb:utf-8')] }
bytes = files.sum { |_, s| s.bytesize }
env = Puppet::Node::Environment.create(:bench, [])
clock = -> { Process.clock_gettime(Process::CLOCK_MONOTONIC) }
parser_for = lambda do |f|
  if f.end_with?('.epp')
    Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new
  else
    Puppet::Pops::Parser::EvaluatingParser.new
  end
end

checker_pass = lambda do
  failed = 0
  t0 = clock.call
  Puppet.override(current_environment: env, loaders: Puppet::Pops::Loaders.new(env)) do
    files.each do |f, src|
      parser_for.call(f).parse_string(src, f)
    rescue StandardError
      failed += 1
    end
  end
  [clock.call - t0, failed]
end

full_pass = lambda do
  failed = 0
  import_errors = 0
  imported = 0
  # One environment and loaders for the pass, made before it (`validate_manifest` makes them
  # per file; made per file here, their garbage slowed Ruby's pass by a further 10-20%).
  pass_env = Puppet::Node::Environment.create(:bench, [])
  loaders = Puppet::Pops::Loaders.new(pass_env)
  t0 = clock.call
  Puppet.override({ current_environment: pass_env, loaders: loaders }, 'bench') do
    files.each do |f, src|
      program = begin
        parser_for.call(f).parse_string(src, f)
      rescue StandardError
        failed += 1
        nil
      end
      next if program.nil? || f.end_with?('.epp')

      begin
        args = {}
        Puppet::Pops::Model::AstTransformer.new(f).merge_location(args, program)
        main = Puppet::Parser::AST::Hostclass.new('', code: Puppet::Parser::AST::PopsBridge::Program.new(program, args))
        types = Puppet::Resource::TypeCollection.new(pass_env)
        types.import_ast(main, '')
        imported += types.hostclasses.size + types.definitions.size + types.nodes.size
      rescue StandardError
        import_errors += 1
      end
    end
  end
  [clock.call - t0, failed, import_errors, imported]
end

full_times = []
checker_times = []
failed = 0
import_errors = 0
imported = 0
iterations.times do
  GC.start
  t, failed, import_errors, imported = full_pass.call
  full_times << t
  GC.start
  t, = checker_pass.call
  checker_times << t
end
full_times.sort!
checker_times.sort!
printf("files=%d bytes=%d min_seconds=%.6f median_seconds=%.6f checker_min_seconds=%.6f checker_median_seconds=%.6f failed=%d import_errors=%d imported=%d\n",
       files.size, bytes, full_times[0], full_times[full_times.size / 2], checker_times[0],
       checker_times[checker_times.size / 2], failed, import_errors, imported)
