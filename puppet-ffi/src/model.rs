//! A read-only walk over the Puppet model (`Puppet::AST`, the objects Ruby Puppet 7.23's
//! parser builds), so that C tools can use the AST without going through PN.
//!
//! Nodes are numbers (`uint32_t`, 0 is "no node"), valid for the result they came from: node
//! `n` is the model arena's node `n - 1` (`Model::node_id`). A node has a class (a stable
//! `puppet_model_class_id` number, or its name `"ResourceExpression"`), a byte span, and attributes
//! in Puppet's declaration order (`ast.pp`); an attribute (a stable `puppet_model_attribute`
//! number and a name) is a value (string, integer, boolean, float, enum) or contained nodes
//! ("children by attribute"). The attribute tables come from the library's reflection
//! (`Model::attrs`); the numbers and their static names from `model_enums.rs`, which
//! `cargo xtask codegen` generates from `puppet-syntax/model/ast.toml`.

use std::ffi::c_char;

use puppet_syntax::model::{AttrValue, IntRef, Model, ModelClass, NodeId};

use crate::model_enums::{
    class_attributes, class_number, puppet_model_attribute, puppet_model_class_id, ATTRIBUTE_NAMES,
    CLASSES, CLASS_NAMES,
};
use crate::result::{puppet_result, result_ref};
use crate::sized::{check_size, first_size, write_sized};
use crate::status::{guard, guard_status, puppet_status, ApiError, ApiResult};

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
    /// The attribute's number (`puppet_model_attribute_name` gives `name` back). Appended after
    /// the first header's fields: the first header's `puppet_model_attr_get` does not write it.
    pub attribute: puppet_model_attribute,
}

/// The size of the first header's `puppet_model_attr` (up to `string_length`); smaller is
/// refused.
pub(crate) const ATTR_FIRST_SIZE: usize = first_size(
    std::mem::offset_of!(puppet_model_attr, string_length),
    std::mem::size_of::<usize>(),
);

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
            attribute: puppet_model_attribute::PUPPET_MODEL_ATTRIBUTE_NONE,
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

/// The result's model and node number `node` of it.
fn node_of<'a>(result: *const puppet_result, node: u32) -> ApiResult<(&'a Model, NodeId)> {
    let model = model_of(result_ref(result)?)?;
    let id = (node as usize)
        .checked_sub(1)
        .and_then(|index| model.node_id(index))
        .ok_or_else(|| {
            ApiError::argument(format!(
                "{node} is not a node of this model (1 to {})",
                model.node_count()
            ))
        })?;
    Ok((model, id))
}

fn number_of(id: NodeId) -> u32 {
    id.index() as u32 + 1
}

