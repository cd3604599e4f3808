//! The node files: `node_kind.rs` (`NodeKind`, `class()`, `from_attr_values`), `node_attrs.rs`
//! (`for_each_attr`, `attr_value`), `children.rs` (`for_each_child`) and `views.rs` (one view
//! struct per abstract class with attributes).

use std::fmt::Write as _;

use super::super::ast::{snake_case, Attr, Class, Model, Ty};
use super::{
    attr_doc, attr_value, doc, doc_text, field_ty, from_input, is_child, lines, model_imports,
    upper, viewed_classes,
};

pub(super) fn node_kind(model: &Model) -> String {
    let mut out = String::new();
    lines(
        &mut out,
        &[
            "//! [`NodeKind`]: the class-specific payload of a node, and its generic constructor.",
            "use crate::model::{AttrInfo, AttrInput, ModelClass};",
        ],
    );
    let types: Vec<String> = model
        .node_classes()
        .flat_map(|c| model.stored_attrs(c))
        .map(|a| field_ty(&a.ty))
        .collect();
    w!(out, "{}", model_imports(&types));
    w!(out);
    lines(
        &mut out,
        &[
            "/// The class-specific part of a [`Node`](crate::model::Node): one variant per concrete",
            "/// positioned class, named like the Ruby class, with one field per attribute (inherited ones",
            "/// first, Pcore declaration order). Make the field values with",
            "/// [`Model::intern`](crate::model::Model::intern) (strings),",
            "/// [`Model::list`](crate::model::Model::list) (node lists) and",
            "/// [`Model::integer`](crate::model::Model::integer) (integers), then",
            "/// [`Model::alloc`](crate::model::Model::alloc) the node.",
            "#[derive(Clone, PartialEq, Debug)]",
            "pub enum NodeKind {",
        ],
    );
    for class in model.node_classes() {
        doc(&mut out, class);
        let fields: Vec<String> = model
            .stored_attrs(class)
            .iter()
            .map(|a| format!("{}\n{}: {}", attr_doc(a), a.name, field_ty(&a.ty)))
            .collect();
        w!(out, "{} {{ {} }},", class.name, fields.join(",\n"));
    }
    w!(out, "}}");
    w!(out);
    lines(
        &mut out,
        &[
            "impl NodeKind {",
            "/// The model class of this node.",
            "pub fn class(&self) -> ModelClass { match self {",
        ],
    );
    for class in model.node_classes() {
        w!(
            out,
            "NodeKind::{0} {{ .. }} => ModelClass::{0},",
            class.name
        );
    }
    w!(out, "}} }}");
    w!(out);
    lines(
        &mut out,
        &[
            "/// Builds the payload of a node of `class` from attribute values: `value_of` is called",
            "/// once per attribute of [`ModelClass::node_attributes`], in that order, and must return",
            "/// the value (the default for a missing optional one). `None` if `class` is not a",
            "/// concrete positioned class, or a value is missing or of the wrong shape. This is the",
            "/// generic constructor for readers (Pcore, test oracles) that get classes by name.",
            "pub fn from_attr_values<'v>(",
            "    class: ModelClass,",
            "    mut value_of: impl FnMut(&'static AttrInfo) -> Option<AttrInput<'v>>,",
            ") -> Option<NodeKind> {",
            "let mut infos = class.node_attributes().iter();",
            "let mut next = move || -> Option<AttrInput<'v>> { value_of(infos.next()?) };",
            "Some(match class {",
        ],
    );
    for class in model.node_classes() {
        let fields: Vec<String> = model
            .stored_attrs(class)
            .iter()
            .map(|a| format!("{}: {}", a.name, from_input(&a.ty)))
            .collect();
        w!(
            out,
            "ModelClass::{} => NodeKind::{} {{ {} }},",
            class.name,
            class.name,
            fields.join(", ")
        );
    }
    lines(&mut out, &["_ => return None,", "})", "}", "}"]);
    out
}

pub(super) fn node_attrs(model: &Model) -> String {
    let mut out = String::new();
    lines(
        &mut out,
        &[
            "//! Per-node attribute access: all attributes, one attribute.",
            "use super::attr_tables::*;",
            "use super::NodeKind;",
            "use crate::model::{AttrInfo, AttrValue, IntRef, Model};",
        ],
    );
    w!(out);
    lines(
        &mut out,
        &[
            "impl NodeKind {",
            "/// Calls `f` with every attribute (description and value) in",
            "/// [`ModelClass::node_attributes`](crate::model::ModelClass::node_attributes) order.",
            "pub fn for_each_attr<'a>(",
            "    &'a self,",
            "    model: &'a Model,",
            "    f: &mut dyn FnMut(&'static AttrInfo, AttrValue<'a>),",
            ") {",
            "match self {",
        ],
    );
    let mut empty = Vec::new();
    for class in model.node_classes() {
        let attrs = model.stored_attrs(class);
        if attrs.is_empty() {
            empty.push(format!("NodeKind::{} {{}}", class.name));
            continue;
        }
        let names: Vec<&str> = attrs.iter().map(|a| a.name.as_str()).collect();
        w!(
            out,
            "NodeKind::{} {{ {} }} => {{",
            class.name,
            names.join(", ")
        );
        w!(out, "let infos = &{}_ATTRS;", upper(class));
        for (i, attr) in attrs.iter().enumerate() {
            w!(out, "f(&infos[{i}], {});", attr_value(&attr.ty, &attr.name));
        }
        w!(out, "}}");
    }
    w!(out, "{} => {{}}", empty.join(" | "));
    lines(&mut out, &["}", "}"]);
    w!(out);
    lines(
        &mut out,
        &[
            "/// The value of the attribute at `index` in",
            "/// [`ModelClass::node_attributes`](crate::model::ModelClass::node_attributes) (`None` past",
            "/// the end). Builds only that value.",
            "pub fn attr_value<'a>(&'a self, model: &'a Model, index: usize) -> Option<AttrValue<'a>> {",
            "Some(match (self, index) {",
        ],
    );
    for class in model.node_classes() {
        for (i, attr) in model.stored_attrs(class).iter().enumerate() {
            w!(
                out,
                "(NodeKind::{} {{ {}, .. }}, {i}) => {},",
                class.name,
                attr.name,
                attr_value(&attr.ty, &attr.name)
            );
        }
    }
    lines(&mut out, &["_ => return None,", "})", "}", "}"]);
    out
}

