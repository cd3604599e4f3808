# In-process throughput of Ruby Puppet 7.23's parse + validate (what `puppet parser validate`
# does per file: EvaluatingParser#parse_string, EvaluatingEppParser for .epp), for
# scripts/bench-vs-ruby. Reads every file named on stdin into memory, then parses and validates
# each one separately, ITER times (default 3), in one Ruby process, and prints one line:
#   files=N bytes=B min_seconds=S median_seconds=M failed=F
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
times = []
failed = 0
Puppet.override(current_environment: env, loaders: Puppet::Pops::Loaders.new(env)) do
  iterations.times do
    GC.start
    failed = 0
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    files.each do |f, src|
      parser = f.end_with?('.epp') ? Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new : Puppet::Pops::Parser::EvaluatingParser.new
      begin
        parser.parse_string(src, f)
      rescue StandardError
        failed += 1
      end
    end
    times << Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0
  end
end
times.sort!
printf("files=%d bytes=%d min_seconds=%.6f median_seconds=%.6f failed=%d\n", files.size, bytes, times[0], times[times.size / 2], failed)
