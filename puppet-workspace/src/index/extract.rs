//! The definitions of one parsed file: from the Puppet model when the file parsed (the model's
//! `Program#definitions`, nested ones with their full names), else from the typed CST, which
//! the parser builds whatever the errors (a definition cut short by an error keeps what was
//! written of it; nested classes and defines get their enclosing classes' names in front, as
//! Puppet names them).

use std::ops::Range;

use puppet_syntax::model::{Model, NodeId, NodeKind};
use puppet_syntax::syntax::ast::{
    ClassDef, DefineDef, FunctionDef, NodeDef, Param, ParamList, PlanDef, TypeAlias,
};
use puppet_syntax::{ParseResult, SyntaxKind, SyntaxNode};
use rowan::ast::AstNode;

use super::docs::doc_comment_before;
use super::{Definition, DefinitionKind, Parameter, Source};
use crate::cache::FileId;

/// The definitions of `result` (the parse of `file`), and where they came from.
pub(super) fn definitions(result: &ParseResult, file: FileId) -> (Vec<Definition>, Source) {
    if let Some(model) = &result.model {
        let root = result.syntax_node();
        return (from_model(model, root.as_ref(), file), Source::Model);
    }
    if let Some(root) = result.syntax_node() {
        return (from_cst(&root, &result.text, file), Source::Cst);
    }
    (Vec::new(), Source::None)
}

fn text_of(source: &str, offset: u32, length: u32) -> String {
    source
        .get(offset as usize..(offset + length) as usize)
        .unwrap_or("")
        .to_owned()
}

/// The innermost node of `kind` holding the token at `offset`.
fn enclosing(root: &SyntaxNode, offset: u32, kind: SyntaxKind) -> Option<SyntaxNode> {
    let token = root
        .token_at_offset(rowan::TextSize::from(offset))
        .right_biased()?;
    token.parent_ancestors().find(|node| node.kind() == kind)
}

fn from_model(model: &Model, root: Option<&SyntaxNode>, file: FileId) -> Vec<Definition> {
    let source = model.source();
    let mut found = Vec::new();
    for &definition in model.definitions() {
        let (mut offset, length) = model.span(definition);
        let mut span = offset..offset + length;
        let mut alias_name_span = None;
        if let NodeKind::TypeAlias { .. } = model.kind(definition) {
            // Puppet places a type alias at its name, and its aliased type nowhere useful
            // (Ruby's positions): the definition is the CST's, from `type` to the end of the
            // aliased type.
            alias_name_span = Some(span.clone());
            offset = keyword_before(source, offset, "type").unwrap_or(offset);
            span = root
                .and_then(|root| enclosing(root, offset, SyntaxKind::TYPE_ALIAS))
                .map_or(offset..span.end, |node| trimmed_range(&node));
        }
        let (kind, names, parameters) = match model.kind(definition) {
            NodeKind::HostClassDefinition {
                name, parameters, ..
            } => (
                DefinitionKind::Class,
                vec![model.str(*name).to_owned()],
                Some(*parameters),
            ),
            NodeKind::ResourceTypeDefinition {
                name, parameters, ..
            } => (
                DefinitionKind::DefinedType,
                vec![model.str(*name).to_owned()],
                Some(*parameters),
            ),
            NodeKind::FunctionDefinition {
                name, parameters, ..
            } => (
                DefinitionKind::Function,
                vec![model.str(*name).to_owned()],
                Some(*parameters),
            ),
            NodeKind::PlanDefinition {
                name, parameters, ..
            } => (
                DefinitionKind::Plan,
                vec![model.str(*name).to_owned()],
                Some(*parameters),
            ),
            NodeKind::TypeAlias { name, .. } => (
                DefinitionKind::TypeAlias,
                vec![model.str(*name).to_owned()],
                None,
            ),
            NodeKind::NodeDefinition { host_matches, .. } => {
                let hosts = model
                    .nodes(*host_matches)
                    .iter()
                    .map(|&host| host_name(model, host))
                    .collect();
                (DefinitionKind::Node, hosts, None)
            }
            _ => continue,
        };
        let parameters: Vec<Parameter> = parameters
            .map(|list| {
                model
                    .nodes(list)
                    .iter()
                    .filter_map(|&param| model_parameter(model, param))
                    .collect()
            })
            .unwrap_or_default();
        let doc = doc_comment_before(source, offset as usize);
        for (index, name) in names.into_iter().enumerate() {
            let name_span = match model.kind(definition) {
                NodeKind::NodeDefinition { host_matches, .. } => {
                    let host = model.nodes(*host_matches)[index];
                    let (offset, length) = model.span(host);
                    Some(offset..offset + length)
                }
                NodeKind::TypeAlias { .. } => alias_name_span.clone(),
                _ => name_span_after_keyword(source, offset as usize, &name),
            };
            found.push(Definition {
                name,
                kind,
                file,
                name_span,
                span: span.clone(),
                parameters: parameters.clone(),
                doc: doc.clone(),
            });
        }
    }
    found.sort_by_key(|definition| definition.span.start);
    found
}

