//! Find references: every use of what is under the cursor, in every file of the workspace
//! (open documents at their current version). The same search gives document highlights and
//! the edits of a rename ([`places`]).

use std::collections::HashSet;
use std::sync::Arc;

use lsp_types::{Location, ReferenceParams};
use puppet_workspace::index::{Definition, DefinitionKind};

use crate::refs::{RefKind, Reference};
use crate::resolve::{resolve, Place, Target};
use crate::scope::{self, Resolution};
use crate::state::{FileView, LspResult, Snapshot};

/// A place found, and the reference there.
pub struct Found {
    pub place: Place,
    pub reference: Reference,
}

/// Every reference of the workspace matching `matches`, with its place.
fn workspace_refs(snapshot: &Snapshot, matches: &dyn Fn(&Reference) -> bool) -> Vec<Found> {
    let hits: Vec<(std::path::PathBuf, Vec<Reference>)> = {
        let workspace = snapshot.workspace();
        workspace
            .refs
            .iter()
            .filter_map(|(file, refs)| {
                let hits: Vec<Reference> = refs.iter().filter(|r| matches(r)).cloned().collect();
                if hits.is_empty() {
                    return None;
                }
                Some((workspace.path(*file)?, hits))
            })
            .collect()
    };
    let mut found = Vec::new();
    for (path, refs) in hits {
        let Some((uri, text)) = snapshot.text_of(&path) else {
            continue;
        };
        for reference in refs {
            found.push(Found {
                place: Place {
                    uri: uri.clone(),
                    path: Some(path.clone()),
                    text: Arc::clone(&text),
                    range: reference.range,
                },
                reference,
            });
        }
    }
    found
}

fn definition_ref_kind(kind: DefinitionKind) -> Option<RefKind> {
    match kind {
        DefinitionKind::Class => Some(RefKind::Class),
        DefinitionKind::DefinedType | DefinitionKind::TypeAlias => Some(RefKind::Type),
        DefinitionKind::Function => Some(RefKind::Function),
        DefinitionKind::Node | DefinitionKind::Plan => None,
    }
}

/// The uses of variable `name` of `owner` outside its body: `$owner::name`, and the attribute
/// `name =>` of a declaration of `owner`.
fn owner_refs(snapshot: &Snapshot, owner: &Definition, name: &str) -> Vec<Found> {
    let owner_name = crate::refs::normalize(&owner.name);
    let qualified = format!("{owner_name}::{name}");
    let attribute = match owner.kind {
        DefinitionKind::Class => RefKind::ClassAttribute,
        _ => RefKind::Attribute,
    };
    let is_parameter = owner.parameters.iter().any(|p| p.name == name);
    workspace_refs(snapshot, &|r| {
        (r.kind == RefKind::Variable && r.name.trim_start_matches("::") == qualified)
            || (is_parameter && r.kind == attribute && *r.owner == owner_name && &*r.name == name)
    })
}

/// The qualified variables of the workspace whose name starts with `prefix` (`a::b::`) and has
/// no further `::`: the variables of class `a::b`.
pub fn variables_with_prefix(snapshot: &Snapshot, prefix: &str) -> Vec<Found> {
    workspace_refs(snapshot, &|r| {
        r.kind == RefKind::Variable
            && r.name
                .trim_start_matches("::")
                .to_lowercase()
                .strip_prefix(prefix)
                .is_some_and(|rest| !rest.contains("::"))
    })
}

/// The uses in `view` of the local variable defined at `def_range`.
fn local_refs(view: &FileView, def: &scope::VarDef) -> Vec<Found> {
    let root = view.analysis.root();
    view.analysis
        .refs
        .iter()
        .filter(|r| r.kind == RefKind::Variable && *r.name == *def.name)
        .filter(|r| {
            let written = &view.text.text[r.range];
            matches!(scope::resolve(&root, written, r.range.start()), Resolution::Local(d) if d.range == def.range)
        })
        .map(|r| Found {
            place: Place {
                uri: view.uri.clone(),
                path: Some(view.path.clone()),
                text: Arc::clone(&view.text),
                range: r.range,
            },
            reference: r.clone(),
        })
        .collect()
}

/// Every place that names what `targets` are (definitions included).
pub fn places(snapshot: &Snapshot, view: &FileView, targets: &[Target]) -> Vec<Found> {
    let mut found = Vec::new();
    for target in targets {
        match target {
            Target::Definition(d) => {
                let Some(kind) = definition_ref_kind(d.kind) else {
                    continue;
                };
                let name = crate::refs::normalize(&d.name);
                found.extend(workspace_refs(snapshot, &|r| {
                    r.kind == kind && *r.name == *name
                }));
            }
            Target::Variable { place, def, owner } => {
                let local_view;
                let in_view = place.path.as_deref() == Some(view.path.as_path());
                let home = if in_view {
                    view
                } else {
                    match place.path.as_deref().and_then(|p| snapshot.file(p)) {
                        Some(v) => {
                            local_view = v;
                            &local_view
                        }
                        None => continue,
                    }
                };
                found.extend(local_refs(home, def));
                if let Some(owner) = owner {
                    found.extend(owner_refs(snapshot, owner, &def.name));
                }
            }
            Target::Parameter { owner, name, place } => {
                if let Some(place) = place {
                    if let Some(home) = place.path.as_deref().and_then(|p| snapshot.file(p)) {
                        let root = home.analysis.root();
                        let def = scope::definitions_in(
                            &crate::resolve::definition_node(&root, owner).unwrap_or(root.clone()),
                        )
                        .into_iter()
                        .find(|d| d.range == place.range);
                        if let Some(def) = def {
                            found.extend(local_refs(&home, &def));
                        }
                    }
                }
                found.extend(owner_refs(snapshot, owner, name));
            }
            Target::CoreType(name) => found.extend(workspace_refs(snapshot, &|r| {
                r.kind == RefKind::Type && *r.name == **name
            })),
            Target::Builtin(name) => found.extend(workspace_refs(snapshot, &|r| {
                r.kind == RefKind::Function && *r.name == **name
            })),
            Target::CoreAttribute { .. } => {}
        }
    }
    let mut seen = HashSet::new();
    found.retain(|f| seen.insert((f.place.uri.clone(), f.place.range)));
    found.sort_by(|a, b| {
        (a.place.uri.as_str(), a.place.range.start())
            .cmp(&(b.place.uri.as_str(), b.place.range.start()))
    });
    found
}

pub fn handle(s: &Snapshot, p: ReferenceParams) -> LspResult<Option<Vec<Location>>> {
    let (view, reference) = s.reference_at(&p.text_document_position)?;
    let Some(reference) = reference else {
        return Ok(None);
    };
    let targets = resolve(s, &view, &reference);
    let include_declaration = p.context.include_declaration;
    let found: Vec<Location> = places(s, &view, &targets)
        .into_iter()
        .filter(|f| include_declaration || !f.reference.definition)
        .map(|f| f.place.location())
        .collect();
    Ok(Some(found))
}
