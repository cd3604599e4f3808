//! What a [`Reference`] refers to, across the workspace: the one place the navigation
//! requests (definition, references, rename, highlight, hover) ask.
//!
//! Names resolve as Puppet's loaders find them: a class in the index by its full name; a
//! resource type as a defined type, else a type alias, else a core type; a function in the
//! index, else a built-in; a variable through its scopes ([`crate::scope`]), a qualified one
//! (`$a::b::x`) and one a class inherits in the class that defines it, in whatever file holds
//! it; an attribute as a parameter of the defined type or class declared, or an attribute of a
//! core type.

use std::path::PathBuf;
use std::sync::Arc;

use lsp_types::{Location, Url};
use puppet_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};
use puppet_workspace::index::{Definition, DefinitionKind};

use crate::document::Text;
use crate::refs::{RefKind, Reference};
use crate::scope::{self, Resolution, VarDef};
use crate::state::{FileView, Snapshot};

/// A place in a file: its URI, its text, and a range of that text.
#[derive(Clone)]
pub struct Place {
    pub uri: Url,
    pub path: Option<PathBuf>,
    pub text: Arc<Text>,
    pub range: TextRange,
}

impl Place {
    pub fn location(&self) -> Location {
        Location::new(self.uri.clone(), self.text.range(self.range))
    }
}

/// What a name refers to.
#[derive(Clone)]
pub enum Target {
    /// A class, defined type, function, type alias, plan or node of the workspace.
    Definition(Definition),
    /// A variable defined at `place` (its name, after the `$`); `owner` is the class or
    /// defined type whose parameter or variable it is, when it is one.
    Variable {
        place: Place,
        def: VarDef,
        owner: Option<Definition>,
    },
    /// A parameter of a class or defined type, declared at `place`, given as an attribute.
    Parameter {
        owner: Definition,
        name: String,
        place: Option<Place>,
    },
    /// A core resource type (`file`).
    CoreType(String),
    /// An attribute of a core resource type.
    CoreAttribute {
        type_name: String,
        attribute: String,
    },
    /// A built-in function.
    Builtin(String),
}

const DEFINITION_NODES: [SyntaxKind; 4] = [
    SyntaxKind::CLASS_DEF,
    SyntaxKind::DEFINE_DEF,
    SyntaxKind::PLAN_DEF,
    SyntaxKind::FUNCTION_DEF,
];

/// The CST node of a definition in its file's tree.
pub fn definition_node(root: &SyntaxNode, definition: &Definition) -> Option<SyntaxNode> {
    let at = definition
        .name_span
        .as_ref()
        .map_or(definition.span.start, |s| s.start);
    let token = root.token_at_offset(TextSize::from(at)).right_biased()?;
    token
        .parent_ancestors()
        .find(|n| DEFINITION_NODES.contains(&n.kind()))
}

fn place(view: &FileView, range: TextRange) -> Place {
    Place {
        uri: view.uri.clone(),
        path: Some(view.path.clone()),
        text: Arc::clone(&view.text),
        range,
    }
}

/// The variable `name` of the class or define `owner`: a parameter or a variable assigned in
/// its body.
pub fn variable_of(
    snapshot: &Snapshot,
    owner: &Definition,
    name: &str,
    depth: u32,
) -> Option<Target> {
    let path = snapshot.workspace().path(owner.file)?;
    let view = snapshot.file(&path)?;
    let root = view.analysis.root();
    let node = definition_node(&root, owner)?;
    let defs = scope::definitions_in(&node);
    if let Some(def) = defs.into_iter().find(|d| d.name == name) {
        return Some(Target::Variable {
            place: place(&view, def.range),
            def,
            owner: Some(owner.clone()),
        });
    }
    // Inherited from the parent class.
    let parent = scope::inherited_class(&node)?;
    if depth > 8 {
        return None;
    }
    let parent = snapshot
        .workspace()
        .lookup(DefinitionKind::Class, &parent)
        .first()
        .map(|d| (*d).clone())?;
    variable_of(snapshot, &parent, name, depth + 1)
}

