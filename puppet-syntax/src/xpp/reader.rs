//! The Pcore deserializer of a parse result: the payload's tokens (`unpacker.rs`) back into a
//! [`Model`] and its diagnostics, without parsing the source again. Objects are read by the
//! model description (`ModelClass::pcore_name`, `new_order`, `NodeKind::read_new_order`), with
//! both tabulations resolved as Ruby's `Deserializer` and `AbstractReader` do. Everything is
//! checked before it reaches the model: class names, attribute counts and types, the classes of
//! child nodes, offsets and lengths against the source, back-references — so a corrupt file is
//! an [`XppReadError`], never a panic and never a wrong tree.
//!
//! * here — the writer-level values ([`Value`], `Copy`: strings borrowed from the payload, a
//!   type name resolved to a [`Class`] when its object start is first written, so that the
//!   back-references every later object start of that class and count is cost a table
//!   lookup), the Program, the Locator and the diagnostics;
//! * `read_node.rs` — the positioned nodes and their attributes.
//!
//! Speed: errors are boxed ([`Fail`]) so that the `Result`s of the hot path stay small, their
//! messages built only on failure; the commonest shapes are decoded inline by
//! [`Deserializer::value`], the other common ones (small integers, one-integer extensions,
//! strings, a node's Locator reference with its offset and length) by the fast paths of
//! [`Msgpack`], which take nothing the general path would refuse; strings stay bytes until
//! they are used (see [`Token::Str`]); class names are found by a perfect hash
//! (`class_names.rs`); the tables are kept from one read to the next on each thread
//! ([`Tables`]). Measurements: the module docs of `xpp`.

use std::cell::Cell;
use std::sync::{Arc, Mutex, OnceLock};

use super::class_names::class_by_name;
use super::error::{fail, Fail, XppErrorKind};
use super::read_node::{same_bytes, ListBuffer};
use super::serializer::ext;
use super::unpacker::{utf8, Msgpack, Scalar, Token};
use crate::diagnostics::{span_fits_text, Diagnostic, IssueCode, Severity};
use crate::model::{AttrType, LocatorAttr, Model, ModelClass, NodeId};
use crate::parse::ParseResult;
use crate::LineIndex;

/// What an object start names: resolved from the type name once, when the name is first read.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Class {
    Program,
    Locator,
    /// A concrete positioned class.
    Node(ModelClass),
    /// Any other name (an index into [`Deserializer::unknown`]): an error wherever it is used.
    Unknown(u32),
}

/// A value after the writer-level tabulation is resolved. Strings are their bytes, checked as
/// UTF-8 where they are used (see [`Token::Str`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum Value<'a> {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'a [u8]),
    Regexp(&'a [u8]),
    ObjectStart(Class, i64),
    Tabulation(i64),
    ArrayStart(i64),
    MapStart(i64),
}

/// What the writer tabulated.
#[derive(Clone, Copy)]
enum WriterEntry<'a> {
    Str(&'a [u8]),
    Regexp(&'a [u8]),
    ObjectStart(Class, i64),
}

impl<'a> WriterEntry<'a> {
    /// The value a back-reference to this entry stands for.
    #[inline(always)]
    fn value(&self) -> Value<'a> {
        match *self {
            WriterEntry::Str(s) => Value::Str(s),
            WriterEntry::Regexp(s) => Value::Regexp(s),
            WriterEntry::ObjectStart(class, count) => Value::ObjectStart(class, count),
        }
    }
}

/// What the serializer tabulated.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Complex {
    Program,
    Locator,
    /// A node; `None` while its attributes are being read.
    Node(Option<NodeId>),
    Other,
}

pub(super) fn err(kind: XppErrorKind, message: impl Into<String>) -> Fail {
    fail(kind, message)
}

#[cold]
#[inline(never)]
pub(super) fn attr_type_error(what: &str, found: &Value<'_>) -> Fail {
    err(
        XppErrorKind::AttributeType,
        format!("{what}: unexpected {found:?}"),
    )
}

