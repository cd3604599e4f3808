//! Convenience constructors and mutators for the model builder, one per Ruby `Factory` idiom
//! that needs more than a plain [`Model::alloc`] (interning strings, storing lists, computing
//! derived values such as a regexp's `pattern`), plus the few post-construction mutations the
//! Ruby factory performs (resource form, `rval_required`, class-name prefixing).
//!
//! Anything not covered here is `model.alloc(offset, length, NodeKind::Class { … })` with
//! fields made by [`Model::intern`], [`Model::list`] and [`Model::integer`].

use super::{
    AttributeOperator, IntValue, Model, ModelClass, NodeId, NodeKind, NodeList, ResourceForm, StrId,
};
use crate::ruby_format::regexp_inspect;

impl Model {
    /// Allocates a node whose payload holds one string: the Factory idioms that only intern
    /// their text (`QualifiedName`, `LiteralString`, …) share this.
    fn alloc_with_str(
        &mut self,
        (offset, length): (u32, u32),
        text: &str,
        kind: impl FnOnce(StrId) -> NodeKind,
    ) -> NodeId {
        let text = self.intern(text);
        self.alloc(offset, length, kind(text))
    }

    /// Allocates a node whose payload holds one child list (`BlockExpression`, `LiteralList`…).
    fn alloc_with_list(
        &mut self,
        (offset, length): (u32, u32),
        items: &[NodeId],
        kind: impl FnOnce(NodeList) -> NodeKind,
    ) -> NodeId {
        let list = self.list(items);
        self.alloc(offset, length, kind(list))
    }

    /// `QualifiedName.new(value)` (Factory `QNAME`, `NAME` tokens): a bare word.
    pub fn qualified_name(&mut self, offset: u32, length: u32, value: &str) -> NodeId {
        self.alloc_with_str((offset, length), value, |value| NodeKind::QualifiedName {
            value,
        })
    }

    /// `QualifiedReference.new(cased_value)` (Factory `QREF`, `CLASSREF` tokens).
    pub fn qualified_reference(&mut self, offset: u32, length: u32, cased_value: &str) -> NodeId {
        self.alloc_with_str((offset, length), cased_value, |cased_value| {
            NodeKind::QualifiedReference { cased_value }
        })
    }

    /// The derived `QualifiedReference#value`: Ruby `cased_value.downcase` (for non-ASCII this
    /// uses Rust's Unicode lowercase mapping, which Ruby's full case mapping agrees with except
    /// for context-dependent cases such as a final sigma).
    pub fn qualified_reference_value(&self, id: NodeId) -> Option<String> {
        match self.kind(id) {
            NodeKind::QualifiedReference { cased_value } => {
                Some(self.str(*cased_value).to_lowercase())
            }
            _ => None,
        }
    }

    /// `LiteralString.new(value)` (Factory `literal`/`STRING`, `SQ` strings, DQ strings without
    /// interpolation, string segments of a `ConcatenatedString`).
    pub fn literal_string(&mut self, offset: u32, length: u32, value: &str) -> NodeId {
        self.alloc_with_str((offset, length), value, |value| NodeKind::LiteralString {
            value,
        })
    }

    /// `RenderStringExpression.new(value)` (Factory `RENDER_STRING`, EPP text).
    pub fn render_string(&mut self, offset: u32, length: u32, value: &str) -> NodeId {
        self.alloc_with_str((offset, length), value, |value| {
            NodeKind::RenderStringExpression { value }
        })
    }

    /// `ReservedWord.new(word, future)` (Factory `RESERVED`; the parser passes `future = false`).
    pub fn reserved_word(
        &mut self,
        offset: u32,
        length: u32,
        word: &str,
        future: Option<bool>,
    ) -> NodeId {
        let word = self.intern(word);
        self.alloc(offset, length, NodeKind::ReservedWord { word, future })
    }

    /// `LiteralInteger.new(value, radix)` for a value that fits in `i64` (Factory `NUMBER`); use
    /// [`Model::integer`] + [`Model::literal_integer_value`] for arbitrary size.
    pub fn literal_integer(&mut self, offset: u32, length: u32, value: i64, radix: u8) -> NodeId {
        self.literal_integer_value(offset, length, IntValue::Small(value), radix)
    }

    /// `LiteralInteger.new(value, radix)` with an exact [`IntValue`].
    pub fn literal_integer_value(
        &mut self,
        offset: u32,
        length: u32,
        value: IntValue,
        radix: u8,
    ) -> NodeId {
        self.alloc(offset, length, NodeKind::LiteralInteger { radix, value })
    }

