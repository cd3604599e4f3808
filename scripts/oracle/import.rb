# What `puppet parser validate` reports after Checker4_0, for the oracle scripts
# (validate_cases.rb, corpus_reference.rb).
#
# `puppet parser validate FILE` (lib/puppet/face/parser.rb `validate_manifest`) does not stop at
# validation: with fresh loaders (`Puppet::Pops::Loaders.new(env)`) it asks the environment for
# its `known_resource_types`, which parses and validates the manifest (E4ParserAdapter: errors
# raise there, warnings are logged) and then imports its definitions
# (`TypeCollection#import_ast(Hostclass.new('', code: PopsBridge::Program), '')`):
# `Program#instantiate` creates a `Puppet::Resource::Type` per class, define and node name
# (metaparameter parameter names: a logged warning or a raised `Puppet::ParseError`), binds
# functions, plans, type aliases and the runtime types of defines in the loaders (`Attempt to
# redefine entity …`, an `ArgumentError`), then `TypeCollection#add` checks classes, defines
# and nodes for duplicates (`Puppet::ParseError`). The first raised error ends the import.
#
# `import_json(program, file, env)` does exactly that on an already parsed and validated
# `Program` (validation had no error) and returns what it reported, in order:
#   [{severity, line, pos, message[, raised]}]
# warnings as logged (Puppet.warning: no position), then the error that ended the import, if
# any: `raised` is its class, `message` its message without the location Puppet appends
# (`basic_message`), `line`/`pos` the location it carries (nil when none).
require 'puppet'

unless defined?(Puppet::Test::LogCollector)
  module Puppet
    module Test
      # The class name Puppet's `:array` log destination matches; collects log messages.
      class LogCollector
        def initialize(messages)
          @messages = messages
        end

        def <<(message)
          @messages << message
        end
      end
    end
  end
end

IMPORT_LOGS = []
Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(IMPORT_LOGS))

def import_json(program, file, env)
  IMPORT_LOGS.clear
  # `warnonce` remembers messages for the whole process; `puppet parser validate` starts fresh.
  Puppet::Util::Warnings.clear_warnings
  raised = nil
  # A fresh environment, as `env.override_with(manifest: file)` gives one per validated file
  # (the environment's loaders would otherwise keep earlier files' definitions).
  env = Puppet::Node::Environment.create(env.name, env.modulepath, env.manifest)
  begin
    Puppet.override({ current_environment: env, loaders: Puppet::Pops::Loaders.new(env) }, 'oracle import') do
      args = {}
      Puppet::Pops::Model::AstTransformer.new(file).merge_location(args, program)
      main = Puppet::Parser::AST::Hostclass.new('', code: Puppet::Parser::AST::PopsBridge::Program.new(program, args))
      Puppet::Resource::TypeCollection.new(env).import_ast(main, '')
    end
  rescue StandardError => e
    raised = e
  end
  out = IMPORT_LOGS.select { |m| %i[warning err].include?(m.level) }.map do |m|
    { 'severity' => m.level == :err ? 'error' : 'warning', 'line' => m.line, 'pos' => m.pos, 'message' => m.message }
  end
  IMPORT_LOGS.clear
  if raised
    # The message as raised, without the location ExternalFileError#to_s appends.
    message = Exception.instance_method(:to_s).bind(raised).call
    out << { 'severity' => 'error', 'line' => (raised.line if raised.respond_to?(:line)),
             'pos' => (raised.pos if raised.respond_to?(:pos)), 'message' => message, 'raised' => raised.class.name }
  end
  out
end
