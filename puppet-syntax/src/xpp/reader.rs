//! The Pcore deserializer of a parse result: the payload's tokens (`unpacker.rs`) back into a
//! [`Model`] and its diagnostics, without parsing the source again. Objects are read by the
//! model description (`ModelClass::pcore_name`, `new_order`, `NodeKind::from_attr_values`), with
//! both tabulations resolved as Ruby's `Deserializer` and `AbstractReader` do. Everything is
//! checked before it reaches the model: class names, attribute counts and types, the classes of
//! child nodes, offsets and lengths against the source, back-references — so a corrupt file is
//! an [`XppReadError`], never a panic and never a wrong tree.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::error::{XppErrorKind, XppReadError};
use super::serializer::ext;
use super::unpacker::{PayloadScalar, Token, Unpacker};
use crate::diagnostics::{Diagnostic, IssueCode, Severity};
use crate::model::{
    AttrDefault, AttrInfo, AttrInput, AttrType, IntValue, LocatorAttr, Model, ModelClass, NodeId,
    NodeKind, NodeList,
};
use crate::parse::ParseResult;
use crate::LineIndex;

/// Deeper nesting than this is refused (the parser builds at most 8,192 levels).
const MAX_DEPTH: usize = 20_000;

/// A value after the writer-level tabulation is resolved.
#[derive(Debug)]
enum Value {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Arc<str>),
    Regexp(Arc<str>),
    ObjectStart(Arc<str>, i64),
    Tabulation(i64),
    ArrayStart(i64),
    MapStart(i64),
}

/// What the writer tabulated.
enum WriterEntry {
    Str(Arc<str>),
    Regexp(Arc<str>),
    ObjectStart(Arc<str>, i64),
}

/// What the serializer tabulated.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Complex {
    Program,
    Locator,
    /// A node; `None` while its attributes are being read.
    Node(Option<NodeId>),
    Other,
}

fn err(kind: XppErrorKind, message: impl Into<String>) -> XppReadError {
    XppReadError::new(kind, message)
}

fn attr_type_error(what: &str, found: &Value) -> XppReadError {
    err(
        XppErrorKind::AttributeType,
        format!("{what}: unexpected {found:?}"),
    )
}

struct Deserializer<'u, U> {
    unpacker: &'u mut U,
    written: Vec<WriterEntry>,
    complex: Vec<Complex>,
    depth: usize,
}

/// Reads a whole payload into a parse result.
pub(crate) fn read_result<U: Unpacker>(unpacker: &mut U) -> Result<ParseResult, XppReadError> {
    let mut d = Deserializer {
        unpacker,
        written: Vec::new(),
        complex: Vec::new(),
        depth: 0,
    };
    let (model, text, file) = match d.value()? {
        Value::Nil => {
            let start = d.value()?;
            let (text, file) = d.locator(start)?;
            (None, text, file)
        }
        start @ Value::ObjectStart(..) => {
            let model = d.program(start)?;
            match d.value()? {
                Value::Tabulation(1) if d.complex.get(1) == Some(&Complex::Locator) => {}
                other => return Err(attr_type_error("the Locator after the Program", &other)),
            }
            let text: Arc<str> = Arc::from(model.source());
            let file = model.file().map(str::to_owned);
            (Some(model), text, file)
        }
        other => return Err(attr_type_error("the Program", &other)),
    };
    let diagnostics = d.diagnostics(&text, file.as_deref())?;
    d.unpacker.finish()?;
    Ok(ParseResult {
        text,
        file,
        model,
        cst: None,
        diagnostics,
    })
}

