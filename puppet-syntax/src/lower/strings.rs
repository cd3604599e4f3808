//! Strings: interpolated double-quoted strings (`ConcatenatedString` with `TextExpression`s and
//! Ruby's `interpolate` rewrite), heredocs (the text is lexed and parsed on its own and every
//! node is mapped back to the source, as Ruby's `SUBLOCATE` does), and EPP text and render tags.

use super::stack::Val;
use super::{Lowering, UNPOSITIONED};
use crate::lexer::heredoc;
use crate::lexer::{
    dq_segment_value, is_text_run_part, segment_opens_expression, string_segment_inner, text_run,
    uq_segment_value, EscapeSet,
};
use crate::model::{ModelClass, NodeId, NodeKind};
use crate::stack_list::StackList;
use crate::syntax_kind::SyntaxKind::*;

impl Lowering<'_> {
    /// `"a${e}b$v"`: segments and `TextExpression`s; empty string segments are dropped.
    pub(super) fn dq_string(&mut self, children: &[Val]) -> Val {
        // The segments: on the stack (most strings have few).
        let mut segments: StackList<NodeId, 8> = StackList::new(NodeId::from_index(0));
        let mut after_expression = false;
        let mut first_span = None;
        let mut last_span = (0, 0);
        let heredoc_escapes = Self::first_tok(children).and_then(|t| self.heredoc_text_escapes(t));
        for &val in children {
            match val {
                Val::Tok(t) => {
                    let kind = self.tok_kind(t);
                    let text = self.tok_text(t);
                    let (mut offset, mut length) = self.tok_span(t);
                    // (A string cut short ends in an empty DQPOST, with no `}` to skip.)
                    if matches!(kind, DQMID | DQPOST) && after_expression && length > 0 {
                        // Ruby's segment starts after the `}` that our token includes.
                        offset += 1;
                        length -= 1;
                    }
                    let value = match heredoc_escapes {
                        Some(escapes) => {
                            let dollar = escapes.contains(EscapeSet::DOLLAR);
                            let inner =
                                heredoc::segment_inner(kind, text, after_expression, dollar);
                            let leading = usize::from(after_expression && text.starts_with('}'));
                            after_expression = kind != DQPOST
                                && segment_opens_expression(&text[leading..], dollar);
                            uq_segment_value(inner, escapes)
                        }
                        None => {
                            let leading =
                                usize::from(kind == DQPRE || after_expression).min(text.len());
                            let inner = string_segment_inner(kind, text, after_expression);
                            after_expression =
                                kind != DQPOST && segment_opens_expression(&text[leading..], true);
                            dq_segment_value(inner)
                        }
                    };
                    first_span.get_or_insert((offset, length));
                    last_span = (offset, length);
                    if !value.is_empty() {
                        segments.push(self.model.literal_string(offset, length, &value));
                    }
                }
                Val::Node(expr) => {
                    let expr = self.interpolate(expr, true);
                    segments.push(self.model.alloc(
                        UNPOSITIONED,
                        0,
                        NodeKind::TextExpression { expr },
                    ));
                }
                _ => {}
            }
        }
        let (offset, length) = self.span_between(first_span.unwrap_or((0, 0)), last_span);
        Val::Node(
            self.model
                .concatenated_string(offset, length, segments.as_slice()),
        )
    }

    /// Ruby's `interpolate`: inside `${…}` a name (or decimal integer) means a variable, also as
    /// the leftmost operand of `[…]`, `.name` and method calls.
    fn interpolate(&mut self, expr: NodeId, top: bool) -> NodeId {
        crate::deep::guarded(|| match self.model.kind(expr).clone() {
            NodeKind::QualifiedName { .. } => self.model.wrap_in_variable(expr, UNPOSITIONED, 0),
            NodeKind::LiteralInteger { radix, .. } if top || radix == 10 => {
                self.model.wrap_in_variable(expr, UNPOSITIONED, 0)
            }
            NodeKind::AccessExpression { left_expr, .. } => {
                if self.rewriteable(left_expr) {
                    let new_left = self.interpolate(left_expr, false);
                    if let NodeKind::AccessExpression { left_expr, .. } = self.model.kind_mut(expr)
                    {
                        *left_expr = new_left;
                    }
                }
                expr
            }
            NodeKind::NamedAccessExpression { left_expr, .. } => {
                if self.rewriteable(left_expr) {
                    let new_left = self.interpolate(left_expr, false);
                    if let NodeKind::NamedAccessExpression { left_expr, .. } =
                        self.model.kind_mut(expr)
                    {
                        *left_expr = new_left;
                    }
                }
                expr
            }
            NodeKind::CallMethodExpression { functor_expr, .. } => {
                if self.rewriteable(functor_expr) {
                    let new_functor = self.interpolate(functor_expr, false);
                    if let NodeKind::CallMethodExpression { functor_expr, .. } =
                        self.model.kind_mut(expr)
                    {
                        *functor_expr = new_functor;
                    }
                }
                expr
            }
            _ => expr,
        })
    }

    /// `is_interop_rewriteable?`
    fn rewriteable(&self, id: NodeId) -> bool {
        match self.model.kind(id) {
            NodeKind::LiteralInteger { radix, .. } => *radix == 10,
            _ => matches!(
                self.model.class(id),
                ModelClass::AccessExpression
                    | ModelClass::QualifiedName
                    | ModelClass::NamedAccessExpression
                    | ModelClass::CallMethodExpression
            ),
        }
    }

    /// EPP text. Ruby emits one `RENDER_STRING` per text run, while our lossless tokens split a
    /// run at `<%# %>` comments and trimmed white space: the first token of a run builds the node
    /// for the whole run (value = the joined texts; span = run start … end of the tag after the
    /// run), the others contribute nothing.
    pub(super) fn render_string(&mut self, t: u32) -> Val {
        let kinds = &self.lexed.kinds;
        let mut start = t as usize;
        while start > 0 && is_text_run_part(kinds[start - 1]) {
            if kinds[start - 1] == RENDER_STRING {
                return Val::Nothing; // a continuation of an earlier token's run
            }
            start -= 1;
        }
        let (value, end) = text_run(self.lexed, self.text, t as usize);
        // The span reaches the end of the tag that ends the text (`<%`, `<%-`, `<%=`).
        let end_offset = match kinds.get(end) {
            Some(EPP_CODE_START | RENDER_EXPR) => self.lexed.starts[end + 1],
            _ => self.lexed.starts[end],
        };
        let offset = self.lexed.starts[start];
        let id = self
            .model
            .render_string(offset, end_offset - offset, &value);
        self.last_render_string = Some((id, end));
        Val::Node(id)
    }

    /// `<%= e %>` / `<%= { stmts } %>`: `<%=` … `%>`.
    pub(super) fn render_expr(&mut self, children: &[Val]) -> Val {
        let built = (|| {
            let expr = match children.iter().find_map(|v| v.group(BLOCK)) {
                Some(block) => {
                    let (statements, open, close) = self.block_statements(block)?;
                    self.block_or_expression(&statements, Some((open, close)))?
                }
                None => Self::nodes(children).next()?,
            };
            // Ruby's RENDER_EXPR token starts where the text run before the tag starts.
            let open = Self::first_tok(children)?;
            let mut start = open as usize;
            while start > 0 && is_text_run_part(self.lexed.kinds[start - 1]) {
                start -= 1;
            }
            let close = self.tok_span(Self::last_tok(children)?);
            let (offset, length) = self.span_between((self.lexed.starts[start], 0), close);
            Some(
                self.model
                    .alloc(offset, length, NodeKind::RenderExpression { expr }),
            )
        })();
        self.node_or_nothing(built)
    }

    /// `@(TAG)`: a `HeredocExpression` on the header whose text is lexed and parsed separately
    /// and mapped back to the source (Ruby's `SUBLOCATE`).
    pub(super) fn heredoc(&mut self, children: &[Val]) -> Val {
        let Some(t) = Self::first_tok(children) else {
            return self.node_or_nothing(None);
        };
        let (offset, length) = self.tok_span(t);
        let Some(span) = self.lexed.heredoc_for(t as usize).copied() else {
            return self.node_or_nothing(None);
        };
        match super::heredoc::lower_heredoc_text(
            self.text,
            self.lexed,
            t as usize,
            self.tok_text(t),
            span,
            self.model,
        ) {
            Some((syntax, text_expr, diagnostics)) => {
                let first_error = diagnostics.iter().find(|d| d.is_error()).map(|d| d.offset);
                self.diagnostics.extend(diagnostics);
                if first_error.is_some() {
                    // Ruby lexes the text when it meets the header, and its parser reads the
                    // text's tokens right after the `HEREDOC` token, before anything after the
                    // header is lexed: the error comes after a syntax error before the header,
                    // and before any error after it, on the header's line too
                    // (`finish_lowering`).
                    if !self.failed {
                        self.action_error_end = offset + length;
                        self.action_error_in_heredoc_text = true;
                    }
                    self.failed = true;
                    return Val::Nothing;
                }
                Val::Node(self.model.heredoc(offset, length, &syntax, text_expr))
            }
            None => self.node_or_nothing(None),
        }
    }
}

#[cfg(test)]
mod tests {
    /// A string with more segments than `dq_string` keeps on the stack keeps them all, in order.
    #[test]
    fn many_segments_in_order() {
        let source = format!(
            "$x = \"{}\"\n",
            (0..12)
                .map(|i| format!("s{i}${{a{i}}}"))
                .collect::<String>()
        );
        let result = crate::parse(source.as_bytes(), &crate::ParseOptions::default());
        let pn = crate::pn::to_pn_string(result.model.as_ref().unwrap());
        let expected: String = (0..12)
            .map(|i| format!(" \"s{i}\" (str (var \"a{i}\"))"))
            .collect();
        assert_eq!(pn, format!("(= (var \"x\") (concat{expected}))"));
    }
}
