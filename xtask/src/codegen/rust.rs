//! The Rust side of the model, written as text (formatted by `rustfmt` afterwards), one file per
//! concern so that each stays readable:
//!
//! * `mod.rs`: the module tree and re-exports.
//! * `classes.rs`: `ModelClass` with `ALL`, `name`, `pcore_name`, `parent`, `is_abstract`.
//! * `attr_tables.rs`: each declared attribute's `AttrInfo` once (a const), and per class the
//!   statics of its stored attributes (inherited first) and of its `Class.new` order.
//! * `attributes.rs`: `own_attributes` (a suffix of the class's static), `node_attributes`,
//!   `new_order`, `new_order_indices`; a test that the Rust enums hold the Pcore Enum values.
//! * `node_kind.rs`: `NodeKind` (one variant per concrete positioned class), `class()`,
//!   `from_attr_values`.
//! * `children.rs`: `for_each_child` (the hot path of whole-tree passes).
//! * `node_attrs.rs`: `for_each_attr`, `attr_value` (one `match (variant, index)` arm per
//!   attribute, so reading one attribute builds one value).
//! * `views.rs`: one view struct per abstract class with attributes (`as_binary_expression()`).
//!
//!   (These four are written by `rust/nodes.rs`; this file keeps the shared helpers and the
//!   class and attribute tables.)
//! * `read_new_order.rs`: `NodeKind::read_new_order`, the typed constructor of the XPP reader
//!   (written by `rust/read_new_order.rs`).

use std::fmt::Write as _;

use super::ast::{snake_case, Attr, Class, Model, Ty};

/// Appends one formatted line.
macro_rules! w {
    ($out:expr) => {
        $out.push('\n')
    };
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).expect("writing to a String")
    };
}

mod nodes;
mod read_new_order;

use nodes::{children, node_attrs, node_kind, views};

/// `(file name, unformatted code)` of every generated Rust file.
pub fn generate(model: &Model) -> Vec<(&'static str, String)> {
    vec![
        ("mod.rs", module_tree(model)),
        ("classes.rs", classes(model)),
        ("attr_tables.rs", attr_tables(model)),
        ("attributes.rs", attributes(model)),
        ("children.rs", children(model)),
        ("node_kind.rs", node_kind(model)),
        ("node_attrs.rs", node_attrs(model)),
        ("views.rs", views(model)),
        ("read_new_order.rs", read_new_order::read_new_order(model)),
    ]
}

/// The Rust storage type of an attribute.
fn field_ty(ty: &Ty) -> String {
    match ty {
        Ty::Node(_) => "NodeId".into(),
        Ty::OptNode(_) => "Option<NodeId>".into(),
        Ty::Nodes { .. } => "NodeList".into(),
        Ty::Str | Ty::Regexp => "StrId".into(),
        Ty::OptStr => "Option<StrId>".into(),
        Ty::Bool(_) => "bool".into(),
        Ty::OptBool => "Option<bool>".into(),
        Ty::Integer => "IntValue".into(),
        Ty::Radix => "u8".into(),
        Ty::Float => "f64".into(),
        Ty::Enum { rust, .. } => rust.clone(),
        Ty::RefNodes(_) | Ty::Locator => unreachable!("Program attributes are held by Model"),
    }
}

/// The `AttrType` expression of an attribute.
fn attr_type(model: &Model, ty: &Ty) -> String {
    let class = |i: &usize| format!("C::{}", model.classes[*i].name);
    match ty {
        Ty::Node(c) => format!("T::Node({})", class(c)),
        Ty::OptNode(c) => format!("T::OptNode({})", class(c)),
        Ty::Nodes { element, min } => {
            format!("nodes({}, {min})", class(element))
        }
        Ty::RefNodes(c) => format!("T::RefNodes({})", class(c)),
        Ty::Str => "T::String".into(),
        Ty::OptStr => "T::OptString".into(),
        Ty::Bool(_) => "T::Boolean".into(),
        Ty::OptBool => "T::OptBoolean".into(),
        Ty::Integer | Ty::Radix => "T::Integer".into(),
        Ty::Float => "T::Float".into(),
        Ty::Regexp => "T::Regexp".into(),
        Ty::Enum { rust, .. } => format!("T::Enum({rust}::NAMES)"),
        Ty::Locator => "T::Locator".into(),
    }
}