pub(super) struct Deserializer<'a> {
    pub(super) unpacker: Msgpack<'a>,
    written: Vec<WriterEntry<'a>>,
    pub(super) complex: Vec<Complex>,
    pub(super) depth: usize,
    /// Type names that are no class of the model, for the error that names them.
    pub(super) unknown: Vec<String>,
    /// The serializer index of the Locator when it is below 128 (always, in a parse result:
    /// it is the first or second complex value), for [`Msgpack::fast_node_position`].
    pub(super) locator_slot: Option<u8>,
    /// The elements of the node lists being read.
    pub(super) lists: ListBuffer,
    /// The model's source text (the same allocation), so that strings equal to a slice of it
    /// are stored as that slice (`Model::intern` keeps a position, copies nothing).
    pub(super) source: Arc<str>,
}

/// The Locator read: the source text and file (its line index is checked as it is read, and
/// not kept: the model makes its own when asked).
struct Locator<'a> {
    text: &'a str,
    file: Option<&'a str>,
}

impl Locator<'_> {
    fn file(&self) -> Option<&str> {
        self.file.filter(|f| !f.is_empty())
    }
}

/// The tables of a [`Deserializer`], kept from one read to the next on each thread so that
/// reading many files does not allocate (and touch fresh pages for) them each time.
#[derive(Default)]
struct Tables {
    /// Empty between reads (so the lifetime is free: see [`relabel`]).
    written: Vec<WriterEntry<'static>>,
    complex: Vec<Complex>,
    lists: Vec<NodeId>,
}

impl Tables {
    /// Tables larger than this (in bytes, all together) are not kept after a read.
    const MOST_KEPT: usize = 16 << 20;

    fn bytes(&self) -> usize {
        self.written.capacity() * std::mem::size_of::<WriterEntry<'_>>()
            + self.complex.capacity() * std::mem::size_of::<Complex>()
            + self.lists.capacity() * std::mem::size_of::<NodeId>()
    }
}

thread_local! {
    static TABLES: Cell<Option<Tables>> = const { Cell::new(None) };
}

/// An empty vector of writer entries with another lifetime, in the same allocation (the
/// standard library collects an emptied `into_iter` of a type of the same layout in place; if
/// it did not, this would only cost the reservation again).
// `filter_map`, not `filter`: the item type changes.
#[allow(clippy::unnecessary_filter_map)]
fn relabel<'b>(entries: Vec<WriterEntry<'_>>) -> Vec<WriterEntry<'b>> {
    entries.into_iter().filter_map(|_| None).collect()
}

/// Reads a whole payload into a parse result.
pub(crate) fn read_result(unpacker: Msgpack<'_>, payload_len: usize) -> Result<ParseResult, Fail> {
    let mut tables = TABLES.take().unwrap_or_default();
    // Reserved from the payload size, so that they seldom grow (each string, object and
    // sequence takes a few bytes at least).
    let mut written = relabel(std::mem::take(&mut tables.written));
    written.reserve(payload_len / 48);
    tables.complex.reserve(payload_len / 32);
    tables.lists.reserve(256);
    let mut d = Deserializer {
        unpacker,
        written,
        complex: std::mem::take(&mut tables.complex),
        depth: 0,
        unknown: Vec::new(),
        locator_slot: None,
        lists: ListBuffer(std::mem::take(&mut tables.lists)),
        source: Arc::from(""),
    };
    let result = d.result();
    let mut tables = Tables {
        written: relabel(d.written),
        complex: d.complex,
        lists: d.lists.0,
    };
    if tables.bytes() <= Tables::MOST_KEPT {
        tables.complex.clear();
        tables.lists.clear();
        TABLES.set(Some(tables));
    }
    result
}

impl<'a> Deserializer<'a> {
    /// The payload's three values (see the module docs of `xpp`).
    fn result(&mut self) -> Result<ParseResult, Fail> {
        let d = self;
        let (model, text, file, diagnostics) = match d.value()? {
            Value::Nil => {
                let start = d.value()?;
                let locator = d.locator(start)?;
                let text: Arc<str> = Arc::from(locator.text);
                let index = LineIndex::new(&text);
                let file = locator.file().map(str::to_owned);
                let diagnostics = d.diagnostics(&text, file.as_deref(), || &index)?;
                (None, text, file, diagnostics)
            }
            start @ Value::ObjectStart(..) => {
                let (model, text) = d.program(start)?;
                match d.value()? {
                    Value::Tabulation(1) if d.complex.get(1) == Some(&Complex::Locator) => {}
                    other => return Err(attr_type_error("the Locator after the Program", &other)),
                }
                let file = model.file().map(str::to_owned);
                let diagnostics = d.diagnostics(&text, file.as_deref(), || model.line_index())?;
                (Some(model), text, file, diagnostics)
            }
            other => return Err(attr_type_error("the Program", &other)),
        };
        d.unpacker.finish()?;
        Ok(ParseResult {
            text,
            file,
            model,
            cst: None,
            diagnostics,
        })
    }
}

