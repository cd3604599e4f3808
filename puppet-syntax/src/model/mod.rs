//! The Puppet model: the exact `Puppet::AST` object tree that Ruby Puppet 7.23's parser builds
//! (`lib/puppet/pops/model/ast.pp`), stored in an arena.
//!
//! * `puppet-syntax/model/ast.toml` — THE description of the model: all 83 classes with parents,
//!   docs and their own attributes (type, default, containment), in `ast.pp` order. Run
//!   `cargo xtask codegen` after changing it (`scripts/test` checks that nothing is stale).
//! * `generated/` — generated from it, committed, not to be edited: [`ModelClass`] (class
//!   metadata, attribute tables, `Class.new` orders), [`NodeKind`] (node payloads, the generic
//!   constructor, `for_each_child`, `for_each_attr`, `attr_value`) and the views of the abstract
//!   classes ([`BinaryExpressionView`] via [`NodeKind::as_binary_expression`], …).
//!   `puppet-syntax/model/ast.json` is the same description for non-Rust readers.
//! * `class.rs` — the hand-written part of [`ModelClass`] (`from_name`, `is_a`, `ancestors`…).
//! * `reflect.rs` — generic attribute reflection ([`Model::attrs`], [`Model::attrs_new_order`]),
//!   containment ([`Model::children`]) and the `_pcore_all_contents` pre-order walk ([`Model::walk`]).
//! * `build.rs` — convenience constructors mirroring Ruby's `Factory` (strings, literals, variables…).
//! * `values.rs` — handles and scalar values (ids, exact integers, operator enums, `Regexp#inspect`).
//!
//! # Storage
//!
//! A [`Model`] owns the source text, file name and [`LineIndex`] (Ruby's `Locator19`), the
//! `Program` attributes (`body`, `definitions`) and three arenas: nodes (`Vec<Node>`, addressed
//! by [`NodeId`]), child lists (one shared `Vec<NodeId>`, addressed by [`NodeList`] ranges) and
//! strings (one `String` buffer, addressed by [`StrId`]). A [`Node`] is `offset`, `length` (bytes,
//! as Ruby's `Positioned`) and its [`NodeKind`]: 32 bytes.
//!
//! # Building
//!
//! ```
//! use puppet_syntax::model::{AssignmentOperator, Model, NodeKind};
//! let mut m = Model::new("$a = 1", None);
//! let var = m.variable(0, 2, "a"); // VariableExpression(QualifiedName "a")
//! let one = m.literal_integer(5, 1, 1, 10);
//! let assign = m.alloc(3, 1, NodeKind::AssignmentExpression {
//!     left_expr: var, right_expr: one, operator: AssignmentOperator::Assign,
//! });
//! m.set_body(Some(assign));
//! assert_eq!(puppet_syntax::pn::to_pn_string(&m), r#"(= (var "a") 1)"#);
//! ```
//!
//! Nodes are built bottom-up (children before parents, like Ruby's `Factory#model`), but every
//! field and span can be changed afterwards ([`Model::kind_mut`], [`Model::set_span`], …), as
//! the Ruby factory does with `instance_variable_set`.

mod build;
mod class;
mod generated;
mod reflect;
mod values;

pub use generated::*;
pub(crate) use reflect::NewOrderReader;
pub use reflect::{
    Attr, AttrDefault, AttrInfo, AttrInput, AttrType, AttrValue, Attrs, AttrsNewOrder, Children,
    Walk,
};
pub use values::{
    ArithmeticOperator, AssignmentOperator, AttributeOperator, ComparisonOperator, IntRef,
    IntValue, MatchOperator, NodeId, NodeList, RelationshipOperator, ResourceForm, StrId,
};

use std::sync::{Arc, OnceLock};

use crate::line_index::LineIndex;

/// The flag in a string's length that says it is a slice of the source (see `Model::intern`).
const IN_SOURCE: u32 = 1 << 31;

