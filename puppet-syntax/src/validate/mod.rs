//! The static validator: Ruby Puppet 7.23's `Checker4_0` (and `TasksChecker` in tasks mode)
//! over the [`Model`], producing the same issues, severities, positions and messages, in the same
//! order.
//!
//! # How it mirrors Ruby
//!
//! `Checker4_0#validate(program)` checks the `Program` (nothing to check), then runs
//! `internal_check_top_construct_in_module`, then walks `program._pcore_all_contents(path)`: a
//! pre-order, depth-first walk in attribute order where every node is checked *before* its
//! children, with `path` the stack of its ancestors (`Program` first). [`validate`] does the same
//! walk (iteratively, with the ancestors in [`Checker::path`]), and each node is dispatched to the
//! `check_X` method of its nearest ancestor class that has one (see `Checker::check`).
//!
//! The modules, one concern each:
//!
//! * `checks` — the `check_X` methods for expressions, resources, collectors, literals.
//! * `definitions` — classes, defines, functions, plans, nodes, type aliases/mappings, parameters,
//!   the `top` check, and the tasks-mode (`TasksChecker`) overrides.
//! * `helpers` — Ruby's sub-visitors: `rvalue`, `idem`, `assign`, `query`, `hostname`.
//! * `location` — `internal_check_file_namespace` / `internal_check_top_construct_in_module`:
//!   which module (and namespace) a file belongs to, from a [`LocationContext`](crate::LocationContext).
//! * `heredoc` (+ `json`, `base64`) — the heredoc syntax checkers (`json`, `base64`, `pp`, `epp`).
//! * `literal` — the `LiteralEvaluator` used by `DUPLICATE_KEY` (Ruby `eql?` semantics).
//! * `labels` — `ModelLabelProvider` (`"Host Class Definition"`, `a`/`an` articles).
//! * `messages` — Puppet's message text for every issue the validator reports.
//! * `walk` — the contained children of a node, in attribute order, without reflection.
//! * `metadata` — not `Checker4_0` either: a module's unparsable `metadata.json`, which
//!   Puppet logs when validating with a module path.
//! * `import` — not `Checker4_0`: what `puppet parser validate` reports after it, importing the
//!   file's definitions (duplicates, metaparameter parameters, redefined loader entries); run
//!   by the front door only when parsing and validation found no error.
//!
//! # Differences from Ruby (all deliberate)
//!
//! * Ruby *raises* a heredoc syntax-checker failure (`ILLEGAL_JSON`, `ILLEGAL_BASE64`,
//!   `ILLEGAL_PP`, `ILLEGAL_EPP`) from inside `validate`, which ends validation there. We report it
//!   as an ordinary error diagnostic (at the heredoc text, as Ruby positions it) and keep going, so
//!   everything up to and including that diagnostic is what Ruby reports, followed by the rest.
//! * Where Ruby's validator crashes, we report a diagnostic instead: `"${true}"` / `"${false}"`
//!   (a variable whose name is a Boolean: Ruby raises `NoMethodError`) gives `ILLEGAL_EXPRESSION`,
//!   and a `pp`/`epp` checker reached through a compound syntax such as `@(END:x+pp)` (Ruby raises
//!   `ArgumentError`) gives `ILLEGAL_PP`/`ILLEGAL_EPP`.
//! * Warnings that Ruby *logs* while syntax-checking a `pp`/`epp` heredoc (they never reach the
//!   acceptor) are not reported.

mod base64;
mod checks;
mod definitions;
mod helpers;
mod heredoc;
mod import;
mod json;
mod labels;
mod literal;
mod location;
mod messages;
mod metadata;
mod walk;

use crate::diagnostics::{Diagnostic, IssueCode, Severity};
use crate::model::{Model, NodeId, NodeKind};
use crate::options::{ParseOptions, Strict};
use crate::release::{NonLiteralParameterType, Rules};
use crate::scratch::Recycled;

