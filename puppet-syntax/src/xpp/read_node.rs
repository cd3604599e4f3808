//! The positioned nodes of the deserializer (`reader.rs`): each object start's class checked
//! against the attribute's declared class, its `locator`, `offset` and `length` checked, then
//! its attributes in `Class.new` order (defaults for those left out), read and built by
//! `NodeKind::read_new_order` (generated from the model description: one arm per class, one
//! typed call per attribute) through [`AttrReader`], which refuses a value of the wrong type.

use std::sync::OnceLock;

use super::error::{Fail, XppErrorKind};
use super::reader::{attr_type_error, err, Class, Complex, Deserializer, Value};
use super::unpacker::utf8;
use crate::model::{
    AttrInfo, Model, ModelClass, NewOrderReader, NodeId, NodeKind, NodeList, StrId,
};

/// Deeper nesting than this plus twice the source's length is refused. The parser nests at
/// most 8,192 bracketed levels (a model level or two each), but chains without brackets nest
/// the model as deep as they are long: `$a.f.f…` a level a byte, `1 + 2 + …`, `elsif`s
/// (tests/deep_chains.rs). Reading is guarded ([`crate::deep`]) at any depth; the bound keeps
/// a crafted payload from asking for more stack than any parse of its text could.
const MAX_DEPTH_FLOOR: usize = 20_000;

/// What reading a node of a class needs, looked up once per node: the smallest and largest
/// attribute count a file may give (`locator`, `offset`, `length` and the required ones; all
/// of them), and its ancestors as a bit set (bit `c as u8` for every class `c` it is a).
struct NodePlan {
    required: i64,
    most: i64,
    ancestors: u128,
}

