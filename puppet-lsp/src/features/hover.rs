//! Hover: the signature and documentation of what is under the cursor. Classes, defined
//! types, functions and type aliases of the workspace show their header (parameters with
//! types and defaults) and their puppet-strings comment (`@summary`, the text, `@param`);
//! an attribute shows its parameter's `@param` text; a core resource type or attribute shows
//! Puppet's own documentation (the resource types table the linter reads too); a built-in
//! function its signatures and documentation; a fact (`$facts['os']['family']`, `$os`) its
//! Facter description.

use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};
use puppet_lint::resource_types::ResourceTypes;
use puppet_workspace::index::{Definition, DefinitionKind};

use crate::refs::RefKind;
use crate::resolve::{resolve, Target};
use crate::state::{LspResult, Snapshot};

fn keyword(kind: DefinitionKind) -> &'static str {
    match kind {
        DefinitionKind::Class => "class",
        DefinitionKind::DefinedType => "define",
        DefinitionKind::Function => "function",
        DefinitionKind::TypeAlias => "type",
        DefinitionKind::Node => "node",
        DefinitionKind::Plan => "plan",
    }
}

/// `class foo::bar(String $x = 'a')`.
pub fn signature(definition: &Definition) -> String {
    let params: Vec<String> = definition
        .parameters
        .iter()
        .map(|p| {
            let mut text = String::new();
            if let Some(t) = &p.type_text {
                text.push_str(t);
                text.push(' ');
            }
            if p.captures_rest {
                text.push('*');
            }
            text.push('$');
            text.push_str(&p.name);
            if let Some(d) = &p.default_text {
                text.push_str(" = ");
                text.push_str(d);
            }
            text
        })
        .collect();
    let head = format!("{} {}", keyword(definition.kind), definition.name);
    if params.is_empty() {
        head
    } else if params.iter().map(String::len).sum::<usize>() > 60 {
        format!("{head}(\n  {},\n)", params.join(",\n  "))
    } else {
        format!("{head}({})", params.join(", "))
    }
}

/// The Markdown of a definition: its signature and its documentation comment.
pub fn definition_markdown(definition: &Definition) -> String {
    let mut text = format!("```puppet\n{}\n```", signature(definition));
    if let Some(doc) = &definition.doc {
        if let Some(summary) = &doc.summary {
            text.push_str(&format!("\n\n{summary}"));
        }
        if !doc.text.is_empty() {
            text.push_str(&format!("\n\n{}", doc.text));
        }
        if !doc.params.is_empty() {
            text.push_str("\n\n**Parameters**\n");
            for (name, about) in &doc.params {
                text.push_str(&format!("\n- `${name}`: {about}"));
            }
        }
    }
    text
}

fn parameter_markdown(owner: &Definition, name: &str) -> String {
    let param = owner.parameters.iter().find(|p| p.name == name);
    let mut text = String::from("```puppet\n");
    if let Some(t) = param.and_then(|p| p.type_text.as_ref()) {
        text.push_str(t);
        text.push(' ');
    }
    text.push_str(&format!("${name}"));
    if let Some(d) = param.and_then(|p| p.default_text.as_ref()) {
        text.push_str(&format!(" = {d}"));
    }
    text.push_str(&format!(
        "\n```\nParameter of {} `{}`",
        keyword(owner.kind),
        owner.name
    ));
    if let Some(about) = owner.doc.as_ref().and_then(|d| d.param(name)) {
        text.push_str(&format!("\n\n{about}"));
    }
    text
}

fn core_type_markdown(name: &str) -> Option<String> {
    let ty = ResourceTypes::get().lookup(name)?;
    Some(format!(
        "```puppet\n{name}\n```\nCore resource type.\n\n{}",
        ty.doc.trim()
    ))
}

fn core_attribute_markdown(type_name: &str, attribute: &str) -> Option<String> {
    let ty = ResourceTypes::get().lookup(type_name)?;
    let a = ty.attributes.get(attribute)?;
    let kind = match a.kind {
        puppet_lint::resource_types::AttributeKind::Param => "parameter",
        puppet_lint::resource_types::AttributeKind::Property => "property",
        puppet_lint::resource_types::AttributeKind::Metaparam => "metaparameter",
    };
    Some(format!("```puppet\n{type_name} {{ {attribute} => … }}\n```\nThe {kind} `{attribute}` of `{type_name}`.\n\n{}", a.doc.trim()))
}