pub(crate) use import::import;
pub(crate) use location::FileNamespace;
pub use metadata::check_module_metadata;

/// Parses the text of a `pp`/`epp` heredoc (`epp` says which) for its syntax checker:
/// `(model, diagnostics)`. The front door (`parse`) provides it, so that the validator does not
/// reach back into the pipeline.
pub(crate) type SubParse<'p> = &'p dyn Fn(&str, bool) -> (Option<Model>, Vec<Diagnostic>);

/// Validates a model; the diagnostics come in Puppet's order (the order of Ruby's acceptor).
pub(crate) fn validate(
    model: &Model,
    options: &ParseOptions,
    sub_parse: SubParse<'_>,
) -> Vec<Diagnostic> {
    let mut checker = Checker::new(model, options, sub_parse);
    checker.run();
    checker.diagnostics
}

/// The severity Puppet's `ValidatorFactory_4_0#severity_producer` gives an issue (`None` =
/// ignored), under a release's rules and the `strict` setting.
pub(crate) fn severity_of(code: IssueCode, strict: Strict, rules: &Rules) -> Option<Severity> {
    let of_strict = || match strict {
        Strict::Off => None,
        Strict::Warning => Some(Severity::Warning),
        Strict::Error => Some(Severity::Error),
    };
    match code {
        IssueCode::DUPLICATE_KEY => of_strict(),
        IssueCode::FUTURE_RESERVED_WORD => Some(Severity::Deprecation),
        IssueCode::ILLEGAL_NONLITERAL_PARAMETER_TYPE => match rules.nonliteral_parameter_type? {
            NonLiteralParameterType::Error => Some(Severity::Error),
            NonLiteralParameterType::Strict => of_strict(),
            NonLiteralParameterType::Deprecation => Some(Severity::Deprecation),
        },
        _ => Some(Severity::Error),
    }
}

/// The classes that have no `check_X` (nor an abstract class's check) and no children: about
/// half of all nodes, which the walk passes over without a call to [`Checker::check`].
#[inline]
fn is_plain_leaf(kind: &NodeKind) -> bool {
    matches!(
        kind,
        NodeKind::LiteralString { .. }
            | NodeKind::QualifiedName { .. }
            | NodeKind::LiteralBoolean { .. }
            | NodeKind::LiteralUndef {}
            | NodeKind::LiteralDefault {}
            | NodeKind::LiteralFloat { .. }
            | NodeKind::LiteralRegularExpression { .. }
            | NodeKind::Nop {}
    )
}

/// A container in Ruby's `@path`: the program, a node, or nothing (`nil`, above the root).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Container {
    None,
    Program,
    Node(NodeId),
}

impl Container {
    fn node(self) -> Option<NodeId> {
        match self {
            Container::Node(id) => Some(id),
            _ => None,
        }
    }
}

/// One validation run: Ruby's `Checker4_0` instance with its acceptor.
pub(crate) struct Checker<'m> {
    pub(crate) model: &'m Model,
    pub(crate) options: &'m ParseOptions,
    /// The release's rules (`options.rules()`).
    pub(crate) rules: Rules,
    /// The `strict` setting in effect (`options.effective_strict()`).
    strict: Strict,
    /// The heredoc checkers' parser.
    pub(crate) sub_parse: SubParse<'m>,
    /// The ancestors of the node being checked, outermost first (Ruby's `@path` without the
    /// `Program`, which is implicitly below them).
    pub(crate) path: Recycled<NodeId>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// `namespace_for_file(model.file)`, computed on first use.
    namespace: Option<FileNamespace>,
    /// A node stack for the walks inside a check, kept so that each walk does not allocate
    /// its own (empty whenever it is not in use).
    pub(crate) scratch: Recycled<NodeId>,
}

crate::scratch::slots! {
    /// [`Checker::path`] between validations.
    ANCESTORS: NodeId;
    /// The work list of [`Checker::run`]'s walk between validations.
    WALK: (NodeId, u32);
    /// [`Checker::scratch`] between validations.
    CHECK_WALK: NodeId;
}

