//! Completion. The context comes from the text before the cursor, so that it works in a
//! buffer that does not parse (the usual state while typing), helped by the error-tolerant
//! CST where it has more to say (the variables in scope):
//!
//! * after `$`: the variables in scope, `$facts`/`$trusted`, and `$class::` variables;
//! * inside `$facts['…']['…`: the keys Facter 4 has at that level;
//! * after `include`, `contain`, `require`, `inherits`, `class { '`, `Class['`: class names;
//! * at an attribute of a resource body: the attributes of its type (core types from the
//!   resource types table, defined types and classes from their parameters), metaparameters;
//! * a capitalized word: data types, type aliases and resource references;
//! * elsewhere: resource types, functions and keywords.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionList, CompletionParams, CompletionResponse,
    CompletionTextEdit, Documentation, MarkupContent, MarkupKind, TextEdit,
};
use puppet_lint::resource_types::{AttributeKind, ResourceTypes};
use puppet_syntax::TextSize;
use puppet_workspace::index::DefinitionKind;

use crate::document::Text;
use crate::state::{LspResult, Snapshot};

/// At most this many items; the list is then incomplete and the client asks again.
const LIMIT: usize = 400;

const KEYWORDS: &[&str] = &[
    "and", "apply", "attr", "case", "class", "default", "define", "else", "elsif", "false",
    "function", "if", "in", "inherits", "node", "or", "plan", "private", "true", "type", "undef",
    "unless",
];

const DATA_TYPES: &[&str] = &[
    "Any",
    "Array",
    "Binary",
    "Boolean",
    "Callable",
    "CatalogEntry",
    "Class",
    "Collection",
    "Data",
    "Default",
    "Deferred",
    "Enum",
    "Error",
    "Float",
    "Hash",
    "Init",
    "Integer",
    "Iterable",
    "Iterator",
    "NotUndef",
    "Numeric",
    "Object",
    "Optional",
    "Pattern",
    "Regexp",
    "Resource",
    "RichData",
    "Runtime",
    "Scalar",
    "ScalarData",
    "SemVer",
    "SemVerRange",
    "Sensitive",
    "String",
    "Struct",
    "Timespan",
    "Timestamp",
    "Tuple",
    "Type",
    "Undef",
    "URI",
    "Variant",
];

struct Items<'t> {
    text: &'t Text,
    /// The range the chosen item replaces (the partial word).
    replace: lsp_types::Range,
    prefix: String,
    items: Vec<CompletionItem>,
}

impl Items<'_> {
    fn add(
        &mut self,
        label: &str,
        kind: CompletionItemKind,
        detail: Option<String>,
        doc: Option<String>,
        insert: Option<String>,
    ) {
        if !label
            .to_lowercase()
            .starts_with(&self.prefix.to_lowercase())
        {
            return;
        }
        let _ = self.text;
        self.items.push(CompletionItem {
            label: label.to_string(),
            kind: Some(kind),
            detail,
            documentation: doc.map(|value| {
                Documentation::MarkupContent(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value,
                })
            }),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                self.replace,
                insert.unwrap_or_else(|| label.to_string()),
            ))),
            filter_text: Some(label.to_string()),
            ..CompletionItem::default()
        });
    }
}

/// The identifier characters before `offset` (with `::`).
fn word_before(text: &str, offset: usize) -> &str {
    let before = &text[..offset];
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
        .last()
        .map_or(offset, |(i, _)| i);
    &before[start..]
}

/// The keys of `$facts['a']['b']['par` before the cursor: (["a", "b"], "par").
fn facts_context(before: &str) -> Option<(Vec<String>, String)> {
    let start = before
        .rfind("$facts")
        .or_else(|| before.rfind("$::facts"))?;
    let rest = &before[start..];
    let rest = rest
        .trim_start_matches("$::facts")
        .trim_start_matches("$facts");
    let mut keys = Vec::new();
    let mut rest = rest;
    loop {
        let inner = rest.strip_prefix('[')?;
        let quote = inner.chars().next().filter(|c| *c == '\'' || *c == '"')?;
        let inner = &inner[1..];
        match inner.find(quote) {
            Some(end) => {
                let after = inner[end + 1..].strip_prefix(']')?;
                keys.push(inner[..end].to_string());
                rest = after;
            }
            None => {
                if inner.contains(['[', ']', '\n', ' ']) {
                    return None;
                }
                return Some((keys, inner.to_string()));
            }
        }
    }
}

