//! `read_new_order.rs`: `NodeKind::read_new_order`, one `match` arm per concrete positioned
//! class that reads its attributes in `Class.new` order through a `NewOrderReader` (one call
//! per attribute, of the method for its type, with its `AttrInfo` and, for node attributes,
//! the class the value must be) and builds the variant directly: the typed reader of the XPP
//! deserializer, where the generic `from_attr_values` went through an array of `AttrInput`s
//! and a check of each value's shape.

use std::fmt::Write as _;

use super::super::ast::{Attr, Class, Model, Ty};
use super::{lines, upper};

/// The expression that reads attribute `index` (in `Class.new` order) of `class`, or gives its
/// default when the object does not give it.
fn read_attr(model: &Model, class: &Class, index: usize, attr: &Attr) -> String {
    let info = format!("&{}_NEW_ORDER[{index}]", upper(class));
    let element = |c: &usize| format!("ModelClass::{}", model.classes[*c].name);
    let read = match &attr.ty {
        Ty::Node(c) => format!("reader.node({info}, {})?", element(c)),
        Ty::OptNode(c) => format!("reader.opt_node({info}, {})?", element(c)),
        Ty::Nodes { element: c, min } => {
            format!("reader.nodes({info}, {}, {min})?", element(c))
        }
        Ty::Str => format!("reader.string({info})?"),
        Ty::OptStr => format!("reader.opt_string({info})?"),
        Ty::Bool(_) => format!("reader.boolean({info})?"),
        Ty::OptBool => format!("reader.opt_boolean({info})?"),
        Ty::Integer => format!("IntValue::Small(reader.integer({info})?)"),
        Ty::Radix => format!(
            "match u8::try_from(reader.integer({info})?) {{ \
             Ok(radix) => radix, Err(_) => return Err(reader.out_of_range({info})) }}"
        ),
        Ty::Float => format!("reader.float({info})?"),
        Ty::Regexp => format!("reader.regexp({info})?"),
        Ty::Enum { rust, .. } => format!(
            "match {rust}::ALL.get(reader.enumeration({info}, {rust}::NAMES)?) {{ \
             Some(&value) => value, None => return Err(reader.out_of_range({info})) }}"
        ),
        Ty::RefNodes(_) | Ty::Locator => unreachable!("Program attributes are held by Model"),
    };
    let default = match &attr.ty {
        Ty::OptNode(_) | Ty::OptStr | Ty::OptBool => "None".to_owned(),
        Ty::Nodes { min: 0, .. } => "NodeList::EMPTY".to_owned(),
        Ty::Bool(Some(b)) => b.to_string(),
        Ty::Radix => "10".to_owned(),
        Ty::Enum {
            values,
            rust,
            default: Some(d),
        } => {
            let at = values
                .iter()
                .position(|v| v == d)
                .expect("an Enum default is one of its values");
            format!("{rust}::ALL[{at}]")
        }
        _ => format!("return Err(reader.missing({info}))"),
    };
    format!("if given > {index} {{ {read} }} else {{ {default} }}")
}

pub(super) fn read_new_order(model: &Model) -> String {
    let mut out = String::new();
    lines(
        &mut out,
        &[
            "//! [`NodeKind::read_new_order`]: a node's attributes read in `Class.new` order.",
            "use super::attr_tables::*;",
        ],
    );
    let mut enums: Vec<&str> = model
        .node_classes()
        .flat_map(|c| model.stored_attrs(c))
        .filter_map(|a| match &a.ty {
            Ty::Enum { rust, .. } => Some(rust.as_str()),
            _ => None,
        })
        .collect();
    enums.sort_unstable();
    enums.dedup();
    writeln!(
        out,
        "use crate::model::{{IntValue, ModelClass, NewOrderReader, NodeId, NodeKind, NodeList, {}}};",
        enums.join(", ")
    )
    .expect("writing to a String");
    lines(
        &mut out,
        &[
            "",
            "impl NodeKind {",
            "/// Reads the attributes of a node of `class` in `Class.new` order",
            "/// ([`ModelClass::new_order`]): the first `given` from `reader`, each with the method of",
            "/// its type, and the others their defaults (the error of [`NewOrderReader::missing`] for",
            "/// a required one), and stores the node ([`NewOrderReader::store`], called in each arm",
            "/// so that the variant is written where it is stored, not copied). `Ok(None)` when",
            "/// `class` is not a concrete positioned class. Each class's arm is a function of its own,",
            "/// kept out of line: the XPP reader recurses through here once per level of nesting, and",
            "/// with every arm inlined this function's stack frame was 1.6 KB.",
            "#[inline]",
            "pub(crate) fn read_new_order<R: NewOrderReader>(",
            "    class: ModelClass,",
            "    given: usize,",
            "    reader: &mut R,",
            ") -> Result<Option<NodeId>, R::Error> {",
            "Ok(Some(match class {",
        ],
    );
    let mut arms = String::new();
    for class in model.node_classes() {
        let stored = model.stored_attrs(class);
        // Struct fields are evaluated in the order written: `Class.new` order.
        let fields: Vec<String> = Model::new_order(&stored)
            .iter()
            .enumerate()
            .map(|(index, &i)| {
                format!(
                    "{}: {}",
                    stored[i].name,
                    read_attr(model, class, index, stored[i])
                )
            })
            .collect();
        writeln!(
            out,
            "ModelClass::{} => read_{}(given, reader)?,",
            class.name,
            snake(&class.name),
        )
        .expect("writing to a String");
        writeln!(
            arms,
            "/// [`NodeKind::read_new_order`] for `{}`.\n#[inline(never)] fn read_{}<R: NewOrderReader>({}: usize, reader: &mut R) -> Result<NodeId, R::Error> {{ let kind = NodeKind::{} {{ {} }}; Ok(reader.store(kind)) }}",
            class.name,
            snake(&class.name),
            if fields.is_empty() { "_given" } else { "given" },
            class.name,
            fields.join(", ")
        )
        .expect("writing to a String");
    }
    lines(&mut out, &["_ => return Ok(None),", "}))", "}", "}"]);
    out.push_str(&arms);
    out
}

/// `CallNamedFunctionExpression` → `call_named_function_expression`.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