/// The `AttrDefault` expression of an attribute.
fn attr_default(ty: &Ty) -> String {
    match ty {
        Ty::OptNode(_) | Ty::OptStr | Ty::OptBool => "D::Nil".into(),
        Ty::Nodes { min: 0, .. } | Ty::RefNodes(_) => "D::EmptyArray".into(),
        Ty::Bool(Some(b)) => format!("D::Bool({b})"),
        Ty::Radix => "D::Integer(10)".into(),
        Ty::Enum {
            default: Some(d), ..
        } => format!("D::String({d:?})"),
        _ => "D::Required".into(),
    }
}

fn attr_info(model: &Model, attr: &Attr) -> String {
    format!(
        "attr({:?}, {}, {})",
        attr.name,
        attr_type(model, &attr.ty),
        attr_default(&attr.ty)
    )
}

/// The `AttrValue` of a field bound by reference as `var`.
fn attr_value(ty: &Ty, var: &str) -> String {
    match ty {
        Ty::Node(_) => format!("AttrValue::Node(*{var})"),
        Ty::OptNode(_) => format!("AttrValue::OptNode(*{var})"),
        Ty::Nodes { .. } => format!("AttrValue::Nodes(model.nodes(*{var}))"),
        Ty::Str => format!("AttrValue::Str(model.str(*{var}))"),
        Ty::OptStr => format!("AttrValue::OptStr({var}.map(|s| model.str(s)))"),
        Ty::Bool(_) => format!("AttrValue::Bool(*{var})"),
        Ty::OptBool => format!("AttrValue::OptBool(*{var})"),
        Ty::Integer => format!("AttrValue::Int(model.int(*{var}))"),
        Ty::Radix => format!("AttrValue::Int(IntRef::Small(i64::from(*{var})))"),
        Ty::Float => format!("AttrValue::Float(*{var})"),
        Ty::Regexp => format!("AttrValue::Regexp(model.str(*{var}))"),
        Ty::Enum { .. } => format!("AttrValue::Enum({var}.as_str())"),
        Ty::RefNodes(_) | Ty::Locator => unreachable!("Program attributes are held by Model"),
    }
}

/// The stored value made from `next()?` (an `AttrInput`; `?` if it does not fit).
fn from_input(ty: &Ty) -> String {
    match ty {
        Ty::Node(_) => "next()?.node()?".into(),
        Ty::OptNode(_) => "next()?.opt_node()?".into(),
        Ty::Nodes { .. } => "next()?.nodes()?".into(),
        Ty::Str | Ty::Regexp => "next()?.str()?".into(),
        Ty::OptStr => "next()?.opt_str()?".into(),
        Ty::Bool(_) => "next()?.bool()?".into(),
        Ty::OptBool => "next()?.opt_bool()?".into(),
        Ty::Integer => "next()?.int()?".into(),
        Ty::Radix => "next()?.radix()?".into(),
        Ty::Float => "next()?.float()?".into(),
        Ty::Enum { rust, .. } => format!("{rust}::from_str(next()?.enum_str()?)?"),
        Ty::RefNodes(_) | Ty::Locator => unreachable!("Program attributes are held by Model"),
    }
}

/// The `use crate::model::{…};` line for the model types among `types` (Rust field types).
fn model_imports(types: &[String]) -> String {
    let mut names: Vec<&str> = types
        .iter()
        .map(|t| {
            t.strip_prefix("Option<")
                .and_then(|t| t.strip_suffix('>'))
                .unwrap_or(t)
        })
        .filter(|t| !matches!(*t, "bool" | "u8" | "f64"))
        .collect();
    names.sort_unstable();
    names.dedup();
    format!("use crate::model::{{{}}};", names.join(", "))
}