/// The plan of a concrete positioned class (a table built once from the description).
#[inline]
fn plan(class: ModelClass) -> &'static NodePlan {
    static PLANS: OnceLock<Vec<NodePlan>> = OnceLock::new();
    let plans = PLANS.get_or_init(|| {
        let mut plans: Vec<NodePlan> = (0..ModelClass::ALL.len())
            .map(|_| NodePlan {
                required: 0,
                most: 0,
                ancestors: 0,
            })
            .collect();
        for &c in ModelClass::ALL {
            plans[c as usize] = NodePlan {
                most: 3 + c.new_order().len() as i64,
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

impl<'a> Deserializer<'a> {
    /// A node of class `expected` (or a subclass) whose object start is `start`.
    #[inline]
    pub(super) fn node(
        &mut self,
        m: &mut Model,
        start: Value<'a>,
        expected: ModelClass,
    ) -> Result<NodeId, Fail> {
        self.depth += 1;
        if self.depth > MAX_DEPTH_FLOOR + 2 * m.source().len() {
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
        if !(plan.required..=plan.most).contains(&count) {
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
        let given = (count - 3) as usize;
        let mut reader = AttrReader {
            d: self,
            m,
            class,
            span: (offset as usize, length as usize),
        };
        let id = NodeKind::read_new_order(class, given, &mut reader)?.ok_or_else(|| {
            err(
                XppErrorKind::UnknownClass,
                format!("{} is not a positioned class", class.name()),
            )
        })?;
        self.complex[slot] = Complex::Node(Some(id));
        Ok(id)
    }

    /// Stores `bytes`, a string attribute of the node at `span` (offset, length): as a slice
    /// of the source when it is the text at the start of the span or just after its first byte
    /// (a name; a quoted string without escapes), where nearly every string of a model is, so
    /// that it is neither copied nor checked as UTF-8 (the source is); any other string is
    /// checked and copied.
    #[inline]
    fn intern(
        &self,
        m: &mut Model,
        bytes: &[u8],
        (offset, length): (usize, usize),
    ) -> Result<StrId, Fail> {
        let source = self.source.as_bytes();
        for start in [offset, offset + 1] {
            let end = start + bytes.len();
            if end <= offset + length
                && source.get(start..end).is_some_and(|s| same_bytes(s, bytes))
            {
                // Bytes of a `str` between character boundaries are a `str` (`get` checks the
                // boundaries).
                if let Some(slice) = self.source.get(start..end) {
                    return Ok(m.intern(slice));
                }
            }
        }
        Ok(m.intern(utf8(bytes)?))
    }
}

/// Whether `a` and `b` are the same bytes: inline for the short strings of a model (a call of
/// `memcmp` per string showed in profiles), `==` for long ones.
#[inline]
pub(super) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("8 bytes"));
    match a.len() {
        0 => true,
        1..=7 => a.iter().zip(b).all(|(x, y)| x == y),
        // Two words that overlap when the length is below 16.
        n @ 8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => a == b,
    }
}

/// The attributes of the node being read ([`NodeKind::read_new_order`] calls one method per
/// attribute, typed by the description): values from the deserializer, stored in the model.
struct AttrReader<'r, 'a> {
    d: &'r mut Deserializer<'a>,
    m: &'r mut Model,
    /// The node's class, for messages.
    class: ModelClass,
    /// The node's offset and length, where its strings are looked for in the source.
    span: (usize, usize),
}

impl AttrReader<'_, '_> {
    fn what(&self, attr: &AttrInfo) -> String {
        format!("{}#{}", self.class.name(), attr.name)
    }

    #[cold]
    #[inline(never)]
    fn wrong_type(&self, attr: &AttrInfo, found: &Value<'_>) -> Fail {
        attr_type_error(&self.what(attr), found)
    }
}

impl NewOrderReader for AttrReader<'_, '_> {
    type Error = Fail;

    #[inline]
    fn node(&mut self, attr: &'static AttrInfo, class: ModelClass) -> Result<NodeId, Fail> {
        let start = self.d.value()?;
        if !matches!(start, Value::ObjectStart(..)) {
            return Err(self.wrong_type(attr, &start));
        }
        self.d.node(self.m, start, class)
    }

    fn opt_node(
        &mut self,
        attr: &'static AttrInfo,
        class: ModelClass,
    ) -> Result<Option<NodeId>, Fail> {
        match self.d.value()? {
            Value::Nil => Ok(None),
            start @ Value::ObjectStart(..) => Ok(Some(self.d.node(self.m, start, class)?)),
            other => Err(self.wrong_type(attr, &other)),
        }
    }

    fn nodes(
        &mut self,
        attr: &'static AttrInfo,
        element: ModelClass,
        min: u8,
    ) -> Result<NodeList, Fail> {
        let n = match self.d.value()? {
            Value::ArrayStart(n) => Deserializer::length(n, || self.what(attr))?,
            other => return Err(self.wrong_type(attr, &other)),
        };
        if n < usize::from(min) {
            return Err(err(
                XppErrorKind::AttributeType,
                format!("{} needs {min} element(s)", self.what(attr)),
            ));
        }
        self.d.remember(Complex::Other);
        // Elements go on the shared buffer; nested lists push above and truncate back.
        let base = self.d.lists.0.len();
        for _ in 0..n {
            let id = self.node(attr, element)?;
            self.d.lists.0.push(id);
        }
        let list = self.m.list(&self.d.lists.0[base..]);
        self.d.lists.0.truncate(base);
        Ok(list)
    }

    fn string(&mut self, attr: &'static AttrInfo) -> Result<StrId, Fail> {
        match self.d.value()? {
            Value::Str(s) => self.d.intern(self.m, s, self.span),
            other => Err(self.wrong_type(attr, &other)),
        }
    }

    fn opt_string(&mut self, attr: &'static AttrInfo) -> Result<Option<StrId>, Fail> {
        match self.d.value()? {
            Value::Nil => Ok(None),
            Value::Str(s) => Ok(Some(self.d.intern(self.m, s, self.span)?)),
            other => Err(self.wrong_type(attr, &other)),
        }
    }

    fn boolean(&mut self, attr: &'static AttrInfo) -> Result<bool, Fail> {
        match self.d.value()? {
            Value::Bool(b) => Ok(b),
            other => Err(self.wrong_type(attr, &other)),
        }
    }

    fn opt_boolean(&mut self, attr: &'static AttrInfo) -> Result<Option<bool>, Fail> {
        match self.d.value()? {
            Value::Nil => Ok(None),
            Value::Bool(b) => Ok(Some(b)),
            other => Err(self.wrong_type(attr, &other)),
        }
    }

    fn integer(&mut self, attr: &'static AttrInfo) -> Result<i64, Fail> {
        match self.d.value()? {
            Value::Int(i) => Ok(i),
            other => Err(self.wrong_type(attr, &other)),
        }
    }

    fn float(&mut self, attr: &'static AttrInfo) -> Result<f64, Fail> {
        match self.d.value()? {
            Value::Float(f) => Ok(f),
            other => Err(self.wrong_type(attr, &other)),
        }
    }

    fn regexp(&mut self, attr: &'static AttrInfo) -> Result<StrId, Fail> {
        match self.d.value()? {
            Value::Regexp(s) => {
                self.d.remember(Complex::Other);
                self.d.intern(self.m, s, self.span)
            }
            other => Err(self.wrong_type(attr, &other)),
        }
    }

    fn enumeration(
        &mut self,
        attr: &'static AttrInfo,
        names: &'static [&'static str],
    ) -> Result<usize, Fail> {
        let s = match self.d.value()? {
            Value::Str(s) => s,
            other => return Err(self.wrong_type(attr, &other)),
        };
        names
            .iter()
            .position(|n| same_bytes(n.as_bytes(), s))
            .ok_or_else(|| {
                err(
                    XppErrorKind::AttributeType,
                    format!(
                        "{}: {:?} is not one of {names:?}",
                        self.what(attr),
                        String::from_utf8_lossy(s)
                    ),
                )
            })
    }

    #[inline(always)]
    fn store(&mut self, kind: NodeKind) -> NodeId {
        self.m.alloc(self.span.0 as u32, self.span.1 as u32, kind)
    }

    #[cold]
    fn missing(&mut self, attr: &'static AttrInfo) -> Fail {
        err(
            XppErrorKind::AttributeCount,
            format!("required attribute {} is missing", self.what(attr)),
        )
    }

    #[cold]
    fn out_of_range(&mut self, attr: &'static AttrInfo) -> Fail {
        err(
            XppErrorKind::AttributeType,
            format!("{}: a value out of range", self.what(attr)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class bit sets hold every class.
    #[test]
    fn every_class_fits_the_tables() {
        assert!(ModelClass::ALL.len() <= 128);
        for (i, &class) in ModelClass::ALL.iter().enumerate() {
            assert_eq!(class as usize, i);
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

    /// `same_bytes` is `==` at every length around its word boundaries.
    #[test]
    fn same_bytes_is_equality() {
        let text: Vec<u8> = (0..40u8).collect();
        for len in 0..=34 {
            let a = &text[..len];
            assert!(same_bytes(a, &text[..len]));
            for at in 0..len {
                let mut b = a.to_vec();
                b[at] ^= 0x80;
                assert!(!same_bytes(a, &b), "{len} {at}");
            }
            assert!(!same_bytes(a, &text[..len + 1]));
        }
    }
}
