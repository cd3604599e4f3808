//! Ruby's `Evaluator::LiteralEvaluator` (Puppet 7.23), which `check_LiteralHash` uses to find
//! duplicate keys: the value of a literal key, compared the way a Ruby `Set` compares (`eql?` and
//! `hash`), and printed the way the `DUPLICATE_KEY` message prints it (`to_s`).
//!
//! Literal: strings (and double-quoted strings without interpolation), bare names, numbers,
//! booleans, `undef` (nil), `default` (`:default`), regexps, arrays and hashes of literals.
//! Anything else (variables, type names, calls, interpolation…) is not literal: the key is
//! skipped. `eql?` is strict about classes: `1` and `1.0` differ, `'a'` and a bare `a` are equal;
//! `0.0` and `-0.0` are equal (Ruby normalises the float hash); hashes compare unordered.

use std::hash::{Hash, Hasher};

use crate::model::{IntRef, Model, NodeId, NodeKind};
use crate::ruby_format::{regexp_inspect, ruby_float_to_s, string_inspect};

/// A literal value.
#[derive(Clone, Debug)]
pub(crate) enum Lit<'m> {
    Str(&'m str),
    Int(IntRef<'m>),
    Float(f64),
    Bool(bool),
    Nil,
    Default,
    /// A regexp, by its source.
    Regexp(&'m str),
    List(Vec<Lit<'m>>),
    /// Entries in insertion order, keys unique (a later duplicate replaces the value in place).
    Hash(Vec<(Lit<'m>, Lit<'m>)>),
}

/// `literal(o)`: the value, or `None` where Ruby throws `:not_literal`.
pub(crate) fn literal<'m>(model: &'m Model, id: NodeId) -> Option<Lit<'m>> {
    crate::deep::guarded(|| {
        Some(match model.kind(id) {
            NodeKind::LiteralString { value }
            | NodeKind::RenderStringExpression { value }
            | NodeKind::QualifiedName { value } => Lit::Str(model.str(*value)),
            NodeKind::LiteralInteger { value, .. } => Lit::Int(model.int(*value)),
            NodeKind::LiteralFloat { value } => Lit::Float(*value),
            NodeKind::LiteralBoolean { value } => Lit::Bool(*value),
            NodeKind::LiteralUndef {} => Lit::Nil,
            NodeKind::LiteralDefault {} => Lit::Default,
            NodeKind::LiteralRegularExpression { value, .. } => Lit::Regexp(model.str(*value)),
            NodeKind::ConcatenatedString { segments } => match model.nodes(*segments) {
                [only] => match model.kind(*only) {
                    NodeKind::LiteralString { value }
                    | NodeKind::RenderStringExpression { value } => Lit::Str(model.str(*value)),
                    _ => return None,
                },
                _ => return None,
            },
            NodeKind::LiteralList { values } => Lit::List(
                model
                    .nodes(*values)
                    .iter()
                    .map(|&v| literal(model, v))
                    .collect::<Option<Vec<_>>>()?,
            ),
            NodeKind::LiteralHash { entries } => {
                let mut result: Vec<(Lit<'m>, Lit<'m>)> = Vec::new();
                for &entry in model.nodes(*entries) {
                    let NodeKind::KeyedEntry { key, value } = model.kind(entry) else {
                        return None;
                    };
                    let (k, v) = (literal(model, *key)?, literal(model, *value)?);
                    match result.iter_mut().find(|(existing, _)| *existing == k) {
                        Some(slot) => slot.1 = v,
                        None => result.push((k, v)),
                    }
                }
                Lit::Hash(result)
            }
            _ => return None,
        })
    })
}

impl PartialEq for Lit<'_> {
    /// Ruby `eql?`.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Lit::Str(a), Lit::Str(b)) => a == b,
            (Lit::Int(a), Lit::Int(b)) => a == b,
            (Lit::Float(a), Lit::Float(b)) => a == b,
            (Lit::Bool(a), Lit::Bool(b)) => a == b,
            (Lit::Nil, Lit::Nil) | (Lit::Default, Lit::Default) => true,
            (Lit::Regexp(a), Lit::Regexp(b)) => a == b,
            (Lit::List(a), Lit::List(b)) => a == b,
            (Lit::Hash(a), Lit::Hash(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, v)| b.iter().any(|(k2, v2)| k == k2 && v == v2))
            }
            _ => false,
        }
    }
}