/// The doc line of an attribute's field: its Pcore type and default, as `ast.pp` declares them.
fn attr_doc(attr: &Attr) -> String {
    let mut text = format!("/// `{}: {}`", attr.name, attr.pcore_type);
    match &attr.default_text {
        Some(default) => text.push_str(&format!(", default `{default}`")),
        None => text.push_str(", required"),
    }
    if attr.reference {
        text.push_str(" (a reference, not contained)");
    }
    text.push('.');
    text
}

fn is_child(ty: &Ty) -> bool {
    matches!(ty, Ty::Node(_) | Ty::OptNode(_) | Ty::Nodes { .. })
}

/// `ASSIGNMENT_EXPRESSION` (static names).
fn upper(class: &Class) -> String {
    snake_case(&class.name).to_uppercase()
}

/// Splits `text` at spaces into lines of at most `width` characters (rustfmt does not wrap
/// comments; the project keeps them within 100 columns).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("at least one line");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_owned());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// Appends fixed lines (doc comments, signatures: what has no model data in it).
fn lines(out: &mut String, lines: &[&str]) {
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
}

/// Writes `text` as `///` lines.
fn doc_text(out: &mut String, text: &str) {
    for line in wrap(text, 88) {
        w!(out, "/// {line}");
    }
}

/// The doc comment lines of a class.
fn doc(out: &mut String, class: &Class) {
    doc_text(out, &class.doc);
}

/// The abstract classes that get a view: those with (non-implicit) attributes.
fn viewed_classes(model: &Model) -> Vec<&Class> {
    model
        .classes
        .iter()
        .filter(|c| c.is_abstract && !model.stored_attrs(c).is_empty())
        .collect()
}

fn module_tree(model: &Model) -> String {
    let mut out = String::new();
    lines(
        &mut out,
        &[
            "//! The code generated from the model description (`puppet-syntax/model/ast.toml`):",
            "//! see `xtask/src/codegen/rust.rs` for what each file holds.",
            "mod attr_tables;",
            "mod attributes;",
            "mod children;",
            "mod classes;",
            "mod node_attrs;",
            "mod node_kind;",
            "mod read_new_order;",
            "mod views;",
            "pub use classes::{LocatorAttr, ModelClass};",
            "pub use node_kind::NodeKind;",
        ],
    );
    let views: Vec<String> = viewed_classes(model)
        .iter()
        .flat_map(|c| [format!("{}View", c.name), format!("{}ViewMut", c.name)])
        .collect();
    w!(out, "pub use views::{{{}}};", views.join(", "));
    out
}

