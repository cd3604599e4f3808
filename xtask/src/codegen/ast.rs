//! The model description as read from `ast.toml`, checked (parents exist and come first, type
//! names resolve, defaults fit their types) and resolved into [`Model`]: classes with typed
//! attributes, from which the generators compute everything inherited.

use serde::Deserialize;

/// `ast.toml` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    locator: RawLocator,
    class: Vec<RawClass>,
}

/// `[locator]`: the `Puppet::AST::Locator` object (not a model class).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLocator {
    pcore: String,
    doc: String,
    attributes: Vec<RawLocatorAttr>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLocatorAttr {
    name: String,
    #[serde(rename = "type")]
    ty: String,
    default: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClass {
    name: String,
    pcore: String,
    parent: Option<String>,
    #[serde(default, rename = "abstract")]
    is_abstract: bool,
    doc: String,
    #[serde(default)]
    attributes: Vec<RawAttr>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAttr {
    name: String,
    #[serde(rename = "type")]
    ty: String,
    default: Option<String>,
    kind: Option<String>,
    ruby: Option<String>,
    rust: Option<String>,
    #[serde(default)]
    implicit: bool,
}

/// The whole model, classes in `ast.toml` (= `ast.pp`) order.
pub struct Model {
    pub locator: Locator,
    pub classes: Vec<Class>,
}

/// The `Locator` object every positioned node refers to: its Pcore name and attributes in
/// `Class.new` order (name, Pcore type as written, default as Puppet source).
pub struct Locator {
    pub pcore: String,
    pub doc: String,
    pub attributes: Vec<(String, String, Option<String>)>,
}

/// The Locator attributes the Rust model can hold (`Model::source`, `file`, `line_index`).
const LOCATOR_ATTRIBUTES: &[(&str, &str)] = &[
    ("string", "String"),
    ("file", "String"),
    ("line_index", "Optional[Array[Integer]]"),
];

pub struct Class {
    pub name: String,
    pub pcore: String,
    /// Index into [`Model::classes`] (parents come before their children).
    pub parent: Option<usize>,
    pub is_abstract: bool,
    pub doc: String,
    pub own: Vec<Attr>,
}

pub struct Attr {
    pub name: String,
    /// The Pcore type as written in `ast.toml`.
    pub pcore_type: String,
    /// The `value =>` default as Puppet source; `None` = required.
    pub default_text: Option<String>,
    pub ty: Ty,
    /// `kind => reference` (not contained).
    pub reference: bool,
    /// `Positioned`'s `locator/offset/length`: not stored in `NodeKind`.
    pub implicit: bool,
    pub ruby: Option<String>,
    pub rust: Option<String>,
}

/// What an attribute holds, resolved into the shapes the Rust model stores.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ty {
    /// A contained node of the class (index into [`Model::classes`]).
    Node(usize),
    OptNode(usize),
    /// `Array[C]` (`min` 0, default `[]`) or `Array[C, 1, default]` (`min` 1, required).
    Nodes {
        element: usize,
        min: u8,
    },
    /// `Array[C]` with `kind => reference`.
    RefNodes(usize),
    Str,
    OptStr,
    /// `Boolean`, with an optional `true`/`false` default.
    Bool(Option<bool>),
    OptBool,
    Integer,
    /// `Integer` with default `10` stored as `u8` (`LiteralInteger#radix`).
    Radix,
    Float,
    /// `Any` holding a Ruby `Regexp` (stored as its source).
    Regexp,
    /// `Enum[...]`: the values, the Rust enum, the default value (if any).
    Enum {
        values: Vec<String>,
        rust: String,
        default: Option<String>,
    },
    Locator,
}

impl Attr {
    /// Required attributes come first in `Class.new`.
    pub fn is_required(&self) -> bool {
        self.default_text.is_none()
    }
}

impl Locator {
    /// Checks `[locator]` against what the Rust model holds: the attributes of Ruby's
    /// `Locator19`, with their types, and no more (their order is the description's).
    fn resolve(raw: &RawLocator) -> Result<Locator, String> {
        if raw.pcore != "Puppet::AST::Locator" {
            return Err(format!("locator: unexpected pcore name {}", raw.pcore));
        }
        let mut attributes = Vec::new();
        for attr in &raw.attributes {
            match LOCATOR_ATTRIBUTES
                .iter()
                .find(|(name, _)| *name == attr.name)
            {
                Some((_, ty)) if *ty == attr.ty => {}
                Some((_, ty)) => {
                    return Err(format!("locator: {} must be of type {ty}", attr.name))
                }
                None => return Err(format!("locator: unknown attribute {}", attr.name)),
            }
            if attributes.iter().any(|(n, _, _)| n == &attr.name) {
                return Err(format!("locator: {} is described twice", attr.name));
            }
            attributes.push((attr.name.clone(), attr.ty.clone(), attr.default.clone()));
        }
        if attributes.len() != LOCATOR_ATTRIBUTES.len() {
            return Err("locator: string, file and line_index must all be described".to_owned());
        }
        Ok(Locator {
            pcore: raw.pcore.clone(),
            doc: raw.doc.clone(),
            attributes,
        })
    }
}

impl Model {
    pub fn parse(text: &str) -> Result<Model, String> {
        let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
        let locator = Locator::resolve(&file.locator)?;
        let mut classes: Vec<Class> = Vec::new();
        for raw in &file.class {
            if classes.iter().any(|c| c.name == raw.name) {
                return Err(format!("class {} is described twice", raw.name));
            }
            if raw.pcore != format!("Puppet::AST::{}", raw.name) {
                return Err(format!("{}: unexpected pcore name {}", raw.name, raw.pcore));
            }
            let parent = match &raw.parent {
                None => None,
                Some(p) => {
                    Some(classes.iter().position(|c| &c.name == p).ok_or_else(|| {
                        format!("{}: parent {p} must be described before", raw.name)
                    })?)
                }
            };
            classes.push(Class {
                name: raw.name.clone(),
                pcore: raw.pcore.clone(),
                parent,
                is_abstract: raw.is_abstract,
                doc: raw.doc.clone(),
                own: Vec::new(),
            });
        }
        // Attribute types may name any class (even one described later), so resolve them once
        // all classes are known.
        for (index, raw) in file.class.iter().enumerate() {
            let mut own = Vec::new();
            for attr in &raw.attributes {
                let ty = resolve(&classes, attr)
                    .map_err(|e| format!("{}#{}: {e}", raw.name, attr.name))?;
                own.push(Attr {
                    name: attr.name.clone(),
                    pcore_type: attr.ty.clone(),
                    default_text: attr.default.clone(),
                    ty,
                    reference: attr.kind.as_deref() == Some("reference"),
                    implicit: attr.implicit,
                    ruby: attr.ruby.clone(),
                    rust: attr.rust.clone(),
                });
            }
            classes[index].own = own;
        }
        let model = Model { locator, classes };
        for class in &model.classes {
            let mut names: Vec<&str> = model.all_attrs(class).map(|a| a.name.as_str()).collect();
            names.sort_unstable();
            if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
                return Err(format!("{}: attribute {} declared twice", class.name, w[0]));
            }
        }
        Ok(model)
    }

    pub fn class(&self, name: &str) -> &Class {
        self.classes
            .iter()
            .find(|c| c.name == name)
            .expect("a described class")
    }

    /// `class`, its parent, …, up to the root.
    pub fn ancestors<'m>(&'m self, class: &'m Class) -> impl Iterator<Item = &'m Class> {
        std::iter::successors(Some(class), |c| c.parent.map(|p| &self.classes[p]))
    }

    pub fn is_a(&self, class: &Class, other: &Class) -> bool {
        self.ancestors(class).any(|c| std::ptr::eq(c, other))
    }

    /// Subclasses of `Positioned` are nodes of the arena (`NodeKind` variants when concrete).
    pub fn is_positioned(&self, class: &Class) -> bool {
        self.is_a(class, self.class("Positioned"))
    }

    /// All attributes, inherited first, in declaration order (the Pcore attribute order),
    /// including the implicit ones.
    pub fn all_attrs<'m>(&'m self, class: &'m Class) -> impl Iterator<Item = &'m Attr> {
        let mut chain: Vec<&Class> = self.ancestors(class).collect();
        chain.reverse();
        chain.into_iter().flat_map(|c| c.own.iter())
    }

    /// The attributes stored in a `NodeKind` variant (or, for `Program`, by the model): all
    /// attributes but the implicit ones.
    pub fn stored_attrs<'m>(&'m self, class: &'m Class) -> Vec<&'m Attr> {
        self.all_attrs(class).filter(|a| !a.implicit).collect()
    }

    /// `Class.new` order of `attrs`: required ones first, then optional ones, each group in
    /// declaration order. Returns indices into `attrs`.
    pub fn new_order(attrs: &[&Attr]) -> Vec<usize> {
        let required = (0..attrs.len()).filter(|&i| attrs[i].is_required());
        let optional = (0..attrs.len()).filter(|&i| !attrs[i].is_required());
        required.chain(optional).collect()
    }

    /// The concrete positioned classes: the `NodeKind` variants, in declaration order.
    pub fn node_classes(&self) -> impl Iterator<Item = &Class> {
        self.classes
            .iter()
            .filter(|c| !c.is_abstract && self.is_positioned(c))
    }

    /// The order of `ModelClass`: abstract classes, then the node classes, then the other
    /// concrete ones (`Program`), each group in declaration order.
    pub fn enum_order(&self) -> Vec<&Class> {
        let abstract_ = self.classes.iter().filter(|c| c.is_abstract);
        let other = self
            .classes
            .iter()
            .filter(|c| !c.is_abstract && !self.is_positioned(c));
        abstract_.chain(self.node_classes()).chain(other).collect()
    }
}

