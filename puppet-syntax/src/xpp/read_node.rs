//! The positioned nodes of the deserializer (`reader.rs`): each object start's class checked
//! against the attribute's declared class, its `locator`, `offset` and `length` checked, then
//! its attributes in `Class.new` order (defaults for those left out), built with
//! `NodeKind::from_attr_values` — which refuses a value of the wrong shape.

use std::sync::OnceLock;

use super::error::{Fail, XppErrorKind};
use super::reader::{attr_type_error, err, Class, Complex, Deserializer, Value};
use crate::model::{
    AttrDefault, AttrInfo, AttrInput, AttrType, IntValue, Model, ModelClass, NodeId, NodeKind,
    NodeList, StrId,
};

/// Deeper nesting than this is refused (the parser builds at most 8,192 levels).
const MAX_DEPTH: usize = 20_000;

/// The most attributes (besides `locator`, `offset`, `length`) of any class: the values of one
/// node are gathered in an array this long (a test checks the description against it).
const MAX_ATTRIBUTES: usize = 8;

/// What reading a node of a class needs, looked up once per node: its attributes in
/// `Class.new` order, where each goes in declaration order, the smallest attribute count a file
/// may give (`locator`, `offset`, `length` and the required ones), and its ancestors as a bit
/// set (bit `c as u8` for every class `c` it is a).
struct NodePlan {
    order: &'static [AttrInfo],
    indices: &'static [usize],
    required: i64,
    ancestors: u128,
}

/// The plan of a concrete positioned class (a table built once from the description).
#[inline]
fn plan(class: ModelClass) -> &'static NodePlan {
    static PLANS: OnceLock<Vec<NodePlan>> = OnceLock::new();
    let plans = PLANS.get_or_init(|| {
        let mut plans: Vec<NodePlan> = (0..ModelClass::ALL.len())
            .map(|_| NodePlan {
                order: &[],
                indices: &[],
                required: 0,
                ancestors: 0,
            })
            .collect();
        for &c in ModelClass::ALL {
            plans[c as usize] = NodePlan {
                order: c.new_order(),
                indices: c.new_order_indices(),
                required: 3 + c.new_order().iter().filter(|a| a.is_required()).count() as i64,
                ancestors: c.ancestors().fold(0, |set, a| set | 1 << a as u8),
            };
        }
        plans
    });
    &plans[class as usize]
}

/// `AttrType::Nodes` lists are gathered here before they go into the model's list arena
/// (nested lists stack up, so one shared buffer serves every depth).
pub(super) struct ListBuffer(pub(super) Vec<NodeId>);