fn classes(model: &Model) -> String {
    let mut out = String::new();
    let order = model.enum_order();
    w!(
        out,
        "//! [`ModelClass`]: every class of the model with its names, parent and abstractness."
    );
    w!(out);
    w!(
        out,
        "/// Every class of the `Puppet::AST` TypeSet: {} abstract classes, the {} concrete",
        model.classes.iter().filter(|c| c.is_abstract).count(),
        model.node_classes().count()
    );
    lines(
        &mut out,
        &[
            "/// positioned classes (the [`NodeKind`](super::NodeKind) variants) and `Program`.",
            "#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]",
            "pub enum ModelClass {",
        ],
    );
    for class in &order {
        doc(&mut out, class);
        w!(out, "    {},", class.name);
    }
    w!(out, "}}");
    w!(out);
    w!(out, "impl ModelClass {{");
    w!(
        out,
        "/// All {} classes: abstract ones first, then the node classes in `ast.pp` order, then",
        order.len()
    );
    lines(
        &mut out,
        &[
            "/// `Program`.",
            "pub const ALL: &'static [ModelClass] = &[",
        ],
    );
    for class in &order {
        w!(out, "ModelClass::{},", class.name);
    }
    lines(
        &mut out,
        &[
            "];",
            "/// The Ruby class name without module (`\"AssignmentExpression\"`).",
            "pub const fn name(self) -> &'static str { match self {",
        ],
    );
    for class in &order {
        w!(out, "ModelClass::{0} => {0:?},", class.name);
    }
    lines(
        &mut out,
        &[
            "} }",
            "/// The Pcore type name (`\"Puppet::AST::AssignmentExpression\"`).",
            "pub const fn pcore_name(self) -> &'static str { match self {",
        ],
    );
    for class in &order {
        w!(out, "ModelClass::{} => {:?},", class.name, class.pcore);
    }
    lines(
        &mut out,
        &[
            "} }",
            "/// The parent class (`None` only for `PopsObject`).",
            "pub const fn parent(self) -> Option<ModelClass> { match self {",
        ],
    );
    for class in &order {
        match class.parent {
            Some(p) => w!(
                out,
                "ModelClass::{} => Some(ModelClass::{}),",
                class.name,
                model.classes[p].name
            ),
            None => w!(out, "ModelClass::{} => None,", class.name),
        }
    }
    lines(
        &mut out,
        &[
            "} }",
            "/// Abstract classes are never instantiated.",
            "pub const fn is_abstract(self) -> bool { matches!(self, ",
        ],
    );
    let abstract_: Vec<String> = order
        .iter()
        .filter(|c| c.is_abstract)
        .map(|c| format!("ModelClass::{}", c.name))
        .collect();
    w!(out, "{}", abstract_.join(" | "));
    lines(&mut out, &[") }", "}"]);
    locator(&mut out, model);
    out
}

/// `LocatorAttr`: the attributes of the `Locator` object, in `Class.new` order.
fn locator(out: &mut String, model: &Model) {
    let locator = &model.locator;
    w!(out);
    doc_text(
        out,
        &format!(
            "The attributes of the `{}` object, in `Class.new` order: {}",
            locator.pcore, locator.doc
        ),
    );
    lines(
        out,
        &[
            "#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]",
            "pub enum LocatorAttr {",
        ],
    );
    let variant = |name: &str| -> String {
        name.split('_')
            .map(|part| {
                let mut chars = part.chars();
                chars
                    .next()
                    .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                    .unwrap_or_default()
            })
            .collect()
    };
    for (name, ty, default) in &locator.attributes {
        let default = default
            .as_deref()
            .map(|d| format!(", default `{d}`"))
            .unwrap_or_default();
        w!(out, "/// `{name}`: `{ty}`{default}.");
        w!(out, "{},", variant(name));
    }
    w!(out, "}}");
    w!(out);
    w!(out, "impl LocatorAttr {{");
    w!(out, "/// The Pcore type name of the Locator object.");
    w!(
        out,
        "pub const PCORE_NAME: &'static str = {:?};",
        locator.pcore
    );
    w!(out, "/// All attributes in `Class.new` order.");
    w!(out, "pub const NEW_ORDER: &'static [LocatorAttr] = &[");
    for (name, _, _) in &locator.attributes {
        w!(out, "LocatorAttr::{},", variant(name));
    }
    w!(out, "];");
    w!(
        out,
        "/// How many of [`Self::NEW_ORDER`] are required (the rest have a default)."
    );
    w!(
        out,
        "pub const REQUIRED: usize = {};",
        locator
            .attributes
            .iter()
            .filter(|(_, _, d)| d.is_none())
            .count()
    );
    w!(out, "/// The attribute name.");
    w!(
        out,
        "pub const fn name(self) -> &'static str {{ match self {{"
    );
    for (name, _, _) in &locator.attributes {
        w!(out, "LocatorAttr::{} => {:?},", variant(name), name);
    }
    w!(out, "}} }}");
    w!(out, "}}");
}

