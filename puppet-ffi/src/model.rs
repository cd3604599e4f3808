//! A read-only walk over the Puppet model (`Puppet::AST`, the objects Ruby Puppet 7.23's
//! parser builds), so that C tools can use the AST without going through PN.
//!
//! Nodes are numbers (`uint32_t`, 0 is "no node"), valid for the result they came from. A node
//! has a class (`"ResourceExpression"`), a byte span, and attributes in Puppet's declaration
//! order (`ast.pp`); an attribute is a value (string, integer, boolean, float, enum) or contained
//! nodes ("children by attribute"). The attribute tables come from the library's reflection
//! (`Model::attrs`), generated from `puppet-syntax/model/ast.toml`.

use std::ffi::c_char;

use puppet_syntax::model::{AttrValue, IntRef, Model, NodeId};

use crate::result::{puppet_result, result_ref};
use crate::status::{guard, guard_status, puppet_status, ApiError, ApiResult};
use crate::strings::static_cstr;

/// The node numbers of a result's model: `ids[n - 1]` is node `n` (arena order).
///
/// The library builds `NodeId`s only internally, so the table is collected once from
/// `Model::all_nodes` on the first lookup (4 bytes per node).
pub struct ModelIndex {
    ids: Vec<NodeId>,
}

/// What kind of value an attribute holds (`puppet_model_attr.value_type`).
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_value_type {
    /// `undef` (an optional attribute without a value).
    PUPPET_VALUE_UNDEF = 0,
    /// Contained nodes: `count` of them, read with `puppet_model_attr_node` (an attribute of a
    /// single node has count 1).
    PUPPET_VALUE_NODES = 1,
    /// A string (`string`, `string_length`).
    PUPPET_VALUE_STRING = 2,
    /// An integer: `integer`, or, when it does not fit in 64 bits, its decimal digits in
    /// `string` (then `big_integer` is 1).
    PUPPET_VALUE_INTEGER = 3,
    /// A boolean (`boolean`: 0 or 1).
    PUPPET_VALUE_BOOLEAN = 4,
    /// A float (`number`).
    PUPPET_VALUE_FLOAT = 5,
    /// One of the values of an `Enum[...]` attribute (an operator, a resource form) in
    /// `string` (static).
    PUPPET_VALUE_ENUM = 6,
    /// The source of a regular expression in `string`.
    PUPPET_VALUE_REGEXP = 7,
}

/// One attribute of a model node, filled in by `puppet_model_attr_get`. Strings are borrowed from
/// the result (valid while it lives) and are NOT NUL-terminated: use `string_length`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct puppet_model_attr {
    /// The attribute's name as in Puppet's `ast.pp`, e.g. `"left_expr"` (static,
    /// NUL-terminated).
    pub name: *const c_char,
    /// What the value is; the fields below that do not belong to it are 0 / NULL.
    pub value_type: puppet_value_type,
    /// `PUPPET_VALUE_NODES`: the number of nodes.
    pub count: u32,
    /// 1 when the attribute contains its nodes (part of the tree), 0 for references.
    pub containment: i32,
    /// `PUPPET_VALUE_INTEGER`: 1 when the value is in `string` (too large for `integer`).
    pub big_integer: i32,
    /// `PUPPET_VALUE_BOOLEAN`: 0 or 1.
    pub boolean: i32,
    /// `PUPPET_VALUE_INTEGER` (when `big_integer` is 0).
    pub integer: i64,
    /// `PUPPET_VALUE_FLOAT`.
    pub number: f64,
    /// `PUPPET_VALUE_STRING`, `_ENUM`, `_REGEXP`, big `_INTEGER`: the text (not NUL-terminated).
    pub string: *const c_char,
    /// The length of `string` in bytes.
    pub string_length: usize,
}

impl Default for puppet_model_attr {
    fn default() -> puppet_model_attr {
        puppet_model_attr {
            name: std::ptr::null(),
            value_type: puppet_value_type::PUPPET_VALUE_UNDEF,
            count: 0,
            containment: 0,
            big_integer: 0,
            boolean: 0,
            integer: 0,
            number: 0.0,
            string: std::ptr::null(),
            string_length: 0,
        }
    }
}

