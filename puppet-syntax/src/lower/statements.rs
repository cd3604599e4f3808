//! Statement lists and the constructs built from them: Ruby's `transform_calls` (statement calls
//! such as `notice a, b`), `block_or_expression` (if/unless/else bodies and the program), body
//! blocks (lambdas, definitions, case options), `if`/`unless`/`case`, and the program itself.

use super::stack::Val;
use super::{Lowering, UNPOSITIONED};
use crate::model::{ModelClass, NodeId, NodeKind};
use crate::scratch::Recycled;
use crate::syntax_kind::SyntaxKind::*;

/// What `transform_calls` makes of a statement ([`Lowering::transform_step`]).
enum Transform {
    /// The arguments of a call of the statement function named just before.
    Arguments(NodeId),
    /// A comma list that is no call's arguments: a grammar-action error at this comma.
    Fails(u32),
    /// A statement of its own.
    Statement,
}

/// A block's statements and the spans of its `{` and `}`.
pub(super) type BlockStatements = (Recycled<NodeId>, (u32, u32), (u32, u32));

/// Names that take their arguments without parentheses (`Factory::STATEMENT_CALLS`).
const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

crate::scratch::slots! {
    /// A statement list's vector between lists.
    STATEMENTS: NodeId;
}

impl Lowering<'_> {
    /// Ruby's `transform_calls` over one statement list. `None` after a grammar-action error.
    pub(super) fn statement_list(&mut self, vals: &[Val]) -> Option<Recycled<NodeId>> {
        self.statement_list_of(vals.len(), |_, k| vals[k])
    }

    /// [`Lowering::statement_list`] over the `n` values that `val_at` gives by index (a block's
    /// members are read in place from the groups, not copied out first).
    pub(super) fn statement_list_of(
        &mut self,
        n: usize,
        val_at: impl Fn(&Self, usize) -> Val,
    ) -> Option<Recycled<NodeId>> {
        // (The thread's vector of the last list, when no other list holds it: see
        // `crate::scratch`.)
        let mut memo = Recycled::take(&STATEMENTS, n);
        // One buffer for the arguments of every comma list; most statements are one
        // expression, passed as a one-element slice (no buffer, no allocation).
        let mut list: Vec<NodeId> = Vec::new();
        let mut single = [NodeId::from_index(0)];
        for k in 0..n {
            let val = val_at(self, k);
            let (args, first_comma) = match val {
                Val::Node(id) => {
                    single[0] = id;
                    (&single[..], None)
                }
                Val::Group {
                    kind: COMMA_LIST,
                    start,
                    end,
                } => {
                    let members = self.group_members(start, end);
                    list.clear();
                    list.extend(Self::nodes(members));
                    (&list[..], members.iter().find_map(|v| v.tok()))
                }
                _ => continue, // `;` tokens, merged EPP text
            };
            match self.transform_step(memo.last().copied(), first_comma) {
                Transform::Arguments(name) => {
                    let last = *args.last()?;
                    let span = self.span_between(self.span(name), self.span(last));
                    let args = self.model.list(args);
                    let call = self
                        .model
                        .call_named_function(span, name, false, args, None);
                    *memo.last_mut()? = call;
                }
                Transform::Fails(comma) => {
                    self.comma_list_error(memo.last().copied(), comma);
                    return None;
                }
                Transform::Statement => {
                    let id = args[0];
                    if self.model.class(id) == ModelClass::CallNamedFunctionExpression {
                        self.model.set_rval_required(id, false);
                    }
                    memo.push(id);
                }
            }
        }
        Some(memo)
    }

    /// `transform_calls`' rule for one statement (a value whose first comma, for a comma list,
    /// is `comma`) after `previous`, the statement before it as transformed so far.
    fn transform_step(&self, previous: Option<NodeId>, comma: Option<u32>) -> Transform {
        match previous.filter(|&n| self.is_statement_name(n)) {
            Some(name) => Transform::Arguments(name),
            None => comma.map_or(Transform::Statement, Transform::Fails),
        }
    }

    /// The grammar-action error of a comma list (its first comma `comma`) after the statement
    /// `previous` that is not a statement call's name (`transform_calls`).
    fn comma_list_error(&mut self, previous: Option<NodeId>, comma: u32) {
        let (offset, len) = self.tok_span(comma);
        let message = match previous.filter(|&n| self.model.class(n) == ModelClass::QualifiedName) {
            Some(n) => format!(
                "attempt to pass argument list to the function '{}' which cannot be called without parentheses",
                self.qualified_name_value(n)
            ),
            None => "illegal comma separated argument list".to_string(),
        };
        self.action_error(offset, len, message);
    }

    /// Ruby transforms a block's statements (`transform_calls`, where a comma list that is no
    /// statement call's arguments fails) when it reduces them, at the block's `}`: before
    /// anything after the block is parsed. The construct that holds the block is built later,
    /// and not at all when a syntax error follows the block inside it (`if $a { … } else$b`):
    /// so the block's comma lists are checked here, when the `BLOCK` is made (`members`, its
    /// children), with [`Lowering::statement_list_of`]'s rule and without building anything.
    pub(super) fn check_block_comma_lists(&mut self, members: &[Val]) {
        // The statement before, as `statement_list_of` keeps it: `None` at the start, and
        // after a statement call (no name, so a comma list after it fails as at the start).
        let mut previous: Option<NodeId> = None;
        for &val in members {
            let (first, comma) = match val {
                Val::Node(id) => (Some(id), None),
                Val::Group {
                    kind: COMMA_LIST,
                    start,
                    end,
                } => {
                    let group = self.group_members(start, end);
                    (
                        Self::nodes(group).next(),
                        group.iter().find_map(|v| v.tok()),
                    )
                }
                _ => continue,
            };
            match self.transform_step(previous, comma) {
                // A statement call takes the value as its arguments (none: no call, and
                // `statement_list_of` gives up without an error).
                Transform::Arguments(_) if first.is_none() => return,
                Transform::Arguments(_) => previous = None,
                Transform::Fails(comma) => {
                    self.comma_list_error(previous, comma);
                    return;
                }
                Transform::Statement => previous = first,
            }
        }
    }

    fn qualified_name_value(&self, id: NodeId) -> String {
        match self.model.kind(id) {
            NodeKind::QualifiedName { value } => self.model.str(*value).to_string(),
            _ => String::new(),
        }
    }

    fn is_statement_name(&self, id: NodeId) -> bool {
        match self.model.kind(id) {
            NodeKind::QualifiedName { value } => STATEMENT_CALLS.contains(&self.model.str(*value)),
            _ => false,
        }
    }

    /// `f_build_body`: a non-empty statement list becomes a `BlockExpression` positioned at its
    /// container (length 0); an empty one is no body.
    pub(super) fn body_block(&mut self, statements: &[NodeId]) -> Option<NodeId> {
        if statements.is_empty() {
            None
        } else {
            Some(self.model.block(UNPOSITIONED, 0, statements))
        }
    }

    /// Statements of a `BLOCK` group, with the spans of its braces.
    pub(super) fn block_statements(&mut self, group: (u32, u32)) -> Option<BlockStatements> {
        let members = self.group_members(group.0, group.1);
        let open = Self::first_tok(members).map(|t| self.tok_span(t))?;
        let close = Self::last_tok(members).map(|t| self.tok_span(t))?;
        // The members between the braces, read in place.
        let (first, n) = (group.0 as usize + 1, members.len().saturating_sub(2));
        let statements = self.statement_list_of(n, |this, k| this.groups[first + k])?;
        Some((statements, open, close))
    }

    /// `block_or_expression(statements, lbrace, rbrace)`: one statement is itself; several are a
    /// `BlockExpression` on the braces (or from the first to the last statement without braces).
    pub(super) fn block_or_expression(
        &mut self,
        statements: &[NodeId],
        braces: Option<((u32, u32), (u32, u32))>,
    ) -> Option<NodeId> {
        match statements {
            [] => None,
            [single] => Some(*single),
            [first, .., last] => {
                let (offset, length) = match braces {
                    Some((open, close)) => self.span_between(open, close),
                    None => self.span_between(self.span(*first), self.span(*last)),
                };
                Some(self.model.block(offset, length, statements))
            }
        }
    }

    /// A `BLOCK` used as an if/unless/else branch: `(branch, closing brace span)`.
    fn branch(&mut self, group: (u32, u32)) -> Option<(Option<NodeId>, (u32, u32))> {
        let (statements, open, close) = self.block_statements(group)?;
        Some((
            self.block_or_expression(&statements, Some((open, close))),
            close,
        ))
    }

    /// `else { … }` of an if/unless.
    fn else_branch(&mut self, children: &[Val]) -> Option<Option<NodeId>> {
        let Some((s, e)) = children.iter().find_map(|v| v.group(ELSE_CLAUSE)) else {
            return Some(None);
        };
        let members: Vec<Val> = self.group_members(s, e).to_vec();
        let block = members.iter().find_map(|v| v.group(BLOCK))?;
        Some(self.branch(block)?.0)
    }

    /// `if`/`elsif`: offset on the keyword but length from the test's offset to the end of the
    /// else part (or the then-block's `}`) — Ruby computes the length before moving the offset.
    pub(super) fn if_expr(&mut self, children: &[Val]) -> Val {
        let built = (|| {
            let keyword = Self::first_tok(children)?;
            let test = Self::nodes(children).next()?;
            let block = children.iter().find_map(|v| v.group(BLOCK))?;
            let (then_expr, close) = self.branch(block)?;
            let else_expr = match children.iter().skip(2).filter_map(|v| v.node()).nth(0) {
                Some(elsif) => Some(elsif),
                None => self.else_branch(children)?,
            };
            let end = else_expr.map(|e| self.span(e)).unwrap_or(close);
            let (_, length) = self.span_between(self.span(test), end);
            let offset = self.tok_span(keyword).0;
            Some(self.model.alloc(
                offset,
                length,
                NodeKind::IfExpression {
                    test,
                    then_expr,
                    else_expr,
                },
            ))
        })();
        self.node_or_nothing(built)
    }

    /// `unless`: `unless` … then-`}`; with an empty then-block, to the end of the else part (or
    /// just the keyword when there is none either).
    pub(super) fn unless_expr(&mut self, children: &[Val]) -> Val {
        let built = (|| {
            let keyword = self.tok_span(Self::first_tok(children)?);
            let test = Self::nodes(children).next()?;
            let block = children.iter().find_map(|v| v.group(BLOCK))?;
            let (statements, open, close) = self.block_statements(block)?;
            let then_expr = self.block_or_expression(&statements, Some((open, close)));
            let else_expr = self.else_branch(children)?;
            let (offset, length) = if then_expr.is_some() {
                self.span_between(keyword, close)
            } else {
                match else_expr {
                    Some(e) => self.span_between(keyword, self.span(e)),
                    None => keyword,
                }
            };
            Some(self.model.alloc(
                offset,
                length,
                NodeKind::UnlessExpression {
                    test,
                    then_expr,
                    else_expr,
                },
            ))
        })();
        self.node_or_nothing(built)
    }

    /// `case test { options }`: `case` … `}`.
    pub(super) fn case_expr(&mut self, children: &[Val]) -> Val {
        let mut nodes = Self::nodes(children);
        let Some(test) = nodes.next() else {
            return self.node_or_nothing(None);
        };
        let options = self.model.list_from(nodes);
        let (offset, length) = self.bracket_span(children);
        Val::Node(
            self.model
                .alloc(offset, length, NodeKind::CaseExpression { test, options }),
        )
    }

    /// `v1, v2: { … }`: `:` … `}`; the body is a block at the option's offset (or none).
    pub(super) fn case_option(&mut self, children: &[Val]) -> Val {
        let built = (|| {
            let values: Vec<NodeId> = Self::nodes(children).collect();
            let colon = self.find_tok(children, COLON)?;
            let block = children.iter().find_map(|v| v.group(BLOCK))?;
            let (statements, _, close) = self.block_statements(block)?;
            let then_expr = self.body_block(&statements);
            let (offset, length) = self.span_between(self.tok_span(colon), close);
            let values = self.model.list(&values);
            Some(
                self.model
                    .alloc(offset, length, NodeKind::CaseOption { values, then_expr }),
            )
        })();
        self.node_or_nothing(built)
    }

    /// The program: the (transformed) top-level statements as one expression or a block, `Nop`
    /// at the end of the input when empty; or the EPP lambda.
    pub(super) fn program(&mut self, children: &[Val]) -> Val {
        if let Some(start) = Self::first_tok(children).filter(|&t| self.tok_kind(t) == EPP_START) {
            return self.epp_program(start, children);
        }
        let failed_before = self.failed;
        let Some(statements) = self.statement_list(children) else {
            self.top_level_list_failed(failed_before);
            return Val::Nothing;
        };
        match self.block_or_expression(&statements, None) {
            Some(body) => Val::Node(body),
            None => Val::Node(self.model.nop(self.text.len() as u32, 0)),
        }
    }

    /// EPP: `LambdaExpression(params, EppExpression(params_specified, body))` at `EPP_START`.
    fn epp_program(&mut self, start: u32, children: &[Val]) -> Val {
        let params_specified = children.iter().any(|v| v.group(EPP_PARAMS).is_some());
        let failed_before = self.failed;
        let Some(statements) = self.statement_list(&children[1..]) else {
            self.top_level_list_failed(failed_before);
            return Val::Nothing;
        };
        let body = self.body_block(&statements);
        let epp = self.model.alloc(
            UNPOSITIONED,
            0,
            NodeKind::EppExpression {
                parameters_specified: Some(params_specified),
                body,
            },
        );
        let (offset, length) = self.tok_span(start);
        let parameters = self.params_list(children);
        Val::Node(self.model.alloc(
            offset,
            length,
            NodeKind::LambdaExpression {
                parameters,
                body: Some(epp),
                return_type: None,
            },
        ))
    }

    /// The top-level statements failed (a comma list that is no call's arguments): Ruby
    /// reduces them only when it reads the end of the input, so its lexer errors there (an
    /// unclosed `/*` comment, an EPP tag left open) come first, even after a closing bracket.
    fn top_level_list_failed(&mut self, failed_before: bool) {
        if !failed_before && self.failed {
            self.action_error_after_lookahead = true;
        }
    }

    /// `Val::Node` for a built node, or an internal error for an unexpected shape.
    pub(super) fn node_or_nothing(&mut self, built: Option<NodeId>) -> Val {
        match built {
            Some(id) => Val::Node(id),
            None => {
                if !self.failed {
                    self.internal_error("statement");
                }
                Val::Nothing
            }
        }
    }
}