/// A node definition's host as Puppet names it: a string's value, a name, `default`, or a
/// regular expression as written.
fn host_name(model: &Model, host: NodeId) -> String {
    match model.kind(host) {
        NodeKind::LiteralString { value } | NodeKind::QualifiedName { value } => {
            model.str(*value).to_owned()
        }
        NodeKind::LiteralDefault {} => "default".to_owned(),
        _ => {
            let (offset, length) = model.span(host);
            text_of(model.source(), offset, length)
        }
    }
}

fn model_parameter(model: &Model, param: NodeId) -> Option<Parameter> {
    let NodeKind::Parameter {
        name,
        value,
        type_expr,
        captures_rest,
    } = model.kind(param)
    else {
        return None;
    };
    let text = |node: &Option<NodeId>| {
        node.map(|node| {
            let (offset, length) = model.span(node);
            text_of(model.source(), offset, length)
        })
    };
    Some(Parameter {
        name: model.str(*name).to_owned(),
        type_text: text(type_expr),
        default_text: text(value),
        captures_rest: captures_rest.unwrap_or(false),
    })
}

/// The offset of `keyword` when only whitespace separates it from `offset`.
fn keyword_before(source: &str, offset: u32, keyword: &str) -> Option<u32> {
    let before = source.get(..offset as usize)?.trim_end();
    let start = before.strip_suffix(keyword).map(str::len)?;
    // A whole word: `mytype Foo` is not `type Foo`.
    let word_start = !source[..start].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
    word_start.then_some(start as u32)
}

/// The span of the name written after the definition's keyword at `start` (`class`,
/// `define`, `function`, `plan`, `type`), when it is (the end of) `name`: a nested class is
/// written `b` and named `a::b`.
fn name_span_after_keyword(source: &str, start: usize, name: &str) -> Option<Range<u32>> {
    let rest = source.get(start..)?;
    let keyword_end = rest.find(|c: char| !c.is_ascii_alphabetic())?;
    let mut at = start + keyword_end;
    // Whitespace and comments between the keyword and the name.
    loop {
        let rest = &source[at..];
        let trimmed = rest.trim_start();
        at += rest.len() - trimmed.len();
        if trimmed.starts_with('#') {
            at += trimmed.find('\n').unwrap_or(trimmed.len());
        } else if trimmed.starts_with("/*") {
            at += trimmed.find("*/").map_or(trimmed.len(), |end| end + 2);
        } else {
            break;
        }
    }
    let rest = &source[at..];
    let length = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    let written = rest[..length].trim_start_matches("::").to_lowercase();
    let full = name.trim_start_matches("::").to_lowercase();
    let matches =
        !written.is_empty() && (full == written || full.ends_with(&format!("::{written}")));
    matches.then(|| at as u32..(at + length) as u32)
}

