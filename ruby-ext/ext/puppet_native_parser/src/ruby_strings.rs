//! Which strings of the model Ruby Puppet's parser leaves unfrozen, and which it makes US-ASCII.
//!
//! Puppet's evaluator hands a model string to Ruby code as it is (an ERB template's `@x` for
//! `$x = "abc"`, a 4.x function's argument), so a template that does `@x << "d"` works with
//! Ruby's parser and would raise `FrozenError` on a frozen copy. The strings are therefore made
//! as Ruby's parser makes them. Its lexer (`frozen_string_literal: true`) gives frozen token
//! values, and the grammar's actions (`egrammar.ra`, without that comment) and its string
//! handling give new, unfrozen ones. Measured on the Debian corpus and on a snippet of every
//! string form (`spec/corpus_parity_spec.rb` and `spec/api_spec.rb` compare every string of
//! every model object with Puppet's):
//!
//! - unfrozen: a `LiteralString` of a double-quoted string, of a string's or heredoc's text
//!   (a segment of a `ConcatenatedString`, a `HeredocExpression`'s text), a `QualifiedName` of a
//!   `$name` interpolated without braces, `AttributeOperation#operator` (`=>`, `+>`),
//!   `HeredocExpression#syntax` (but an empty one in Puppet 8, whose lexer has
//!   `frozen_string_literal: true`), `RenderStringExpression#value` (EPP text), a resource
//!   `form` other than `regular`, and a node definition's host name of dotted words;
//! - unfrozen and US-ASCII (when ASCII): the names of classes and defined types, and a regular
//!   expression's `pattern`;
//! - frozen: everything else (single-quoted strings, bare words, names, operators, …).
//!
//! This is how Ruby's parser made the values, not part of the model, so it lives here, next to
//! the only builder that needs it, rather than in the model's description.

use puppet_syntax::model::{AttrValue, Model, ModelClass, NodeId};

/// How Ruby's parser makes one string.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Style {
    Frozen,
    Unfrozen,
    /// Unfrozen, and US-ASCII when the text is ASCII (UTF-8 otherwise).
    UnfrozenAscii,
}

/// The nodes of one model whose string value Ruby's parser builds unfrozen because of where
/// they stand: the text segments of strings and heredocs, and the names of `$name`
/// interpolations (found once per build, from their parents).
pub(crate) struct Provenance {
    unfrozen: Vec<bool>,
    /// Whether a heredoc's empty `syntax` is frozen (Puppet 8's lexer) or not (Puppet 7's).
    frozen_empty_syntax: bool,
}

impl Provenance {
    pub(crate) fn of(model: &Model, frozen_empty_syntax: bool) -> Provenance {
        let mut unfrozen = Vec::new();
        let source = model.source().as_bytes();
        let class = |id: NodeId| model.node(id).kind.class();
        // The one node attribute of `id` (`TextExpression#expr`, `VariableExpression#expr`).
        let only_child = |id: NodeId| {
            let mut child = None;
            model.node(id).kind.for_each_attr(model, &mut |_, attr| {
                if let AttrValue::Node(c) = attr {
                    child = Some(c);
                }
            });
            child
        };
        let mark = |unfrozen: &mut Vec<bool>, id: NodeId| {
            if unfrozen.is_empty() {
                unfrozen.resize(model.node_count(), false);
            }
            unfrozen[id.index()] = true;
        };
        for (_, node) in model.all_nodes() {
            match node.kind.class() {
                ModelClass::ConcatenatedString => node.kind.for_each_attr(model, &mut |_, attr| {
                    let AttrValue::Nodes(segments) = attr else {
                        return;
                    };
                    for &segment in segments {
                        match class(segment) {
                            ModelClass::LiteralString => mark(&mut unfrozen, segment),
                            ModelClass::TextExpression => {
                                let Some(variable) = only_child(segment)
                                    .filter(|&v| class(v) == ModelClass::VariableExpression)
                                else {
                                    continue;
                                };
                                // `$name`, where the lexer's interpolation takes the name out
                                // of the string; not `${name}` (the variable starts at the
                                // name) nor `${$name}` (lexed as code).
                                let offset = model.node(variable).offset as usize;
                                if source.get(offset) != Some(&b'$') || in_braces(source, offset) {
                                    continue;
                                }
                                if let Some(name) = only_child(variable)
                                    .filter(|&n| class(n) == ModelClass::QualifiedName)
                                {
                                    mark(&mut unfrozen, name);
                                }
                            }
                            _ => {}
                        }
                    }
                }),
                // A host name of dotted words (`node a.b {}`): the grammar joins the words.
                ModelClass::NodeDefinition => node.kind.for_each_attr(model, &mut |_, attr| {
                    let AttrValue::Nodes(hosts) = attr else {
                        return;
                    };
                    for &host in hosts {
                        let offset = model.node(host).offset as usize;
                        let quoted = matches!(source.get(offset), Some(b'\'' | b'"'));
                        let mut dotted = false;
                        model.node(host).kind.for_each_attr(model, &mut |_, attr| {
                            if let AttrValue::Str(value) = attr {
                                dotted = value.contains('.');
                            }
                        });
                        if class(host) == ModelClass::LiteralString && !quoted && dotted {
                            mark(&mut unfrozen, host);
                        }
                    }
                }),
                ModelClass::HeredocExpression => node.kind.for_each_attr(model, &mut |_, attr| {
                    if let AttrValue::Node(text) = attr {
                        if class(text) == ModelClass::LiteralString {
                            mark(&mut unfrozen, text);
                        }
                    }
                }),
                _ => {}
            }
        }
        Provenance {
            unfrozen,
            frozen_empty_syntax,
        }
    }

    /// How Ruby's parser makes the string `value` of attribute `attr` of node `id`.
    pub(crate) fn style(
        &self,
        model: &Model,
        id: NodeId,
        class: ModelClass,
        attr: &str,
        value: &str,
    ) -> Style {
        use ModelClass::*;
        match (class, attr) {
            (HeredocExpression, "syntax") if value.is_empty() && self.frozen_empty_syntax => {
                Style::Frozen
            }
            (AttributeOperation, "operator")
            | (HeredocExpression, "syntax")
            | (RenderStringExpression, "value") => Style::Unfrozen,
            (HostClassDefinition | ResourceTypeDefinition, "name")
            | (LiteralRegularExpression, "pattern") => Style::UnfrozenAscii,
            (
                ResourceExpression | ResourceDefaultsExpression | ResourceOverrideExpression,
                "form",
            ) if value != "regular" => Style::Unfrozen,
            (LiteralString | QualifiedName, "value")
                if self.unfrozen.get(id.index()).copied().unwrap_or(false) =>
            {
                Style::Unfrozen
            }
            (LiteralString, "value")
                if model
                    .source()
                    .as_bytes()
                    .get(model.node(id).offset as usize)
                    == Some(&b'"') =>
            {
                Style::Unfrozen
            }
            _ => Style::Frozen,
        }
    }
}

/// Whether the `$` at `offset` stands right inside a `${`, white space apart.
fn in_braces(source: &[u8], offset: usize) -> bool {
    let before = source[..offset].trim_ascii_end();
    before.ends_with(b"${")
}