impl<'a> Deserializer<'_, 'a> {
    /// A node of class `expected` (or a subclass) whose object start is `start`.
    #[inline]
    pub(super) fn node(
        &mut self,
        m: &mut Model,
        start: Value<'a>,
        expected: ModelClass,
    ) -> Result<NodeId, Fail> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(err(
                XppErrorKind::Malformed,
                "nesting deeper than any parse",
            ));
        }
        // One stack check per 16 levels: far less than the red zone of stack between two.
        let result = if self.depth % 16 == 0 {
            crate::deep::guarded(|| self.node_unguarded(m, start, expected))
        } else {
            self.node_unguarded(m, start, expected)
        };
        self.depth -= 1;
        result
    }

    fn node_unguarded(
        &mut self,
        m: &mut Model,
        start: Value<'a>,
        expected: ModelClass,
    ) -> Result<NodeId, Fail> {
        let (class, count) = match start {
            Value::ObjectStart(Class::Node(class), count) => (class, count),
            Value::ObjectStart(other, _) => {
                return Err(err(
                    XppErrorKind::UnknownClass,
                    format!(
                        "unknown class {} where a {} belongs",
                        self.class_name(other),
                        expected.name()
                    ),
                ))
            }
            other => return Err(attr_type_error(expected.name(), &other)),
        };
        let plan = plan(class);
        if plan.ancestors & (1 << expected as u8) == 0 {
            return Err(err(
                XppErrorKind::AttributeType,
                format!("a {} where a {} belongs", class.name(), expected.name()),
            ));
        }
        let order = plan.order;
        if !(plan.required..=3 + order.len() as i64).contains(&count) {
            return Err(err(
                XppErrorKind::AttributeCount,
                format!("{} with {count} attributes", class.name()),
            ));
        }
        let slot = self.remember(Complex::Node(None));
        let (offset, length) = match self.unpacker.fast_node_position(self.locator_slot) {
            Some(position) => position,
            None => {
                match self.value()? {
                    Value::Tabulation(i)
                        if usize::try_from(i).ok().and_then(|i| self.complex.get(i))
                            == Some(&Complex::Locator) => {}
                    other => return Err(attr_type_error("Positioned#locator", &other)),
                }
                let offset = self.int(|| "Positioned#offset".into())?;
                (offset, self.int(|| "Positioned#length".into())?)
            }
        };
        let text_len = m.source().len() as i64;
        if offset < 0 || length < 0 || offset.checked_add(length).is_none_or(|end| end > text_len) {
            return Err(err(
                XppErrorKind::Position,
                format!(
                    "{} at {offset}+{length} is outside the source ({text_len} bytes)",
                    class.name()
                ),
            ));
        }
        // `from_attr_values` takes the values in declaration order; the file has them in
        // `Class.new` order: `indices` maps one to the other (a permutation, so every slot is
        // written before it is read).
        let indices = plan.indices;
        let mut inputs = [AttrInput::Bool(false); MAX_ATTRIBUTES];
        let given = (count - 3) as usize;
        let span = (offset as usize, length as usize);
        for (k, info) in order.iter().enumerate() {
            inputs[indices[k]] = if k < given {
                self.attribute(m, class, info, span)?
            } else {
                default_input(m, info)?
            };
        }
        let mut next = 0;
        let kind = NodeKind::from_attr_values(class, |_| {
            let input = inputs.get(next).copied();
            next += 1;
            input
        })
        .ok_or_else(|| {
            err(
                XppErrorKind::AttributeType,
                format!("{}: an attribute value of the wrong type", class.name()),
            )
        })?;
        let id = m.alloc(offset as u32, length as u32, kind);
        self.complex[slot] = Complex::Node(Some(id));
        Ok(id)
    }

    #[inline]
    fn child(
        &mut self,
        m: &mut Model,
        class: ModelClass,
        info: &AttrInfo,
        element: ModelClass,
    ) -> Result<NodeId, Fail> {
        let start = self.value()?;
        if !matches!(start, Value::ObjectStart(..)) {
            return Err(attr_type_error(
                &format!("{}#{}", class.name(), info.name),
                &start,
            ));
        }
        self.node(m, start, element)
    }

    /// Stores `s`, a string attribute of the node at `span` (offset, length): as a slice of the
    /// source when it is the text at the start of the span or just after its first byte (a
    /// name; a quoted string without escapes), where nearly every string of a model is, so that
    /// it is not copied.
    #[inline]
    fn intern(&self, m: &mut Model, s: &str, (offset, length): (usize, usize)) -> StrId {
        let source = self.source.as_bytes();
        for start in [offset, offset + 1] {
            let end = start + s.len();
            if end <= offset + length && source.get(start..end) == Some(s.as_bytes()) {
                // Equal bytes of a `str` at char boundaries: the slice is that string.
                if let Some(slice) = self.source.get(start..end) {
                    return m.intern(slice);
                }
            }
        }
        m.intern(s)
    }

    fn attribute(
        &mut self,
        m: &mut Model,
        class: ModelClass,
        info: &AttrInfo,
        span: (usize, usize),
    ) -> Result<AttrInput<'static>, Fail> {
        let what = || format!("{}#{}", class.name(), info.name);
        Ok(match info.ty {
            AttrType::Node(element) => AttrInput::Node(self.child(m, class, info, element)?),
            AttrType::OptNode(element) => match self.value()? {
                Value::Nil => AttrInput::OptNode(None),
                start @ Value::ObjectStart(..) => {
                    AttrInput::OptNode(Some(self.node(m, start, element)?))
                }
                other => return Err(attr_type_error(&what(), &other)),
            },
            AttrType::Nodes { element, min } => {
                let n = match self.value()? {
                    Value::ArrayStart(n) => Self::length(n, what)?,
                    other => return Err(attr_type_error(&what(), &other)),
                };
                if n < usize::from(min) {
                    return Err(err(
                        XppErrorKind::AttributeType,
                        format!("{} needs {min} element(s)", what()),
                    ));
                }
                self.remember(Complex::Other);
                // Elements go on the shared buffer; nested lists push above and truncate back.
                let base = self.lists.0.len();
                for _ in 0..n {
                    let id = self.child(m, class, info, element)?;
                    self.lists.0.push(id);
                }
                let list = m.list(&self.lists.0[base..]);
                self.lists.0.truncate(base);
                AttrInput::Nodes(list)
            }
            AttrType::String => {
                let s = self.string(what)?;
                AttrInput::Str(self.intern(m, s, span))
            }
            AttrType::OptString => match self.value()? {
                Value::Nil => AttrInput::OptStr(None),
                Value::Str(s) => AttrInput::OptStr(Some(self.intern(m, s, span))),
                other => return Err(attr_type_error(&what(), &other)),
            },
            AttrType::Boolean => match self.value()? {
                Value::Bool(b) => AttrInput::Bool(b),
                other => return Err(attr_type_error(&what(), &other)),
            },
            AttrType::OptBoolean => match self.value()? {
                Value::Nil => AttrInput::OptBool(None),
                Value::Bool(b) => AttrInput::OptBool(Some(b)),
                other => return Err(attr_type_error(&what(), &other)),
            },
            AttrType::Integer => AttrInput::Int(IntValue::Small(self.int(what)?)),
            AttrType::Float => match self.value()? {
                Value::Float(f) => AttrInput::Float(f),
                other => return Err(attr_type_error(&what(), &other)),
            },
            AttrType::Regexp => match self.value()? {
                Value::Regexp(s) => {
                    self.remember(Complex::Other);
                    AttrInput::Str(self.intern(m, s, span))
                }
                other => return Err(attr_type_error(&what(), &other)),
            },
            AttrType::Enum(names) => {
                let s = self.string(what)?;
                match names.iter().find(|n| **n == s) {
                    Some(name) => AttrInput::Enum(name),
                    None => {
                        return Err(err(
                            XppErrorKind::AttributeType,
                            format!("{}: {s:?} is not one of {names:?}", what()),
                        ))
                    }
                }
            }
            AttrType::RefNodes(_) | AttrType::Locator => {
                return Err(err(
                    XppErrorKind::AttributeType,
                    format!("{} cannot be read", what()),
                ))
            }
        })
    }
}