fn builtin_markdown(name: &str) -> Option<String> {
    let f = crate::builtins::function(name)?;
    Some(format!(
        "```puppet\n{}\n```\nBuilt-in function.\n\n{}",
        f.signatures.join("\n"),
        f.doc.trim()
    ))
}

/// The fact a variable or `$facts[…]` access names: `$os` (a legacy top-scope fact) or the
/// keys of `$facts['os']['family']` up to the cursor.
fn fact_markdown(name: &str) -> Option<String> {
    let fact = crate::builtins::fact(name)?;
    let legacy = if fact.legacy {
        " (legacy: use `$facts` with the structured fact)"
    } else {
        ""
    };
    Some(format!(
        "```puppet\n$facts['{}']\n```\nFact ({}){legacy}.\n\n{}",
        fact.name.replace('.', "']['"),
        fact.kind,
        fact.doc.trim()
    ))
}

/// The keys of a `$facts[…][…]` access whose string under `offset` is one of them.
fn facts_path(root: &puppet_syntax::SyntaxNode, offset: u32) -> Option<String> {
    use puppet_syntax::SyntaxKind;
    let token = root.token_at_offset(offset.into()).right_biased()?;
    if token.kind() != SyntaxKind::STRING {
        return None;
    }
    let mut keys = vec![crate::refs::name_of(&token)?.0];
    let mut access = token
        .parent()?
        .parent()
        .filter(|n| n.kind() == SyntaxKind::ACCESS_EXPR)?;
    loop {
        let first = access.first_child()?;
        match first.kind() {
            SyntaxKind::ACCESS_EXPR => {
                let key = first.children().nth(1)?;
                let t = key.first_token()?;
                keys.push(crate::refs::name_of(&t)?.0);
                access = first;
            }
            SyntaxKind::LITERAL => {
                let t = first.first_token()?;
                if t.text().trim_start_matches('$').trim_start_matches("::") != "facts" {
                    return None;
                }
                keys.reverse();
                return Some(keys.join("."));
            }
            _ => return None,
        }
    }
}

pub fn handle(s: &Snapshot, p: HoverParams) -> LspResult<Option<Hover>> {
    let position = p.text_document_position_params;
    let (view, reference) = s.reference_at(&position)?;
    let offset = view.text.offset(position.position);
    let root = view.analysis.root();
    if let Some(markdown) = facts_path(&root, offset).and_then(|path| fact_markdown(&path)) {
        return Ok(Some(markdown_hover(markdown, None)));
    }
    let Some(reference) = reference else {
        return Ok(None);
    };
    let targets = resolve(s, &view, &reference);
    let markdown: Vec<String> = targets
        .iter()
        .filter_map(|t| match t {
            Target::Definition(d) => Some(definition_markdown(d)),
            Target::Parameter { owner, name, .. } => Some(parameter_markdown(owner, name)),
            Target::Variable {
                owner: Some(owner),
                def,
                ..
            } if def.parameter => Some(parameter_markdown(owner, &def.name)),
            Target::Variable { def, owner, .. } => Some(format!(
                "```puppet\n${}\n```\n{}",
                def.name,
                match owner {
                    Some(o) => format!("Variable of {} `{}`", keyword(o.kind), o.name),
                    None if def.parameter => "Parameter".to_string(),
                    None => "Local variable".to_string(),
                }
            )),
            Target::CoreType(name) => core_type_markdown(name),
            Target::CoreAttribute {
                type_name,
                attribute,
            } => core_attribute_markdown(type_name, attribute),
            Target::Builtin(name) => builtin_markdown(name),
        })
        .collect();
    let markdown = if markdown.is_empty() && reference.kind == RefKind::Variable {
        // An unresolved variable may be a fact at top scope (`$os`, `$::osfamily`).
        match fact_markdown(reference.name.trim_start_matches("::")) {
            Some(m) => vec![m],
            None => return Ok(None),
        }
    } else if markdown.is_empty() {
        return Ok(None);
    } else {
        markdown
    };
    Ok(Some(markdown_hover(
        markdown.join("\n\n---\n\n"),
        Some(view.text.range(reference.range)),
    )))
}

fn markdown_hover(value: String, range: Option<lsp_types::Range>) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range,
    }
}
