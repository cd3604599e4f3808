//! The Pcore serializer of a parse result: Ruby Puppet 7.23's `Serialization::Serializer`
//! (`type_by_reference: true`) with `AbstractWriter`'s tabulation, over either packer.
//!
//! Two tabulations, as in Ruby:
//! * the *serializer* numbers every complex value it writes (the `Program`, the `Locator`, every
//!   node, every array, every regexp) in writing order; a value written again (the `Locator` of
//!   every node, the definitions of `Program#definitions`) is `[1, index]`;
//! * the *writer* numbers every distinct string, regexp, object start (type name + attribute
//!   count) and type-name segment; a repeat is `[0, index]` (a bare index inside a type name).
//!   Strings and regexps are found in a map; object starts, which every node writes, in a table
//!   by class and count; the Locator's source text, when long, by comparison alone (hashing
//!   every file's whole text into the map cost a sixth of the writer's time).
//!
//! Objects are written by the model description: the class's Pcore name, then its attributes
//! in `Class.new` order (`ModelClass::new_order`, after `locator, offset, length` for
//! positioned classes), trailing ones that equal their default dropped, as Ruby's
//! `ObjectWriter` does. The `Locator` is `LocatorAttr::NEW_ORDER`.
//!
//! The stream of a parse result (the payload of an XPP file):
//! 1. the `Puppet::AST::Program`, or nil when there is no model (syntax errors);
//! 2. the `Locator` again: `[1,1]` after a Program, otherwise written in full (so the source
//!    text and file are always there);
//! 3. the diagnostics: an array of maps, see [`super`].

use std::collections::HashMap;

use super::packer::{Packer, PayloadValue};
use super::XppWriteError;
use crate::diagnostics::Diagnostic;
use crate::model::{AttrType, AttrValue, IntRef, LocatorAttr, Model, ModelClass, NodeId};

/// Pcore extension numbers (`lib/puppet/pops/serialization/extension.rb`).
pub(crate) mod ext {
    pub const INNER_TABULATION: u8 = 0x00;
    pub const TABULATION: u8 = 0x01;
    pub const ARRAY_START: u8 = 0x10;
    pub const MAP_START: u8 = 0x11;
    pub const PCORE_OBJECT_START: u8 = 0x12;
    pub const REGEXP: u8 = 0x30;
}

/// The keys of a diagnostic map, in writing order.
pub(crate) const DIAGNOSTIC_KEYS: [&str; 6] = [
    "issue_code",
    "severity",
    "offset",
    "length",
    "message",
    "arguments",
];

/// What the writer tabulates by value in a map (Ruby hashes these by value); object starts are
/// tabulated in [`ObjectStarts`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum WriterKey<'a> {
    Str(&'a str),
    Regexp(&'a str),
}

/// The type of an object start: a class of the model, or the Locator.
#[derive(Clone, Copy)]
enum ObjectType {
    Class(ModelClass),
    Locator,
}

impl ObjectType {
    fn pcore_name(self) -> &'static str {
        match self {
            ObjectType::Class(class) => class.pcore_name(),
            ObjectType::Locator => LocatorAttr::PCORE_NAME,
        }
    }
}

/// The writer indices of the object starts written so far, by type and attribute count: a
/// table, not the map, since every node writes one (hashing each type name showed in
/// profiles of the writer).
struct ObjectStarts {
    /// `MOST_ATTRIBUTES + 1` entries per type (classes in `ModelClass::ALL` order, then the
    /// Locator), `u32::MAX` for none.
    index: Vec<u32>,
}

impl ObjectStarts {
    /// More attributes than any object has (a node's 3 positions and at most 4 others).
    const MOST_ATTRIBUTES: usize = 15;

    fn new() -> Self {
        ObjectStarts {
            index: vec![u32::MAX; (ModelClass::ALL.len() + 1) * (Self::MOST_ATTRIBUTES + 1)],
        }
    }

    /// The slot of `(ty, count)`; `None` for a count beyond the table, which no class has (a
    /// test checks the description): such an object start would be written in full each time,
    /// which readers accept but Ruby would not write, rather than panic.
    fn slot(ty: ObjectType, count: u32) -> Option<usize> {
        let row = match ty {
            ObjectType::Class(class) => class as usize,
            ObjectType::Locator => ModelClass::ALL.len(),
        };
        let count = count as usize;
        (count <= Self::MOST_ATTRIBUTES).then(|| row * (Self::MOST_ATTRIBUTES + 1) + count)
    }
}

/// The source of the Locator when there is no model.
pub(crate) struct SourceInfo<'a> {
    pub text: &'a str,
    pub file: Option<&'a str>,
    pub line_starts: &'a [u32],
}

