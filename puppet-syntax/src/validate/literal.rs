//! Ruby's `Evaluator::LiteralEvaluator`, which `check_LiteralHash` uses to find duplicate keys
//! and, since Puppet 7.29 / 8.5, `internal_check_parameter_type_literal` to require literal
//! class parameter types: the value of a literal, compared the way a Ruby `Set` compares
//! (`eql?` and `hash`), and printed the way the `DUPLICATE_KEY` message prints it (`to_s`).
//!
//! Literal: strings (and double-quoted strings without interpolation), bare names, numbers,
//! booleans, `undef` (nil), `default` (`:default`), regexps, arrays and hashes of literals.
//! Under [`Rules::literal_type_keys`] also type names (their lower-cased name, a string) and
//! access expressions (the list of their keys, whatever is on the left; not one key that is a
//! list: `Optional[[String]]`), and under [`Rules::literal_unary_minus`] a minus of a
//! literal (of a string: the string). Anything else (variables, calls, interpolation…) is not
//! literal: the key is skipped. `eql?` is strict about classes: `1` and `1.0` differ, `'a'` and
//! a bare `a` are equal; `0.0` and `-0.0` are equal (Ruby normalises the float hash); hashes
//! compare unordered.

use std::borrow::Cow;
use std::hash::{Hash, Hasher};

use crate::model::{IntRef, Model, ModelClass, NodeId, NodeKind};
use crate::release::Rules;
use crate::ruby_format::{regexp_inspect, ruby_float_to_s, string_inspect};

/// A literal value.
#[derive(Clone, Debug)]
pub(crate) enum Lit<'m> {
    Str(Cow<'m, str>),
    Int(LitInt<'m>),
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

/// An Integer, normalised so that equal values are equal: `Small` whenever it fits in `i64`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LitInt<'m> {
    Small(i64),
    /// Decimal digits, optionally preceded by `-`.
    Big(Cow<'m, str>),
}

impl<'m> From<IntRef<'m>> for LitInt<'m> {
    fn from(value: IntRef<'m>) -> LitInt<'m> {
        match value {
            IntRef::Small(v) => LitInt::Small(v),
            IntRef::Big(digits) => LitInt::Big(Cow::Borrowed(digits)),
        }
    }
}

impl LitInt<'_> {
    /// Ruby's `-value`.
    fn negated(&self) -> LitInt<'static> {
        match self {
            LitInt::Small(v) => match v.checked_neg() {
                Some(negated) => LitInt::Small(negated),
                None => LitInt::Big(Cow::Owned((-(*v as i128)).to_string())),
            },
            LitInt::Big(digits) => {
                let negated = match digits.strip_prefix('-') {
                    Some(positive) => positive.to_owned(),
                    None => format!("-{digits}"),
                };
                match negated.parse::<i64>() {
                    Ok(small) => LitInt::Small(small),
                    Err(_) => LitInt::Big(Cow::Owned(negated)),
                }
            }
        }
    }
}

impl std::fmt::Display for LitInt<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LitInt::Small(v) => write!(f, "{v}"),
            LitInt::Big(digits) => f.write_str(digits),
        }
    }
}

/// Why [`literal`] has no value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum NotLiteral {
    /// Ruby throws `:not_literal`: the expression is skipped.
    Thrown,
    /// A unary minus of a literal that has no minus (`-true`): Ruby raises `NoMethodError`,
    /// which ends its validation. `value` is the value's `to_s`.
    NoMinus { minus: NodeId, value: String },
}

