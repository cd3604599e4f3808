//! Rename: classes, defined types, type aliases, functions of the workspace, parameters and
//! variables, in every file that names them. A rename the server cannot be sure of is refused
//! with a message saying why: a core type or a built-in function, a name that does not
//! resolve, a new name Puppet would not accept or that is taken, and a class parameter that
//! Hiera data sets (the data file would still bind the old name).

use std::collections::HashMap;

use lsp_types::{
    PrepareRenameResponse, RenameParams, TextDocumentPositionParams, TextEdit, WorkspaceEdit,
};
use puppet_workspace::index::DefinitionKind;

use crate::refs::{Form, RefKind, Reference};
use crate::resolve::{resolve, Target};
use crate::state::{FileView, LspError, LspResult, Snapshot};

fn is_lower_name(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name);
    !name.is_empty()
        && name.split("::").all(|segment| {
            let mut chars = segment.chars();
            chars.next().is_some_and(|c| c.is_ascii_lowercase())
                && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
}

fn is_type_name(name: &str) -> bool {
    !name.is_empty()
        && name.split("::").all(|segment| {
            let mut chars = segment.chars();
            chars.next().is_some_and(|c| c.is_ascii_uppercase())
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

fn is_variable_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `foo::bar` as a type reference: `Foo::Bar`.
fn capitalized(name: &str) -> String {
    name.split("::")
        .map(|segment| {
            let mut chars = segment.chars();
            match chars.next() {
                Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}

/// The one target a rename acts on, or why there is none.
fn target(s: &Snapshot, view: &FileView, reference: &Reference) -> LspResult<Target> {
    let targets = resolve(s, view, reference);
    let mut targets = targets.into_iter();
    let Some(target) = targets.next() else {
        return Err(LspError::refused(format!(
            "'{}' is not defined in the workspace, so it cannot be renamed",
            reference.name
        )));
    };
    if targets.next().is_some() {
        return Err(LspError::refused(format!(
            "'{}' is defined more than once; rename it where it is defined twice first",
            reference.name
        )));
    }
    match &target {
        Target::CoreType(name) => Err(LspError::refused(format!(
            "'{name}' is a core resource type of Puppet"
        ))),
        Target::CoreAttribute {
            type_name,
            attribute,
        } => Err(LspError::refused(format!(
            "'{attribute}' is an attribute of the core type '{type_name}'"
        ))),
        Target::Builtin(name) => Err(LspError::refused(format!(
            "'{name}' is a built-in function of Puppet"
        ))),
        Target::Definition(d) if matches!(d.kind, DefinitionKind::Node | DefinitionKind::Plan) => {
            Err(LspError::refused("nodes and plans are not renamed"))
        }
        _ => Ok(target),
    }
}

pub fn prepare(
    s: &Snapshot,
    p: TextDocumentPositionParams,
) -> LspResult<Option<PrepareRenameResponse>> {
    let (view, reference) = s.reference_at(&p)?;
    let Some(reference) = reference else {
        return Err(LspError::refused("there is no name here to rename"));
    };
    target(s, &view, &reference)?;
    let text = &view.text;
    let mut range = reference.range;
    let written = &text.text[range];
    // `$a::b::x` renames `x` when it is the variable.
    if reference.kind == RefKind::Variable {
        if let Some(at) = written.rfind("::") {
            range = puppet_syntax::TextRange::new(
                range.start() + puppet_syntax::TextSize::from(at as u32 + 2),
                range.end(),
            );
        }
    }
    Ok(Some(PrepareRenameResponse::RangeWithPlaceholder {
        range: text.range(range),
        placeholder: text.text[range].to_string(),
    }))
}

/// A Hiera key naming `owner::name` in a data file of the workspace.
fn hiera_binding(s: &Snapshot, owner: &str, name: &str) -> Option<String> {
    let key = format!("{owner}::{name}");
    let files = s.workspace().data_files.clone();
    files.into_iter().find_map(|path| {
        let text = std::fs::read_to_string(&path).ok()?;
        text.lines()
            .any(|line| {
                let line = line.trim_start().trim_start_matches(['"', '\'']);
                line.strip_prefix(&key).is_some_and(|rest| {
                    rest.trim_start_matches(['"', '\''])
                        .trim_start()
                        .starts_with(':')
                })
            })
            .then(|| path.display().to_string())
    })
}

pub fn handle(s: &Snapshot, p: RenameParams) -> LspResult<Option<WorkspaceEdit>> {
    let (view, reference) = s.reference_at(&p.text_document_position)?;
    let Some(reference) = reference else {
        return Err(LspError::refused("there is no name here to rename"));
    };
    let target = target(s, &view, &reference)?;
    let new_name = p.new_name.trim();
    let places = super::references::places(s, &view, std::slice::from_ref(&target));
    let mut changes: HashMap<lsp_types::Url, Vec<TextEdit>> = HashMap::new();
    let mut edit =
        |place: &crate::resolve::Place, range: puppet_syntax::TextRange, text: String| {
            changes
                .entry(place.uri.clone())
                .or_default()
                .push(TextEdit::new(place.text.range(range), text));
        };
    match &target {
        Target::Definition(d) => {
            let old = crate::refs::normalize(&d.name);
            let new = if d.kind == DefinitionKind::TypeAlias {
                if !is_type_name(new_name) {
                    return Err(LspError::refused(format!(
                        "'{new_name}' is not a type name (Capitalized::Segments)"
                    )));
                }
                new_name.to_string()
            } else {
                if !is_lower_name(new_name) {
                    return Err(LspError::refused(format!(
                        "'{new_name}' is not a valid name (lower case segments separated by ::)"
                    )));
                }
                new_name.trim_start_matches("::").to_string()
            };
            if !s.workspace().lookup(d.kind, &new).is_empty() {
                return Err(LspError::refused(format!("'{new}' is defined already")));
            }
            for found in &places {
                let text = match found.reference.form {
                    Form::Capitalized => capitalized(&new),
                    Form::Plain if d.kind == DefinitionKind::TypeAlias => new.clone(),
                    Form::Plain => {
                        // A nested class's header names only its last segment.
                        let written = &found.place.text.text[found.place.range];
                        if found.reference.definition
                            && !written.contains("::")
                            && new.contains("::")
                        {
                            new.rsplit("::").next().unwrap_or(&new).to_string()
                        } else {
                            new.clone()
                        }
                    }
                };
                edit(&found.place, found.place.range, text);
            }
            // `$old::x`: the class part of qualified variables.
            if d.kind == DefinitionKind::Class {
                let prefix = format!("{old}::");
                let qualified = super::references::variables_with_prefix(s, &prefix);
                for found in qualified {
                    let written = &found.place.text.text[found.place.range];
                    let lead = if written.starts_with("::") { 2 } else { 0 };
                    let start = found.place.range.start() + puppet_syntax::TextSize::from(lead);
                    let end = start + puppet_syntax::TextSize::from(old.len() as u32);
                    edit(
                        &found.place,
                        puppet_syntax::TextRange::new(start, end),
                        new.clone(),
                    );
                }
            }
        }
        Target::Variable { .. } | Target::Parameter { .. } => {
            let new = new_name.trim_start_matches('$');
            if !is_variable_name(new) {
                return Err(LspError::refused(format!("'{new}' is not a variable name")));
            }
            let (old, owner) = match &target {
                Target::Variable { def, owner, .. } => (def.name.clone(), owner.clone()),
                Target::Parameter { owner, name, .. } => (name.clone(), Some(owner.clone())),
                _ => return Err(LspError::refused("this cannot be renamed")),
            };
            if let Some(owner) = &owner {
                let owner_name = crate::refs::normalize(&owner.name);
                if owner.kind == DefinitionKind::Class {
                    if let Some(file) = hiera_binding(s, &owner_name, &old) {
                        return Err(LspError::refused(format!(
                            "Hiera data sets '{owner_name}::{old}' ({file}): the key would keep the old name"
                        )));
                    }
                }
                if owner.parameters.iter().any(|p| p.name == new) {
                    return Err(LspError::refused(format!(
                        "'{owner_name}' has a parameter '{new}' already"
                    )));
                }
            }
            for found in &places {
                let range = found.place.range;
                let written = &found.place.text.text[range];
                let replace = match written.rfind("::") {
                    Some(at) => puppet_syntax::TextRange::new(
                        range.start() + puppet_syntax::TextSize::from(at as u32 + 2),
                        range.end(),
                    ),
                    None => range,
                };
                edit(&found.place, replace, new.to_string());
            }
        }
        _ => return Err(LspError::refused("this cannot be renamed")),
    }
    for edits in changes.values_mut() {
        edits.sort_by_key(|e| (e.range.start.line, e.range.start.character));
        edits.dedup_by(|a, b| a.range == b.range);
    }
    Ok(Some(WorkspaceEdit {
        changes: Some(changes),
        ..WorkspaceEdit::default()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_puppet_accepts() {
        assert!(is_lower_name("foo::bar_2"));
        assert!(!is_lower_name("Foo"));
        assert!(!is_lower_name("foo::"));
        assert!(is_type_name("My::Type2"));
        assert!(!is_type_name("my::type"));
        assert!(is_variable_name("_x1"));
        assert!(!is_variable_name("1x"));
        assert_eq!(capitalized("foo::bar_baz"), "Foo::Bar_baz");
    }
}