/// A source text longer than this is tabulated outside the writer's map (see
/// `Serializer::source_text`): longer than any type name segment.
const LONG_SOURCE: usize = 64;

/// The most attributes a node class has in `Class.new` order (4 today).
const MOST_NODE_ATTRIBUTES: usize = 8;

struct Serializer<'a, P> {
    packer: &'a mut P,
    written: HashMap<WriterKey<'a>, u32>,
    object_starts: ObjectStarts,
    /// Ruby's writer `@written.size`: the entries of `written` and `object_starts`, and the
    /// long source text.
    written_count: u32,
    /// The Locator's source text and its writer index, when longer than [`LONG_SOURCE`].
    long_source: Option<(&'a str, u32)>,
    /// Ruby's serializer `@written.size`.
    complex_count: u32,
    locator_index: Option<u32>,
    /// The serializer index of each node written, by arena index.
    node_index: Vec<u32>,
}

/// Writes the whole stream of a parse result (see the module docs).
pub(crate) fn write_result<P: Packer>(
    packer: &mut P,
    model: Option<&Model>,
    source: &SourceInfo<'_>,
    diagnostics: &[Diagnostic],
) -> Result<(), XppWriteError> {
    let mut s = Serializer {
        packer,
        written: HashMap::with_capacity(256),
        object_starts: ObjectStarts::new(),
        written_count: 0,
        long_source: None,
        complex_count: 0,
        locator_index: None,
        node_index: vec![u32::MAX; model.map_or(0, Model::node_count)],
    };
    match model {
        Some(m) => s.program(m)?,
        None => s.packer.nil(),
    }
    s.locator(source);
    s.diagnostics(diagnostics);
    Ok(())
}

/// Writes only the `Program` value: exactly Ruby's `Serializer#write(program)`.
pub(crate) fn write_program<P: Packer>(packer: &mut P, model: &Model) -> Result<(), XppWriteError> {
    let mut s = Serializer {
        packer,
        written: HashMap::with_capacity(256),
        object_starts: ObjectStarts::new(),
        written_count: 0,
        long_source: None,
        complex_count: 0,
        locator_index: None,
        node_index: vec![u32::MAX; model.node_count()],
    };
    s.program(model)
}

impl<'a, P: Packer> Serializer<'a, P> {
    fn push_written(&mut self) -> u32 {
        let index = self.complex_count;
        self.complex_count += 1;
        index
    }

    fn tabulation(&mut self, index: u32) {
        self.packer
            .ext(ext::TABULATION, &[PayloadValue::Int(index.into())], 0);
    }

    /// `AbstractWriter#write` for a value it tabulates: the value the first time, then
    /// `[0, index]`.
    fn tabulated(&mut self, key: WriterKey<'a>, first: impl FnOnce(&mut P)) {
        match self.written.get(&key) {
            Some(&index) => {
                self.packer
                    .ext(ext::INNER_TABULATION, &[PayloadValue::Int(index.into())], 0);
            }
            None => {
                first(self.packer);
                let index = self.next_written();
                self.written.insert(key, index);
            }
        }
    }

    /// The writer index of the next entry tabulated.
    fn next_written(&mut self) -> u32 {
        let index = self.written_count;
        self.written_count += 1;
        index
    }

    fn string(&mut self, value: &'a str) {
        if let Some((text, index)) = self.long_source {
            if value.len() == text.len() && value == text {
                self.packer
                    .ext(ext::INNER_TABULATION, &[PayloadValue::Int(index.into())], 0);
                return;
            }
        }
        self.tabulated(WriterKey::Str(value), |p| p.str(value));
    }

    /// The Locator's source text: tabulated like any string, but a long one is kept out of
    /// the map (hashing every file's whole text was a sixth of the writer's time); a later
    /// string equal to it is found by [`Self::string`]. Only the type name segments are
    /// written before it, so a text longer than any of them cannot be one written before.
    fn source_text(&mut self, text: &'a str) {
        if text.len() <= LONG_SOURCE {
            return self.string(text);
        }
        self.packer.str(text);
        let index = self.next_written();
        self.long_source = Some((text, index));
    }

    fn regexp(&mut self, source: &'a str) {
        self.push_written();
        self.tabulated(WriterKey::Regexp(source), |p| {
            p.ext(ext::REGEXP, &[PayloadValue::Str(source)], 0)
        });
    }