    /// `LiteralFloat.new(value)` (Factory `NUMBER` with a float).
    pub fn literal_float(&mut self, offset: u32, length: u32, value: f64) -> NodeId {
        self.alloc(offset, length, NodeKind::LiteralFloat { value })
    }

    /// `LiteralBoolean.new(value)` (`true` / `false`).
    pub fn literal_boolean(&mut self, offset: u32, length: u32, value: bool) -> NodeId {
        self.alloc(offset, length, NodeKind::LiteralBoolean { value })
    }

    /// `LiteralUndef.new` (`undef`).
    pub fn literal_undef(&mut self, offset: u32, length: u32) -> NodeId {
        self.alloc(offset, length, NodeKind::LiteralUndef {})
    }

    /// `LiteralDefault.new` (`default`).
    pub fn literal_default(&mut self, offset: u32, length: u32) -> NodeId {
        self.alloc(offset, length, NodeKind::LiteralDefault {})
    }

    /// `Nop.new` (empty program: EOF offset, length 0).
    pub fn nop(&mut self, offset: u32, length: u32) -> NodeId {
        self.alloc(offset, length, NodeKind::Nop {})
    }

    /// `LiteralRegularExpression.new(Regexp.new(source), Regexp#inspect)` (Factory `literal` of a
    /// `REGEX` token). `source` is the text between the slashes with `\/` already turned into `/`
    /// (as Ruby's lexer does); the `pattern` is computed with [`regexp_inspect`].
    pub fn literal_regexp(&mut self, offset: u32, length: u32, source: &str) -> NodeId {
        let value = self.intern(source);
        let pattern = self.intern(&regexp_inspect(source));
        self.alloc(
            offset,
            length,
            NodeKind::LiteralRegularExpression { value, pattern },
        )
    }

    /// A `VARIABLE` token `$name` (Factory `fqn(name).var`): `VariableExpression` on the whole
    /// token wrapping a `QualifiedName(name)` at `offset + 1`, `length - 1`.
    pub fn variable(&mut self, offset: u32, length: u32, name: &str) -> NodeId {
        let qn = self.qualified_name(offset + 1, length.saturating_sub(1), name);
        self.alloc(offset, length, NodeKind::VariableExpression { expr: qn })
    }

    /// Wraps an existing expression (usually a `QualifiedName`) in a `VariableExpression` spanning
    /// the same text (Factory `var`, e.g. the `${name}` interpolation rewrite).
    pub fn wrap_in_variable(&mut self, expr: NodeId, offset: u32, length: u32) -> NodeId {
        self.alloc(offset, length, NodeKind::VariableExpression { expr })
    }

    /// `BlockExpression.new(statements)` (Factory `block`).
    pub fn block(&mut self, offset: u32, length: u32, statements: &[NodeId]) -> NodeId {
        self.alloc_with_list((offset, length), statements, |statements| {
            NodeKind::BlockExpression { statements }
        })
    }

    /// `LiteralList.new(values)` (Factory `LIST`), the values stored already ([`Model::list`],
    /// [`Model::list_from`]: the builder stores them straight from its own buffers).
    pub fn literal_list(&mut self, offset: u32, length: u32, values: NodeList) -> NodeId {
        self.alloc(offset, length, NodeKind::LiteralList { values })
    }

    /// `LiteralHash.new(entries)` (Factory `HASH`); entries are `KeyedEntry` nodes, stored
    /// already.
    pub fn literal_hash(&mut self, offset: u32, length: u32, entries: NodeList) -> NodeId {
        self.alloc(offset, length, NodeKind::LiteralHash { entries })
    }

    /// `ConcatenatedString.new(segments)` (Factory `STRING(*segments)` with interpolation).
    pub fn concatenated_string(&mut self, offset: u32, length: u32, segments: &[NodeId]) -> NodeId {
        self.alloc_with_list((offset, length), segments, |segments| {
            NodeKind::ConcatenatedString { segments }
        })
    }

    /// `AccessExpression.new(left_expr, keys)` (Factory `access`).
    pub fn access(
        &mut self,
        offset: u32,
        length: u32,
        left_expr: NodeId,
        keys: NodeList,
    ) -> NodeId {
        self.alloc(
            offset,
            length,
            NodeKind::AccessExpression { left_expr, keys },
        )
    }

    /// `CallNamedFunctionExpression.new(functor, rval_required, args, lambda)` (Factory
    /// `CALL_NAMED`); statement calls have `rval_required = false`. The arguments are stored
    /// already.
    pub fn call_named_function(
        &mut self,
        (offset, length): (u32, u32),
        functor_expr: NodeId,
        rval_required: bool,
        arguments: NodeList,
        lambda: Option<NodeId>,
    ) -> NodeId {
        self.alloc(
            offset,
            length,
            NodeKind::CallNamedFunctionExpression {
                rval_required,
                functor_expr,
                arguments,
                lambda,
            },
        )
    }

