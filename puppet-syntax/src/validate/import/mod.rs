//! What `puppet parser validate` reports after `Checker4_0`: the import of the file's
//! definitions into a fresh environment.
//!
//! # Ruby's path
//!
//! `puppet parser validate FILE` (`lib/puppet/face/parser.rb`, `validate_manifest`) creates fresh
//! loaders (`Puppet::Pops::Loaders.new(env)`), an environment whose `manifest` is the file
//! (`env.override_with(manifest:)`, which *expands* the path), and asks it for its
//! `known_resource_types`. That parses the file (`E4ParserAdapter`), validates it
//! (`EvaluatingParser#assert_and_report`: an error raises there, so **nothing below runs when
//! validation (or parsing) found an error**; warnings are logged and the import goes on), then
//! `TypeCollection#import_ast(Hostclass.new('', code: PopsBridge::Program), '')`:
//!
//! 1. `PopsBridge::Program#instantiate` maps `Program#definitions` (the parser's order: inner
//!    definitions first) to 3.x types, one definition after the other:
//!    * a class or define becomes a `Puppet::Resource::Type`, whose `set_arguments` checks each
//!      parameter name in order against the metaparameters (`metaparams`);
//!    * a define then registers its runtime type, `Loaders.register_runtime3_type`, and a
//!      function, plan or type alias is bound in the environment loader
//!      (`Loaders#instantiate_definition`): a name bound twice, or a type alias named like a
//!      define of the file or a type Puppet has built in, raises `Attempt to redefine entity`
//!      (`loaders`);
//!    * a node gives one type per host match (`collection::node_name`); a type mapping's two
//!      sides are interpreted as types (`TypeParser#interpret`) and registered, which can raise
//!      (`type_mapping`).
//! 2. `TypeCollection#add` adds the types in that order (the main class `''` first, which
//!    only a node named `''` can clash with): a class, define or node whose name is taken
//!    gives one of seven duplicate messages (`collection`).
//!
//! The first error raised ends the import: at most one error, after any number of warnings.
//!
//! # What Ruby reports, and how we report it (recorded from Puppet 7.23)
//!
//! | Issue (ours) | Severity | Ruby's message | Ruby's position |
//! |---|---|---|---|
//! | `METAPARAM_PARAMETER_WITH_DEFAULT` | warning | `tag is a metaparam; this value will inherit to all contained resources in the c definition` | none (`Puppet.warning`) |
//! | `METAPARAM_PARAMETER` | error | `notify is a metaparameter; please choose another parameter name in the foo definition` | none |
//! | `DUPLICATE_DEFINITION` | error | `Class 'a' is already defined (file: /abs/x.pp, line: 1); cannot redefine` (and six more forms) | file and line of the redefinition, no column |
//! | `REDEFINED_ENTITY` | error | `Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/d'. Originally set at file:///abs/x.pp?line=1&pos=1.` | none |
//! | `INVALID_TYPE_MAPPING` | error | `First argument of type mapping is incorrect, expects a Runtime[ruby, undef] value, got Runtime[rubyx, 'X']` (and the type parser's and `Runtime`'s messages, `type_mapping`) | none |
//!
//! We put each diagnostic where Ruby's message points: a metaparameter diagnostic at the
//! parameter, the others at the (re)defining definition (its line is Ruby's line).
//! Ruby prints the errors as `Error: MESSAGE (file: F, line: L)` (or without the location),
//! not with `Could not parse for environment …` as validation errors; a warning is logged once
//! per process (`warnonce`), so a repeated one is reported once per file here.
//!
//! # Differences from Ruby (deliberate)
//!
//! * `Attempt to redefine entity` is an `ArgumentError`, not a `Puppet::ParseError`: Ruby's
//!   command stops there for *all* files (`Error: Try 'puppet help parser validate' for usage`),
//!   and warnings already logged for one file are not repeated for the next (`warnonce`). We
//!   validate each file on its own.
//! * Ruby names the file by its expanded path (`File.expand_path`); we expand it with the
//!   [`LocationContext`](crate::LocationContext) when there is one, and use the name as given
//!   otherwise. Ruby fails differently (`Failed to convert '…' to URI`) for a file whose path
//!   holds `[` or `]` and a define, function, plan or type alias is redefined; we give the
//!   `REDEFINED_ENTITY` message with the path escaped as elsewhere.
//!
//! # Not reproduced yet
//!
//! In a type mapping, a parameterized type (`type Runtime[ruby, 'Foo'] = Integer[1, 'x']`:
//! Ruby's type parser raises whatever Ruby error the type's arguments cause, here the
//! `ArgumentError` `comparison of Integer with String failed`) and a name that loads a type
//! whose definition could raise (a type alias of the file with more than a name as its body,
//! a module's type): we report nothing for such a mapping, and go on (see `type_mapping`). (A
//! type alias is not interpreted at import: `type Foo = Integer[1, 'x']` gives nothing in
//! Ruby either.)

mod collection;
mod loaders;
mod metaparams;
mod type_mapping;
mod uri;

use std::collections::HashSet;

use crate::diagnostics::{Diagnostic, IssueCode};
use crate::model::{Model, NodeId, NodeKind};
use crate::options::ParseOptions;

use collection::{Instance, InstanceKind, TypeCollection};
use loaders::{EntityKind, Loaders};
use type_mapping::Interpreted;

