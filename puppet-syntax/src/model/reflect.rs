//! Generic reflection over model nodes: static attribute descriptions ([`AttrInfo`]: name, Pcore
//! type, default; the tables are generated from `puppet-syntax/model/ast.toml`) and attribute
//! values ([`AttrValue`]) read from a node, in Pcore declaration order ([`Model::attrs`]) or in
//! the `Class.new` positional order ([`Model::attrs_new_order`]). Each step of these iterators is
//! O(1): [`NodeKind::attr_value`] builds only the value asked for; [`NodeKind::for_each_attr`]
//! visits all of them without the iterator state.
//!
//! Writers that mirror Ruby's Pcore serialization walk `attrs_new_order` and drop trailing
//! attributes whose [`Attr::is_default`] is true (what `ObjectWriter` does). The Positioned
//! attributes `locator`, `offset`, `length` are not listed: every class with
//! [`ModelClass::is_positioned`] has them first in both orders (offset/length from [`Node`]).
//!
//! [`Node`]: super::Node

use super::{IntRef, IntValue, Model, ModelClass, NodeId, NodeKind, NodeList, StrId};

/// The Pcore type of an attribute (as declared in `ast.pp`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttrType {
    /// A contained node of the given class (`Expression`, `QueryExpression`).
    Node(ModelClass),
    /// `Optional[Class]`, contained.
    OptNode(ModelClass),
    /// `Array[Class]` (or `Array[Class, min, default]`), contained.
    Nodes {
        /// Class of the elements.
        element: ModelClass,
        /// Minimum number of elements (`0` unless declared).
        min: u8,
    },
    /// `Array[Class]` of references (not contained): only `Program#definitions`.
    RefNodes(ModelClass),
    /// `String`.
    String,
    /// `Optional[String]`.
    OptString,
    /// `Boolean`.
    Boolean,
    /// `Optional[Boolean]`.
    OptBoolean,
    /// `Integer`.
    Integer,
    /// `Float`.
    Float,
    /// `Any`: a Ruby `Regexp` (`LiteralRegularExpression#value`); the value is its source text.
    Regexp,
    /// `Enum[...]` with these values.
    Enum(&'static [&'static str]),
    /// `Puppet::AST::Locator` (only `Program#locator`).
    Locator,
}

/// The default value of an attribute (`value => …` in `ast.pp`); `Required` when there is none.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttrDefault {
    /// No default: the attribute must be given to `Class.new`.
    Required,
    /// `undef`
    Nil,
    /// `[]`
    EmptyArray,
    /// A `Boolean`.
    Bool(bool),
    /// An `Integer`.
    Integer(i64),
    /// A `String` (also the default of an `Enum[...]` attribute).
    String(&'static str),
}

/// Static description of one attribute.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AttrInfo {
    /// Attribute name as in `ast.pp` (e.g. `left_expr`).
    pub name: &'static str,
    /// Pcore type.
    pub ty: AttrType,
    /// Default value.
    pub default: AttrDefault,
}

impl AttrInfo {
    /// Required attributes come first in `Class.new`; optional ones (with a default) after.
    pub fn is_required(&self) -> bool {
        self.default == AttrDefault::Required
    }

    /// Whether values of this attribute are contained nodes (part of `_pcore_contents`).
    pub fn is_containment(&self) -> bool {
        matches!(
            self.ty,
            AttrType::Node(_) | AttrType::OptNode(_) | AttrType::Nodes { .. }
        )
    }
}