impl Eq for Lit<'_> {}

impl Hash for Lit<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Lit::Str(s) | Lit::Regexp(s) => s.hash(state),
            Lit::Int(i) => i.hash(state),
            // -0.0 == 0.0 must hash alike.
            Lit::Float(f) => (if *f == 0.0 { 0.0f64 } else { *f }).to_bits().hash(state),
            Lit::Bool(b) => b.hash(state),
            Lit::Nil | Lit::Default => {}
            Lit::List(items) => items.hash(state),
            // Unordered: only the size.
            Lit::Hash(entries) => entries.len().hash(state),
        }
    }
}

impl Lit<'_> {
    /// Ruby `to_s` (what `%{key}` shows in the `DUPLICATE_KEY` message).
    pub(crate) fn to_ruby_s(&self) -> String {
        match self {
            Lit::Str(s) => (*s).to_owned(),
            Lit::Nil => String::new(),
            Lit::Default => "default".to_owned(),
            Lit::Regexp(source) => regexp_to_s(source),
            _ => self.inspect(),
        }
    }

    /// Ruby `inspect`.
    pub(crate) fn inspect(&self) -> String {
        match self {
            Lit::Str(s) => string_inspect(s),
            Lit::Int(i) => i.to_string(),
            Lit::Float(f) => ruby_float_to_s(*f),
            Lit::Bool(b) => b.to_string(),
            Lit::Nil => "nil".to_owned(),
            Lit::Default => ":default".to_owned(),
            Lit::Regexp(source) => regexp_inspect(source),
            Lit::List(items) => format!(
                "[{}]",
                items
                    .iter()
                    .map(Lit::inspect)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Lit::Hash(entries) => format!(
                "{{{}}}",
                entries
                    .iter()
                    .map(|(k, v)| format!("{}=>{}", k.inspect(), v.inspect()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// Ruby `Regexp#to_s` of a regexp without options: `(?-mix:source)` (with `Regexp#inspect`'s
/// escaping of the source).
fn regexp_to_s(source: &str) -> String {
    let inspected = regexp_inspect(source);
    format!("(?-mix:{})", &inspected[1..inspected.len() - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_inspect_and_to_s() {
        assert_eq!(
            string_inspect("a\u{e9}\n\u{1}\"#{x}#a"),
            "\"a\u{e9}\\n\\u0001\\\"\\#{x}#a\""
        );
        assert_eq!(regexp_to_s("a/b"), "(?-mix:a\\/b)");
        let list = Lit::List(vec![
            Lit::Int(IntRef::Small(1)),
            Lit::Nil,
            Lit::Default,
            Lit::Regexp("a/b"),
            Lit::Float(1.5),
            Lit::Bool(true),
        ]);
        assert_eq!(list.to_ruby_s(), "[1, nil, :default, /a\\/b/, 1.5, true]");
        let hash = Lit::Hash(vec![(Lit::Str("a"), Lit::Int(IntRef::Small(1)))]);
        assert_eq!(hash.to_ruby_s(), "{\"a\"=>1}");
        assert_eq!(Lit::Float(1e20).to_ruby_s(), "1.0e+20");
    }

    #[test]
    fn eql_semantics() {
        assert_eq!(Lit::Float(0.0), Lit::Float(-0.0));
        assert_ne!(Lit::Float(1.0), Lit::Int(IntRef::Small(1)));
        let a = Lit::Hash(vec![
            (Lit::Str("a"), Lit::Nil),
            (Lit::Str("b"), Lit::Bool(true)),
        ]);
        let b = Lit::Hash(vec![
            (Lit::Str("b"), Lit::Bool(true)),
            (Lit::Str("a"), Lit::Nil),
        ]);
        assert_eq!(a, b);
    }
}