fn model_of(result: &puppet_result) -> ApiResult<&Model> {
    result.parsed.model.as_ref().ok_or_else(|| {
        ApiError::new(
            puppet_status::PUPPET_ERROR_UNAVAILABLE,
            "the result has no model (syntax errors, or parsed with PUPPET_PARSE_NO_MODEL)",
        )
    })
}

fn index_of<'a>(result: &'a puppet_result, model: &Model) -> &'a ModelIndex {
    result.model_index.get_or_init(|| ModelIndex {
        ids: model.all_nodes().map(|(id, _)| id).collect(),
    })
}

/// The result's model and node number `node` of it.
fn node_of<'a>(result: *const puppet_result, node: u32) -> ApiResult<(&'a Model, NodeId)> {
    let result = result_ref(result)?;
    let model = model_of(result)?;
    let index = index_of(result, model);
    let id = (node as usize)
        .checked_sub(1)
        .and_then(|i| index.ids.get(i).copied())
        .ok_or_else(|| {
            ApiError::argument(format!(
                "{node} is not a node of this model (1 to {})",
                index.ids.len()
            ))
        })?;
    Ok((model, id))
}

fn number_of(id: NodeId) -> u32 {
    id.index() as u32 + 1
}

/// The node number of the program's body (`Program#body`: a `BlockExpression`, a single
/// expression, or `Nop` for an empty program); 0 when the result has no model (syntax errors,
/// `PUPPET_PARSE_NO_MODEL`; see `puppet_last_error_message`) or `result` is NULL.
#[no_mangle]
pub extern "C" fn puppet_model_root(result: *const puppet_result) -> u32 {
    guard(
        "puppet_model_root",
        |_| 0,
        || {
            let model = model_of(result_ref(result)?)?;
            Ok(model.body().map_or(0, number_of))
        },
    )
}

/// The Puppet class name of `node` (`"ResourceExpression"`; static), or NULL when `node` is not
/// a node of the result's model.
#[no_mangle]
pub extern "C" fn puppet_model_class(result: *const puppet_result, node: u32) -> *const c_char {
    guard(
        "puppet_model_class",
        |_| std::ptr::null(),
        || {
            let (model, id) = node_of(result, node)?;
            Ok(static_cstr(model.class(id).name()))
        },
    )
}

/// The byte offset and length of `node` in the result's text (Puppet's `Positioned#offset`
/// and `#length`) into `*offset` and `*length` (either may be NULL).
#[no_mangle]
pub extern "C" fn puppet_model_span(
    result: *const puppet_result,
    node: u32,
    offset: *mut u32,
    length: *mut u32,
) -> puppet_status {
    guard_status("puppet_model_span", || {
        let (model, id) = node_of(result, node)?;
        let (o, l) = model.span(id);
        // SAFETY: NULL or writable (documented).
        unsafe {
            if let Some(offset) = offset.as_mut() {
                *offset = o;
            }
            if let Some(length) = length.as_mut() {
                *length = l;
            }
        }
        Ok(())
    })
}

/// The number of attributes of `node` (its class's attributes in Puppet's declaration order,
/// inherited first, without `locator`, `offset` and `length`); 0 for an invalid node.
#[no_mangle]
pub extern "C" fn puppet_model_attr_count(result: *const puppet_result, node: u32) -> usize {
    guard(
        "puppet_model_attr_count",
        |_| 0,
        || {
            let (model, id) = node_of(result, node)?;
            Ok(model.class(id).node_attributes().len())
        },
    )
}

fn attr_at(model: &Model, id: NodeId, index: usize) -> ApiResult<puppet_syntax::model::Attr<'_>> {
    model.attrs(id).nth(index).ok_or_else(|| {
        ApiError::argument(format!(
            "attribute index {index} is out of range ({} has {})",
            model.class(id).name(),
            model.class(id).node_attributes().len()
        ))
    })
}