pub(super) fn children(model: &Model) -> String {
    let mut out = String::new();
    lines(
        &mut out,
        &[
            "//! Child traversal without reflection.",
            "use super::NodeKind;",
            "use crate::model::{Model, NodeId};",
        ],
    );
    w!(out);
    lines(
        &mut out,
        &[
            "impl NodeKind {",
            "/// Calls `f` with every contained child, in attribute order (what",
            "/// [`Model::children`] yields, without going through reflection: the hot path of",
            "/// whole-tree passes).",
            "pub fn for_each_child(&self, model: &Model, f: &mut impl FnMut(NodeId)) {",
            "match self {",
        ],
    );
    let mut leaves = Vec::new();
    for class in model.node_classes() {
        let children: Vec<&Attr> = model
            .stored_attrs(class)
            .into_iter()
            .filter(|a| is_child(&a.ty))
            .collect();
        if children.is_empty() {
            leaves.push(format!("NodeKind::{} {{ .. }}", class.name));
            continue;
        }
        let names: Vec<&str> = children.iter().map(|a| a.name.as_str()).collect();
        w!(
            out,
            "NodeKind::{} {{ {}, .. }} => {{",
            class.name,
            names.join(", ")
        );
        for attr in children {
            let name = &attr.name;
            match attr.ty {
                Ty::Node(_) => w!(out, "f(*{name});"),
                Ty::OptNode(_) => w!(out, "if let Some(child) = {name} {{ f(*child); }}"),
                _ => w!(out, "for &child in model.nodes(*{name}) {{ f(child); }}"),
            }
        }
        w!(out, "}}");
    }
    w!(out, "{} => {{}}", leaves.join(" | "));
    lines(&mut out, &["}", "}"]);
    w!(out);
    w!(out, "}}");
    out
}

pub(super) fn views(model: &Model) -> String {
    let mut out = String::new();
    lines(
        &mut out,
        &[
            "//! Views of the abstract classes that have attributes: `NodeKind::as_x()` gives the",
            "//! attributes (inherited and own) of any concrete subclass of `X`, so that code about",
            "//! \"any BinaryExpression\" does not list every subclass.",
            "use super::NodeKind;",
        ],
    );
    let types: Vec<String> = viewed_classes(model)
        .iter()
        .flat_map(|c| model.stored_attrs(c))
        .map(|a| field_ty(&a.ty))
        .collect();
    w!(out, "{}", model_imports(&types));
    w!(out);
    for class in viewed_classes(model) {
        let attrs = model.stored_attrs(class);
        let subclasses: Vec<&Class> = model
            .node_classes()
            .filter(|c| model.is_a(c, class))
            .collect();
        let names: Vec<&str> = attrs.iter().map(|a| a.name.as_str()).collect();
        let fields = names.join(", ");
        let sub_names: Vec<String> = subclasses.iter().map(|c| format!("`{}`", c.name)).collect();
        let eq = if attrs.iter().any(|a| matches!(a.ty, Ty::Float)) {
            ""
        } else {
            "Eq, "
        };
        let text = format!(
            "The attributes of any `{}` (by value). {}",
            class.name, class.doc
        );
        doc_text(&mut out, &text);
        w!(out, "#[derive(Clone, Copy, PartialEq, {eq}Debug)]");
        w!(out, "pub struct {}View {{", class.name);
        for attr in &attrs {
            w!(out, "{}", attr_doc(attr));
            w!(out, "pub {}: {},", attr.name, field_ty(&attr.ty));
        }
        w!(out, "}}");
        w!(
            out,
            "/// The attributes of any `{}`, mutable in place.",
            class.name
        );
        w!(out, "#[derive(Debug)]");
        w!(out, "pub struct {}ViewMut<'a> {{", class.name);
        for attr in &attrs {
            w!(out, "{}", attr_doc(attr));
            w!(out, "pub {}: &'a mut {},", attr.name, field_ty(&attr.ty));
        }
        w!(out, "}}");
        let method = snake_case(&class.name);
        let patterns: Vec<String> = subclasses
            .iter()
            .map(|c| format!("NodeKind::{} {{ {fields}, .. }}", c.name))
            .collect();
        w!(out, "impl NodeKind {{");
        let text = format!("`Some` for a `{}`: {}.", class.name, sub_names.join(", "));
        doc_text(&mut out, &text);
        w!(
            out,
            "pub fn as_{method}(&self) -> Option<{}View> {{",
            class.name
        );
        w!(
            out,
            "match *self {{ {} => Some({}View {{ {fields} }}), _ => None }}",
            patterns.join(" | "),
            class.name
        );
        w!(out, "}}");
        w!(
            out,
            "/// [`NodeKind::as_{method}`] with the fields borrowed mutably."
        );
        w!(
            out,
            "pub fn as_{method}_mut(&mut self) -> Option<{}ViewMut<'_>> {{",
            class.name
        );
        w!(
            out,
            "match self {{ {} => Some({}ViewMut {{ {fields} }}), _ => None }}",
            patterns.join(" | "),
            class.name
        );
        lines(&mut out, &["}", "}"]);
    }
    out
}