fn lookup(snapshot: &Snapshot, kinds: &[DefinitionKind], name: &str) -> Vec<Definition> {
    let workspace = snapshot.workspace();
    for &kind in kinds {
        let found: Vec<Definition> = workspace.lookup(kind, name).into_iter().cloned().collect();
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

/// The definitions a reference of `view` refers to.
pub fn resolve(snapshot: &Snapshot, view: &FileView, reference: &Reference) -> Vec<Target> {
    let name = &*reference.name;
    match reference.kind {
        RefKind::Class => lookup(snapshot, &[DefinitionKind::Class], name)
            .into_iter()
            .map(Target::Definition)
            .collect(),
        RefKind::Type => {
            let found = lookup(
                snapshot,
                &[DefinitionKind::DefinedType, DefinitionKind::TypeAlias],
                name,
            );
            if !found.is_empty() {
                return found.into_iter().map(Target::Definition).collect();
            }
            if puppet_lint::resource_types::ResourceTypes::get()
                .lookup(name)
                .is_some()
            {
                return vec![Target::CoreType(name.to_string())];
            }
            Vec::new()
        }
        RefKind::Function => {
            let found = lookup(snapshot, &[DefinitionKind::Function], name);
            if !found.is_empty() {
                return found.into_iter().map(Target::Definition).collect();
            }
            if crate::builtins::function(name).is_some() {
                return vec![Target::Builtin(name.to_string())];
            }
            Vec::new()
        }
        RefKind::Variable => resolve_variable(snapshot, view, reference),
        RefKind::Attribute | RefKind::ClassAttribute => {
            let kinds: &[DefinitionKind] = if reference.kind == RefKind::ClassAttribute {
                &[DefinitionKind::Class]
            } else {
                &[DefinitionKind::DefinedType]
            };
            let owners = lookup(snapshot, kinds, &reference.owner);
            if owners.is_empty() {
                let types = puppet_lint::resource_types::ResourceTypes::get();
                if reference.kind == RefKind::Attribute
                    && types
                        .lookup(&reference.owner)
                        .is_some_and(|t| t.attributes.contains_key(name))
                {
                    return vec![Target::CoreAttribute {
                        type_name: reference.owner.to_string(),
                        attribute: name.to_string(),
                    }];
                }
                return Vec::new();
            }
            owners
                .into_iter()
                .filter(|o| o.parameters.iter().any(|p| p.name == name))
                .map(|owner| {
                    let place = match variable_of(snapshot, &owner, name, 0) {
                        Some(Target::Variable { place, .. }) => Some(place),
                        _ => None,
                    };
                    Target::Parameter {
                        owner,
                        name: name.to_string(),
                        place,
                    }
                })
                .collect()
        }
    }
}

fn resolve_variable(snapshot: &Snapshot, view: &FileView, reference: &Reference) -> Vec<Target> {
    let root = view.analysis.root();
    let written = &view.text.text[reference.range];
    let resolution = scope::resolve(&root, written, reference.range.start());
    let (class, name, fallback) = match resolution {
        Resolution::Local(def) => {
            let owner = owner_of(snapshot, view, &root, &def);
            return vec![Target::Variable {
                place: place(view, def.range),
                def,
                owner,
            }];
        }
        Resolution::Qualified { class, name } => (class, name, None),
        Resolution::Inherited {
            class,
            name,
            fallback,
        } => (class, name, fallback),
        Resolution::Unresolved => return Vec::new(),
    };
    let (class, name, fallback) = (resolution_class(&class), name, fallback);
    let found: Vec<Target> = lookup(snapshot, &[DefinitionKind::Class], &class)
        .iter()
        .filter_map(|owner| variable_of(snapshot, owner, &name, 0))
        .collect();
    match fallback {
        Some(def) if found.is_empty() => vec![Target::Variable {
            place: place(view, def.range),
            def,
            owner: None,
        }],
        _ => found,
    }
}

/// A class name as the index compares it.
fn resolution_class(class: &str) -> String {
    crate::refs::normalize(class)
}

/// The class or define whose parameter or variable a local definition is.
fn owner_of(
    snapshot: &Snapshot,
    view: &FileView,
    root: &SyntaxNode,
    def: &VarDef,
) -> Option<Definition> {
    if !matches!(
        def.scope_kind,
        SyntaxKind::CLASS_DEF | SyntaxKind::DEFINE_DEF
    ) {
        return None;
    }
    let token = root.token_at_offset(def.scope.start()).right_biased()?;
    let node = token
        .parent_ancestors()
        .find(|n| n.text_range() == def.scope)?;
    let name_token = node
        .children_with_tokens()
        .filter_map(rowan::NodeOrToken::into_token)
        .find(|t| t.kind() == SyntaxKind::NAME)?;
    let (kind, name) = if node.kind() == SyntaxKind::CLASS_DEF {
        (
            DefinitionKind::Class,
            crate::refs::class_full_name(&node, &name_token),
        )
    } else {
        (
            DefinitionKind::DefinedType,
            crate::refs::normalize(name_token.text()),
        )
    };
    let workspace = snapshot.workspace();
    let file = workspace.vfs.lookup(&view.path);
    let found = workspace.lookup(kind, &name);
    found
        .iter()
        .find(|d| Some(d.file) == file)
        .or(found.first())
        .map(|d| (*d).clone())
}
