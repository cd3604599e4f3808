//! The C view of the model description: libpuppet's `enum puppet_model_class_id` and
//! `enum puppet_model_attribute` (`include/puppet.h`), the way prism generates its `ast.h` from
//! `config.yml`.
//!
//! Compiled C programs hold these numbers, so they never change. They are therefore not derived
//! from the position of a class in `ast.toml` (which follows `ast.pp` and could gain a class in
//! the middle) but recorded in `puppet-ffi/model-numbers.toml`: `name = number`, one line per
//! class and per attribute name. The generator keeps every recorded number, gives a class or
//! attribute new to `ast.toml` the next free number, and keeps a name that left `ast.toml` (its
//! number stays taken). `cargo xtask codegen --check` fails when the record, or the code below,
//! is not what the generator would write; a record whose numbers are not 1, 2, … N, each once,
//! is refused.
//!
//! The enums themselves are written as `#[repr(C)]` Rust enums in `puppet-ffi/src/model_enums.rs`
//! (with the static name tables and the `ModelClass` → number mapping the library uses), from
//! which cbindgen writes the header, so the header has one generator.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::ast::{snake_case, Model};
use super::SOURCE;

/// The record of the numbers, relative to the workspace root.
pub const NUMBERS_FILE: &str = "puppet-ffi/model-numbers.toml";
/// The generated Rust module of puppet-ffi.
pub const RUST_FILE: &str = "puppet-ffi/src/model_enums.rs";

macro_rules! w {
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).expect("writing to a String")
    };
}

/// Names in the order of their numbers: `names[i]` has number `i + 1` (0 is "none").
struct Numbering {
    classes: Vec<String>,
    attributes: Vec<String>,
}

/// The record (`None`: no file yet), extended with what `model` adds; then the two files.
pub fn generate(model: &Model, recorded: Option<&str>) -> Result<Vec<(String, String)>, String> {
    let mut numbering = match recorded {
        Some(text) => read_numbers(text).map_err(|e| format!("{NUMBERS_FILE}: {e}"))?,
        None => Numbering {
            classes: Vec::new(),
            attributes: Vec::new(),
        },
    };
    for class in &model.classes {
        append_new(&mut numbering.classes, &class.name);
    }
    for name in attribute_names(model) {
        append_new(&mut numbering.attributes, &name);
    }
    Ok(vec![
        (NUMBERS_FILE.to_owned(), numbers_text(&numbering)),
        (RUST_FILE.to_owned(), rust_module(model, &numbering)),
    ])
}

fn append_new(names: &mut Vec<String>, name: &str) {
    if !names.iter().any(|n| n == name) {
        names.push(name.to_owned());
    }
}

/// Every attribute name a C caller can meet (`ModelClass::node_attributes` of some class: not
/// `Positioned`'s implicit ones), in `ast.toml` order of first declaration.
fn attribute_names(model: &Model) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for class in &model.classes {
        for attr in class.own.iter().filter(|a| !a.implicit) {
            append_new(&mut names, &attr.name);
        }
    }
    names
}

fn read_numbers(text: &str) -> Result<Numbering, String> {
    let table: toml::Table = toml::from_str(text).map_err(|e| e.to_string())?;
    for key in table.keys() {
        if key != "class" && key != "attribute" {
            return Err(format!("unknown table [{key}]"));
        }
    }
    Ok(Numbering {
        classes: ordered(&table, "class")?,
        attributes: ordered(&table, "attribute")?,
    })
}

/// The names of table `[section]` by number, checking that the numbers are 1..=N, each once.
fn ordered(table: &toml::Table, section: &str) -> Result<Vec<String>, String> {
    let Some(entries) = table.get(section) else {
        return Ok(Vec::new());
    };
    let entries = entries
        .as_table()
        .ok_or_else(|| format!("{section} must be a table"))?;
    let mut by_number: BTreeMap<i64, &str> = BTreeMap::new();
    for (name, number) in entries {
        let number = number
            .as_integer()
            .ok_or_else(|| format!("[{section}] {name}: the number must be an integer"))?;
        if let Some(other) = by_number.insert(number, name) {
            return Err(format!(
                "[{section}] {name} and {other} have the same number {number}"
            ));
        }
    }
    let mut names = Vec::new();
    for (expected, (number, name)) in (1..).zip(by_number) {
        if number != expected {
            return Err(format!(
                "[{section}] {name} has number {number}, expected {expected}: numbers run from 1 \
                 without gaps and are never changed"
            ));
        }
        names.push(name.to_owned());
    }
    Ok(names)
}