    /// `PcoreObjectStart(type_name, count)`, tabulated as a whole, its name segments as strings.
    fn object_start(&mut self, ty: ObjectType, count: u32) {
        let slot = ObjectStarts::slot(ty, count);
        if let Some(&index) = slot.and_then(|slot| self.object_starts.index.get(slot)) {
            if index != u32::MAX {
                self.packer
                    .ext(ext::INNER_TABULATION, &[PayloadValue::Int(index.into())], 0);
                return;
            }
        }
        let type_name = ty.pcore_name();
        let mut payload: Vec<PayloadValue<'a>> = Vec::with_capacity(6);
        // Type names are `::`-separated words (`Puppet::AST::Program`): split at each `:`,
        // empty pieces dropped (a search for the two-byte pattern showed in profiles).
        let segments = || type_name.split(':').filter(|segment| !segment.is_empty());
        payload.push(PayloadValue::Int(segments().count() as i64));
        for segment in segments() {
            match self.written.get(&WriterKey::Str(segment)) {
                Some(&index) => payload.push(PayloadValue::Int(index.into())),
                None => {
                    let index = self.next_written();
                    self.written.insert(WriterKey::Str(segment), index);
                    payload.push(PayloadValue::Str(segment));
                }
            }
        }
        payload.push(PayloadValue::Int(count.into()));
        self.packer.ext(ext::PCORE_OBJECT_START, &payload, count);
        let index = self.next_written();
        if let Some(slot) = slot {
            self.object_starts.index[slot] = index;
        }
    }

    fn array_start(&mut self, len: usize) {
        self.push_written();
        self.packer.ext(
            ext::ARRAY_START,
            &[PayloadValue::Int(len as i64)],
            len as u32,
        );
    }

    fn program(&mut self, model: &'a Model) -> Result<(), XppWriteError> {
        self.push_written();
        let order = ModelClass::Program.new_order();
        let is_default = |i: usize| -> bool {
            let info = &order[i];
            match info.ty {
                AttrType::OptNode(_) => model.body().is_none(),
                AttrType::RefNodes(_) => model.definitions().is_empty(),
                _ => false,
            }
        };
        let required = order.iter().filter(|a| a.is_required()).count();
        let mut count = order.len();
        while count > required && is_default(count - 1) {
            count -= 1;
        }
        self.object_start(ObjectType::Class(ModelClass::Program), count as u32);
        for info in &order[..count] {
            match info.ty {
                AttrType::Locator => self.locator(&SourceInfo {
                    text: model.source(),
                    file: model.file(),
                    line_starts: model.line_index().line_starts(),
                }),
                AttrType::OptNode(_) => match model.body() {
                    Some(body) => self.node(model, body)?,
                    None => self.packer.nil(),
                },
                AttrType::RefNodes(_) => {
                    let definitions = model.definitions();
                    self.array_start(definitions.len());
                    for &id in definitions {
                        self.reference(model, id)?;
                    }
                }
                other => unreachable!("Program has no {other:?} attribute"),
            }
        }
        Ok(())
    }

    /// The Locator: written once, then `[1, index]`.
    fn locator(&mut self, source: &SourceInfo<'a>) {
        if let Some(index) = self.locator_index {
            self.tabulation(index);
            return;
        }
        self.locator_index = Some(self.push_written());
        self.object_start(ObjectType::Locator, LocatorAttr::NEW_ORDER.len() as u32);
        for attr in LocatorAttr::NEW_ORDER {
            match attr {
                LocatorAttr::String => self.source_text(source.text),
                LocatorAttr::File => self.string(source.file.unwrap_or("")),
                LocatorAttr::LineIndex => {
                    self.array_start(source.line_starts.len());
                    for &start in source.line_starts {
                        self.packer.int(start.into());
                    }
                }
            }
        }
    }

    /// A node referenced again (`Program#definitions`): `[1, index]`, or the node itself if it
    /// was not written yet.
    fn reference(&mut self, model: &'a Model, id: NodeId) -> Result<(), XppWriteError> {
        match self.node_index.get(id.index()) {
            Some(&index) if index != u32::MAX => {
                self.tabulation(index);
                Ok(())
            }
            _ => self.node(model, id),
        }
    }

    fn node(&mut self, model: &'a Model, id: NodeId) -> Result<(), XppWriteError> {
        crate::deep::guarded(|| self.node_unguarded(model, id))
    }