/// Whether the text before the cursor ends in a class-name position, and the partial name.
fn class_context(before: &str) -> Option<String> {
    let line = before.rsplit('\n').next().unwrap_or(before);
    let partial = line
        .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
        .next()
        .unwrap_or("");
    let head = line[..line.len() - partial.len()].trim_end_matches(['\'', '"']);
    let head = head.trim_end();
    let ends_with_word = |w: &str| {
        head.strip_suffix(w)
            .is_some_and(|b| !b.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
    };
    let list_item = head.ends_with(',') && {
        let statement = head.trim_end_matches(',');
        ["include", "contain", "require"]
            .iter()
            .any(|w| statement.trim_start().starts_with(w))
    };
    let hit = ["include", "contain", "require", "inherits"]
        .iter()
        .any(|w| ends_with_word(w))
        || head.ends_with("include(")
        || head.ends_with("contain(")
        || head.ends_with("require(")
        || head.trim_end_matches(' ').ends_with("class {")
        || head.ends_with("Class[")
        || list_item;
    hit.then(|| partial.to_string())
}

/// The resource type of the body the cursor is in, when it is at an attribute name: the
/// innermost open `{` before it follows a type name (or `class`) and a title has been given.
fn attribute_context(before: &str) -> Option<(String, String)> {
    let mut depth = 0i32;
    let mut in_quote: Option<char> = None;
    let bytes: Vec<(usize, char)> = before.char_indices().collect();
    let mut open = None;
    for &(i, c) in bytes.iter().rev() {
        if let Some(q) = in_quote {
            if c == q {
                in_quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' => in_quote = Some(c),
            '}' => depth += 1,
            '{' if depth == 0 => {
                open = Some(i);
                break;
            }
            '{' => depth -= 1,
            _ => {}
        }
    }
    let open = open?;
    let inside = &before[open + 1..];
    // After the title's `:` or `;`, at the start of an attribute: only a partial name since
    // the last `,`, `:` or newline.
    if !inside.contains(':') {
        return None;
    }
    let tail = inside.rsplit([',', ':', '\n', ';']).next().unwrap_or("");
    if !tail
        .trim_start()
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return None;
    }
    let head = before[..open].trim_end();
    let type_name = head
        .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
        .next()
        .filter(|n| !n.is_empty())?;
    // The title ends at the first `:` that is not half of a `::`.
    let bytes = inside.as_bytes();
    let colon = (0..bytes.len()).find(|&i| {
        bytes[i] == b':' && bytes.get(i + 1) != Some(&b':') && (i == 0 || bytes[i - 1] != b':')
    })?;
    let title = inside[..colon].trim().trim_matches(['\'', '"']);
    Some((
        crate::refs::normalize(type_name),
        crate::refs::normalize(title),
    ))
}

pub fn handle(s: &Snapshot, p: CompletionParams) -> LspResult<Option<CompletionResponse>> {
    let position = p.text_document_position;
    let document = s.document(&position.text_document.uri)?;
    let text = &document.text;
    let offset = text.offset(position.position) as usize;
    let before = &text.text[..offset];
    let word = word_before(&text.text, offset);
    let replace_from = |len: usize| {
        text.range(puppet_syntax::TextRange::new(
            TextSize::from((offset - len) as u32),
            TextSize::from(offset as u32),
        ))
    };
    let mut items = Items {
        text,
        replace: replace_from(word.len()),
        prefix: word.to_string(),
        items: Vec::new(),
    };

    if let Some((keys, partial)) = facts_context(before) {
        items.prefix = partial.clone();
        items.replace = replace_from(partial.len());
        let parent: Vec<&str> = keys.iter().map(String::as_str).collect();
        for fact in crate::builtins::fact_keys(&parent) {
            let key = fact.name.rsplit('.').next().unwrap_or(&fact.name);
            if key.starts_with('<') {
                continue;
            }
            items.add(
                key,
                CompletionItemKind::FIELD,
                Some(fact.kind.clone()),
                Some(fact.doc.clone()),
                None,
            );
        }
    } else if before[..offset - word.len()].ends_with('$') {
        variables(s, &document, offset, word, &mut items);
    } else if let Some(partial) = class_context(before) {
        items.prefix = partial.clone();
        items.replace = replace_from(partial.len());
        let workspace = s.workspace();
        let mut names: Vec<&str> = workspace
            .index
            .definitions()
            .filter(|d| d.kind == DefinitionKind::Class)
            .map(|d| d.name.as_str())
            .collect();
        names.sort_unstable();
        names.dedup();
        for name in names {
            items.add(
                name,
                CompletionItemKind::CLASS,
                Some("class".into()),
                None,
                None,
            );
        }
    } else if let Some((type_name, title)) = attribute_context(before) {
        attributes(s, &type_name, &title, &mut items);
    } else if word.starts_with(|c: char| c.is_ascii_uppercase()) {
        for t in DATA_TYPES {
            items.add(
                t,
                CompletionItemKind::TYPE_PARAMETER,
                Some("data type".into()),
                None,
                None,
            );
        }
        let workspace = s.workspace();
        for d in workspace.index.definitions() {
            let label = match d.kind {
                DefinitionKind::TypeAlias => d.name.clone(),
                DefinitionKind::DefinedType => capitalized(&d.name),
                _ => continue,
            };
            items.add(
                &label,
                CompletionItemKind::INTERFACE,
                Some(format!("{:?}", d.kind)),
                None,
                None,
            );
        }
        for name in ResourceTypes::get().types.keys() {
            items.add(
                &capitalized(name),
                CompletionItemKind::STRUCT,
                Some("resource reference".into()),
                None,
                None,
            );
        }
    } else {
        statements(s, &mut items);
    }
    let mut list = items.items;
    list.sort_by(|a, b| a.label.cmp(&b.label));
    list.dedup_by(|a, b| a.label == b.label);
    let incomplete = list.len() > LIMIT;
    list.truncate(LIMIT);
    Ok(Some(CompletionResponse::List(CompletionList {
        is_incomplete: incomplete,
        items: list,
    })))
}

fn capitalized(name: &str) -> String {
    name.split("::")
        .map(|s| {
            let mut c = s.chars();
            c.next().map_or(String::new(), |f| {
                f.to_ascii_uppercase().to_string() + c.as_str()
            })
        })
        .collect::<Vec<_>>()
        .join("::")
}

fn variables(
    s: &Snapshot,
    document: &crate::document::Document,
    offset: usize,
    word: &str,
    items: &mut Items,
) {
    if let Some((class, _partial)) = word.rsplit_once("::") {
        // `$class::` : the class's parameters and variables.
        items.prefix = word.to_string();
        let class = crate::refs::normalize(class);
        let owners: Vec<_> = s
            .workspace()
            .lookup(DefinitionKind::Class, &class)
            .into_iter()
            .cloned()
            .collect();
        for owner in owners {
            let Some(path) = s.workspace().path(owner.file) else {
                continue;
            };
            let Some(view) = s.file(&path) else { continue };
            let root = view.analysis.root();
            let Some(node) = crate::resolve::definition_node(&root, &owner) else {
                continue;
            };
            for def in crate::scope::definitions_in(&node) {
                let label = format!("{class}::{}", def.name);
                let detail = if def.parameter {
                    "parameter"
                } else {
                    "variable"
                };
                items.add(
                    &label,
                    CompletionItemKind::VARIABLE,
                    Some(format!("{detail} of {class}")),
                    None,
                    None,
                );
            }
        }
        return;
    }
    let analysis = s.analysis(document);
    let root = analysis.root();
    for def in crate::scope::visible_variables(&root, TextSize::from(offset as u32)) {
        if usize::from(def.range.end()) == offset {
            continue; // the word being typed
        }
        let detail = if def.parameter {
            "parameter"
        } else {
            "variable"
        };
        items.add(
            &def.name,
            CompletionItemKind::VARIABLE,
            Some(detail.into()),
            None,
            None,
        );
    }
    for (name, about) in [
        ("facts", "The facts of the node (Facter 4)"),
        (
            "trusted",
            "The trusted facts: certname, authenticated, extensions, …",
        ),
        (
            "server_facts",
            "The facts of the server compiling the catalog",
        ),
    ] {
        items.add(
            name,
            CompletionItemKind::VARIABLE,
            Some("built-in".into()),
            Some(about.into()),
            None,
        );
    }
}

fn attributes(s: &Snapshot, type_name: &str, title: &str, items: &mut Items) {
    let types = ResourceTypes::get();
    if let Some(core) = types.lookup(type_name) {
        for (attr, info) in &core.attributes {
            let detail = match info.kind {
                AttributeKind::Param => "parameter",
                AttributeKind::Property => "property",
                AttributeKind::Metaparam => "metaparameter",
            };
            items.add(
                attr,
                CompletionItemKind::PROPERTY,
                Some(detail.into()),
                Some(info.doc.clone()),
                Some(format!("{attr} => ")),
            );
        }
        return;
    }
    let workspace = s.workspace();
    let owners = if type_name == "class" {
        // `class { 'x': }`: the parameters of the class named in the title.
        workspace.lookup(DefinitionKind::Class, title)
    } else {
        workspace.lookup(DefinitionKind::DefinedType, type_name)
    };
    for owner in owners {
        for param in &owner.parameters {
            let about = owner
                .doc
                .as_ref()
                .and_then(|d| d.param(&param.name))
                .map(str::to_string);
            items.add(
                &param.name,
                CompletionItemKind::PROPERTY,
                param.type_text.clone(),
                about,
                Some(format!("{} => ", param.name)),
            );
        }
    }
    if let Some(file) = types.lookup("file") {
        for (attr, info) in file
            .attributes
            .iter()
            .filter(|(_, a)| a.kind == AttributeKind::Metaparam)
        {
            items.add(
                attr,
                CompletionItemKind::PROPERTY,
                Some("metaparameter".into()),
                Some(info.doc.clone()),
                Some(format!("{attr} => ")),
            );
        }
    }
}

fn statements(s: &Snapshot, items: &mut Items) {
    for (name, ty) in &ResourceTypes::get().types {
        let summary = ty.doc.split("\n\n").next().map(str::to_string);
        items.add(
            name,
            CompletionItemKind::STRUCT,
            Some("resource type".into()),
            summary,
            None,
        );
    }
    for f in crate::builtins::functions() {
        items.add(
            &f.name,
            CompletionItemKind::FUNCTION,
            f.signatures.first().cloned(),
            Some(f.doc.clone()),
            None,
        );
    }
    let workspace = s.workspace();
    for d in workspace.index.definitions() {
        let kind = match d.kind {
            DefinitionKind::DefinedType => CompletionItemKind::STRUCT,
            DefinitionKind::Function => CompletionItemKind::FUNCTION,
            _ => continue,
        };
        items.add(&d.name, kind, Some(super::hover::signature(d)), None, None);
    }
    for k in KEYWORDS {
        items.add(k, CompletionItemKind::KEYWORD, None, None, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contexts_from_the_text_before_the_cursor() {
        assert_eq!(
            facts_context("$x = $facts['os']['fam"),
            Some((vec!["os".into()], "fam".into()))
        );
        assert_eq!(facts_context("$facts[\"net"), Some((vec![], "net".into())));
        assert_eq!(facts_context("$facts['os'] $y"), None);
        assert_eq!(class_context("  include foo::b"), Some("foo::b".into()));
        assert_eq!(class_context("  class { 'fo"), Some("fo".into()));
        assert_eq!(class_context("  Class['fo"), Some("fo".into()));
        assert_eq!(class_context("  include a, b"), Some("b".into()));
        assert_eq!(class_context("  notice(fo"), None);
        assert_eq!(
            attribute_context("file { '/tmp/x':\n  ens"),
            Some(("file".into(), "/tmp/x".into()))
        );
        assert_eq!(
            attribute_context("class { 'a::b':\n  p"),
            Some(("class".into(), "a::b".into()))
        );
        assert_eq!(attribute_context("file { '/tmp/x':\n  ensure => fi"), None);
        assert_eq!(
            attribute_context("foo::bar { 'x': a => 1,\n  b"),
            Some(("foo::bar".into(), "x".into()))
        );
        assert_eq!(attribute_context("file { '/tmp/x"), None);
        assert_eq!(word_before("$x = $fo", 8), "fo");
    }
}
