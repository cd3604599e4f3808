//! `Puppet::Resource::TypeCollection#add`: the duplicate checks between classes
//! (`hostclasses`), defines (`definitions`) and nodes (`nodes`), and the names Ruby files them
//! under.
//!
//! Every check raises `instance.fail Puppet::ParseError, message`: the error carries the file
//! and line of the redefinition (no column), and the message names the earlier one with
//! `error_context` (` (file: F, line: L)`, or ` (line: L)` without a file). Recorded messages
//! (the name is the new type's, equal to the earlier one's):
//!
//! | new ↓ / earlier → | class | define | node |
//! |---|---|---|---|
//! | class | `Class 'a' is already defined…; cannot redefine` | `Definition 'a' is already defined…; cannot be redefined as a class` | `Node 'a' is already defined…; cannot be redefined as a class` |
//! | define | `'a' is already defined… as a class; cannot redefine as a definition` | `Definition 'a' is already defined…; cannot be redefined` | — |
//! | node | `Class 'a' is already defined…; cannot be redefined as a node` | — | `Node 'a' is already defined…; cannot redefine` |
//!
//! A class checks classes, then nodes, then defines; a node nodes, then classes; a define
//! classes, then defines. A define defined twice never gets here: its runtime type is bound
//! twice first (`loaders`). Nodes and defines share no namespace.
//!
//! The collection starts with the main class `''` (`import_ast` adds it first), which has no
//! file and no line: a node named `''` clashes with it (`Class '' is already defined; cannot
//! be redefined as a node`, without a context). No class or define can be named `''`, so the
//! main class is that one check, not an entry (an empty table is looked up without hashing).

use std::collections::HashMap;

use crate::model::{Model, NodeId, NodeKind};
use crate::release::NodeRegexpGroups;

/// A 3.x type made by `Program#instantiate`: its kind, its name and its definition.
pub(super) struct Instance {
    kind: InstanceKind,
    name: String,
    /// The class, define or node definition (for a node, one instance per host match).
    pub(super) definition: NodeId,
}

impl Instance {
    pub(super) fn new(kind: InstanceKind, name: String, definition: NodeId) -> Instance {
        Instance {
            kind,
            name,
            definition,
        }
    }
}

/// `Puppet::Resource::Type#type`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum InstanceKind {
    Hostclass,
    Definition,
    Node,
}

/// The collection's three tables: name → the definition that took it.
#[derive(Default)]
pub(super) struct TypeCollection {
    hostclasses: HashMap<String, NodeId>,
    definitions: HashMap<String, NodeId>,
    nodes: HashMap<String, NodeId>,
}

impl TypeCollection {
    /// `add_hostclass` / `add_definition` / `add_node`: the message of the first duplicate
    /// check that fails, or the instance is added (recorded only when `record`: the last
    /// instance of a file is never looked up, and most files define one thing).
    pub(super) fn add(
        &mut self,
        instance: &Instance,
        model: &Model,
        file: &dyn Fn() -> Option<String>,
        record: bool,
    ) -> Result<(), String> {
        let name = instance.name.as_str();
        let context = |earlier: NodeId| error_context(file().as_deref(), model.line(earlier));
        let dupe = |table: &HashMap<String, NodeId>| table.get(name).copied();
        match instance.kind {
            InstanceKind::Hostclass => {
                if let Some(d) = dupe(&self.hostclasses) {
                    return Err(format!(
                        "Class '{name}' is already defined{}; cannot redefine",
                        context(d)
                    ));
                }
                if let Some(d) = dupe(&self.nodes) {
                    return Err(format!(
                        "Node '{name}' is already defined{}; cannot be redefined as a class",
                        context(d)
                    ));
                }
                if let Some(d) = dupe(&self.definitions) {
                    return Err(format!(
                        "Definition '{name}' is already defined{}; cannot be redefined as a class",
                        context(d)
                    ));
                }
                if record {
                    self.hostclasses
                        .insert(name.to_owned(), instance.definition);
                }
            }
            InstanceKind::Node => {
                if let Some(d) = dupe(&self.nodes) {
                    return Err(format!(
                        "Node '{name}' is already defined{}; cannot redefine",
                        context(d)
                    ));
                }
                if name.is_empty() {
                    // The main class, which has no file and no line.
                    return Err(
                        "Class '' is already defined; cannot be redefined as a node".to_owned()
                    );
                }
                if let Some(d) = dupe(&self.hostclasses) {
                    return Err(format!(
                        "Class '{name}' is already defined{}; cannot be redefined as a node",
                        context(d)
                    ));
                }
                if record {
                    self.nodes.insert(name.to_owned(), instance.definition);
                }
            }
            InstanceKind::Definition => {
                if let Some(d) = dupe(&self.hostclasses) {
                    return Err(format!(
                        "'{name}' is already defined{} as a class; cannot redefine as a definition",
                        context(d)
                    ));
                }
                if let Some(d) = dupe(&self.definitions) {
                    return Err(format!(
                        "Definition '{name}' is already defined{}; cannot be redefined",
                        context(d)
                    ));
                }
                if record {
                    self.definitions
                        .insert(name.to_owned(), instance.definition);
                }
            }
        }
        Ok(())
    }
}