    fn node_unguarded(&mut self, model: &'a Model, id: NodeId) -> Result<(), XppWriteError> {
        let node = model.node(id);
        let class = node.kind.class();
        let infos = class.new_order();
        // On the stack (a vector per node showed in profiles); `MOST_NODE_ATTRIBUTES` is
        // checked against the description by a test.
        let mut attrs = [AttrValue::Locator; MOST_NODE_ATTRIBUTES];
        let mut count = 0;
        for (slot, attr) in attrs.iter_mut().zip(model.attrs_new_order(id)) {
            *slot = attr.value;
            count += 1;
        }
        while count > 0 && attrs[count - 1].is_default(infos[count - 1].default) {
            count -= 1;
        }
        let index = self.push_written();
        self.node_index[id.index()] = index;
        // locator, offset, length come first (required, Positioned's).
        self.object_start(ObjectType::Class(class), count as u32 + 3);
        let locator = self
            .locator_index
            .expect("the Program writes its Locator first");
        self.tabulation(locator);
        self.packer.int(node.offset.into());
        self.packer.int(node.length.into());
        for value in &attrs[..count] {
            self.value(model, id, *value)?;
        }
        Ok(())
    }

    fn value(
        &mut self,
        model: &'a Model,
        owner: NodeId,
        value: AttrValue<'a>,
    ) -> Result<(), XppWriteError> {
        match value {
            AttrValue::Node(child) | AttrValue::OptNode(Some(child)) => self.node(model, child)?,
            AttrValue::OptNode(None) | AttrValue::OptStr(None) | AttrValue::OptBool(None) => {
                self.packer.nil()
            }
            AttrValue::Nodes(ids) => {
                self.array_start(ids.len());
                for &child in ids {
                    self.node(model, child)?;
                }
            }
            AttrValue::Str(s) | AttrValue::OptStr(Some(s)) | AttrValue::Enum(s) => self.string(s),
            AttrValue::Bool(b) | AttrValue::OptBool(Some(b)) => self.packer.bool(b),
            AttrValue::Int(IntRef::Small(v)) => self.packer.int(v),
            AttrValue::Int(IntRef::Big(_)) => {
                return Err(XppWriteError::IntegerOutOfBounds {
                    offset: model.offset(owner),
                })
            }
            AttrValue::Float(f) => {
                if !self.packer.float(f) {
                    return Err(XppWriteError::FloatNotRepresentable {
                        offset: model.offset(owner),
                    });
                }
            }
            AttrValue::Regexp(source) => self.regexp(source),
            AttrValue::Locator => {
                let locator = self
                    .locator_index
                    .expect("the Program writes its Locator first");
                self.tabulation(locator);
            }
        }
        Ok(())
    }

    /// The diagnostics: an array of maps (keys [`DIAGNOSTIC_KEYS`]).
    fn diagnostics(&mut self, diagnostics: &'a [Diagnostic]) {
        self.array_start(diagnostics.len());
        for d in diagnostics {
            self.push_written();
            self.packer.ext(
                ext::MAP_START,
                &[PayloadValue::Int(DIAGNOSTIC_KEYS.len() as i64)],
                2 * DIAGNOSTIC_KEYS.len() as u32,
            );
            let [code, severity, offset, length, message, arguments] = DIAGNOSTIC_KEYS;
            self.string(code);
            self.string(d.code.as_str());
            self.string(severity);
            self.string(d.severity.as_str());
            self.string(offset);
            self.packer.int(d.offset.into());
            self.string(length);
            self.packer.int(d.len.into());
            self.string(message);
            self.string(&d.message);
            self.string(arguments);
            self.push_written();
            self.packer.ext(
                ext::MAP_START,
                &[PayloadValue::Int(d.args.len() as i64)],
                2 * d.args.len() as u32,
            );
            for (name, value) in &d.args {
                self.string(name);
                self.string(value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every node's attributes fit the writer's array, and every object start it writes has a
    /// slot in [`ObjectStarts`] (so each is written in full once per file, as Ruby does).
    #[test]
    fn the_writer_tables_hold_every_class() {
        for &class in ModelClass::ALL {
            let attributes = class.new_order().len();
            assert!(attributes <= MOST_NODE_ATTRIBUTES, "{class:?}");
            assert!(ObjectStarts::slot(ObjectType::Class(class), attributes as u32 + 3).is_some());
        }
        let locator = LocatorAttr::NEW_ORDER.len() as u32;
        assert!(ObjectStarts::slot(ObjectType::Locator, locator).is_some());
        // Type names split at `:` as at `::`, and no segment is as long as a long source.
        for ty in ModelClass::ALL
            .iter()
            .map(|&class| ObjectType::Class(class))
            .chain([ObjectType::Locator])
        {
            let name = ty.pcore_name();
            let pieces: Vec<&str> = name.split(':').filter(|s| !s.is_empty()).collect();
            assert_eq!(pieces, name.split("::").collect::<Vec<_>>());
            assert!(pieces.iter().all(|piece| piece.len() <= LONG_SOURCE));
        }
    }
}