/// The library's class of a `puppet_model_class_id` number.
fn class_of(class: u32) -> ApiResult<ModelClass> {
    CLASSES
        .get(class as usize)
        .copied()
        .flatten()
        .ok_or_else(|| ApiError::argument(format!("{class} is not a puppet_model_class_id")))
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
/// a node of the result's model. `puppet_model_node_class` gives the class as a number.
#[no_mangle]
pub extern "C" fn puppet_model_class(result: *const puppet_result, node: u32) -> *const c_char {
    guard(
        "puppet_model_class_id",
        |_| std::ptr::null(),
        || {
            let (model, id) = node_of(result, node)?;
            Ok(CLASS_NAMES[class_number(model.class(id)) as usize].as_ptr())
        },
    )
}

/// The class of `node`, a number that never changes between library versions;
/// `PUPPET_MODEL_CLASS_NONE` (0) when `node` is not a node of the result's model or the result
/// has none (see `puppet_last_error_message`).
#[no_mangle]
pub extern "C" fn puppet_model_node_class(
    result: *const puppet_result,
    node: u32,
) -> puppet_model_class_id {
    guard(
        "puppet_model_node_class",
        |_| puppet_model_class_id::PUPPET_MODEL_CLASS_NONE,
        || {
            let (model, id) = node_of(result, node)?;
            Ok(class_number(model.class(id)))
        },
    )
}

/// The name of `puppet_model_class_id` `class` (`"CallNamedFunctionExpression"`; static,
/// NUL-terminated), or NULL for `PUPPET_MODEL_CLASS_NONE` and numbers that are no class.
#[no_mangle]
pub extern "C" fn puppet_model_class_name(class: u32) -> *const c_char {
    guard(
        "puppet_model_class_name",
        |_| std::ptr::null(),
        || {
            class_of(class)?;
            Ok(CLASS_NAMES[class as usize].as_ptr())
        },
    )
}

/// 1 when `class` is `ancestor` or inherits from it (every expression class is a
/// `PUPPET_MODEL_CLASS_EXPRESSION`, `LiteralString` a `PUPPET_MODEL_CLASS_LITERAL_VALUE`), 0
/// otherwise and for numbers that are no class.
#[no_mangle]
pub extern "C" fn puppet_model_class_is_a(class: u32, ancestor: u32) -> i32 {
    guard(
        "puppet_model_class_is_a",
        |_| 0,
        || {
            let (class, ancestor) = (class_of(class)?, class_of(ancestor)?);
            let mut chain = std::iter::successors(Some(class), |c| c.parent());
            Ok(i32::from(chain.any(|c| c == ancestor)))
        },
    )
}

/// The name of `puppet_model_attribute` `attribute` (`"left_expr"`; static, NUL-terminated),
/// or NULL for `PUPPET_MODEL_ATTRIBUTE_NONE` and numbers that are no attribute.
#[no_mangle]
pub extern "C" fn puppet_model_attribute_name(attribute: u32) -> *const c_char {
    guard(
        "puppet_model_attribute_name",
        |_| std::ptr::null(),
        || match ATTRIBUTE_NAMES.get(attribute as usize) {
            Some(name) if attribute != 0 => Ok(name.as_ptr()),
            _ => Err(ApiError::argument(format!(
                "{attribute} is not a puppet_model_attribute"
            ))),
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

/// Attribute `index` of `node` as its C struct.
fn attr_struct(
    result: *const puppet_result,
    node: u32,
    index: usize,
) -> ApiResult<puppet_model_attr> {
    let (model, id) = node_of(result, node)?;
    let attr = attr_at(model, id, index)?;
    let attribute = class_attributes(model.class(id))
        .get(index)
        .copied()
        .unwrap_or(puppet_model_attribute::PUPPET_MODEL_ATTRIBUTE_NONE);
    let mut c = puppet_model_attr {
        name: ATTRIBUTE_NAMES[attribute as usize].as_ptr(),
        attribute,
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
    Ok(c)
}

/// Fills `*out`, a struct of `size` bytes (pass `sizeof(puppet_model_attr)`: the header's
/// `puppet_model_attr_get(result, node, index, &attr)` macro does), with attribute `index`
/// (0-based, below `puppet_model_attr_count`) of `node`, by the header's rule for structs the
/// library fills (the fields that fit are written, bytes past this library's struct are
/// zeroed). The strings in `*out` are borrowed from the result. `PUPPET_ERROR_ARGUMENT` for a
/// node or index out of range or a `size` smaller than the first header's struct; `*out` is not
/// written then.
#[no_mangle]
pub extern "C" fn puppet_model_attr_get_sized(
    result: *const puppet_result,
    node: u32,
    index: usize,
    out: *mut puppet_model_attr,
    size: usize,
) -> puppet_status {
    guard_status("puppet_model_attr_get_sized", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        check_size("puppet_model_attr", size, ATTR_FIRST_SIZE)?;
        let c = attr_struct(result, node, index)?;
        // SAFETY: non-NULL and `size` writable bytes (documented), size checked.
        unsafe { write_sized(out, size, &c) };
        Ok(())
    })
}

/// The first header's `puppet_model_attr_get`, for programs compiled against it: fills that
/// header's struct only (up to `string_length`). Newer headers define a macro of this name
/// that calls `puppet_model_attr_get_sized` with the size of their struct.
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
        let c = attr_struct(result, node, index)?;
        // SAFETY: non-NULL and the first header's struct, ATTR_FIRST_SIZE writable bytes.
        unsafe { write_sized(out, ATTR_FIRST_SIZE, &c) };
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

/// The index of attribute `attribute` (a `puppet_model_attribute`) among the attributes of
/// `node` (for `puppet_model_attr_get` and `puppet_model_attr_node`), or -1 when its class has
/// no such attribute or an argument is invalid.
#[no_mangle]
pub extern "C" fn puppet_model_attr_find(
    result: *const puppet_result,
    node: u32,
    attribute: u32,
) -> i64 {
    guard(
        "puppet_model_attr_find",
        |_| -1,
        || {
            let (model, id) = node_of(result, node)?;
            Ok(class_attributes(model.class(id))
                .iter()
                .position(|&a| a as u32 == attribute && attribute != 0)
                .map_or(-1, |i| i as i64))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    /// The generated tables agree with the library's reflection: every class has its number
    /// and name, and its attribute numbers name its `node_attributes`, in order.
    #[test]
    fn generated_tables_match_the_model() {
        for &class in ModelClass::ALL {
            let number = class_number(class);
            assert_eq!(CLASSES[number as usize], Some(class));
            assert_eq!(CLASS_NAMES[number as usize].to_str().unwrap(), class.name());
            let numbers: Vec<&str> = class_attributes(class)
                .iter()
                .map(|&a| ATTRIBUTE_NAMES[a as usize].to_str().unwrap())
                .collect();
            let names: Vec<&str> = class.node_attributes().iter().map(|a| a.name).collect();
            assert_eq!(numbers, names, "{}", class.name());
        }
    }

    /// A few of the numbers as first published: they never change (a renumbered record in
    /// `model-numbers.toml` fails here).
    #[test]
    fn published_numbers_stay() {
        use puppet_model_attribute::*;
        use puppet_model_class_id::*;
        assert_eq!(PUPPET_MODEL_CLASS_NONE as u32, 0);
        assert_eq!(PUPPET_MODEL_CLASS_POPS_OBJECT as u32, 1);
        assert_eq!(PUPPET_MODEL_CLASS_NOP as u32, 4);
        assert_eq!(PUPPET_MODEL_CLASS_CALL_NAMED_FUNCTION_EXPRESSION as u32, 54);
        assert_eq!(PUPPET_MODEL_CLASS_PROGRAM as u32, 83);
        assert_eq!(PUPPET_MODEL_ATTRIBUTE_LEFT_EXPR as u32, 1);
        assert_eq!(PUPPET_MODEL_ATTRIBUTE_BODY as u32, 22);
    }

    #[test]
    fn names_and_ancestry() {
        use puppet_model_class_id::*;
        let name = |p: *const c_char| unsafe { CStr::from_ptr(p) }.to_str().unwrap();
        assert_eq!(
            name(puppet_model_class_name(
                PUPPET_MODEL_CLASS_CALL_NAMED_FUNCTION_EXPRESSION as u32
            )),
            "CallNamedFunctionExpression"
        );
        assert!(puppet_model_class_name(0).is_null());
        assert!(puppet_model_class_name(CLASS_NAMES.len() as u32).is_null());
        assert_eq!(
            name(puppet_model_attribute_name(
                puppet_model_attribute::PUPPET_MODEL_ATTRIBUTE_LEFT_EXPR as u32
            )),
            "left_expr"
        );
        assert!(puppet_model_attribute_name(0).is_null());
        assert!(puppet_model_attribute_name(u32::MAX).is_null());
        let is_a = |a: puppet_model_class_id, b: puppet_model_class_id| {
            puppet_model_class_is_a(a as u32, b as u32)
        };
        assert_eq!(
            is_a(
                PUPPET_MODEL_CLASS_LITERAL_STRING,
                PUPPET_MODEL_CLASS_LITERAL_VALUE
            ),
            1
        );
        assert_eq!(
            is_a(
                PUPPET_MODEL_CLASS_LITERAL_STRING,
                PUPPET_MODEL_CLASS_EXPRESSION
            ),
            1
        );
        assert_eq!(is_a(PUPPET_MODEL_CLASS_NOP, PUPPET_MODEL_CLASS_NOP), 1);
        assert_eq!(
            is_a(PUPPET_MODEL_CLASS_NOP, PUPPET_MODEL_CLASS_LITERAL_VALUE),
            0
        );
        assert_eq!(puppet_model_class_is_a(0, 1), 0);
    }
}