/// `literal(o)` under a release's rules.
pub(crate) fn literal<'m>(
    model: &'m Model,
    rules: &Rules,
    id: NodeId,
) -> Result<Lit<'m>, NotLiteral> {
    crate::deep::guarded(|| {
        Ok(match model.kind(id) {
            NodeKind::LiteralString { value }
            | NodeKind::RenderStringExpression { value }
            | NodeKind::QualifiedName { value } => Lit::Str(Cow::Borrowed(model.str(*value))),
            NodeKind::LiteralInteger { value, .. } => Lit::Int(model.int(*value).into()),
            NodeKind::LiteralFloat { value } => Lit::Float(*value),
            NodeKind::LiteralBoolean { value } => Lit::Bool(*value),
            NodeKind::LiteralUndef {} => Lit::Nil,
            NodeKind::LiteralDefault {} => Lit::Default,
            NodeKind::LiteralRegularExpression { value, .. } => Lit::Regexp(model.str(*value)),
            NodeKind::ConcatenatedString { segments } => match model.nodes(*segments) {
                [only] => match model.kind(*only) {
                    NodeKind::LiteralString { value }
                    | NodeKind::RenderStringExpression { value } => {
                        Lit::Str(Cow::Borrowed(model.str(*value)))
                    }
                    _ => return Err(NotLiteral::Thrown),
                },
                _ => return Err(NotLiteral::Thrown),
            },
            NodeKind::QualifiedReference { cased_value } if rules.literal_type_keys => {
                Lit::Str(Cow::Owned(model.str(*cased_value).to_lowercase()))
            }
            NodeKind::AccessExpression { keys, .. } if rules.literal_type_keys => {
                let keys = model.nodes(*keys);
                if let [only] = keys {
                    if model.class(*only) == ModelClass::LiteralList {
                        return Err(NotLiteral::Thrown);
                    }
                }
                Lit::List(
                    keys.iter()
                        .map(|&k| literal(model, rules, k))
                        .collect::<Result<Vec<_>, _>>()?,
                )
            }
            NodeKind::UnaryMinusExpression { expr } if rules.literal_unary_minus => {
                match literal(model, rules, *expr)? {
                    Lit::Int(i) => Lit::Int(i.negated()),
                    Lit::Float(f) => Lit::Float(-f),
                    // `String#-@`: the string itself (deduplicated and frozen).
                    Lit::Str(s) => Lit::Str(s),
                    other => {
                        return Err(NotLiteral::NoMinus {
                            minus: id,
                            value: other.to_ruby_s(),
                        })
                    }
                }
            }
            NodeKind::LiteralList { values } => Lit::List(
                model
                    .nodes(*values)
                    .iter()
                    .map(|&v| literal(model, rules, v))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            NodeKind::LiteralHash { entries } => {
                let mut result: Vec<(Lit<'m>, Lit<'m>)> = Vec::new();
                for &entry in model.nodes(*entries) {
                    let NodeKind::KeyedEntry { key, value } = model.kind(entry) else {
                        return Err(NotLiteral::Thrown);
                    };
                    let (k, v) = (literal(model, rules, *key)?, literal(model, rules, *value)?);
                    match result.iter_mut().find(|(existing, _)| *existing == k) {
                        Some(slot) => slot.1 = v,
                        None => result.push((k, v)),
                    }
                }
                Lit::Hash(result)
            }
            _ => return Err(NotLiteral::Thrown),
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
            Lit::Str(s) => s.hash(state),
            Lit::Regexp(s) => s.hash(state),
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
            Lit::Str(s) => s.to_string(),
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
            Lit::Int(LitInt::Small(1)),
            Lit::Nil,
            Lit::Default,
            Lit::Regexp("a/b"),
            Lit::Float(1.5),
            Lit::Bool(true),
        ]);
        assert_eq!(list.to_ruby_s(), "[1, nil, :default, /a\\/b/, 1.5, true]");
        let hash = Lit::Hash(vec![(Lit::Str("a".into()), Lit::Int(LitInt::Small(1)))]);
        assert_eq!(hash.to_ruby_s(), "{\"a\"=>1}");
        assert_eq!(Lit::Float(1e20).to_ruby_s(), "1.0e+20");
    }

    #[test]
    fn eql_semantics() {
        assert_eq!(Lit::Float(0.0), Lit::Float(-0.0));
        assert_ne!(Lit::Float(1.0), Lit::Int(LitInt::Small(1)));
        let a = Lit::Hash(vec![
            (Lit::Str("a".into()), Lit::Nil),
            (Lit::Str("b".into()), Lit::Bool(true)),
        ]);
        let b = Lit::Hash(vec![
            (Lit::Str("b".into()), Lit::Bool(true)),
            (Lit::Str("a".into()), Lit::Nil),
        ]);
        assert_eq!(a, b);
    }
}