impl<'m> Checker<'m> {
    fn new(model: &'m Model, options: &'m ParseOptions, sub_parse: SubParse<'m>) -> Checker<'m> {
        Checker {
            model,
            options,
            rules: options.rules(),
            strict: options.effective_strict(),
            sub_parse,
            // Sized for the usual nesting, so that it rarely grows.
            path: Recycled::take(&ANCESTORS, 32),
            diagnostics: Vec::new(),
            namespace: None,
            scratch: Recycled::take(&CHECK_WALK, 0),
        }
    }

    /// `Checker4_0#validate`.
    fn run(&mut self) {
        let Some(body) = self.model.body() else {
            return;
        };
        self.check_top_construct_in_module(body);
        // Pre-order walk. Each node to visit comes with its depth (its number of ancestors):
        // `path` is cut back to that depth before it is checked, which drops the ancestors of
        // the subtrees already done, so no "leave" step is needed.
        let model = self.model;
        if is_plain_leaf(model.kind(body)) {
            return;
        }
        let mut stack = Recycled::take(&WALK, 256);
        stack.push((body, 0));
        while let Some((id, depth)) = stack.pop() {
            self.path.truncate(depth as usize);
            self.check(id);
            self.path.push(id);
            // The children in reverse, so that the first is popped first. Literals and names
            // with nothing to check and no children are not visited at all (and `path` is cut
            // back by the next node).
            let first = stack.len();
            model.kind(id).for_each_child(model, &mut |child| {
                if !is_plain_leaf(model.kind(child)) {
                    stack.push((child, depth + 1));
                }
            });
            stack[first..].reverse();
        }
    }

    /// Ruby's `container(index)`: `@path[index]` where `@path[0]` is the `Program` and negative
    /// indexes count from the innermost ancestor (`-1` = the parent).
    pub(crate) fn container(&self, index: isize) -> Container {
        let ruby_len = self.path.len() as isize + 1;
        let i = if index < 0 { ruby_len + index } else { index };
        if i < 0 || i >= ruby_len {
            Container::None
        } else if i == 0 {
            Container::Program
        } else {
            Container::Node(self.path[i as usize - 1])
        }
    }

    /// The parent of the node being checked.
    pub(crate) fn parent(&self) -> Container {
        self.container(-1)
    }

    /// `acceptor.accept(issue, semantic, args)`: records the diagnostic at `semantic` unless the
    /// issue's severity is `ignore`.
    pub(crate) fn accept(
        &mut self,
        code: IssueCode,
        semantic: NodeId,
        message: String,
        args: Vec<(&'static str, String)>,
    ) {
        let Some(severity) = severity_of(code, self.strict, &self.rules) else {
            return;
        };
        let (offset, len) = self.model.span(semantic);
        self.diagnostics.push(Diagnostic {
            code,
            severity,
            offset,
            len,
            message,
            args,
            file: None,
            line: 0,
            column: 0,
        });
    }

    /// Whether `accept` would record `code` (Ruby's `acceptor.will_accept?`).
    pub(crate) fn will_accept(&self, code: IssueCode) -> bool {
        severity_of(code, self.strict, &self.rules).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classes the walk passes over have no children and no diagnostics of their own.
    #[test]
    fn plain_leaves_have_no_children() {
        let source = "$a = ['s', x, true, undef, default, 1.5, /r/, \"t\"]\nnotice($a)\n";
        let result = crate::parse_and_validate(source.as_bytes(), &ParseOptions::default());
        assert!(result.diagnostics.is_empty(), "{:?}", result.diagnostics);
        let model = result.model.unwrap();
        let mut leaves = 0;
        for id in model.walk() {
            if is_plain_leaf(model.kind(id)) {
                leaves += 1;
                assert_eq!(model.children(id).count(), 0, "{:?}", model.class(id));
            }
        }
        assert!(leaves >= 8, "{leaves}");
    }
}