/// The Rust enums of the `Enum` attributes, each once, in declaration order.
fn rust_enums(model: &Model) -> Vec<(&String, &Vec<String>)> {
    let mut seen: Vec<(&String, &Vec<String>)> = Vec::new();
    for class in &model.classes {
        for attr in &class.own {
            if let Ty::Enum { rust, values, .. } = &attr.ty {
                if !seen.iter().any(|(r, _)| *r == rust) {
                    seen.push((rust, values));
                }
            }
        }
    }
    seen
}

/// `BINARY_EXPRESSION_LEFT_EXPR`: the const holding one declared attribute's `AttrInfo`.
fn attr_const(class: &Class, attr: &Attr) -> String {
    format!("{}_{}", upper(class), attr.name.to_uppercase())
}

fn attr_tables(model: &Model) -> String {
    let mut out = String::new();
    lines(
        &mut out,
        &[
            "//! The attribute tables of the classes: each declared attribute once (a const), each",
            "//! class's full list and `Class.new` order (statics made of those consts).",
            "use crate::model::{AttrDefault as D, AttrInfo, AttrType as T, ModelClass as C};",
        ],
    );
    let enum_list: Vec<&str> = rust_enums(model).iter().map(|(e, _)| e.as_str()).collect();
    w!(out, "use crate::model::{{{}}};", enum_list.join(", "));
    w!(out);
    lines(
        &mut out,
        &[
            "const fn attr(name: &'static str, ty: T, default: D) -> AttrInfo {",
            "AttrInfo { name, ty, default }",
            "}",
            "const fn nodes(element: C, min: u8) -> T {",
            "T::Nodes { element, min }",
            "}",
        ],
    );
    w!(out);
    for class in &model.classes {
        for attr in class.own.iter().filter(|a| !a.implicit) {
            w!(
                out,
                "const {}: AttrInfo = {};",
                attr_const(class, attr),
                attr_info(model, attr)
            );
        }
    }
    w!(out);
    // One static per class that has stored attributes. For a concrete class it is the full list
    // (inherited first); `own_attributes` is a suffix of it.
    let list = |attrs: &[&Attr]| -> String {
        let names: Vec<String> = attrs
            .iter()
            .map(|a| {
                let owner = model
                    .classes
                    .iter()
                    .find(|c| c.own.iter().any(|o| std::ptr::eq(o, *a)))
                    .expect("an attribute of a class");
                attr_const(owner, a)
            })
            .collect();
        names.join(", ")
    };
    for class in &model.classes {
        let stored: Vec<&Attr> = if class.is_abstract {
            class.own.iter().filter(|a| !a.implicit).collect()
        } else {
            model.stored_attrs(class)
        };
        if stored.is_empty() {
            continue;
        }
        w!(
            out,
            "pub(super) static {}_ATTRS: [AttrInfo; {}] = [{}];",
            upper(class),
            stored.len(),
            list(&stored)
        );
        if !class.is_abstract {
            let new_order: Vec<&Attr> = Model::new_order(&stored)
                .iter()
                .map(|&i| stored[i])
                .collect();
            w!(
                out,
                "pub(super) static {}_NEW_ORDER: [AttrInfo; {}] = [{}];",
                upper(class),
                stored.len(),
                list(&new_order)
            );
        }
    }
    out
}