fn from_cst(root: &SyntaxNode, source: &str, file: FileId) -> Vec<Definition> {
    let mut found = Vec::new();
    for node in root.descendants() {
        let kind = node.kind();
        let (def_kind, name, params) = if let Some(def) = ClassDef::cast(node.clone()) {
            (DefinitionKind::Class, def.name(), def.param_list())
        } else if let Some(def) = DefineDef::cast(node.clone()) {
            (DefinitionKind::DefinedType, def.name(), def.param_list())
        } else if let Some(def) = FunctionDef::cast(node.clone()) {
            (DefinitionKind::Function, def.name(), def.param_list())
        } else if let Some(def) = PlanDef::cast(node.clone()) {
            (DefinitionKind::Plan, def.name(), def.param_list())
        } else if let Some(alias) = TypeAlias::cast(node.clone()) {
            let Some(name) = alias.name() else { continue };
            let range = trimmed_range(&name);
            found.push(cst_definition(
                DefinitionKind::TypeAlias,
                name.text().to_string().trim().to_owned(),
                Some(range),
                &node,
                None,
                source,
                file,
            ));
            continue;
        } else if let Some(def) = NodeDef::cast(node.clone()) {
            for host in def.hosts() {
                let text = host.text().to_string();
                let name = text
                    .trim()
                    .trim_matches(|c| c == '\'' || c == '"')
                    .to_owned();
                found.push(cst_definition(
                    DefinitionKind::Node,
                    name,
                    Some(trimmed_range(&host)),
                    &node,
                    None,
                    source,
                    file,
                ));
            }
            continue;
        } else {
            debug_assert!(kind != SyntaxKind::CLASS_DEF);
            continue;
        };
        // A definition cut short before its name is not indexed: it has no name to find.
        let Some(name) = name else { continue };
        let range = name.text_range();
        let mut full = name.text().trim_start_matches("::").to_owned();
        if matches!(
            def_kind,
            DefinitionKind::Class | DefinitionKind::DefinedType
        ) {
            // Nested in classes: `class a { class b {} }` defines `a::b`.
            for outer in node.ancestors().skip(1).filter_map(ClassDef::cast) {
                if let Some(outer_name) = outer.name() {
                    full = format!("{}::{full}", outer_name.text().trim_start_matches("::"));
                }
            }
        }
        found.push(cst_definition(
            def_kind,
            full,
            Some(u32::from(range.start())..u32::from(range.end())),
            &node,
            params,
            source,
            file,
        ));
    }
    found
}

/// The range of `node` without the trivia at its ends.
fn trimmed_range(node: &SyntaxNode) -> Range<u32> {
    let mut tokens = node
        .descendants_with_tokens()
        .filter_map(|element| element.into_token())
        .filter(|token| !token.kind().is_trivia());
    let Some(first) = tokens.next() else {
        let range = node.text_range();
        return u32::from(range.start())..u32::from(range.end());
    };
    let last = tokens.last().unwrap_or_else(|| first.clone());
    u32::from(first.text_range().start())..u32::from(last.text_range().end())
}

fn cst_definition(
    kind: DefinitionKind,
    name: String,
    name_span: Option<Range<u32>>,
    node: &SyntaxNode,
    params: Option<ParamList>,
    source: &str,
    file: FileId,
) -> Definition {
    let span = trimmed_range(node);
    let parameters = params
        .map(|list| list.params().filter_map(|p| cst_parameter(&p)).collect())
        .unwrap_or_default();
    Definition {
        name,
        kind,
        file,
        name_span,
        doc: doc_comment_before(source, span.start as usize),
        span,
        parameters,
    }
}

fn cst_parameter(param: &Param) -> Option<Parameter> {
    let text = |node: Option<SyntaxNode>| node.map(|n| n.text().to_string().trim().to_owned());
    Some(Parameter {
        name: param.name()?,
        type_text: text(param.type_expr()),
        default_text: text(param.default_value()),
        captures_rest: param.captures_rest(),
    })
}