/// The import's diagnostics for a model that parsed and validated without error, in Ruby's
/// order.
pub(crate) fn import(model: &Model, options: &ParseOptions) -> Vec<Diagnostic> {
    let mut import = Import {
        model,
        options,
        diagnostics: Vec::new(),
        warned: HashSet::new(),
    };
    if let Ok(instances) = import.instantiate() {
        import.add_all(&instances);
    }
    import.diagnostics
}

/// The import has raised an error (recorded in `Import::diagnostics`): Ruby stops there.
struct Raised;

/// One import: the model, Ruby's name for its file, and what was reported so far.
struct Import<'m> {
    model: &'m Model,
    /// Where the file's path is expanded from (see [`Import::file`]).
    options: &'m ParseOptions,
    diagnostics: Vec<Diagnostic>,
    /// The warnings already logged (Ruby's `warnonce`).
    warned: HashSet<String>,
}

impl Import<'_> {
    /// The manifest's path as Ruby's environment has it (`None`: no file, as for standard
    /// input). Only error messages show it, so it is made when one is.
    fn file(&self) -> Option<String> {
        let file = self.model.file().filter(|f| !f.is_empty())?;
        Some(match &self.options.location {
            Some(location) => location.expand_path(file),
            None => file.to_owned(),
        })
    }

    /// `PopsBridge::Program#instantiate`: the 3.x types of the definitions, in order, and the
    /// 4.x definitions bound in the loaders.
    fn instantiate(&mut self) -> Result<Vec<Instance>, Raised> {
        let model = self.model;
        let mut loaders = Loaders::default();
        let mut instances = Vec::new();
        let groups = self.options.rules().node_regexp_groups;
        for &definition in model.definitions() {
            match model.kind(definition) {
                NodeKind::HostClassDefinition {
                    name, parameters, ..
                } => {
                    let name = model.str(*name).to_lowercase();
                    self.check_parameters(&name, model.nodes(*parameters))?;
                    instances.push(Instance::new(InstanceKind::Hostclass, name, definition));
                }
                NodeKind::ResourceTypeDefinition {
                    name, parameters, ..
                } => {
                    let name = model.str(*name).to_lowercase();
                    self.check_parameters(&name, model.nodes(*parameters))?;
                    let result = loaders.register_runtime3_type(&name, definition);
                    self.bound(result, definition)?;
                    instances.push(Instance::new(InstanceKind::Definition, name, definition));
                }
                NodeKind::NodeDefinition { host_matches, .. } => {
                    for &host in model.nodes(*host_matches) {
                        if let Some(name) = collection::node_name(model, host, groups) {
                            instances.push(Instance::new(InstanceKind::Node, name, definition));
                        }
                    }
                }
                NodeKind::FunctionDefinition { name, .. } => {
                    let name = model.str(*name);
                    let result = loaders.set_entry(EntityKind::Function, name, definition);
                    self.bound(result, definition)?;
                }
                NodeKind::PlanDefinition { name, .. } => {
                    let name = model.str(*name);
                    let result = loaders.set_entry(EntityKind::Plan, name, definition);
                    self.bound(result, definition)?;
                }
                NodeKind::TypeAlias { name, .. } => {
                    let name = model.str(*name);
                    let result = loaders.set_entry(EntityKind::Type, name, definition);
                    self.bound(result, definition)?;
                }
                NodeKind::TypeMapping { .. } => {
                    match type_mapping::instantiate(model, self.options, &loaders, definition) {
                        Interpreted::Raises(message) => {
                            return Err(self.raise(
                                IssueCode::INVALID_TYPE_MAPPING,
                                definition,
                                message,
                            ))
                        }
                        // Not reproduced (see `type_mapping`): as if nothing was raised.
                        Interpreted::Registered | Interpreted::Unknown => {}
                    }
                }
                // A type definition never gets here (the validator rejects it).
                _ => {}
            }
        }
        Ok(instances)
    }

    /// `TypeCollection#add` for every instance, in order, until one is a duplicate.
    fn add_all(&mut self, instances: &[Instance]) {
        let mut collection = TypeCollection::default();
        for (i, instance) in instances.iter().enumerate() {
            let record = i + 1 < instances.len();
            if let Err(message) = collection.add(instance, self.model, &|| self.file(), record) {
                self.raise(
                    IssueCode::DUPLICATE_DEFINITION,
                    instance.definition,
                    message,
                );
                return;
            }
        }
    }

    /// The outcome of binding `definition` in the loaders: an `Attempt to redefine entity`
    /// error raises.
    fn bound(
        &mut self,
        result: Result<(), loaders::Redefined>,
        definition: NodeId,
    ) -> Result<(), Raised> {
        match result {
            Ok(()) => Ok(()),
            Err(redefined) => {
                let message = redefined.message(self.model, self.file().as_deref());
                Err(self.raise(IssueCode::REDEFINED_ENTITY, definition, message))
            }
        }
    }

    /// Records the error Ruby raises at `at`.
    fn raise(&mut self, code: IssueCode, at: NodeId, message: String) -> Raised {
        let (offset, len) = self.model.span(at);
        self.diagnostics
            .push(Diagnostic::error(code, offset, len, message));
        Raised
    }

    /// Records a warning at `at`, once per message (`warnonce`).
    fn warn_once(&mut self, code: IssueCode, at: NodeId, message: String) {
        if self.warned.insert(message.clone()) {
            let (offset, len) = self.model.span(at);
            self.diagnostics
                .push(Diagnostic::warning(code, offset, len, message));
        }
    }
}