/// Entry `index` of the writer's table.
fn written<'t, 'a>(table: &'t [WriterEntry<'a>], index: i64) -> Result<&'t WriterEntry<'a>, Fail> {
    usize::try_from(index)
        .ok()
        .and_then(|i| table.get(i))
        .ok_or_else(|| {
            err(
                XppErrorKind::Tabulation,
                format!("string tabulation {index} refers to nothing"),
            )
        })
}

impl<'a> Deserializer<'a> {
    pub(super) fn remember(&mut self, c: Complex) -> usize {
        self.complex.push(c);
        self.complex.len() - 1
    }

    /// The next value, writer tabulation resolved. The most common shapes (a positive fixint;
    /// a fixext 1 holding one: a string or object start written before, a back-reference, an
    /// array start) are decoded here, inline in every caller; anything else, and anything
    /// wrong, by [`Self::value_in_general`]. (The call, and a pointer to the unpacker to
    /// follow, before the first byte was even looked at, showed in profiles.)
    #[inline(always)]
    pub(super) fn value(&mut self) -> Result<Value<'a>, Fail> {
        match *self.unpacker.unread() {
            [b @ 0x00..=0x7f, ..] => {
                self.unpacker.skip(1);
                return Ok(Value::Int(i64::from(b)));
            }
            [0xd4, ext::INNER_TABULATION, i @ 0x00..=0x7f, ..] => {
                if let Some(entry) = self.written.get(usize::from(i)) {
                    self.unpacker.skip(3);
                    return Ok(entry.value());
                }
            }
            // A short string written for the first time (names, most string values).
            [0xa0..=0xbf, ..] => {
                if let Some(s) = self.unpacker.fast_str() {
                    self.written.push(WriterEntry::Str(s));
                    return Ok(Value::Str(s));
                }
            }
            [0xd4, ext::TABULATION, i @ 0x00..=0x7f, ..] => {
                self.unpacker.skip(3);
                return Ok(Value::Tabulation(i64::from(i)));
            }
            [0xd4, ext::ARRAY_START, n @ 0x00..=0x7f, ..] => {
                self.unpacker.skip(3);
                return Ok(Value::ArrayStart(i64::from(n)));
            }
            _ => {}
        }
        self.value_in_general()
    }

    /// [`Self::value`] for every shape.
    #[inline(never)]
    fn value_in_general(&mut self) -> Result<Value<'a>, Fail> {
        if let Some((number, i)) = self.unpacker.fast_ext_int() {
            return match number {
                ext::INNER_TABULATION => Ok(written(&self.written, i)?.value()),
                ext::TABULATION => Ok(Value::Tabulation(i)),
                ext::ARRAY_START => Ok(Value::ArrayStart(i)),
                _ => Ok(Value::MapStart(i)),
            };
        }
        if let Some(i) = self.unpacker.fast_int() {
            return Ok(Value::Int(i));
        }
        if let Some(s) = self.unpacker.fast_str() {
            self.written.push(WriterEntry::Str(s));
            return Ok(Value::Str(s));
        }
        Ok(match self.unpacker.next()? {
            Token::Nil => Value::Nil,
            Token::Bool(b) => Value::Bool(b),
            Token::Int(i) => Value::Int(i),
            Token::Float(f) => Value::Float(f),
            Token::Str(s) => {
                self.written.push(WriterEntry::Str(s));
                Value::Str(s)
            }
            Token::Ext(number) => self.extension(number)?,
        })
    }

    /// The single integer of an extension's payload.
    fn ext_int(&mut self, number: u8) -> Result<i64, Fail> {
        match (self.unpacker.ext_scalar()?, self.unpacker.ext_scalar()?) {
            (Some(Scalar::Int(i)), None) => Ok(i),
            _ => Err(err(
                XppErrorKind::Malformed,
                format!("extension {number}: bad payload"),
            )),
        }
    }

    fn extension(&mut self, number: u8) -> Result<Value<'a>, Fail> {
        Ok(match number {
            ext::INNER_TABULATION => {
                let index = self.ext_int(number)?;
                written(&self.written, index)?.value()
            }
            ext::TABULATION => Value::Tabulation(self.ext_int(number)?),
            ext::ARRAY_START => Value::ArrayStart(self.ext_int(number)?),
            ext::MAP_START => Value::MapStart(self.ext_int(number)?),
            ext::REGEXP => match (self.unpacker.ext_scalar()?, self.unpacker.ext_scalar()?) {
                (Some(Scalar::Str(s)), None) => {
                    self.written.push(WriterEntry::Regexp(s));
                    Value::Regexp(s)
                }
                _ => return Err(err(XppErrorKind::Malformed, "a regexp without its source")),
            },
            ext::PCORE_OBJECT_START => self.object_start()?,
            other => {
                return Err(err(
                    XppErrorKind::Malformed,
                    format!("extension {other} has no place in a parse result"),
                ))
            }
        })
    }

    /// A `PCORE_OBJECT_START` payload: the segment count, the segments (each a new string or
    /// the index of one written before), the attribute count.
    fn object_start(&mut self) -> Result<Value<'a>, Fail> {
        let bad = || err(XppErrorKind::Malformed, "a malformed object start");
        let Some(Scalar::Int(segments @ 1..=16)) = self.unpacker.ext_scalar()? else {
            return Err(bad());
        };
        let mut names: [&[u8]; 16] = [b""; 16];
        for name in &mut names[..segments as usize] {
            *name = match self.unpacker.ext_scalar()? {
                Some(Scalar::Str(s)) => {
                    self.written.push(WriterEntry::Str(s));
                    s
                }
                Some(Scalar::Int(i)) => match *written(&self.written, i)? {
                    WriterEntry::Str(s) => s,
                    _ => return Err(bad()),
                },
                None => return Err(bad()),
            };
        }
        let (Some(Scalar::Int(count)), None) =
            (self.unpacker.ext_scalar()?, self.unpacker.ext_scalar()?)
        else {
            return Err(bad());
        };
        let class = match names[..segments as usize] {
            [puppet, ast, name] if same_bytes(puppet, b"Puppet") && same_bytes(ast, b"AST") => {
                class_by_name(name)
            }
            _ => None,
        };
        let class = class.unwrap_or_else(|| {
            // A file that names more than 2^32 unknown classes is refused at the first.
            let name: Vec<_> = names[..segments as usize]
                .iter()
                .map(|segment| String::from_utf8_lossy(segment))
                .collect();
            self.unknown.push(name.join("::"));
            Class::Unknown(self.unknown.len() as u32 - 1)
        });
        self.written.push(WriterEntry::ObjectStart(class, count));
        Ok(Value::ObjectStart(class, count))
    }

    /// A string, checked as UTF-8.
    pub(super) fn string(&mut self, what: impl FnOnce() -> String) -> Result<&'a str, Fail> {
        match self.value()? {
            Value::Str(s) => utf8(s),
            other => Err(attr_type_error(&what(), &other)),
        }
    }

    #[inline]
    pub(super) fn int(&mut self, what: impl FnOnce() -> String) -> Result<i64, Fail> {
        if let Some(i) = self.unpacker.fast_int() {
            return Ok(i);
        }
        match self.value()? {
            Value::Int(i) => Ok(i),
            other => Err(attr_type_error(&what(), &other)),
        }
    }

    /// A sequence length: not negative and below 2^32.
    pub(super) fn length(n: i64, what: impl FnOnce() -> String) -> Result<usize, Fail> {
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= u32::MAX as usize)
            .ok_or_else(|| {
                err(
                    XppErrorKind::Malformed,
                    format!("{}: bad length {n}", what()),
                )
            })
    }

    /// The name of a class for messages.
    pub(super) fn class_name(&self, class: Class) -> &str {
        match class {
            Class::Program => ModelClass::Program.pcore_name(),
            Class::Locator => LocatorAttr::PCORE_NAME,
            Class::Node(c) => c.pcore_name(),
            Class::Unknown(i) => &self.unknown[i as usize],
        }
    }

    /// The Locator object (`start` is its object start).
    fn locator(&mut self, start: Value<'a>) -> Result<Locator<'a>, Fail> {
        let count = match start {
            Value::ObjectStart(Class::Locator, count) => count,
            other => return Err(attr_type_error("the Locator", &other)),
        };
        if !(LocatorAttr::REQUIRED as i64..=LocatorAttr::NEW_ORDER.len() as i64).contains(&count) {
            return Err(err(
                XppErrorKind::AttributeCount,
                format!("Locator with {count} attributes"),
            ));
        }
        let slot = self.remember(Complex::Locator);
        self.locator_slot = u8::try_from(slot).ok().filter(|&s| s < 0x80);
        let (mut text, mut file) = (None, None);
        for attr in &LocatorAttr::NEW_ORDER[..count as usize] {
            match attr {
                LocatorAttr::String => text = Some(self.string(|| "Locator#string".into())?),
                LocatorAttr::File => file = Some(self.string(|| "Locator#file".into())?),
                LocatorAttr::LineIndex => match self.value()? {
                    Value::Nil => {}
                    Value::ArrayStart(n) => {
                        let n = Self::length(n, || "Locator#line_index".into())?;
                        self.remember(Complex::Other);
                        let text = text.ok_or_else(|| {
                            err(XppErrorKind::AttributeCount, "a Locator without its string")
                        })?;
                        self.check_line_index(text.as_bytes(), n)?;
                    }
                    other => return Err(attr_type_error("Locator#line_index", &other)),
                },
            }
        }
        let text = text.expect("string is required");
        if text.len() > u32::MAX as usize {
            return Err(err(XppErrorKind::Position, "a source of 4 GiB or more"));
        }
        Ok(Locator { text, file })
    }

    /// Reads the `n` entries of a recorded line index and checks them against `text` without
    /// keeping them (a reader of a model without diagnostics may never need one): they must
    /// start at 0, rise, have an entry just after every line end and no other (as many
    /// entries as line ends, plus one).
    fn check_line_index(&mut self, text: &[u8], n: usize) -> Result<(), Fail> {
        let mismatch = || {
            err(
                XppErrorKind::Position,
                "Locator#line_index does not match the source text",
            )
        };
        let mut previous = None;
        for _ in 0..n {
            let start = self.int(|| "Locator#line_index".into())?;
            let placed = match previous {
                None => start == 0,
                Some(p) => {
                    start > p
                        && usize::try_from(start)
                            .ok()
                            .and_then(|s| text.get(s - 1))
                            .is_some_and(|&b| b == b'\n')
                }
            };
            if !placed {
                return Err(mismatch());
            }
            previous = Some(start);
        }
        // Rising, each just after a line end: all of them if there are as many.
        if memchr::memchr_iter(b'\n', text).count() + 1 != n {
            return Err(mismatch());
        }
        Ok(())
    }

    /// The Program object (`start` is its object start): the model, and its source text.
    fn program(&mut self, start: Value<'a>) -> Result<(Model, Arc<str>), Fail> {
        let order = ModelClass::Program.new_order();
        let count = match start {
            Value::ObjectStart(Class::Program, count) => count,
            Value::ObjectStart(class, _) => {
                return Err(err(
                    XppErrorKind::UnknownClass,
                    format!("expected a Program, found {}", self.class_name(class)),
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
        let mut model: Option<(Model, Arc<str>)> = None;
        for info in &order[..count as usize] {
            let before_locator = || {
                err(
                    XppErrorKind::AttributeType,
                    format!("Program#{} before its Locator", info.name),
                )
            };
            match info.ty {
                AttrType::Locator => {
                    let start = self.value()?;
                    let locator = self.locator(start)?;
                    let text: Arc<str> = Arc::from(locator.text);
                    let m = Model::new(Arc::clone(&text), locator.file());
                    self.source = Arc::clone(&text);
                    model = Some((m, text));
                }
                AttrType::OptNode(class) => {
                    let (m, _) = model.as_mut().ok_or_else(before_locator)?;
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
                    let (m, _) = model.as_mut().ok_or_else(before_locator)?;
                    let n = match self.value()? {
                        Value::ArrayStart(n) => Self::length(n, || "Program#definitions".into())?,
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

    /// The diagnostics (`index` gives the line index, made only when there is one).
    fn diagnostics<'i>(
        &mut self,
        text: &str,
        file: Option<&str>,
        index: impl Fn() -> &'i LineIndex,
    ) -> Result<Vec<Diagnostic>, Fail> {
        let bad = |message: String| err(XppErrorKind::Diagnostic, message);
        let n = match self.value()? {
            Value::ArrayStart(n) => Self::length(n, || "diagnostics".into())?,
            other => {
                return Err(bad(format!(
                    "expected the diagnostics array, found {other:?}"
                )))
            }
        };
        self.remember(Complex::Other);
        let mut out = Vec::with_capacity(n.min(1 << 12));
        for _ in 0..n {
            let entries = match self.value()? {
                Value::MapStart(k) => Self::length(k, || "diagnostic".into())?,
                other => return Err(bad(format!("a diagnostic is {other:?}, not a map"))),
            };
            self.remember(Complex::Other);
            let mut d = Diagnostic::error(IssueCode::SYNTAX_ERROR, 0, 0, "");
            let (mut code, mut severity, mut offset, mut length) = (None, None, None, None);
            for _ in 0..entries {
                let key = self.string(|| "a diagnostic key".into())?;
                match key {
                    "issue_code" => {
                        let name = self.string(|| "issue_code".into())?;
                        code = Some(
                            IssueCode::from_name(name)
                                .ok_or_else(|| bad(format!("unknown issue code {name}")))?,
                        );
                    }
                    "severity" => {
                        severity = Some(match self.string(|| "severity".into())? {
                            "error" => Severity::Error,
                            "warning" => Severity::Warning,
                            "deprecation" => Severity::Deprecation,
                            other => return Err(bad(format!("unknown severity {other}"))),
                        });
                    }
                    "offset" => offset = Some(self.int(|| "offset".into())?),
                    "length" => length = Some(self.int(|| "length".into())?),
                    "message" => d.message = self.string(|| "message".into())?.to_owned(),
                    "arguments" => {
                        let k = match self.value()? {
                            Value::MapStart(k) => Self::length(k, || "arguments".into())?,
                            other => return Err(bad(format!("arguments is {other:?}, not a map"))),
                        };
                        self.remember(Complex::Other);
                        for _ in 0..k {
                            let name =
                                static_argument_name(self.string(|| "an argument name".into())?)?;
                            let value = self.string(|| "an argument value".into())?;
                            d.args.push((name, value.to_owned()));
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
            let span = u32::try_from(offset)
                .ok()
                .zip(u32::try_from(length).ok())
                .filter(|&(o, l)| span_fits_text(o.into(), l.into(), text.len()));
            let Some((offset, length)) = span else {
                return Err(err(
                    XppErrorKind::Position,
                    format!("a diagnostic at {offset}+{length}"),
                ));
            };
            d.code = code;
            d.severity = severity;
            d.offset = offset;
            d.len = length;
            out.push(d);
        }
        if !out.is_empty() {
            Diagnostic::locate_all(&mut out, file, text, index());
        }
        Ok(out)
    }
}

/// Diagnostic argument names are `&'static str` in [`Diagnostic::args`]: names read from files
/// are kept once for the life of the process, at most 256 distinct ones of at most 32
/// lower-case letters and underscores each (Puppet's are a few dozen), so a file cannot make
/// the process keep more than a few kilobytes.
fn static_argument_name(name: &str) -> Result<&'static str, Fail> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Relabelling the writer's table keeps its allocation, and empties it.
    #[test]
    fn relabel_keeps_the_allocation() {
        let payload = vec![1u8, 2, 3];
        let mut entries = Vec::with_capacity(1000);
        entries.push(WriterEntry::Str(&payload));
        let pointer = entries.as_ptr() as usize;
        let kept: Vec<WriterEntry<'static>> = relabel(entries);
        assert!(kept.is_empty());
        assert_eq!(kept.capacity(), 1000);
        assert_eq!(kept.as_ptr() as usize, pointer);
    }
}