/// One positioned model object: Ruby's `Positioned#offset/length` (bytes into the source; the
/// `locator` is the model's) plus the class-specific attributes.
#[derive(Clone, PartialEq, Debug)]
pub struct Node {
    /// Byte offset of the node in the source (Ruby's `Positioned#offset`).
    pub offset: u32,
    /// Length of the node in bytes (Ruby's `Positioned#length`).
    pub length: u32,
    /// The node's model class and its own attributes.
    pub kind: NodeKind,
}

/// A parsed Puppet program: Ruby's `Program` + `Locator19` + all positioned nodes.
#[derive(Clone, Debug)]
pub struct Model {
    nodes: Vec<Node>,
    lists: Vec<NodeId>,
    /// Strings that are not a slice of `source` (unescaped, joined, computed).
    string_buf: String,
    /// `(start, len)` of each [`StrId`]: in `source` when `len` has [`IN_SOURCE`] set (most
    /// names and plain strings are the source's own bytes, so they are not copied), else in
    /// `string_buf`.
    string_spans: Vec<(u32, u32)>,
    body: Option<NodeId>,
    definitions: Vec<NodeId>,
    /// Shared with the [`ParseResult`](crate::ParseResult) that holds this model.
    source: Arc<str>,
    file: Option<String>,
    /// Made on first use: a parse that only validates may never need it, and it is not held
    /// while the tokens are.
    line_index: OnceLock<LineIndex>,
}

impl Model {
    /// An empty model for `source` (Ruby `Locator19.new(string, file)`): no nodes, no body.
    pub fn new(source: impl Into<Arc<str>>, file: Option<&str>) -> Model {
        let source = source.into();
        // Sized from the corpus: about one node per 21 source bytes, so these rarely grow.
        let nodes = source.len() / 16 + 4;
        Model::with_capacity(source, file, nodes)
    }

    /// [`Model::new`] with room for `nodes` nodes (the other arenas sized in proportion, from
    /// the corpus), for a builder that can estimate the count better than from the length.
    pub fn with_capacity(source: impl Into<Arc<str>>, file: Option<&str>, nodes: usize) -> Model {
        let source = source.into();
        Model {
            nodes: Vec::with_capacity(nodes),
            lists: Vec::with_capacity(nodes * 3 / 4),
            string_buf: String::with_capacity(source.len() / 64),
            string_spans: Vec::with_capacity(nodes),
            body: None,
            definitions: Vec::new(),
            source,
            file: file.map(str::to_owned),
            line_index: OnceLock::new(),
        }
    }

    // ---- Program and Locator ----

    /// `Program#body` (the parser always sets one: `Nop` for an empty program).
    pub fn body(&self) -> Option<NodeId> {
        self.body
    }

    /// Sets `Program#body`.
    pub fn set_body(&mut self, body: Option<NodeId>) {
        self.body = body;
    }

    /// `Program#definitions`: references to the definitions contained in the body, in the order
    /// the parser reduced them (inner first).
    pub fn definitions(&self) -> &[NodeId] {
        &self.definitions
    }

    /// Appends to `Program#definitions` (debug-checks that `id` is a `Definition`).
    pub fn push_definition(&mut self, id: NodeId) {
        debug_assert!(
            self.class(id).is_a(ModelClass::Definition),
            "{:?} is not a Definition",
            self.class(id)
        );
        self.definitions.push(id);
    }

    /// `Program#definitions`, mutable.
    pub fn definitions_mut(&mut self) -> &mut Vec<NodeId> {
        &mut self.definitions
    }