fn attributes(model: &Model) -> String {
    let mut out = String::new();
    let order = model.enum_order();
    lines(
        &mut out,
        &[
            "//! The attribute lists of [`ModelClass`]: declared, stored, `Class.new` order.",
            "use super::attr_tables::*;",
            "use crate::model::{AttrInfo, ModelClass};",
            "#[cfg(test)]",
        ],
    );
    let enum_list: Vec<&str> = rust_enums(model).iter().map(|(e, _)| e.as_str()).collect();
    w!(out, "use crate::model::{{{}}};", enum_list.join(", "));
    w!(out);
    lines(
        &mut out,
        &[
            "impl ModelClass {",
            "/// The attributes the class declares itself (not the inherited ones); `Positioned`'s",
            "/// `locator/offset/length` are not listed (see [`ModelClass::is_positioned`]).",
            "pub fn own_attributes(self) -> &'static [AttrInfo] { match self {",
        ],
    );
    let mut empty = Vec::new();
    for class in &order {
        let own = class.own.iter().filter(|a| !a.implicit).count();
        if own == 0 {
            empty.push(format!("ModelClass::{}", class.name));
        } else if class.is_abstract {
            w!(
                out,
                "ModelClass::{} => &{}_ATTRS,",
                class.name,
                upper(class)
            );
        } else {
            let start = model.stored_attrs(class).len() - own;
            w!(
                out,
                "ModelClass::{} => &{}_ATTRS[{start}..],",
                class.name,
                upper(class)
            );
        }
    }
    w!(out, "{} => &[],", empty.join(" | "));
    lines(
        &mut out,
        &[
            "} }",
            "/// All attributes of a concrete class (inherited first, Pcore declaration order), as",
            "/// stored in the [`NodeKind`](super::NodeKind) variant. Empty for abstract classes: use",
            "/// [`ModelClass::all_attributes`] for those.",
            "pub fn node_attributes(self) -> &'static [AttrInfo] { match self {",
        ],
    );
    table_arms(&mut out, model, &order, "ATTRS");
    lines(
        &mut out,
        &[
            "} }",
            "/// [`ModelClass::node_attributes`] in `Class.new` positional order: the required ones",
            "/// first, then the optional ones, each group in declaration order (after `locator,",
            "/// offset, length` for positioned classes). Empty for abstract classes.",
            "pub fn new_order(self) -> &'static [AttrInfo] { match self {",
        ],
    );
    table_arms(&mut out, model, &order, "NEW_ORDER");
    lines(
        &mut out,
        &[
            "} }",
            "/// For each entry of [`ModelClass::new_order`], its index in",
            "/// [`ModelClass::node_attributes`] (what",
            "/// [`NodeKind::attr_value`](super::NodeKind::attr_value) takes).",
            "pub fn new_order_indices(self) -> &'static [usize] { match self {",
        ],
    );
    let mut empty = Vec::new();
    for class in &order {
        let stored = model.stored_attrs(class);
        if class.is_abstract || stored.is_empty() {
            empty.push(format!("ModelClass::{}", class.name));
        } else {
            let indices: Vec<String> = Model::new_order(&stored)
                .iter()
                .map(|i| i.to_string())
                .collect();
            w!(
                out,
                "ModelClass::{} => &[{}],",
                class.name,
                indices.join(", ")
            );
        }
    }
    w!(out, "{} => &[],", empty.join(" | "));
    lines(&mut out, &["} }", "}"]);

    // The Rust enums must hold exactly the Pcore Enum values, in declaration order.
    lines(
        &mut out,
        &[
            "#[cfg(test)]",
            "mod tests {",
            "use super::*;",
            "#[test]",
            "fn rust_enums_hold_the_pcore_enum_values() {",
        ],
    );
    for (rust, values) in rust_enums(model) {
        let values: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
        w!(out, "assert_eq!({rust}::NAMES, [{}]);", values.join(", "));
    }
    lines(&mut out, &["}", "}"]);
    out
}

/// The arms of a `match self` returning each concrete class's static `<CLASS>_<table>`, and
/// `&[]` for the classes without stored attributes (abstract ones included).
fn table_arms(out: &mut String, model: &Model, order: &[&Class], table: &str) {
    let mut empty = Vec::new();
    for class in order {
        if class.is_abstract || model.stored_attrs(class).is_empty() {
            empty.push(format!("ModelClass::{}", class.name));
        } else {
            w!(
                out,
                "ModelClass::{} => &{}_{table},",
                class.name,
                upper(class)
            );
        }
    }
    w!(out, "{} => &[],", empty.join(" | "));
}