/// The value of an attribute left out because it equals its default.
fn default_input(m: &mut Model, info: &AttrInfo) -> Result<AttrInput<'static>, Fail> {
    Ok(match (info.default, info.ty) {
        (AttrDefault::Nil, AttrType::OptNode(_)) => AttrInput::OptNode(None),
        (AttrDefault::Nil, AttrType::OptString) => AttrInput::OptStr(None),
        (AttrDefault::Nil, AttrType::OptBoolean) => AttrInput::OptBool(None),
        (AttrDefault::EmptyArray, _) => AttrInput::Nodes(NodeList::EMPTY),
        (AttrDefault::Bool(b), _) => AttrInput::Bool(b),
        (AttrDefault::Integer(i), _) => AttrInput::Int(IntValue::Small(i)),
        (AttrDefault::String(s), AttrType::Enum(_)) => AttrInput::Enum(s),
        (AttrDefault::String(s), _) => AttrInput::Str(m.intern(s)),
        _ => {
            return Err(err(
                XppErrorKind::AttributeCount,
                format!("required attribute {} is missing", info.name),
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class's attributes fit the array `node_unguarded` gathers them in, and the class
    /// bit sets hold every class.
    #[test]
    fn every_class_fits_the_tables() {
        assert!(ModelClass::ALL.len() <= 128);
        for (i, &class) in ModelClass::ALL.iter().enumerate() {
            assert_eq!(class as usize, i);
            assert!(class.new_order().len() <= MAX_ATTRIBUTES, "{class:?}");
        }
    }

    /// The plans' ancestor sets are `is_a`.
    #[test]
    fn plans_know_the_class_hierarchy() {
        for &class in ModelClass::ALL {
            for &other in ModelClass::ALL {
                let set = plan(class).ancestors & (1 << other as u8) != 0;
                assert_eq!(set, class.is_a(other), "{class:?} {other:?}");
            }
        }
    }
}