    /// The bytes of heap memory this model holds apart from its source text (which it shares
    /// with its [`ParseResult`](crate::ParseResult)): its arenas, by capacity, its file name
    /// and its line index once made. What a host with a garbage collector of its own reports
    /// to it (the Ruby gem: `rb_gc_adjust_memory_usage`), so that results it no longer uses
    /// are collected in time.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.nodes.capacity() * size_of::<Node>()
            + self.lists.capacity() * size_of::<NodeId>()
            + self.string_buf.capacity()
            + self.string_spans.capacity() * size_of::<(u32, u32)>()
            + self.definitions.capacity() * size_of::<NodeId>()
            + self.file.as_ref().map_or(0, String::capacity)
            + self.line_index.get().map_or(0, LineIndex::heap_bytes)
    }

    /// `Locator#string` / `Program#source_text`.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// `Locator#file` / `Program#source_ref` (`None` is Ruby `nil`).
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// `Locator#line_index` / `Program#line_offsets`.
    pub fn line_index(&self) -> &LineIndex {
        self.line_index.get_or_init(|| LineIndex::new(&self.source))
    }

    /// Ruby `Positioned#line` (1-based).
    pub fn line(&self, id: NodeId) -> u32 {
        self.line_index().line(self.node(id).offset)
    }

    /// Ruby `Positioned#pos` (1-based, in characters).
    pub fn pos(&self, id: NodeId) -> u32 {
        self.line_index()
            .line_col(&self.source, self.node(id).offset)
            .1
    }

    // ---- Nodes ----

    /// Allocates a node (debug-checks that child attributes hold nodes of the declared classes).
    #[inline]
    pub fn alloc(&mut self, offset: u32, length: u32, kind: NodeKind) -> NodeId {
        let id = NodeId::from_index(self.nodes.len());
        self.nodes.push(Node {
            offset,
            length,
            kind,
        });
        #[cfg(debug_assertions)]
        self.check_attribute_types(id);
        id
    }

    /// The node `id`.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The class and attributes of node `id`.
    pub fn kind(&self, id: NodeId) -> &NodeKind {
        &self.nodes[id.index()].kind
    }

    /// Mutable access to any attribute of a node (the Ruby factory mutates freely).
    pub fn kind_mut(&mut self, id: NodeId) -> &mut NodeKind {
        &mut self.nodes[id.index()].kind
    }

    /// The model class of node `id`.
    pub fn class(&self, id: NodeId) -> ModelClass {
        self.node(id).kind.class()
    }

    /// Byte offset of node `id` (Ruby's `Positioned#offset`).
    pub fn offset(&self, id: NodeId) -> u32 {
        self.node(id).offset
    }

    /// Length in bytes of node `id` (Ruby's `Positioned#length`).
    pub fn length(&self, id: NodeId) -> u32 {
        self.node(id).length
    }

    /// `(offset, length)`.
    pub fn span(&self, id: NodeId) -> (u32, u32) {
        let node = self.node(id);
        (node.offset, node.length)
    }

    /// Sets the byte offset and length of node `id`.
    pub fn set_span(&mut self, id: NodeId, offset: u32, length: u32) {
        let node = &mut self.nodes[id.index()];
        node.offset = offset;
        node.length = length;
    }

    /// Sets the byte offset of node `id`.
    pub fn set_offset(&mut self, id: NodeId, offset: u32) {
        self.nodes[id.index()].offset = offset;
    }

    /// Sets the byte length of node `id`.
    pub fn set_length(&mut self, id: NodeId, length: u32) {
        self.nodes[id.index()].length = length;
    }

    /// Number of allocated nodes (including any that ended up unreachable).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The id of the node at position `index` of the arena (allocation order, the inverse of
    /// [`NodeId::index`]), or `None` past the last node.
    pub fn node_id(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then(|| NodeId::from_index(index))
    }

    /// All allocated nodes in allocation order. The parser and the XPP reader allocate every
    /// node after the nodes it refers to (a test checks it), so this order visits children
    /// first; a model built by hand need not.
    pub fn all_nodes(&self) -> impl Iterator<Item = (NodeId, &Node)> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (NodeId::from_index(i), n))
    }

    // ---- Lists, strings, integers ----

    /// Stores a child list.
    #[inline]
    pub fn list(&mut self, ids: &[NodeId]) -> NodeList {
        self.list_from(ids.iter().copied())
    }

    /// Stores a child list from an iterator (no intermediate vector).
    pub fn list_from(&mut self, ids: impl IntoIterator<Item = NodeId>) -> NodeList {
        let start = self.lists.len();
        self.lists.extend(ids);
        let len = self.lists.len() - start;
        if len == 0 {
            return NodeList::EMPTY;
        }
        NodeList {
            start: u32::try_from(start).expect("model list arena overflow"),
            len: len as u32,
        }
    }

    /// The nodes of a child list.
    pub fn nodes(&self, list: NodeList) -> &[NodeId] {
        &self.lists[list.start as usize..(list.start + list.len) as usize]
    }

    /// Stores a string. A slice of the model's own source is recorded as a position in it,
    /// not copied.
    #[inline]
    pub fn intern(&mut self, text: &str) -> StrId {
        let source_start = self.source.as_ptr() as usize;
        let at = (text.as_ptr() as usize).wrapping_sub(source_start);
        // The empty string too is a slice of the source: its pointer is then never dangling
        // (C and Ruby callers get a pointer into a live allocation, whatever its length).
        let span = if text.is_empty() {
            (0, IN_SOURCE)
        } else if at <= self.source.len()
            && text.len() <= self.source.len() - at
            && at <= u32::MAX as usize
            && text.len() < IN_SOURCE as usize
        {
            (at as u32, text.len() as u32 | IN_SOURCE)
        } else {
            self.copy_string(text)
        };
        let id = StrId::from_index(self.string_spans.len());
        self.string_spans.push(span);
        id
    }

    /// [`Model::intern`] of a string that is not a slice of the source: copied into the
    /// string buffer. Kept out of line, so that the common case above stays small.
    #[inline(never)]
    fn copy_string(&mut self, text: &str) -> (u32, u32) {
        let start = u32::try_from(self.string_buf.len()).expect("model string arena overflow");
        self.string_buf.push_str(text);
        (start, text.len() as u32)
    }

    /// The text of a stored string.
    pub fn str(&self, id: StrId) -> &str {
        let (start, len) = self.string_spans[id.index()];
        let (start, end) = (start as usize, start as usize + (len & !IN_SOURCE) as usize);
        let text: &str = if len & IN_SOURCE != 0 {
            &self.source
        } else {
            &self.string_buf
        };
        &text[start..end]
    }

    /// An exact integer from its digits (no sign, no `0x`/`0` prefix) in `radix` (8, 10 or 16 in
    /// Puppet): `IntValue::Small` when it fits in `i64`, else the decimal digits are stored.
    /// `None` if a digit is invalid for the radix or `digits` is empty. `negative` negates.
    pub fn integer(&mut self, digits: &str, radix: u32, negative: bool) -> Option<IntValue> {
        if let Ok(v) = i64::from_str_radix(digits, radix) {
            if !digits.starts_with(['+', '-']) {
                return Some(IntValue::Small(if negative { -v } else { v }));
            }
        }
        let decimal = values::digits_to_decimal(digits, radix)?;
        if negative {
            if decimal == "9223372036854775808" {
                return Some(IntValue::Small(i64::MIN));
            }
            Some(IntValue::Big(self.intern(&format!("-{decimal}"))))
        } else {
            Some(IntValue::Big(self.intern(&decimal)))
        }
    }

    /// Resolves an [`IntValue`].
    pub fn int(&self, value: IntValue) -> IntRef<'_> {
        match value {
            IntValue::Small(v) => IntRef::Small(v),
            IntValue::Big(id) => IntRef::Big(self.str(id)),
        }
    }

    #[cfg(debug_assertions)]
    fn check_attribute_types(&self, id: NodeId) {
        for attr in self.attrs(id) {
            let expected = match attr.info.ty {
                AttrType::Node(c) | AttrType::OptNode(c) => c,
                AttrType::Nodes { element, min } => {
                    debug_assert!(
                        attr.value.nodes().len() >= min as usize,
                        "{}#{} needs at least {min} element(s)",
                        self.class(id).name(),
                        attr.info.name
                    );
                    element
                }
                _ => continue,
            };
            for &child in attr.value.nodes() {
                debug_assert!(
                    child.index() < self.nodes.len() && self.class(child).is_a(expected),
                    "{}#{} must be a {}, got {:?}",
                    self.class(id).name(),
                    attr.info.name,
                    expected.name(),
                    self.nodes.get(child.index()).map(|n| n.kind.class())
                );
            }
        }
    }
}