/// Fills `*out` with attribute `index` (0-based, below `puppet_model_attr_count`) of `node`.
/// The strings in `*out` are borrowed from the result.
#[no_mangle]
pub extern "C" fn puppet_model_attr_get(
    result: *const puppet_result,
    node: u32,
    index: usize,
    out: *mut puppet_model_attr,
) -> puppet_status {
    guard_status("puppet_model_attr_get", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        let (model, id) = node_of(result, node)?;
        let attr = attr_at(model, id, index)?;
        let mut c = puppet_model_attr {
            name: static_cstr(attr.info.name),
            containment: i32::from(attr.info.is_containment()),
            ..puppet_model_attr::default()
        };
        let set_string = |c: &mut puppet_model_attr, text: &str| {
            // Never a dangling pointer, even for an empty string.
            c.string = if text.is_empty() {
                c"".as_ptr()
            } else {
                text.as_ptr().cast()
            };
            c.string_length = text.len();
        };
        use puppet_value_type::*;
        match attr.value {
            AttrValue::Node(_) | AttrValue::OptNode(Some(_)) | AttrValue::Nodes(_) => {
                c.value_type = PUPPET_VALUE_NODES;
                c.count = attr.value.nodes().len() as u32;
            }
            AttrValue::OptNode(None)
            | AttrValue::OptStr(None)
            | AttrValue::OptBool(None)
            | AttrValue::Locator => {}
            AttrValue::Str(s) | AttrValue::OptStr(Some(s)) => {
                c.value_type = PUPPET_VALUE_STRING;
                set_string(&mut c, s);
            }
            AttrValue::Bool(b) | AttrValue::OptBool(Some(b)) => {
                c.value_type = PUPPET_VALUE_BOOLEAN;
                c.boolean = i32::from(b);
            }
            AttrValue::Int(IntRef::Small(v)) => {
                c.value_type = PUPPET_VALUE_INTEGER;
                c.integer = v;
            }
            AttrValue::Int(IntRef::Big(digits)) => {
                c.value_type = PUPPET_VALUE_INTEGER;
                c.big_integer = 1;
                set_string(&mut c, digits);
            }
            AttrValue::Float(f) => {
                c.value_type = PUPPET_VALUE_FLOAT;
                c.number = f;
            }
            AttrValue::Enum(e) => {
                c.value_type = PUPPET_VALUE_ENUM;
                set_string(&mut c, e);
            }
            AttrValue::Regexp(r) => {
                c.value_type = PUPPET_VALUE_REGEXP;
                set_string(&mut c, r);
            }
        }
        // SAFETY: non-NULL and writable (documented).
        unsafe { out.write(c) };
        Ok(())
    })
}

/// Node `child` (0-based, below the attribute's `count`) of attribute `index` of `node`; 0 when
/// an argument is out of range or the attribute holds no nodes.
#[no_mangle]
pub extern "C" fn puppet_model_attr_node(
    result: *const puppet_result,
    node: u32,
    index: usize,
    child: usize,
) -> u32 {
    guard(
        "puppet_model_attr_node",
        |_| 0,
        || {
            let (model, id) = node_of(result, node)?;
            let attr = attr_at(model, id, index)?;
            let nodes = attr.value.nodes();
            let found = nodes.get(child).ok_or_else(|| {
                ApiError::argument(format!(
                    "child {child} is out of range ({}#{} has {})",
                    model.class(id).name(),
                    attr.info.name,
                    nodes.len()
                ))
            })?;
            Ok(number_of(*found))
        },
    )
}

/// The index of the attribute named `name` (NUL-terminated, e.g. `"body"`) of `node`, or -1
/// when its class has no such attribute.
#[no_mangle]
pub extern "C" fn puppet_model_attr_index(
    result: *const puppet_result,
    node: u32,
    name: *const c_char,
) -> i64 {
    guard(
        "puppet_model_attr_index",
        |_| -1,
        || {
            let name =
                crate::strings::utf8_arg(name, "name")?.ok_or_else(|| ApiError::null("name"))?;
            let (model, id) = node_of(result, node)?;
            Ok(model
                .class(id)
                .node_attributes()
                .iter()
                .position(|a| a.name == name)
                .map_or(-1, |i| i as i64))
        },
    )
}
