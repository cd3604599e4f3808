//! `puppet-syntax/model/ast.json`: the model description for non-Rust readers (a C header
//! generator, a Ruby script), with what they would otherwise compute themselves: the flattened
//! attribute list and the `Class.new` argument order of every class.

use serde_json::{json, Value};

use super::ast::{Attr, Model, Ty};
use super::SOURCE;

pub fn generate(model: &Model) -> String {
    let classes: Vec<Value> = model
        .classes
        .iter()
        .map(|class| {
            let all: Vec<&Attr> = model.all_attrs(class).collect();
            let mut entry = json!({
                "name": class.name,
                "pcore_name": class.pcore,
                "parent": class.parent.map(|p| model.classes[p].name.as_str()),
                "abstract": class.is_abstract,
                "positioned": model.is_positioned(class),
                "doc": class.doc,
                "attributes": class.own.iter().map(attr).collect::<Vec<_>>(),
                "all_attributes": all.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(),
            });
            if !class.is_abstract {
                // `locator, offset, length` are required, so they stay first.
                let order: Vec<&str> = Model::new_order(&all)
                    .into_iter()
                    .map(|i| all[i].name.as_str())
                    .collect();
                entry["new_order"] = json!(order);
            }
            entry
        })
        .collect();
    let document = json!({
        "generated_by": format!("cargo xtask codegen from {SOURCE}: do not edit"),
        "typeset": "Puppet::AST",
        "notes": [
            "classes are in ast.pp declaration order; attributes are each class's own, in declaration order",
            "all_attributes: inherited first (the Pcore attribute order, also _pcore_contents order)",
            "new_order (concrete classes): the Class.new positional arguments, required first, then optional",
            "default: the ast.pp `value =>` as Puppet source, null when required",
            "containment: contained / reference for object-typed attributes, null for plain values",
            "implicit: Positioned's locator/offset/length, held outside the NodeKind payload in Rust",
        ],
        "locator": {
            "pcore_name": model.locator.pcore,
            "doc": model.locator.doc,
            "new_order": model.locator.attributes.iter().map(|(name, ty, default)| json!({
                "name": name, "type": ty, "default": default, "required": default.is_none(),
            })).collect::<Vec<_>>(),
        },
        "classes": classes,
    });
    let mut text = serde_json::to_string_pretty(&document).expect("JSON of plain values");
    text.push('\n');
    text
}

fn attr(attr: &Attr) -> Value {
    let containment = match attr.ty {
        _ if attr.reference => Some("reference"),
        Ty::Node(_) | Ty::OptNode(_) | Ty::Nodes { .. } | Ty::Locator => Some("contained"),
        _ => None,
    };
    let mut value = json!({
        "name": attr.name,
        "type": attr.pcore_type,
        "default": attr.default_text,
        "required": attr.is_required(),
        "containment": containment,
    });
    if let Ty::Enum { values, .. } = &attr.ty {
        value["enum"] = json!(values);
    }
    if attr.implicit {
        value["implicit"] = json!(true);
    }
    if let Some(ruby) = &attr.ruby {
        value["ruby_class"] = json!(ruby);
    }
    if let Some(rust) = &attr.rust {
        value["rust"] = json!(rust);
    }
    value
}