fn numbers_text(numbering: &Numbering) -> String {
    let mut out = String::new();
    for line in [
        "# The numbers of `enum puppet_model_class_id` and `enum puppet_model_attribute` in",
        "# include/puppet.h, which compiled C programs hold: they never change. Maintained by",
        "# `cargo xtask codegen` from puppet-syntax/model/ast.toml, which appends what is new there",
        "# with the next number and keeps names that left it (their numbers stay taken).",
        "# Do not edit: `cargo xtask codegen --check` compares this file with what it would write.",
    ] {
        w!(out, "{line}");
    }
    for (section, names) in [
        ("class", &numbering.classes),
        ("attribute", &numbering.attributes),
    ] {
        w!(out, "\n[{section}]");
        for (number, name) in (1..).zip(names) {
            w!(out, "{name} = {number}");
        }
    }
    out
}

fn class_constant(name: &str) -> String {
    format!("PUPPET_MODEL_CLASS_{}", snake_case(name).to_uppercase())
}

fn attribute_constant(name: &str) -> String {
    format!("PUPPET_MODEL_ATTRIBUTE_{}", name.to_uppercase())
}

/// `///` lines of `text`, at most 92 characters of text each.
fn doc(out: &mut String, indent: &str, text: &str) {
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > 88 {
            w!(out, "{indent}/// {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    w!(out, "{indent}/// {line}");
}

fn rust_module(model: &Model, numbering: &Numbering) -> String {
    let mut out = String::new();
    w!(
        out,
        "// @generated by `cargo xtask codegen` from {SOURCE} and {NUMBERS_FILE}: do not edit\n"
    );
    for line in [
        "//! The stable numbers of the model's classes and attributes for C",
        "//! (`enum puppet_model_class_id`, `enum puppet_model_attribute`), their NUL-terminated",
        "//! names, and the tables that map the library's `ModelClass` and attributes to them. The",
        "//! numbers come from `puppet-ffi/model-numbers.toml` (append-only); `model.rs` exports the",
        "//! functions.",
        "",
        "use std::ffi::CStr;",
        "",
        "use puppet_syntax::model::ModelClass;",
        "",
        "/// A class of the Puppet model (`Puppet::AST`, Ruby Puppet 7.23's `ast.pp`), as",
        "/// `puppet_model_node_class` returns it; `puppet_model_class_name` gives its name. The values",
        "/// never change: a class added to the model gets the next free number, and a number is",
        "/// never reused. Abstract classes are never the class of a node; they are there for",
        "/// `puppet_model_class_is_a`. (The type is `_id`: `puppet_model_class` is the function",
        "/// that returns a node's class name, from the first header.)",
        "#[repr(C)]",
        "#[derive(Clone, Copy, PartialEq, Eq, Debug)]",
        "pub enum puppet_model_class_id {",
        "    /// No class: what `puppet_model_node_class` returns for a number that is no node.",
        "    PUPPET_MODEL_CLASS_NONE = 0,",
    ] {
        w!(out, "{line}");
    }
    for (number, name) in (1..).zip(&numbering.classes) {
        let text = match model.classes.iter().find(|c| &c.name == name) {
            Some(class) if class.is_abstract => {
                format!("`{name}` (abstract): {}", class.doc)
            }
            Some(class) => format!("`{name}`: {}", class.doc),
            None => format!("`{name}`: no longer a class of the model (its number stays taken)."),
        };
        doc(&mut out, "    ", &text);
        w!(out, "    {} = {number},", class_constant(name));
    }
    w!(out, "}}\n");

    for line in [
        "/// An attribute name of the model (`puppet_model_attr.attribute`, `puppet_model_attr_find`);",
        "/// `puppet_model_attribute_name` gives the name. One value per name: classes that declare",
        "/// an attribute of the same name share it. The values never change: a name added to the",
        "/// model gets the next free number, and a number is never reused.",
        "#[repr(C)]",
        "#[derive(Clone, Copy, PartialEq, Eq, Debug)]",
        "pub enum puppet_model_attribute {",
        "    /// No attribute.",
        "    PUPPET_MODEL_ATTRIBUTE_NONE = 0,",
    ] {
        w!(out, "{line}");
    }
    for (number, name) in (1..).zip(&numbering.attributes) {
        let declared: Vec<String> = model
            .classes
            .iter()
            .filter(|c| c.own.iter().any(|a| &a.name == name && !a.implicit))
            .map(|c| format!("`{}`", c.name))
            .collect();
        let text = if declared.is_empty() {
            format!("`{name}`: no longer an attribute of the model (its number stays taken).")
        } else {
            format!("`{name}`, declared by {}.", declared.join(", "))
        };
        doc(&mut out, "    ", &text);
        w!(out, "    {} = {number},", attribute_constant(name));
    }
    w!(out, "}}\n");

    let class_count = numbering.classes.len() + 1;
    w!(
        out,
        "/// The class names by number (index 0, no class, is empty)."
    );
    w!(
        out,
        "pub(crate) static CLASS_NAMES: [&CStr; {class_count}] = [c\"\","
    );
    for name in &numbering.classes {
        w!(out, "c\"{name}\",");
    }
    w!(out, "];\n");
    w!(
        out,
        "/// The library's class of each number (`None` for 0 and for classes that left the model)."
    );
    w!(
        out,
        "pub(crate) static CLASSES: [Option<ModelClass>; {class_count}] = [None,"
    );
    for name in &numbering.classes {
        if model.classes.iter().any(|c| &c.name == name) {
            w!(out, "Some(ModelClass::{name}),");
        } else {
            w!(out, "None,");
        }
    }
    w!(out, "];\n");

    let attribute_count = numbering.attributes.len() + 1;
    w!(
        out,
        "/// The attribute names by number (index 0, no attribute, is empty)."
    );
    w!(
        out,
        "pub(crate) static ATTRIBUTE_NAMES: [&CStr; {attribute_count}] = [c\"\","
    );
    for name in &numbering.attributes {
        w!(out, "c\"{name}\",");
    }
    w!(out, "];\n");

    w!(out, "/// The number of a class of the library's model.");
    w!(
        out,
        "pub(crate) fn class_number(class: ModelClass) -> puppet_model_class_id {{"
    );
    w!(out, "match class {{");
    for class in &model.classes {
        w!(
            out,
            "ModelClass::{} => puppet_model_class_id::{},",
            class.name,
            class_constant(&class.name)
        );
    }
    w!(out, "}}\n}}\n");

    w!(
        out,
        "/// The attributes of `class` in the order of `ModelClass::node_attributes` (empty for"
    );
    w!(out, "/// abstract classes).");
    w!(
        out,
        "pub(crate) fn class_attributes(class: ModelClass) -> &'static [puppet_model_attribute] {{"
    );
    w!(out, "use puppet_model_attribute::*;");
    w!(out, "match class {{");
    for class in model.classes.iter().filter(|c| !c.is_abstract) {
        let attrs: Vec<String> = model
            .stored_attrs(class)
            .iter()
            .map(|a| attribute_constant(&a.name))
            .collect();
        w!(
            out,
            "ModelClass::{} => &[{}],",
            class.name,
            attrs.join(", ")
        );
    }
    w!(out, "_ => &[],");
    w!(out, "}}\n}}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_numbers_must_run_from_one_without_gaps() {
        let good = read_numbers("[class]\nB = 2\nA = 1\n[attribute]\nx = 1\n").unwrap();
        assert_eq!(good.classes, ["A", "B"]);
        assert_eq!(good.attributes, ["x"]);
        assert!(read_numbers("[class]\nA = 1\nB = 3\n").is_err());
        assert!(read_numbers("[class]\nA = 1\nB = 1\n").is_err());
        assert!(read_numbers("[class]\nA = 0\n").is_err());
        assert!(read_numbers("[other]\n").is_err());
    }

    #[test]
    fn new_names_are_appended_and_old_ones_kept() {
        let mut names = vec!["B".to_owned(), "Gone".to_owned()];
        for name in ["A", "B", "C"] {
            append_new(&mut names, name);
        }
        assert_eq!(names, ["B", "Gone", "A", "C"]);
    }

    #[test]
    fn constant_names() {
        assert_eq!(
            class_constant("CallNamedFunctionExpression"),
            "PUPPET_MODEL_CLASS_CALL_NAMED_FUNCTION_EXPRESSION"
        );
        assert_eq!(
            class_constant("QRefDefinition"),
            "PUPPET_MODEL_CLASS_Q_REF_DEFINITION"
        );
        assert_eq!(
            attribute_constant("left_expr"),
            "PUPPET_MODEL_ATTRIBUTE_LEFT_EXPR"
        );
    }
}