/// `Puppet::Util::Errors#error_context`: ` (file: F, line: L)`, or ` (line: L)` without a file.
fn error_context(file: Option<&str>, line: u32) -> String {
    match file {
        Some(file) => format!(" (file: {file}, line: {line})"),
        None => format!(" (line: {line})"),
    }
}

/// The name a node's host match is filed under: `AstTransformer#hostname` →
/// `AST::HostName` (a name is lower-cased) → `Resource::Type#name`, which gives a regular
/// expression the name `__node_regexp__` + its source lower-cased, with the characters of each
/// `(?…)` group spelled out as the release does it (Puppet 8.9 and later), without the
/// characters other than ASCII letters, digits, `_`, `-`, `:` and `.`, and without leading dots
/// (so `/a b/` and `/ab/` clash). `None` for a host match the grammar never produces.
pub(super) fn node_name(model: &Model, host: NodeId, groups: NodeRegexpGroups) -> Option<String> {
    match model.kind(host) {
        NodeKind::LiteralString { value } | NodeKind::QualifiedName { value } => {
            Some(model.str(*value).to_lowercase())
        }
        NodeKind::LiteralDefault {} => Some("default".to_owned()),
        NodeKind::LiteralRegularExpression { value, .. } => {
            let source = spell_groups(&model.str(*value).to_lowercase(), groups);
            let kept: String = source
                .chars()
                .filter(|&c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':' | '.'))
                .collect();
            Some(format!("__node_regexp__{}", kept.trim_start_matches('.')))
        }
        _ => None,
    }
}

/// Ruby's `source.gsub(/\(\?[^)]*\)/) { |g| g.gsub(/./) { |ch| LOOKAROUND_OPERATORS[ch] || ch } }`:
/// in each `(?` … `)` group (up to its first `)`), `( ? < > ! = )` become `LP QU LT GT EX EQ RP`
/// (or the same in lower case). A line break is not `.`, and is kept.
fn spell_groups(source: &str, groups: NodeRegexpGroups) -> String {
    let upper = match groups {
        NodeRegexpGroups::Dropped => return source.to_owned(),
        NodeRegexpGroups::SpelledUpperCase => true,
        NodeRegexpGroups::SpelledLowerCase => false,
    };
    let mut out = String::with_capacity(source.len() + 16);
    let mut rest = source;
    while let Some(start) = rest.find("(?") {
        let Some(length) = rest[start + 2..].find(')') else {
            break;
        };
        let end = start + 2 + length + 1;
        out.push_str(&rest[..start]);
        for ch in rest[start..end].chars() {
            let spelled = match ch {
                '(' => "LP",
                '?' => "QU",
                '<' => "LT",
                '>' => "GT",
                '!' => "EX",
                '=' => "EQ",
                ')' => "RP",
                _ => {
                    out.push(ch);
                    continue;
                }
            };
            if upper {
                out.push_str(spelled);
            } else {
                out.push_str(&spelled.to_ascii_lowercase());
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_context_like_ruby() {
        assert_eq!(
            error_context(Some("/a/x.pp"), 3),
            " (file: /a/x.pp, line: 3)"
        );
        assert_eq!(error_context(None, 1), " (line: 1)");
    }

    #[test]
    fn regexp_groups_spelled_like_ruby() {
        use NodeRegexpGroups::*;
        assert_eq!(spell_groups("^(?=a)x", Dropped), "^(?=a)x");
        assert_eq!(spell_groups("^(?=a)x", SpelledUpperCase), "^LPQUEQaRPx");
        assert_eq!(
            spell_groups("^(?<!a)x(?!b)", SpelledLowerCase),
            "^lpqultexarpxlpquexbrp"
        );
        // A group runs to its first `)`, whatever it holds; an unclosed one is left alone.
        assert_eq!(spell_groups("(?(a)b)", SpelledUpperCase), "LPQULPaRPb)");
        assert_eq!(spell_groups("a(?=b", SpelledUpperCase), "a(?=b");
        assert_eq!(spell_groups("(?=\n)", SpelledUpperCase), "LPQUEQ\nRP");
    }
}
