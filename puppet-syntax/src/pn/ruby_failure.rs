//! Where Ruby's `PNTransformer` raises on a program that this module still prints (the module
//! docs of `pn`, "Where Ruby crashes"): found while transforming, in Ruby's order, so that the
//! first one is the one Ruby raises. `puppet parser dump --format pn|json` then prints nothing
//! and fails with Ruby's message; `puppet-parser dump` prints the PN and reports this error, so
//! that a file Puppet cannot dump never passes for one it can.

use crate::diagnostics::{Diagnostic, IssueCode};
use crate::model::{Model, NodeId, NodeKind};

/// Ruby's `PN::KEY_PATTERN`, which every key of a `PN::Map` must match.
pub(super) fn is_pn_key(key: &str) -> bool {
    let mut bytes = key.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'-')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// What makes Ruby's transformer raise.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RubyPnCause {
    /// A captures-rest parameter (`*$rest`) of a lambda or a definition: `parameters_entry`
    /// calls the missing `PN::Literal(true)` (NoMethodError). We print `:splat true`.
    CapturesRest,
    /// A parameter whose name is not a PN key (`$0`, `$x::y`, the empty name of an EPP `$`):
    /// `PN::Map.new` raises ArgumentError. We print the name as the key.
    ParameterName,
    /// A node class the transformer has no method for (`ApplyExpression`, under `--tasks`):
    /// its visitor raises. We print it like a call, `(apply {:args […] :body […]})`.
    NoTransform,
}

/// The first place where Ruby's transformer raises, and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RubyPnFailure {
    /// The `Parameter` or the node without a transform.
    pub node: NodeId,
    /// Why Ruby raises there.
    pub cause: RubyPnCause,
}

impl RubyPnFailure {
    /// What Ruby raises, as `Class: message` (what `puppet parser dump` shows after `Error: `,
    /// without the class).
    pub fn ruby_error(&self, model: &Model) -> String {
        match self.cause {
            RubyPnCause::CapturesRest => {
                "NoMethodError: undefined method `Literal' for Puppet::Pops::PN:Module".to_owned()
            }
            RubyPnCause::ParameterName => {
                let name = match model.kind(self.node) {
                    NodeKind::Parameter { name, .. } => model.str(*name),
                    _ => "",
                };
                format!(
                    "ArgumentError: key {name} does not conform to pattern \
                     /^[A-Za-z_-][0-9A-Za-z_-]*$/)"
                )
            }
            RubyPnCause::NoTransform => format!(
                "RuntimeError: Visitor Error: the configured receiver \
                 (Puppet::Pops::Model::PNTransformer) can't handle instance of: \
                 Puppet::Pops::Model::{}",
                model.class(self.node).name()
            ),
        }
    }

    /// The error `puppet-parser dump --format pn|json` reports (`PN_TRANSFORM_FAILED`, at the
    /// node, located in the model's source): Ruby's error as the `error` argument.
    pub fn diagnostic(&self, model: &Model) -> Diagnostic {
        let ruby = self.ruby_error(model);
        let ours = match self.cause {
            RubyPnCause::CapturesRest => "the PN shown writes the parameter as `:splat true`",
            RubyPnCause::ParameterName => "the PN shown uses the name as the key",
            RubyPnCause::NoTransform => "the PN shown writes it like a call",
        };
        let (offset, length) = model.span(self.node);
        let mut diagnostic = Diagnostic::error(
            IssueCode::PN_TRANSFORM_FAILED,
            offset,
            length,
            format!("Puppet cannot dump this as PN ({ruby}); {ours}"),
        );
        diagnostic.args.push(("error", ruby));
        diagnostic.locate(model.file(), model.source(), model.line_index());
        diagnostic
    }
}

#[cfg(test)]
mod tests {
    use super::is_pn_key;

    #[test]
    fn pn_keys_are_rubys_pattern() {
        for key in ["a", "_", "-", "a1", "A-b_c", "name"] {
            assert!(is_pn_key(key), "{key}");
        }
        for key in ["", "0", "1a", "x::y", "a b", "é", "a.b"] {
            assert!(!is_pn_key(key), "{key}");
        }
    }
}
