//! Lowering of expressions: literals, operators, selectors, access, calls, method calls, arrays,
//! hashes, lambdas and parameters (Ruby's `Factory` builders and the grammar's `loc` calls).

use super::stack::Val;
use super::{Lowering, UNPOSITIONED};
use crate::lexer::{dq_segment_value, sq_string_value, string_segment_inner, uq_segment_value};
use crate::model::{
    ArithmeticOperator, AssignmentOperator, ComparisonOperator, MatchOperator, Model, ModelClass,
    NodeId, NodeKind, NodeList, RelationshipOperator,
};
use crate::syntax_kind::SyntaxKind::{self, *};

impl Lowering<'_> {
    /// The model nodes among `vals`, in order.
    pub(super) fn nodes(vals: &[Val]) -> impl Iterator<Item = NodeId> + '_ {
        vals.iter().filter_map(|v| v.node())
    }

    /// The first token of `kind` among `vals`.
    pub(super) fn find_tok(&self, vals: &[Val], kind: SyntaxKind) -> Option<u32> {
        vals.iter()
            .filter_map(|v| v.tok())
            .find(|&t| self.tok_kind(t) == kind)
    }

    /// The last token among `vals` (a closing bracket).
    pub(super) fn last_tok(vals: &[Val]) -> Option<u32> {
        vals.iter().rev().find_map(|v| v.tok())
    }

    pub(super) fn first_tok(vals: &[Val]) -> Option<u32> {
        vals.iter().find_map(|v| v.tok())
    }

    /// Ruby's `Factory.ARGUMENTS` over an argument/array/access list: a `k => v` entry becomes an
    /// unfolded `LiteralHash` (positioned on the entry) and consecutive ones are merged.
    pub(super) fn arguments(&mut self, vals: &[Val]) -> Vec<NodeId> {
        let mut args: Vec<NodeId> = Vec::new();
        // Entries of the unfolded hash currently at the end of `args`.
        let mut open_hash: Option<(usize, Vec<NodeId>)> = None;
        for id in Self::nodes(vals) {
            if self.model.class(id) == ModelClass::KeyedEntry {
                if let Some((_, entries)) = open_hash.as_mut() {
                    entries.push(id);
                    continue;
                }
                let (offset, length) = self.span(id);
                let hash = self.model.literal_hash(offset, length, NodeList::EMPTY);
                args.push(hash);
                open_hash = Some((args.len() - 1, vec![id]));
            } else {
                self.close_unfolded(&mut args, &mut open_hash);
                args.push(id);
            }
        }
        self.close_unfolded(&mut args, &mut open_hash);
        args
    }

    /// [`Lowering::arguments`] stored as a model list. Without a `k => v` entry (the usual
    /// case) the nodes go straight into the list arena, without a vector in between.
    fn arguments_list(&mut self, vals: &[Val]) -> NodeList {
        if let Some(list) = Self::plain_arguments(self.model, vals) {
            return list;
        }
        let args = self.arguments(vals);
        self.model.list(&args)
    }

    /// [`Lowering::arguments_list`] of the members of group `start..end` (an `ARG_LIST`), read
    /// in place unless they hold a `k => v` entry.
    fn group_arguments_list(&mut self, start: u32, end: u32) -> NodeList {
        let members = &self.groups[start as usize..end as usize];
        if let Some(list) = Self::plain_arguments(self.model, members) {
            return list;
        }
        // (A copy: `arguments` needs the lowering, which owns the groups.)
        let members = members.to_vec();
        let args = self.arguments(&members);
        self.model.list(&args)
    }

    /// The nodes of `vals` stored as a list, when none is a `k => v` entry (nothing for
    /// `arguments` to gather into a hash).
    fn plain_arguments(model: &mut Model, vals: &[Val]) -> Option<NodeList> {
        Self::nodes(vals)
            .all(|id| model.class(id) != ModelClass::KeyedEntry)
            .then(|| model.list_from(Self::nodes(vals)))
    }

    fn close_unfolded(
        &mut self,
        args: &mut [NodeId],
        open_hash: &mut Option<(usize, Vec<NodeId>)>,
    ) {
        if let Some((index, entries)) = open_hash.take() {
            let list = self.model.list(&entries);
            if let NodeKind::LiteralHash { entries } = self.model.kind_mut(args[index]) {
                *entries = list;
            }
        }
    }

    pub(super) fn literal(&mut self, children: &[Val]) -> Val {
        let Some(t) = Self::first_tok(children) else {
            self.internal_error("literal without token");
            return Val::Nothing;
        };
        self.literal_token(t)
    }

    /// [`Lowering::literal`] of the node around raw token `t`.
    pub(super) fn literal_token(&mut self, t: u32) -> Val {
        let (offset, length) = self.tok_span(t);
        let text = self.tok_text(t);
        let id = match self.tok_kind(t) {
            VARIABLE => {
                // `$name`, or a `${name}` token the lexer rewrote (no `$`): QualifiedName at +1/-1.
                let name = text.strip_prefix('$').unwrap_or(text);
                self.model.variable(offset, length, name)
            }
            NUMBER => return self.number(offset, length, text),
            BOOLEAN => self.model.literal_boolean(offset, length, text == "true"),
            DEFAULT => self.model.literal_default(offset, length),
            UNDEF => self.model.literal_undef(offset, length),
            NAME => self.model.qualified_name(offset, length, text),
            WORD => self.model.literal_string(offset, length, text),
            STRING => {
                let value = match self.heredoc_text_escapes(t) {
                    Some(escapes) => uq_segment_value(text, escapes),
                    // Most strings: single-quoted without a backslash, so no escape and no
                    // escaped closing quote; the value is the text between the quotes.
                    None if text.starts_with('\'') && !text.contains('\\') => {
                        let body = &text[1..];
                        std::borrow::Cow::Borrowed(body.strip_suffix(['\'', '"']).unwrap_or(body))
                    }
                    None => {
                        let inner = string_segment_inner(STRING, text, false);
                        if text.starts_with('\'') {
                            sq_string_value(inner)
                        } else {
                            dq_segment_value(inner)
                        }
                    }
                };
                self.model.literal_string(offset, length, &value)
            }
            REGEX => {
                let body = &text[1..text.len().saturating_sub(1).max(1)];
                let source = body.replace("\\/", "/");
                self.model.literal_regexp(offset, length, &source)
            }
            CLASSREF => self.model.qualified_reference(offset, length, text),
            PRIVATE | ATTR => self.model.reserved_word(offset, length, text, Some(false)),
            TYPE | FUNCTION => {
                if self.next_significant_is(t, LPAREN) {
                    // `type(...)`: call_function_start := TYPE LPAREN (Factory.QNAME)
                    self.model.qualified_name(offset, length, text)
                } else {
                    // collection_entry_keyword: Factory.literal("type")
                    self.model.literal_string(offset, length, text)
                }
            }
            RENDER_STRING => return self.render_string(t),
            _ => {
                self.internal_error("unexpected literal token");
                return Val::Nothing;
            }
        };
        Val::Node(id)
    }

    /// Whether the next non-trivia token after raw token `t` has `kind`.
    fn next_significant_is(&self, t: u32, kind: SyntaxKind) -> bool {
        self.lexed.kinds[t as usize + 1..]
            .iter()
            .find(|k| !k.is_trivia())
            .is_some_and(|&k| k == kind)
    }

    /// Factory `NUMBER`: radix 16 for `0x`, 8 for a leading `0`, a Float with `.`/`e`.
    fn number(&mut self, offset: u32, length: u32, text: &str) -> Val {
        let (digits, radix) =
            if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                (hex, 16)
            } else if text.contains(['.', 'e', 'E']) {
                let mantissa = text.split(['e', 'E']).next().unwrap_or("");
                let zero_mantissa = mantissa.bytes().all(|b| b == b'0' || b == b'.');
                match text.parse::<f64>() {
                    // Ruby's `to_n_with_radix` refuses 0e5 / 0.0e1 and infinite values, and the
                    // factory then raises an internal error: report it cleanly instead.
                    Ok(v) if v.is_finite() && !(zero_mantissa && text.contains(['e', 'E'])) => {
                        return Val::Node(self.model.literal_float(offset, length, v));
                    }
                    _ => {
                        self.action_error(
                            offset,
                            length,
                            format!(
                            "Internal Error, NUMBER token does not contain a valid number, {text}"
                        ),
                        );
                        return Val::Nothing;
                    }
                }
            } else if text.len() > 1 && text.starts_with('0') {
                (&text[1..], 8)
            } else {
                (text, 10)
            };
        match self.model.integer(digits, radix, false) {
            Some(value) => {
                Val::Node(
                    self.model
                        .literal_integer_value(offset, length, value, radix as u8),
                )
            }
            None => {
                self.action_error(
                    offset,
                    length,
                    format!("Internal Error, NUMBER token does not contain a valid number, {text}"),
                );
                Val::Nothing
            }
        }
    }

    /// `[a, b]`: `LiteralList` on the brackets.
    pub(super) fn array(&mut self, children: &[Val]) -> Val {
        let span = self.bracket_span(children);
        let values = self.arguments_list(children);
        Val::Node(self.model.literal_list(span.0, span.1, values))
    }

    /// `{k => v}`: `LiteralHash` on the braces.
    pub(super) fn hash(&mut self, children: &[Val]) -> Val {
        let span = self.bracket_span(children);
        let entries = self.model.list_from(Self::nodes(children));
        Val::Node(self.model.literal_hash(span.0, span.1, entries))
    }

    /// Span from the first to the last token of a bracketed construct.
    pub(super) fn bracket_span(&self, children: &[Val]) -> (u32, u32) {
        match (Self::first_tok(children), Self::last_tok(children)) {
            (Some(a), Some(b)) => self.span_between(self.tok_span(a), self.tok_span(b)),
            _ => (UNPOSITIONED, 0),
        }
    }

    /// `k => v`: `KeyedEntry` on the `=>` token.
    pub(super) fn keyed_entry(&mut self, children: &[Val]) -> Val {
        let mut nodes = Self::nodes(children);
        let (Some(key), Some(value), Some(arrow)) =
            (nodes.next(), nodes.next(), self.find_tok(children, FARROW))
        else {
            self.internal_error("keyed entry");
            return Val::Nothing;
        };
        let (offset, length) = self.tok_span(arrow);
        Val::Node(
            self.model
                .alloc(offset, length, NodeKind::KeyedEntry { key, value }),
        )
    }

    /// `(e)`, `!e`, `-e`, `*e`: positioned on the opening token only.
    pub(super) fn unary(&mut self, kind: SyntaxKind, children: &[Val]) -> Val {
        let (Some(op), Some(expr)) = (Self::first_tok(children), Self::nodes(children).next())
        else {
            self.internal_error("unary expression");
            return Val::Nothing;
        };
        let (offset, length) = self.tok_span(op);
        let node = match (kind, self.tok_kind(op)) {
            (PAREN_EXPR, _) => NodeKind::ParenthesizedExpression { expr },
            (_, NOT) => NodeKind::NotExpression { expr },
            (_, MINUS) => NodeKind::UnaryMinusExpression { expr },
            _ => NodeKind::UnfoldExpression { expr },
        };
        Val::Node(self.model.alloc(offset, length, node))
    }

    /// Binary operators, assignment and relationships: positioned on the operator token.
    pub(super) fn binary(&mut self, children: &[Val]) -> Val {
        let mut nodes = Self::nodes(children);
        let (Some(left_expr), Some(right_expr), Some(op)) =
            (nodes.next(), nodes.next(), Self::first_tok(children))
        else {
            self.internal_error("binary expression");
            return Val::Nothing;
        };
        let (offset, length) = self.tok_span(op);
        let text = self.tok_text(op);
        let node = match self.tok_kind(op) {
            IN => NodeKind::InExpression {
                left_expr,
                right_expr,
            },
            AND => NodeKind::AndExpression {
                left_expr,
                right_expr,
            },
            OR => NodeKind::OrExpression {
                left_expr,
                right_expr,
            },
            MATCH | NOMATCH => NodeKind::MatchExpression {
                left_expr,
                right_expr,
                operator: MatchOperator::from_str(text).unwrap_or(MatchOperator::Match),
            },
            ISEQUAL | NOTEQUAL | LESSTHAN | LESSEQUAL | GREATERTHAN | GREATEREQUAL => {
                NodeKind::ComparisonExpression {
                    left_expr,
                    right_expr,
                    operator: ComparisonOperator::from_str(text).unwrap_or(ComparisonOperator::Eq),
                }
            }
            EQUALS | APPENDS | DELETES => NodeKind::AssignmentExpression {
                left_expr,
                right_expr,
                operator: AssignmentOperator::from_str(text).unwrap_or(AssignmentOperator::Assign),
            },
            IN_EDGE | IN_EDGE_SUB | OUT_EDGE | OUT_EDGE_SUB => NodeKind::RelationshipExpression {
                left_expr,
                right_expr,
                operator: RelationshipOperator::from_str(text)
                    .unwrap_or(RelationshipOperator::InEdge),
            },
            _ => NodeKind::ArithmeticExpression {
                left_expr,
                right_expr,
                operator: ArithmeticOperator::from_str(text).unwrap_or(ArithmeticOperator::Add),
            },
        };
        Val::Node(self.model.alloc(offset, length, node))
    }

    /// `e ? { … }`: positioned like its left operand (`loc result, val[0]`).
    pub(super) fn selector(&mut self, children: &[Val]) -> Val {
        let mut nodes = Self::nodes(children);
        let Some(left_expr) = nodes.next() else {
            self.internal_error("selector");
            return Val::Nothing;
        };
        let entries: Vec<NodeId> = nodes.collect();
        let (offset, length) = self.span(left_expr);
        let selectors = self.model.list(&entries);
        Val::Node(self.model.alloc(
            offset,
            length,
            NodeKind::SelectorExpression {
                left_expr,
                selectors,
            },
        ))
    }

    /// `m => v` in a selector: on the `=>` token.
    pub(super) fn selector_entry(&mut self, children: &[Val]) -> Val {
        let mut nodes = Self::nodes(children);
        let (Some(matching_expr), Some(value_expr), Some(arrow)) =
            (nodes.next(), nodes.next(), self.find_tok(children, FARROW))
        else {
            self.internal_error("selector entry");
            return Val::Nothing;
        };
        let (offset, length) = self.tok_span(arrow);
        Val::Node(self.model.alloc(
            offset,
            length,
            NodeKind::SelectorEntry {
                matching_expr,
                value_expr,
            },
        ))
    }

    /// `e[k, …]`: from the left expression's offset to `]`.
    pub(super) fn access(&mut self, children: &[Val]) -> Val {
        let Some(Val::Node(left_expr)) = children.first().copied() else {
            self.internal_error("access");
            return Val::Nothing;
        };
        let keys = self.arguments_list(&children[1..]);
        let end = Self::last_tok(children)
            .map(|t| self.tok_span(t))
            .unwrap_or((0, 0));
        let (offset, length) = self.span_between(self.span(left_expr), end);
        Val::Node(self.model.access(offset, length, left_expr, keys))
    }

    /// `f(args) |…| {…}`: from the functor's offset to `)` (or the lambda's end).
    pub(super) fn call(&mut self, children: &[Val]) -> Val {
        let Some(Val::Node(functor)) = children.first().copied() else {
            self.internal_error("call");
            return Val::Nothing;
        };
        let Some((start, end)) = children.iter().find_map(|v| v.group(ARG_LIST)) else {
            self.internal_error("call without arguments");
            return Val::Nothing;
        };
        let arguments = self.group_arguments_list(start, end);
        let lambda = Self::nodes(&children[1..]).last();
        let end = match lambda {
            Some(l) => self.span(l),
            None => Self::last_tok(self.group_members(start, end))
                .map(|t| self.tok_span(t))
                .unwrap_or((0, 0)),
        };
        let span = self.span_between(self.span(functor), end);
        Val::Node(
            self.model
                .call_named_function(span, functor, true, arguments, lambda),
        )
    }

    /// `e.name(args) |…| {…}`: a `CallMethodExpression` whose functor is `NamedAccessExpression`.
    pub(super) fn method_call(&mut self, children: &[Val]) -> Val {
        let (Some(Val::Node(receiver)), Some(dot), Some(name)) = (
            children.first().copied(),
            self.find_tok(children, DOT),
            children.get(2).and_then(|v| v.tok()),
        ) else {
            self.internal_error("method call");
            return Val::Nothing;
        };
        let name_text = self.tok_text(name);
        let qn = self.model.qualified_name(UNPOSITIONED, 0, name_text);
        let (access_offset, access_length) =
            self.span_between(self.tok_span(dot), self.tok_span(name));
        let functor = self.model.alloc(
            access_offset,
            access_length,
            NodeKind::NamedAccessExpression {
                left_expr: receiver,
                right_expr: qn,
            },
        );
        let lambda = Self::nodes(&children[1..]).last();
        let (span, arguments) = match children.iter().find_map(|v| v.group(ARG_LIST)) {
            Some((start, end)) => {
                let arguments = self.group_arguments_list(start, end);
                let members = self.group_members(start, end);
                let open = Self::first_tok(members)
                    .map(|t| self.tok_span(t))
                    .unwrap_or((0, 0));
                let span = if arguments.len == 0 {
                    // `named_access LPAREN RPAREN`: `loc result, val[1], val[3]` with no val[3].
                    open
                } else {
                    let close = Self::last_tok(members)
                        .map(|t| self.tok_span(t))
                        .unwrap_or(open);
                    self.span_between(open, close)
                };
                (span, arguments)
            }
            None => ((access_offset, access_length), NodeList::EMPTY),
        };
        Val::Node(
            self.model
                .call_method(span, functor, true, arguments, lambda),
        )
    }

    /// `|params| >> T { body }`: from the first `|` to `}`; the body is always a block.
    pub(super) fn lambda(&mut self, children: &[Val]) -> Val {
        let return_type = self.return_type_of(children);
        let Some((bs, be)) = children.iter().find_map(|v| v.group(BLOCK)) else {
            self.internal_error("lambda without body");
            return Val::Nothing;
        };
        let block: Vec<Val> = self.group_members(bs, be).to_vec();
        let Some(statements) = self.statement_list(&block) else {
            return Val::Nothing;
        };
        let body = self.body_block(&statements);
        let first = children
            .iter()
            .find_map(|v| v.group(PARAM_LIST))
            .and_then(|(s, e)| Self::first_tok(self.group_members(s, e)));
        let (Some(open), Some(close)) = (first, Self::last_tok(&block)) else {
            self.internal_error("lambda delimiters");
            return Val::Nothing;
        };
        let (offset, length) = self.span_between(self.tok_span(open), self.tok_span(close));
        let parameters = self.params_list(children);
        Val::Node(self.model.alloc(
            offset,
            length,
            NodeKind::LambdaExpression {
                parameters,
                body,
                return_type,
            },
        ))
    }

    /// The `Parameter` nodes of the `PARAM_LIST` (or `EPP_PARAMS`) group among `children`, as a
    /// model list (stored straight from the groups, without a vector in between).
    pub(super) fn params_list(&mut self, children: &[Val]) -> NodeList {
        let groups = &self.groups;
        let members = move |(s, e): (u32, u32)| groups[s as usize..e as usize].iter();
        let param_lists = children.iter().flat_map(|v| {
            let in_epp = v
                .group(EPP_PARAMS)
                .into_iter()
                .flat_map(members)
                .filter_map(|inner| inner.group(PARAM_LIST));
            v.group(PARAM_LIST).into_iter().chain(in_epp)
        });
        self.model
            .list_from(param_lists.flat_map(members).filter_map(|v| v.node()))
    }

    /// The type of the `RETURN_TYPE` group among `children`.
    pub(super) fn return_type_of(&self, children: &[Val]) -> Option<NodeId> {
        let (s, e) = children.iter().find_map(|v| v.group(RETURN_TYPE))?;
        Self::nodes(self.group_members(s, e)).next()
    }

    /// `Type *$name = default`: positioned on the `$name` token only.
    pub(super) fn parameter(&mut self, children: &[Val]) -> Val {
        let Some(var_index) = children
            .iter()
            .position(|v| v.tok().is_some_and(|t| self.tok_kind(t) == VARIABLE))
        else {
            self.internal_error("parameter without variable");
            return Val::Nothing;
        };
        let var = children[var_index].tok().unwrap_or_default();
        let (offset, length) = self.tok_span(var);
        let name = self.tok_text(var).trim_start_matches('$');
        let type_expr = Self::nodes(&children[..var_index]).next();
        let value = Self::nodes(&children[var_index..]).next();
        let captures_rest = children[..var_index]
            .iter()
            .any(|v| v.tok().is_some_and(|t| self.tok_kind(t) == TIMES))
            .then_some(true);
        Val::Node(
            self.model
                .parameter((offset, length), name, value, type_expr, captures_rest),
        )
    }
}
