//! Syntax errors as Puppet words them: where Ruby's parser fails (its token's span and value,
//! `Syntax error at 'x'`), recovery, and the spans and texts those need. A second `impl` of
//! [`Parser`], kept apart from the token cursor and the markers in `mod.rs`.

use super::*;
use crate::lexer::{heredoc, uq_segment_value};

impl Parser<'_, '_> {
    /// Report a syntax error at the current token, the way Puppet words it
    /// (`Syntax error at 'x'`, or `… at end of input`), with what we expected.
    pub(crate) fn error_expected(&mut self, expected: &str) {
        if self.gave_up {
            return;
        }
        let (offset, len) = match self.current() {
            EOF => self.current_span(),
            _ => crate::lexer::ruby_token_span(self.input.lexed, self.input.text, self.raw_pos),
        };
        // Our message shows the token as written, from where Ruby's starts if that is inside
        // it (after the `}` of a segment).
        let skip = offset.saturating_sub(self.current_span().0) as usize;
        // Puppet's message (from `where`) names the token's value.
        let at = self.describe_current(skip);
        let message = format!("Syntax error at {at}; expected {expected}");
        let where_ = self.puppet_where();
        self.push_diagnostic(
            Diagnostic::error(IssueCode::SYNTAX_ERROR, offset, len, message)
                .with_arg("where", where_),
        );
    }

    /// Report a Puppet grammar-action error (Ruby's plain `ParseError`) at a token span.
    pub(crate) fn error_at(
        &mut self,
        code: IssueCode,
        offset: u32,
        len: u32,
        message: impl Into<String>,
    ) {
        if !self.gave_up {
            self.push_diagnostic(Diagnostic::error(code, offset, len, message));
        }
    }

    fn push_diagnostic(&mut self, d: Diagnostic) {
        // Every node open now holds a mistake (see `Event::Error`).
        self.events.push(Event::Error);
        // One diagnostic per position is enough: recovery may revisit the same bad token.
        if self
            .diagnostics
            .last()
            .is_some_and(|last| last.offset == d.offset && last.code == d.code)
        {
            return;
        }
        self.raise_points.push(self.current_span().0);
        self.diagnostics.push(d);
    }

    /// Report the current token as unexpected and wrap it in an `ERROR` node, unless it is in
    /// `recovery` or is a brace (braces are never eaten, so block structure survives).
    pub(crate) fn err_recover(&mut self, expected: &str, recovery: TokenSet) {
        self.error_expected(expected);
        if self.at_ts(recovery) || self.at(LBRACE) || self.at(RBRACE) || self.at(EOF) {
            return;
        }
        self.err_bump();
    }

    /// Wrap the current token in an `ERROR` node (no diagnostic).
    pub(crate) fn err_bump(&mut self) {
        let m = self.start();
        self.bump_any();
        m.complete(self, ERROR);
    }

    /// Whether a line break separates the previous token from the current one (used by list
    /// recovery: a missing `,` before a new line more likely means an unclosed bracket).
    pub(crate) fn at_new_line(&self) -> bool {
        let Some((prev_start, prev_len)) = self.input.span(self.prev_raw) else {
            return false;
        };
        let prev_end = (prev_start + prev_len) as usize;
        let current = self.current_span().0 as usize;
        self.input
            .text
            .as_bytes()
            .get(prev_end..current)
            .is_some_and(|gap| gap.contains(&b'\n'))
    }

    pub(crate) fn current_span(&self) -> (u32, u32) {
        self.input
            .span(self.raw_pos)
            .unwrap_or((self.input.text.len() as u32, 0))
    }

    /// The current token for our message: its text after `skip` bytes (the first 40
    /// characters), in quotes.
    fn describe_current(&mut self, skip: usize) -> String {
        if self.current() == EOF {
            return "end of input".to_string();
        }
        let text = self.current_text();
        let shown: String = text.get(skip..).unwrap_or(text).chars().take(40).collect();
        format!("'{shown}'")
    }

    /// Where a syntax error is, as Puppet words it (the `where` of its message): `end of
    /// input`, or the current token's value in quotes (Ruby's value, not its text: `'a'` for
    /// the string `'a'`, `''` for a character no rule matches).
    fn puppet_where(&mut self) -> String {
        if self.current() == EOF {
            return "end of input".to_string();
        }
        let kind = self.input.lexed.kinds[self.raw_pos];
        if kind == RENDER_STRING {
            let (run, _) = crate::lexer::text_run(self.input.lexed, self.input.text, self.raw_pos);
            return format!("'{run}'");
        }
        if let Some(escapes) = self.input.heredoc_escapes {
            if self.in_heredoc_text_string() {
                let text = self.current_text();
                let after_expression = matches!(kind, DQMID | DQPOST) && text.starts_with('}');
                let dollar = escapes.contains(EscapeSet::DOLLAR);
                let inner = heredoc::segment_inner(kind, text, after_expression, dollar);
                return format!("'{}'", uq_segment_value(inner, escapes));
            }
        }
        format!(
            "'{}'",
            crate::lexer::ruby_token_value(kind, self.current_text())
        )
    }

    /// Whether the current token is a segment of a heredoc's own text (not of a string inside
    /// one of its `${…}`): the text is the string that starts at its first byte, and a segment
    /// belongs to it when no other string is open.
    fn in_heredoc_text_string(&self) -> bool {
        let kinds = &self.input.lexed.kinds;
        if !matches!(kinds[self.raw_pos], STRING | DQPRE | DQMID | DQPOST) {
            return false;
        }
        let open = kinds[..self.raw_pos].iter().fold(0i64, |open, &k| match k {
            DQPRE => open + 1,
            DQPOST => open - 1,
            _ => open,
        });
        match kinds[self.raw_pos] {
            STRING | DQPRE => self.input.lexed.starts[self.raw_pos] == 0,
            _ => open == 1,
        }
    }
}