impl<U: Unpacker> Deserializer<'_, U> {
    fn remember(&mut self, c: Complex) -> usize {
        self.complex.push(c);
        self.complex.len() - 1
    }

    fn written(&self, index: i64) -> Result<&WriterEntry, XppReadError> {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.written.get(i))
            .ok_or_else(|| {
                err(
                    XppErrorKind::Tabulation,
                    format!("string tabulation {index} refers to nothing"),
                )
            })
    }

    /// The next value, writer tabulation resolved.
    fn value(&mut self) -> Result<Value, XppReadError> {
        Ok(match self.unpacker.next()? {
            Token::Nil => Value::Nil,
            Token::Bool(b) => Value::Bool(b),
            Token::Int(i) => Value::Int(i),
            Token::Float(f) => Value::Float(f),
            Token::Str(s) => {
                let s: Arc<str> = Arc::from(s);
                self.written.push(WriterEntry::Str(Arc::clone(&s)));
                Value::Str(s)
            }
            Token::Ext(number, payload) => self.extension(number, payload)?,
        })
    }

    fn extension(
        &mut self,
        number: u8,
        payload: Vec<PayloadScalar>,
    ) -> Result<Value, XppReadError> {
        let single_int = |payload: &[PayloadScalar]| match payload {
            [PayloadScalar::Int(i)] => Ok(*i),
            _ => Err(err(
                XppErrorKind::Malformed,
                format!("extension {number}: bad payload"),
            )),
        };
        Ok(match number {
            ext::INNER_TABULATION => match self.written(single_int(&payload)?)? {
                WriterEntry::Str(s) => Value::Str(Arc::clone(s)),
                WriterEntry::Regexp(s) => Value::Regexp(Arc::clone(s)),
                WriterEntry::ObjectStart(name, count) => {
                    Value::ObjectStart(Arc::clone(name), *count)
                }
            },
            ext::TABULATION => Value::Tabulation(single_int(&payload)?),
            ext::ARRAY_START => Value::ArrayStart(single_int(&payload)?),
            ext::MAP_START => Value::MapStart(single_int(&payload)?),
            ext::REGEXP => match payload.as_slice() {
                [PayloadScalar::Str(s)] => {
                    let s: Arc<str> = Arc::from(s.as_str());
                    self.written.push(WriterEntry::Regexp(Arc::clone(&s)));
                    Value::Regexp(s)
                }
                _ => return Err(err(XppErrorKind::Malformed, "a regexp without its source")),
            },
            ext::PCORE_OBJECT_START => {
                let bad = || err(XppErrorKind::Malformed, "a malformed object start");
                let (Some(PayloadScalar::Int(segments)), Some(PayloadScalar::Int(count))) =
                    (payload.first(), payload.last())
                else {
                    return Err(bad());
                };
                if payload.len() as i64 != segments + 2 {
                    return Err(bad());
                }
                let mut name = String::new();
                for segment in &payload[1..payload.len() - 1] {
                    if !name.is_empty() {
                        name.push_str("::");
                    }
                    match segment {
                        PayloadScalar::Str(s) => {
                            self.written.push(WriterEntry::Str(Arc::from(s.as_str())));
                            name.push_str(s);
                        }
                        PayloadScalar::Int(i) => match self.written(*i)? {
                            WriterEntry::Str(s) => name.push_str(s),
                            _ => return Err(bad()),
                        },
                    }
                }
                let name: Arc<str> = Arc::from(name);
                self.written
                    .push(WriterEntry::ObjectStart(Arc::clone(&name), *count));
                Value::ObjectStart(name, *count)
            }
            other => {
                return Err(err(
                    XppErrorKind::Malformed,
                    format!("extension {other} has no place in a parse result"),
                ))
            }
        })
    }

    fn string(&mut self, what: &str) -> Result<Arc<str>, XppReadError> {
        match self.value()? {
            Value::Str(s) => Ok(s),
            other => Err(attr_type_error(what, &other)),
        }
    }

    fn int(&mut self, what: &str) -> Result<i64, XppReadError> {
        match self.value()? {
            Value::Int(i) => Ok(i),
            other => Err(attr_type_error(what, &other)),
        }
    }

    /// A sequence length: not negative, and not more values than bytes left could hold.
    fn length(&self, n: i64, what: &str) -> Result<usize, XppReadError> {
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= u32::MAX as usize)
            .ok_or_else(|| err(XppErrorKind::Malformed, format!("{what}: bad length {n}")))
    }

    /// The Locator object (`start` is its object start): text and file.
    fn locator(&mut self, start: Value) -> Result<(Arc<str>, Option<String>), XppReadError> {
        let count = match start {
            Value::ObjectStart(name, count) if &*name == LocatorAttr::PCORE_NAME => count,
            other => return Err(attr_type_error("the Locator", &other)),
        };
        if !(LocatorAttr::REQUIRED as i64..=LocatorAttr::NEW_ORDER.len() as i64).contains(&count) {
            return Err(err(
                XppErrorKind::AttributeCount,
                format!("Locator with {count} attributes"),
            ));
        }
        self.remember(Complex::Locator);
        let (mut text, mut file, mut line_starts) = (None, None, None);
        for attr in &LocatorAttr::NEW_ORDER[..count as usize] {
            match attr {
                LocatorAttr::String => text = Some(self.string("Locator#string")?),
                LocatorAttr::File => file = Some(self.string("Locator#file")?),
                LocatorAttr::LineIndex => match self.value()? {
                    Value::Nil => {}
                    Value::ArrayStart(n) => {
                        let n = self.length(n, "Locator#line_index")?;
                        self.remember(Complex::Other);
                        let mut starts = Vec::with_capacity(n.min(1 << 16));
                        for _ in 0..n {
                            starts.push(self.int("Locator#line_index")?);
                        }
                        line_starts = Some(starts);
                    }
                    other => return Err(attr_type_error("Locator#line_index", &other)),
                },
            }
        }
        let text = text.expect("string is required");
        if text.len() > u32::MAX as usize {
            return Err(err(XppErrorKind::Position, "a source of 4 GiB or more"));
        }
        if let Some(starts) = line_starts {
            let expected = LineIndex::new(&text);
            if !starts
                .iter()
                .map(|&s| u32::try_from(s).ok())
                .eq(expected.line_starts().iter().map(|&s| Some(s)))
            {
                return Err(err(
                    XppErrorKind::Position,
                    "Locator#line_index does not match the source text",
                ));
            }
        }
        let file = file.filter(|f| !f.is_empty()).map(|f| f.to_string());
        Ok((text, file))
    }

    fn program(&mut self, start: Value) -> Result<Model, XppReadError> {
        let order = ModelClass::Program.new_order();
        let count = match start {
            Value::ObjectStart(name, count) if &*name == ModelClass::Program.pcore_name() => count,
            Value::ObjectStart(name, _) => {
                return Err(err(
                    XppErrorKind::UnknownClass,
                    format!("expected a Program, found {name}"),
                ))
            }
            other => return Err(attr_type_error("the Program", &other)),
        };
        let required = order.iter().filter(|a| a.is_required()).count() as i64;
        if !(required..=order.len() as i64).contains(&count) {
            return Err(err(
                XppErrorKind::AttributeCount,
                format!("Program with {count} attributes"),
            ));
        }
        self.remember(Complex::Program);
        let mut model: Option<Model> = None;
        for info in &order[..count as usize] {
            match info.ty {
                AttrType::Locator => {
                    let start = self.value()?;
                    let (text, file) = self.locator(start)?;
                    model = Some(Model::new(text, file.as_deref()));
                }
                AttrType::OptNode(class) => {
                    let m = model.as_mut().ok_or_else(|| {
                        err(
                            XppErrorKind::AttributeType,
                            "Program#body before its Locator",
                        )
                    })?;
                    match self.value()? {
                        Value::Nil => {}
                        start @ Value::ObjectStart(..) => {
                            let body = self.node(m, start, class)?;
                            m.set_body(Some(body));
                        }
                        other => return Err(attr_type_error("Program#body", &other)),
                    }
                }
                AttrType::RefNodes(class) => {
                    let m = model.as_mut().ok_or_else(|| {
                        err(
                            XppErrorKind::AttributeType,
                            "Program#definitions before its Locator",
                        )
                    })?;
                    let n = match self.value()? {
                        Value::ArrayStart(n) => self.length(n, "Program#definitions")?,
                        other => return Err(attr_type_error("Program#definitions", &other)),
                    };
                    self.remember(Complex::Other);
                    for _ in 0..n {
                        let id = match self.value()? {
                            Value::Tabulation(i) => {
                                match usize::try_from(i).ok().and_then(|i| self.complex.get(i)) {
                                    Some(Complex::Node(Some(id))) => *id,
                                    _ => {
                                        return Err(err(
                                            XppErrorKind::Tabulation,
                                            format!("definition reference {i} is not a node"),
                                        ))
                                    }
                                }
                            }
                            other => return Err(attr_type_error("Program#definitions", &other)),
                        };
                        if !m.class(id).is_a(class) {
                            return Err(err(
                                XppErrorKind::AttributeType,
                                format!("a {} in Program#definitions", m.class(id).name()),
                            ));
                        }
                        m.push_definition(id);
                    }
                }
                other => unreachable!("Program has no {other:?} attribute"),
            }
        }
        model.ok_or_else(|| {
            err(
                XppErrorKind::AttributeCount,
                "a Program without its Locator",
            )
        })
    }

    /// A node of class `expected` (or a subclass) whose object start is `start`.
    fn node(
        &mut self,
        m: &mut Model,
        start: Value,
        expected: ModelClass,
    ) -> Result<NodeId, XppReadError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(err(
                XppErrorKind::Malformed,
                "nesting deeper than any parse",
            ));
        }
        let result = crate::deep::guarded(|| self.node_unguarded(m, start, expected));
        self.depth -= 1;
        result
    }

    fn node_unguarded(
        &mut self,
        m: &mut Model,
        start: Value,
        expected: ModelClass,
    ) -> Result<NodeId, XppReadError> {
        let Value::ObjectStart(name, count) = start else {
            return Err(attr_type_error(expected.name(), &start));
        };
        let class = node_class(&name)
            .ok_or_else(|| err(XppErrorKind::UnknownClass, format!("unknown class {name}")))?;
        if !class.is_a(expected) {
            return Err(err(
                XppErrorKind::AttributeType,
                format!("a {} where a {} belongs", class.name(), expected.name()),
            ));
        }
        let order = class.new_order();
        let required = 3 + order.iter().filter(|a| a.is_required()).count() as i64;
        if !(required..=3 + order.len() as i64).contains(&count) {
            return Err(err(
                XppErrorKind::AttributeCount,
                format!("{} with {count} attributes", class.name()),
            ));
        }
        let slot = self.remember(Complex::Node(None));
        match self.value()? {
            Value::Tabulation(i)
                if usize::try_from(i).ok().and_then(|i| self.complex.get(i))
                    == Some(&Complex::Locator) => {}
            other => return Err(attr_type_error("Positioned#locator", &other)),
        }
        let text_len = m.source().len() as i64;
        let offset = self.int("Positioned#offset")?;
        let length = self.int("Positioned#length")?;
        if offset < 0 || length < 0 || offset.checked_add(length).is_none_or(|end| end > text_len) {
            return Err(err(
                XppErrorKind::Position,
                format!(
                    "{} at {offset}+{length} is outside the source ({text_len} bytes)",
                    class.name()
                ),
            ));
        }
        let indices = class.new_order_indices();
        let mut inputs: Vec<Option<AttrInput<'static>>> = vec![None; order.len()];
        for (k, info) in order.iter().enumerate() {
            let input = if (k as i64) < count - 3 {
                self.attribute(m, class, info)?
            } else {
                default_input(m, info)?
            };
            inputs[indices[k]] = Some(input);
        }
        let mut next = 0;
        let kind = NodeKind::from_attr_values(class, |_| {
            let input = inputs.get(next).copied().flatten();
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

    fn child(
        &mut self,
        m: &mut Model,
        class: ModelClass,
        info: &AttrInfo,
        element: ModelClass,
    ) -> Result<NodeId, XppReadError> {
        let start = self.value()?;
        if !matches!(start, Value::ObjectStart(..)) {
            return Err(attr_type_error(
                &format!("{}#{}", class.name(), info.name),
                &start,
            ));
        }
        self.node(m, start, element)
    }

    fn attribute(
        &mut self,
        m: &mut Model,
        class: ModelClass,
        info: &AttrInfo,
    ) -> Result<AttrInput<'static>, XppReadError> {
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
                    Value::ArrayStart(n) => self.length(n, &what())?,
                    other => return Err(attr_type_error(&what(), &other)),
                };
                if n < usize::from(min) {
                    return Err(err(
                        XppErrorKind::AttributeType,
                        format!("{} needs {min} element(s)", what()),
                    ));
                }
                self.remember(Complex::Other);
                let mut ids = Vec::with_capacity(n.min(1 << 12));
                for _ in 0..n {
                    ids.push(self.child(m, class, info, element)?);
                }
                AttrInput::Nodes(m.list(&ids))
            }
            AttrType::String => AttrInput::Str(m.intern(&self.string(&what())?)),
            AttrType::OptString => match self.value()? {
                Value::Nil => AttrInput::OptStr(None),
                Value::Str(s) => AttrInput::OptStr(Some(m.intern(&s))),
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
            AttrType::Integer => AttrInput::Int(IntValue::Small(self.int(&what())?)),
            AttrType::Float => match self.value()? {
                Value::Float(f) => AttrInput::Float(f),
                other => return Err(attr_type_error(&what(), &other)),
            },
            AttrType::Regexp => match self.value()? {
                Value::Regexp(s) => {
                    self.remember(Complex::Other);
                    AttrInput::Str(m.intern(&s))
                }
                other => return Err(attr_type_error(&what(), &other)),
            },
            AttrType::Enum(names) => {
                let s = self.string(&what())?;
                match names.iter().find(|n| **n == &*s) {
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

    fn diagnostics(
        &mut self,
        text: &str,
        file: Option<&str>,
    ) -> Result<Vec<Diagnostic>, XppReadError> {
        let bad = |message: String| err(XppErrorKind::Diagnostic, message);
        let n = match self.value()? {
            Value::ArrayStart(n) => self.length(n, "diagnostics")?,
            other => {
                return Err(bad(format!(
                    "expected the diagnostics array, found {other:?}"
                )))
            }
        };
        self.remember(Complex::Other);
        let index = LineIndex::new(text);
        let mut out = Vec::with_capacity(n.min(1 << 12));
        for _ in 0..n {
            let entries = match self.value()? {
                Value::MapStart(k) => self.length(k, "diagnostic")?,
                other => return Err(bad(format!("a diagnostic is {other:?}, not a map"))),
            };
            self.remember(Complex::Other);
            let mut d = Diagnostic::error(IssueCode::SYNTAX_ERROR, 0, 0, "");
            let (mut code, mut severity, mut offset, mut length) = (None, None, None, None);
            for _ in 0..entries {
                let key = self.string("a diagnostic key")?;
                match &*key {
                    "issue_code" => {
                        let name = self.string("issue_code")?;
                        code = Some(
                            IssueCode::from_name(&name)
                                .ok_or_else(|| bad(format!("unknown issue code {name}")))?,
                        );
                    }
                    "severity" => {
                        severity = Some(match &*self.string("severity")? {
                            "error" => Severity::Error,
                            "warning" => Severity::Warning,
                            "deprecation" => Severity::Deprecation,
                            other => return Err(bad(format!("unknown severity {other}"))),
                        });
                    }
                    "offset" => offset = Some(self.int("offset")?),
                    "length" => length = Some(self.int("length")?),
                    "message" => d.message = self.string("message")?.to_string(),
                    "arguments" => {
                        let k = match self.value()? {
                            Value::MapStart(k) => self.length(k, "arguments")?,
                            other => return Err(bad(format!("arguments is {other:?}, not a map"))),
                        };
                        self.remember(Complex::Other);
                        for _ in 0..k {
                            let name = static_argument_name(&self.string("an argument name")?)?;
                            let value = self.string("an argument value")?;
                            d.args.push((name, value.to_string()));
                        }
                    }
                    other => return Err(bad(format!("unknown diagnostic key {other}"))),
                }
            }
            let (Some(code), Some(severity), Some(offset), Some(length)) =
                (code, severity, offset, length)
            else {
                return Err(bad(
                    "a diagnostic without its issue_code, severity, offset or length".to_owned(),
                ));
            };
            if offset < 0 || length < 0 || offset > text.len() as i64 || length > u32::MAX as i64 {
                return Err(err(
                    XppErrorKind::Position,
                    format!("a diagnostic at {offset}+{length}"),
                ));
            }
            d.code = code;
            d.severity = severity;
            d.offset = offset as u32;
            d.len = length as u32;
            d.locate(file, text, &index);
            out.push(d);
        }
        Ok(out)
    }
}

/// The concrete positioned class of a Pcore name (a table built once from the description).
fn node_class(pcore_name: &str) -> Option<ModelClass> {
    static CLASSES: OnceLock<HashMap<&'static str, ModelClass>> = OnceLock::new();
    CLASSES
        .get_or_init(|| {
            ModelClass::ALL
                .iter()
                .filter(|c| !c.is_abstract() && c.is_positioned())
                .map(|&c| (c.pcore_name(), c))
                .collect()
        })
        .get(pcore_name)
        .copied()
}

/// The value of an attribute left out because it equals its default.
fn default_input(m: &mut Model, info: &AttrInfo) -> Result<AttrInput<'static>, XppReadError> {
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

/// Diagnostic argument names are `&'static str` in [`Diagnostic::args`]: names read from files
/// are kept once for the life of the process, at most 256 distinct ones of at most 32
/// lower-case letters and underscores each (Puppet's are a few dozen), so a file cannot make
/// the process keep more than a few kilobytes.
fn static_argument_name(name: &str) -> Result<&'static str, XppReadError> {
    static NAMES: OnceLock<Mutex<Vec<&'static str>>> = OnceLock::new();
    if name.is_empty()
        || name.len() > 32
        || !name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
    {
        return Err(err(
            XppErrorKind::Diagnostic,
            format!("bad argument name {name:?}"),
        ));
    }
    let mut names = NAMES
        .get_or_init(|| Mutex::new(Vec::new()))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(known) = names.iter().find(|n| **n == name) {
        return Ok(known);
    }
    if names.len() >= 256 {
        return Err(err(
            XppErrorKind::Diagnostic,
            "too many distinct argument names",
        ));
    }
    let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.push(leaked);
    Ok(leaked)
}