/// The value of one attribute of one node, borrowed from the model.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum AttrValue<'a> {
    /// A contained node.
    Node(NodeId),
    /// An optional contained node (`None` is `undef`).
    OptNode(Option<NodeId>),
    /// Contained list, or (for `Program#definitions`) a reference list.
    Nodes(&'a [NodeId]),
    /// A `String` value.
    Str(&'a str),
    /// An `Optional[String]` value (`None` is `undef`).
    OptStr(Option<&'a str>),
    /// A `Boolean` value.
    Bool(bool),
    /// An `Optional[Boolean]` value (`None` is `undef`).
    OptBool(Option<bool>),
    /// An `Integer` value.
    Int(IntRef<'a>),
    /// A `Float` value.
    Float(f64),
    /// The source of a Ruby `Regexp` (`LiteralRegularExpression#value`).
    Regexp(&'a str),
    /// The Ruby string of an `Enum[...]` value.
    Enum(&'static str),
    /// `Program#locator` (the model's source text, file and line index).
    Locator,
}

impl AttrValue<'_> {
    /// Whether the value equals the attribute default (Pcore `default_value?`).
    pub fn is_default(&self, default: AttrDefault) -> bool {
        match (default, *self) {
            (AttrDefault::Required, _) => false,
            (AttrDefault::Nil, AttrValue::OptNode(v)) => v.is_none(),
            (AttrDefault::Nil, AttrValue::OptStr(v)) => v.is_none(),
            (AttrDefault::Nil, AttrValue::OptBool(v)) => v.is_none(),
            (AttrDefault::EmptyArray, AttrValue::Nodes(v)) => v.is_empty(),
            (AttrDefault::Bool(d), AttrValue::Bool(v)) => d == v,
            (AttrDefault::Integer(d), AttrValue::Int(v)) => v == IntRef::Small(d),
            (AttrDefault::String(d), AttrValue::Enum(v)) => d == v,
            (AttrDefault::String(d), AttrValue::Str(v)) => d == v,
            _ => false,
        }
    }

    /// The contained (or referenced) nodes of this value, in order.
    pub fn nodes(&self) -> &[NodeId] {
        match self {
            AttrValue::Node(id) => std::slice::from_ref(id),
            AttrValue::OptNode(Some(id)) => std::slice::from_ref(id),
            AttrValue::Nodes(ids) => ids,
            _ => &[],
        }
    }
}

/// Where [`NodeKind::read_new_order`] takes the attribute values of one node from, and where it
/// stores the node: a reader of a serialized object (Pcore), called once per attribute the
/// object gives, in `Class.new` order ([`ModelClass::new_order`]), with the attribute's
/// description and, for node attributes, the class the value must be. Each method stores what
/// it reads in the model (strings interned, lists stored) and refuses a value of another type
/// with its own error.
pub(crate) trait NewOrderReader {
    /// Why a value cannot be read.
    type Error;
    /// A contained node of class `class` (or a subclass).
    fn node(&mut self, attr: &'static AttrInfo, class: ModelClass) -> Result<NodeId, Self::Error>;
    /// `undef` or a contained node of class `class`.
    fn opt_node(
        &mut self,
        attr: &'static AttrInfo,
        class: ModelClass,
    ) -> Result<Option<NodeId>, Self::Error>;
    /// A list of at least `min` contained nodes of class `element`.
    fn nodes(
        &mut self,
        attr: &'static AttrInfo,
        element: ModelClass,
        min: u8,
    ) -> Result<NodeList, Self::Error>;
    /// A string.
    fn string(&mut self, attr: &'static AttrInfo) -> Result<StrId, Self::Error>;
    /// `undef` or a string.
    fn opt_string(&mut self, attr: &'static AttrInfo) -> Result<Option<StrId>, Self::Error>;
    /// A boolean.
    fn boolean(&mut self, attr: &'static AttrInfo) -> Result<bool, Self::Error>;
    /// `undef` or a boolean.
    fn opt_boolean(&mut self, attr: &'static AttrInfo) -> Result<Option<bool>, Self::Error>;
    /// An integer (of 64 bits: every integer the model writes is).
    fn integer(&mut self, attr: &'static AttrInfo) -> Result<i64, Self::Error>;
    /// A float.
    fn float(&mut self, attr: &'static AttrInfo) -> Result<f64, Self::Error>;
    /// A regular expression: its source.
    fn regexp(&mut self, attr: &'static AttrInfo) -> Result<StrId, Self::Error>;
    /// One of `names` (an `Enum`'s values): its index.
    fn enumeration(
        &mut self,
        attr: &'static AttrInfo,
        names: &'static [&'static str],
    ) -> Result<usize, Self::Error>;
    /// Stores the node whose attributes were read.
    fn store(&mut self, kind: NodeKind) -> NodeId;
    /// The error for a required attribute the object does not give.
    fn missing(&mut self, attr: &'static AttrInfo) -> Self::Error;
    /// The error for a value of the right type that the model cannot hold (a `radix` that is
    /// no `u8`).
    fn out_of_range(&mut self, attr: &'static AttrInfo) -> Self::Error;
}

/// An attribute value given to [`NodeKind::from_attr_values`](super::NodeKind::from_attr_values),
/// already stored in the model's arenas (strings interned, lists stored).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum AttrInput<'a> {
    /// A contained node.
    Node(NodeId),
    /// An optional contained node (`None` is `undef`).
    OptNode(Option<NodeId>),
    /// A stored node list (contained, or references for `Program#definitions`).
    Nodes(NodeList),
    /// `String` attributes and the source of a `Regexp`.
    Str(StrId),
    /// An `Optional[String]` value (`None` is `undef`).
    OptStr(Option<StrId>),
    /// A `Boolean` value.
    Bool(bool),
    /// An `Optional[Boolean]` value (`None` is `undef`).
    OptBool(Option<bool>),
    /// `Integer` attributes, including `radix`.
    Int(IntValue),
    /// A `Float` value.
    Float(f64),
    /// The Ruby string of an `Enum[...]` value.
    Enum(&'a str),
}

/// Shape checks for the generated [`NodeKind::from_attr_values`]: the payload of one variant,
/// `None` for any other.
impl<'a> AttrInput<'a> {
    pub(crate) fn node(self) -> Option<NodeId> {
        match self {
            AttrInput::Node(id) => Some(id),
            _ => None,
        }
    }

    pub(crate) fn opt_node(self) -> Option<Option<NodeId>> {
        match self {
            AttrInput::OptNode(id) => Some(id),
            _ => None,
        }
    }

    pub(crate) fn nodes(self) -> Option<NodeList> {
        match self {
            AttrInput::Nodes(list) => Some(list),
            _ => None,
        }
    }

    pub(crate) fn str(self) -> Option<StrId> {
        match self {
            AttrInput::Str(s) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn opt_str(self) -> Option<Option<StrId>> {
        match self {
            AttrInput::OptStr(s) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn bool(self) -> Option<bool> {
        match self {
            AttrInput::Bool(b) => Some(b),
            _ => None,
        }
    }

    pub(crate) fn opt_bool(self) -> Option<Option<bool>> {
        match self {
            AttrInput::OptBool(b) => Some(b),
            _ => None,
        }
    }

    pub(crate) fn int(self) -> Option<IntValue> {
        match self {
            AttrInput::Int(i) => Some(i),
            _ => None,
        }
    }

    /// `LiteralInteger#radix`: a small integer stored as `u8`.
    pub(crate) fn radix(self) -> Option<u8> {
        match self {
            AttrInput::Int(IntValue::Small(r)) => u8::try_from(r).ok(),
            _ => None,
        }
    }

    pub(crate) fn float(self) -> Option<f64> {
        match self {
            AttrInput::Float(f) => Some(f),
            _ => None,
        }
    }

    pub(crate) fn enum_str(self) -> Option<&'a str> {
        match self {
            AttrInput::Enum(s) => Some(s),
            _ => None,
        }
    }
}

/// One attribute of a node: its description and value.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Attr<'a> {
    /// The attribute's static description.
    pub info: &'static AttrInfo,
    /// The attribute's value on the node.
    pub value: AttrValue<'a>,
}

impl Attr<'_> {
    /// The attribute name.
    pub fn name(&self) -> &'static str {
        self.info.name
    }

    /// Whether the value equals the attribute default (Pcore `default_value?`).
    pub fn is_default(&self) -> bool {
        self.value.is_default(self.info.default)
    }
}

/// Iterator over a node's attributes in Pcore declaration order (see [`Model::attrs`]).
#[derive(Clone)]
pub struct Attrs<'a> {
    model: &'a Model,
    kind: &'a NodeKind,
    infos: &'static [AttrInfo],
    next: usize,
}

impl<'a> Iterator for Attrs<'a> {
    type Item = Attr<'a>;

    fn next(&mut self) -> Option<Attr<'a>> {
        let info = self.infos.get(self.next)?;
        let value = self.kind.attr_value(self.model, self.next)?;
        self.next += 1;
        Some(Attr { info, value })
    }
}

/// Iterator over a node's attributes in `Class.new` order: required ones first, then optional
/// ones, each group in declaration order (see [`Model::attrs_new_order`]).
#[derive(Clone)]
pub struct AttrsNewOrder<'a> {
    model: &'a Model,
    kind: &'a NodeKind,
    infos: &'static [AttrInfo],
    /// [`ModelClass::new_order_indices`]: where each `infos` entry is in the declaration order.
    indices: &'static [usize],
    next: usize,
}

impl<'a> Iterator for AttrsNewOrder<'a> {
    type Item = Attr<'a>;

    fn next(&mut self) -> Option<Attr<'a>> {
        let info = self.infos.get(self.next)?;
        let value = self.kind.attr_value(self.model, self.indices[self.next])?;
        self.next += 1;
        Some(Attr { info, value })
    }
}

/// The contained child nodes of a node, in `_pcore_contents` order (see [`Model::children`]).
#[derive(Clone)]
pub struct Children<'a> {
    attrs: Attrs<'a>,
    pending: &'a [NodeId],
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        loop {
            if let Some((first, rest)) = self.pending.split_first() {
                self.pending = rest;
                return Some(*first);
            }
            match self.attrs.next()?.value {
                AttrValue::Node(id) | AttrValue::OptNode(Some(id)) => return Some(id),
                AttrValue::Nodes(ids) => self.pending = ids,
                _ => {}
            }
        }
    }
}

/// Pre-order traversal equal to Ruby's `_pcore_all_contents` (see [`Model::walk`]).
pub struct Walk<'a> {
    model: &'a Model,
    first: Option<NodeId>,
    stack: Vec<Children<'a>>,
}

impl Iterator for Walk<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        if let Some(first) = self.first.take() {
            self.stack.push(self.model.children(first));
            return Some(first);
        }
        loop {
            let top = self.stack.last_mut()?;
            match top.next() {
                Some(child) => {
                    let children = self.model.children(child);
                    self.stack.push(children);
                    return Some(child);
                }
                None => {
                    self.stack.pop();
                }
            }
        }
    }
}

impl Model {
    /// The attributes of a node in Pcore declaration order (inherited first): the order of
    /// `_pcore_init_hash` and of `_pcore_contents` for the containment attributes.
    pub fn attrs(&self, id: NodeId) -> Attrs<'_> {
        let kind = self.kind(id);
        Attrs {
            model: self,
            kind,
            infos: kind.class().node_attributes(),
            next: 0,
        }
    }

    /// The attributes of a node in `Class.new` positional order (what Pcore serialization writes
    /// after `locator, offset, length`).
    pub fn attrs_new_order(&self, id: NodeId) -> AttrsNewOrder<'_> {
        let kind = self.kind(id);
        let class = kind.class();
        AttrsNewOrder {
            model: self,
            kind,
            infos: class.new_order(),
            indices: class.new_order_indices(),
            next: 0,
        }
    }

    /// One attribute by name.
    pub fn attr(&self, id: NodeId, name: &str) -> Option<Attr<'_>> {
        self.attrs(id).find(|a| a.info.name == name)
    }

    /// The contained children of a node, in attribute order (Ruby's `_pcore_contents`).
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children {
            attrs: self.attrs(id),
            pending: &[],
        }
    }

    /// Pre-order traversal of `root` and everything it contains (`root` first).
    pub fn walk_from(&self, root: NodeId) -> Walk<'_> {
        Walk {
            model: self,
            first: Some(root),
            stack: Vec::new(),
        }
    }

    /// Pre-order traversal of the program body: exactly the positioned objects that Ruby's
    /// `program._pcore_all_contents` yields, in the same order (the Locator is not a node).
    pub fn walk(&self) -> Walk<'_> {
        Walk {
            model: self,
            first: self.body(),
            stack: Vec::new(),
        }
    }

    /// `[class, offset, length]` of every node in [`Model::walk`] order: the `locs` list printed
    /// by `shared/tools/oracle/reference.rb`.
    pub fn locs(&self) -> Vec<(ModelClass, u32, u32)> {
        self.walk()
            .map(|id| {
                let node = self.node(id);
                (node.kind.class(), node.offset, node.length)
            })
            .collect()
    }
}