/// Resolves an attribute's Pcore type and default into a [`Ty`], checking that they fit.
fn resolve(classes: &[Class], attr: &RawAttr) -> Result<Ty, String> {
    let class_index = |name: &str| -> Result<usize, String> {
        classes
            .iter()
            .position(|c| c.name == name)
            .ok_or_else(|| format!("unknown type {name}"))
    };
    let default = attr.default.as_deref();
    let reference = match attr.kind.as_deref() {
        None => false,
        Some("reference") => true,
        Some(other) => return Err(format!("unknown kind {other}")),
    };
    let bad_default = || Err(format!("default {default:?} does not fit {}", attr.ty));
    let ty_text = attr.ty.as_str();
    let ty = if let Some(inner) = strip(ty_text, "Optional[", "]") {
        if default != Some("undef") {
            return bad_default();
        }
        match inner {
            "String" => Ty::OptStr,
            "Boolean" => Ty::OptBool,
            class => Ty::OptNode(class_index(class)?),
        }
    } else if let Some(inner) = strip(ty_text, "Array[", "]") {
        let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        let element = class_index(parts[0])?;
        match (parts.as_slice(), default, reference) {
            ([_], Some("[]"), true) => Ty::RefNodes(element),
            ([_], Some("[]"), false) => Ty::Nodes { element, min: 0 },
            ([_, "1", "default"], None, false) => Ty::Nodes { element, min: 1 },
            _ => return bad_default(),
        }
    } else if let Some(inner) = strip(ty_text, "Enum[", "]") {
        let values: Vec<String> = inner
            .split(',')
            .map(|v| v.trim().trim_matches('\'').to_owned())
            .collect();
        let rust = attr
            .rust
            .clone()
            .ok_or("an Enum needs `rust` (the Rust enum that stores it)")?;
        let default = match default {
            None => None,
            Some(d) => match d.strip_prefix('\'').and_then(|d| d.strip_suffix('\'')) {
                Some(v) if values.iter().any(|x| x == v) => Some(v.to_owned()),
                _ => return bad_default(),
            },
        };
        Ty::Enum {
            values,
            rust,
            default,
        }
    } else {
        match (ty_text, default, attr.rust.as_deref(), attr.ruby.as_deref()) {
            ("String", None, None, None) => Ty::Str,
            ("Boolean", None, None, None) => Ty::Bool(None),
            ("Boolean", Some("false"), None, None) => Ty::Bool(Some(false)),
            ("Boolean", Some("true"), None, None) => Ty::Bool(Some(true)),
            ("Integer", None, None, None) => Ty::Integer,
            ("Integer", Some("10"), Some("u8"), None) => Ty::Radix,
            ("Float", None, None, None) => Ty::Float,
            ("Any", None, None, Some("Regexp")) => Ty::Regexp,
            ("Locator", None, None, None) => Ty::Locator,
            (class, None, None, None) if class.starts_with(char::is_uppercase) => {
                Ty::Node(class_index(class)?)
            }
            _ => {
                return Err(format!(
                    "unsupported type/default/rust/ruby combination for {ty_text}"
                ))
            }
        }
    };
    if reference && !matches!(ty, Ty::RefNodes(_) | Ty::Locator) {
        return Err("only object types can be references".to_owned());
    }
    Ok(ty)
}

fn strip<'t>(text: &'t str, prefix: &str, suffix: &str) -> Option<&'t str> {
    text.strip_prefix(prefix)?.strip_suffix(suffix)
}

/// `QRefDefinition` → `q_ref_definition` (method names).
pub fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() && i > 0 {
            let prev_lower = chars[i - 1].is_lowercase();
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if prev_lower || (chars[i - 1].is_uppercase() && next_lower) {
                out.push('_');
            }
        }
        out.extend(c.to_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn snake_case_names() {
        assert_eq!(snake_case("QRefDefinition"), "q_ref_definition");
        assert_eq!(snake_case("BinaryExpression"), "binary_expression");
        assert_eq!(snake_case("Nop"), "nop");
    }
}