    /// `CallMethodExpression.new(functor, rval_required, args, lambda)` (Factory `CALL_METHOD`);
    /// the functor is a `NamedAccessExpression`. The parser always passes `rval_required = true`.
    /// The arguments are stored already.
    pub fn call_method(
        &mut self,
        (offset, length): (u32, u32),
        functor_expr: NodeId,
        rval_required: bool,
        arguments: NodeList,
        lambda: Option<NodeId>,
    ) -> NodeId {
        self.alloc(
            offset,
            length,
            NodeKind::CallMethodExpression {
                rval_required,
                functor_expr,
                arguments,
                lambda,
            },
        )
    }

    /// `Parameter.new(name, value, type_expr, captures_rest)` (Factory `PARAM`; `*$x` sets
    /// `captures_rest = Some(true)`, otherwise `None`).
    pub fn parameter(
        &mut self,
        (offset, length): (u32, u32),
        name: &str,
        value: Option<NodeId>,
        type_expr: Option<NodeId>,
        captures_rest: Option<bool>,
    ) -> NodeId {
        let name = self.intern(name);
        self.alloc(
            offset,
            length,
            NodeKind::Parameter {
                name,
                value,
                type_expr,
                captures_rest,
            },
        )
    }

    /// `AttributeOperation.new(name, operator, value_expr)` (Factory `ATTRIBUTE_OP`).
    pub fn attribute_operation(
        &mut self,
        (offset, length): (u32, u32),
        attribute_name: &str,
        operator: AttributeOperator,
        value_expr: NodeId,
    ) -> NodeId {
        let attribute_name = self.intern(attribute_name);
        self.alloc(
            offset,
            length,
            NodeKind::AttributeOperation {
                attribute_name,
                operator,
                value_expr,
            },
        )
    }

    /// `HeredocExpression.new(syntax, text_expr)` (Factory `HEREDOC`): the parser passes `""` when
    /// the heredoc has no `:syntax`.
    pub fn heredoc(&mut self, offset: u32, length: u32, syntax: &str, text_expr: NodeId) -> NodeId {
        let syntax = Some(self.intern(syntax));
        self.alloc(
            offset,
            length,
            NodeKind::HeredocExpression { syntax, text_expr },
        )
    }

    /// Sets `AbstractResource#form` (Factory `set_resource_form` for `@` / `@@`).
    /// Panics if the node is not a resource expression.
    pub fn set_form(&mut self, id: NodeId, new_form: ResourceForm) {
        let kind = self.kind_mut(id);
        let class = kind.class();
        match kind.as_abstract_resource_mut() {
            Some(resource) => *resource.form = new_form,
            None => panic!("set_form on a {}", class.name()),
        }
    }

    /// Sets `CallExpression#rval_required` (Factory `transform_calls` clears it for statement
    /// calls). Panics if the node is not a call.
    pub fn set_rval_required(&mut self, id: NodeId, value: bool) {
        let kind = self.kind_mut(id);
        let class = kind.class();
        match kind.as_call_expression_mut() {
            Some(call) => *call.rval_required = value,
            None => panic!("set_rval_required on a {}", class.name()),
        }
    }

    /// The `name` of a `NamedDefinition` or `QRefDefinition`.
    pub fn definition_name(&self, id: NodeId) -> Option<&str> {
        let kind = self.kind(id);
        let name = match kind.as_named_definition() {
            Some(definition) => definition.name,
            None => kind.as_q_ref_definition()?.name,
        };
        Some(self.str(name))
    }

    /// Replaces the `name` of a `NamedDefinition` or `QRefDefinition` (Factory `classname`
    /// prefixing of nested `class`/`define` names). Panics for other classes.
    pub fn set_definition_name(&mut self, id: NodeId, new_name: &str) {
        let new_name = self.intern(new_name);
        let kind = self.kind_mut(id);
        let class = kind.class();
        if let Some(definition) = kind.as_named_definition_mut() {
            *definition.name = new_name;
        } else if let Some(definition) = kind.as_q_ref_definition_mut() {
            *definition.name = new_name;
        } else {
            panic!("set_definition_name on a {}", class.name());
        }
    }

    /// Whether the node's class is `class` or a subclass (Ruby `is_a?`).
    pub fn is_a(&self, id: NodeId, class: ModelClass) -> bool {
        self.class(id).is_a(class)
    }
}
