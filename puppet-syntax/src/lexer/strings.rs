//! Strings and interpolation (Ruby's `SlurpSupport` and `InterpolationSupport`).
//!
//! A string is lexed segment by segment. Each segment is "slurped" up to its terminator
//! exactly like Ruby's `scan_until` with `SLURP_SQ_PATTERN`, `SLURP_DQ_PATTERN`,
//! `SLURP_UQ_PATTERN` or `SLURP_UQNE_PATTERN`; these patterns start with
//! `(?:[^\\]|^)(?:[\\]{2})*`, which (besides "an even number of backslashes before the
//! terminator") has a quirk at the start of the scan: the first character may be consumed
//! as the `[^\\]` even when it is itself a terminator, so `'''` is the string `'` and the
//! tail of `"${a}""` is `""` (text `"`). A `${` pushes an `Interp` frame on the mode
//! stack; code tokens follow until the `}` that balances it, which starts the next segment.
//!
//! Token shapes are described in the module documentation of `lexer`; the public helpers
//! here strip a segment's delimiters for the value functions of `escapes.rs`.

use super::chars::{backslashes_before, char_before, char_len, find_byte};
use super::code::scan_variable_name;
use super::escapes::{process_escapes, EscapeProblem, EscapeSet};
use super::{regexp_acceptable, Flavour, Interp, Lexer};
use crate::diagnostics::IssueCode;
use crate::syntax_kind::SyntaxKind::{self, *};

/// What ended a slurped piece of string text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Terminator {
    /// The closing quote.
    Quote,
    /// `${`: an expression follows.
    DollarBrace,
    /// `$`: a variable name may follow.
    Dollar,
    /// End of heredoc text.
    End,
}

impl Terminator {
    fn len(self) -> usize {
        match self {
            Terminator::Quote | Terminator::Dollar => 1,
            Terminator::DollarBrace => 2,
            Terminator::End => 0,
        }
    }
}

/// Whether a slurp pattern's terminator `T` matches at `i`.
#[derive(Clone, Copy)]
enum Slurp {
    Sq,
    Dq,
    /// Unquoted (heredoc) text; `$` escapes are honoured.
    Uq,
    /// Unquoted text without escape awareness: the first `$` (or the end) terminates.
    UqNoEscapes,
}

impl Slurp {
    fn of(flavour: Flavour) -> Slurp {
        match flavour {
            Flavour::Dq => Slurp::Dq,
            Flavour::Uq {
                dollar_escape: true,
                ..
            } => Slurp::Uq,
            Flavour::Uq {
                dollar_escape: false,
                ..
            } => Slurp::UqNoEscapes,
        }
    }

    fn terminator_at(self, b: &[u8], i: usize) -> Option<Terminator> {
        let dollar = || {
            if b.get(i + 1) == Some(&b'{') {
                Terminator::DollarBrace
            } else {
                Terminator::Dollar
            }
        };
        match (self, b.get(i)) {
            (Slurp::Sq, Some(b'\'')) | (Slurp::Dq, Some(b'"')) => Some(Terminator::Quote),
            (Slurp::Dq | Slurp::Uq | Slurp::UqNoEscapes, Some(b'$')) => Some(dollar()),
            (Slurp::Uq | Slurp::UqNoEscapes, None) => Some(Terminator::End),
            _ => None,
        }
    }

    /// The next byte at or after `i` where a terminator may match (`len` for the end).
    fn next_candidate(self, b: &[u8], i: usize) -> Option<usize> {
        let found = match self {
            Slurp::Sq => find_byte(b, i, b'\''),
            Slurp::Dq => memchr::memchr2(b'"', b'$', b.get(i..)?).map(|k| k + i),
            Slurp::Uq | Slurp::UqNoEscapes => find_byte(b, i, b'$'),
        };
        match self {
            Slurp::Uq | Slurp::UqNoEscapes => Some(found.unwrap_or(b.len())),
            _ => found,
        }
    }

    /// Slurp from `s`: the position and kind of the terminator, or `None` (unclosed).
    fn scan(self, b: &[u8], s: usize) -> Option<(usize, Terminator)> {
        if let Slurp::UqNoEscapes = self {
            let t = self.next_candidate(b, s)?;
            return Some((t, self.terminator_at(b, t)?));
        }
        // `[^\\]` alternative at the scan start: it may swallow a terminator character.
        if s < b.len() && b[s] != b'\\' {
            let j = s + char_len(b[s]);
            let mut k = j;
            while k < b.len() && b[k] == b'\\' {
                k += 1;
            }
            if (k - j) % 2 == 0 {
                if let Some(t) = self.terminator_at(b, k) {
                    return Some((k, t));
                }
            }
        }
        let mut i = s;
        loop {
            let t = self.next_candidate(b, i)?;
            if backslashes_before(b, s, t) % 2 == 0 || t == b.len() {
                // (An odd run before the end of heredoc text makes Ruby crash; take the end.)
                return Some((t, self.terminator_at(b, t)?));
            }
            i = t + 1;
        }
    }
}

impl Lexer<'_> {
    /// `'…'`: a `STRING`.
    pub(super) fn sq_string(&mut self) {
        let p = self.pos;
        let end = match Slurp::Sq.scan(self.b, p + 1) {
            Some((t, _)) => t + 1,
            None => {
                self.unclosed_quote(p + 1, Some("'".to_string()));
                self.b.len()
            }
        };
        self.emit(STRING, end);
    }

    /// `"…"`: a `STRING`, or the first segment of an interpolated string.
    pub(super) fn dq_string(&mut self) {
        let p = self.pos;
        self.lex_segments(p + 1, true, Flavour::Dq, None);
    }

    /// The top-level unquoted string of heredoc text.
    pub(super) fn uq_string(&mut self, flavour: Flavour) {
        self.lex_segments(0, true, flavour, None);
    }

    /// The `}` at `self.pos` closes the innermost `${…}`: rewrite its first token as Ruby's
    /// `transform_to_variable` does, then lex the next segment, which starts at the `}`.
    pub(super) fn close_interpolation(&mut self) {
        let Some(frame) = self.interps.pop() else {
            return;
        };
        self.transform_to_variable(frame.first_token);
        self.after = RBRACE;
        let p = self.pos;
        self.lex_segments(p + 1, false, frame.flavour, Some(frame.first_token));
    }

    fn transform_to_variable(&mut self, first_token: usize) {
        let kinds = &mut self.kinds;
        let mut significant = (first_token..kinds.len()).filter(|&i| !kinds[i].is_trivia());
        let Some(first) = significant.next() else {
            return;
        };
        let second = significant.next();
        if second.is_some_and(|i| !matches!(kinds[i], DOT | LBRACK)) {
            return;
        }
        let kind = kinds[first];
        // Ruby looks keywords up in `KEYWORD_NAMES`, which has no PLAN/APPLY.
        if matches!(kind, NUMBER | NAME | WORD)
            || (kind.is_keyword() && !matches!(kind, PLAN | APPLY))
        {
            kinds[first] = VARIABLE;
        }
    }

    /// Lex string segments, starting with the one whose token starts at the end of the last
    /// token and whose text starts at `text_start`, until the string ends or a `${` opens
    /// an expression. `first`: this is the opening segment (`STRING`/`DQPRE`, else
    /// `DQMID`/`DQPOST`). `expression`: the first token of the `${…}` just closed.
    fn lex_segments(
        &mut self,
        text_start: usize,
        mut first: bool,
        flavour: Flavour,
        expression: Option<usize>,
    ) {
        if first && self.interps.is_empty() {
            self.dq_start = Some(self.last_end as u32);
        }
        let slurp = Slurp::of(flavour);
        let mut piece = text_start;
        // For UNCLOSED_QUOTE's `after`: what Ruby's scanner matched last.
        let mut false_dollar = false;
        let mut variable: Option<(usize, usize)> = None;
        loop {
            let Some((t, term)) = slurp.scan(self.b, piece) else {
                let after = if false_dollar {
                    None
                } else if let Some((v0, v1)) = variable {
                    Some(self.src[v0..v1].to_string())
                } else if let (false, Some(first_token)) = (first, expression) {
                    self.ruby_last_match_after_expression(first_token)
                } else {
                    Some("\"".to_string())
                };
                self.unclosed_quote(piece, after);
                self.end_string(if first { STRING } else { DQPOST }, self.b.len());
                return;
            };
            let term_end = t + term.len();
            self.escape_warnings(piece, t, term_end, flavour);
            match term {
                Terminator::Quote | Terminator::End => {
                    self.end_string(if first { STRING } else { DQPOST }, term_end);
                    return;
                }
                Terminator::DollarBrace => {
                    self.push(if first { DQPRE } else { DQMID }, term_end);
                    self.pos = term_end;
                    self.interps.push(Interp {
                        base: self.brace_count,
                        first_token: self.kinds.len(),
                        flavour,
                    });
                    self.brace_count += 1;
                    return;
                }
                Terminator::Dollar => match scan_variable_name(self.b, t + 1) {
                    Some(end) => {
                        self.push(if first { DQPRE } else { DQMID }, t);
                        self.push(VARIABLE, end);
                        piece = end;
                        first = false;
                        false_dollar = false;
                        variable = Some((t + 1, end));
                    }
                    None => {
                        false_dollar = true;
                        piece = term_end;
                    }
                },
            }
        }
    }

    /// Push the last token of a string and update Ruby's `after`: a `STRING` is always
    /// seen by the lexing context; the segments of an interpolated string only become
    /// `after` once the outermost string is complete.
    fn end_string(&mut self, kind: SyntaxKind, end: usize) {
        self.push(kind, end);
        self.pos = end;
        if kind == STRING || self.interps.is_empty() {
            self.after = kind;
        }
        if self.interps.is_empty() {
            self.dq_start = None;
        }
    }

    /// Ruby's escape warnings for the piece `[start, end)` of a string, reported at the
    /// scanner position after its terminator (`at`).
    fn escape_warnings(&mut self, start: usize, end: usize, at: usize, flavour: Flavour) {
        let piece = &self.b[start..end];
        if !piece.contains(&b'\\') {
            return;
        }
        let (escapes, warn_unrecognized) = match flavour {
            Flavour::Dq => (EscapeSet::DQ, true),
            Flavour::Uq { escapes, .. } if escapes.contains(EscapeSet::U) => (escapes, false),
            Flavour::Uq { .. } => return,
        };
        let mut problems = Vec::new();
        process_escapes(
            &self.src[start..end],
            escapes,
            warn_unrecognized,
            Some(&mut problems),
        );
        self.report_escape_problems(problems, at);
    }

    pub(super) fn report_escape_problems(&mut self, problems: Vec<EscapeProblem>, at: usize) {
        for problem in problems {
            let (code, is_error, message, arg) = problem.describe();
            let diag = if is_error {
                self.error(code, at, 0, message)
            } else {
                self.warning(code, at, message)
            };
            diag.args.extend(arg);
        }
    }

    /// `UNCLOSED_QUOTE` at `at`; `after` is Ruby's last scanner match (`None` = nil).
    pub(super) fn unclosed_quote(&mut self, at: usize, after: Option<String>) {
        let after = match after.as_deref() {
            Some("'") => "\"'\"".to_string(),
            Some(q) => format!("'{q}'"),
            None => "''".to_string(),
        };
        let followed_by = self.followed_by(at);
        let message = format!("Unclosed quote after {after} followed by '{followed_by}'");
        let len = self.b.len() - at.min(self.b.len());
        self.error(IssueCode::UNCLOSED_QUOTE, at, len, message)
            .args
            .extend([("after", after), ("followed_by", followed_by)]);
    }

    /// What Ruby's `StringScanner#matched` holds after lexing the tokens of an expression
    /// (tokens `first_token..`), i.e. when the string tail after it is slurped. Tokens Ruby
    /// emits without a scanner match (punctuation) leave the previous match in place; a
    /// whitespace handler is followed by a failing `skip`, which clears it.
    pub(super) fn ruby_last_match_after_expression(&self, first_token: usize) -> Option<String> {
        let mut i = self.kinds.len();
        while i > first_token {
            i -= 1;
            let start = self.starts[i] as usize;
            let text = &self.src[start..start + self.token_len(i) as usize];
            let kind = self.kinds[i];
            match kind {
                WHITESPACE => {
                    // Blanks after a handler that returns no token (newline, comment, heredoc,
                    // EPP tag) are consumed by `enqueue_until`'s own `skip` and stay matched;
                    // blanks after a token are consumed by the whitespace handler, and the
                    // `skip` that follows fails and clears the match.
                    if let Some(nl) = text.rfind('\n') {
                        return Some(&text[nl + 1..])
                            .filter(|t| !t.is_empty())
                            .map(str::to_string);
                    }
                    let skipped_by_loop = i == first_token
                        || matches!(
                            self.kinds[i - 1],
                            ML_COMMENT
                                | HEREDOC
                                | HEREDOC_BODY
                                | EPP_CODE_START
                                | EPP_CODE_END
                                | EPP_COMMENT
                                | EPP_TRIMMED
                                | RENDER_EXPR
                                | RENDER_STRING
                                | EPP_END
                                | EPP_END_TRIM
                        );
                    return skipped_by_loop.then(|| text.to_string());
                }
                NAME | WORD | CLASSREF | NUMBER => return Some(text.to_string()),
                _ if kind.is_keyword() => return Some(text.to_string()),
                VARIABLE => return (text != "$").then(|| text.to_string()),
                STRING | DQPOST => return closing_quote_match(text),
                REGEX => {
                    let first_slash = text[1..].find('/').map(|k| k + 1);
                    return Some(
                        if first_slash == Some(text.len() - 1) {
                            text
                        } else {
                            "/"
                        }
                        .to_string(),
                    );
                }
                DIV => {
                    let prev = (first_token..i)
                        .rev()
                        .map(|k| self.kinds[k])
                        .find(|k| !k.is_trivia());
                    if prev.is_some_and(|k| !regexp_acceptable(k)) {
                        continue;
                    }
                    return None;
                }
                COMMENT | ML_COMMENT | HEREDOC_BODY | HEREDOC | ERROR_TOKEN | DQPRE | DQMID => {
                    return None
                }
                // EPP text scanned inside an expression: Ruby's last match is the text scan's.
                RENDER_STRING | RENDER_EXPR | EPP_END | EPP_END_TRIM => return None,
                _ if kind.is_trivia() => return None,
                _ => continue,
            }
        }
        None
    }
}

/// The part of a closed string token that Ruby's last slurp matched: from the character
/// before the backslash run preceding the closing quote (or from the scan start).
fn closing_quote_match(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let s = 1;
    if b.len() < 2 || !matches!(b[b.len() - 1], b'"' | b'\'') {
        return None;
    }
    let q = b.len() - 1;
    let run = backslashes_before(b, s, q);
    let start = if q - run <= s {
        s
    } else {
        char_before(text, q - run).map_or(s, |c| q - run - c.len_utf8())
    };
    Some(text[start.max(s)..].to_string())
}

/// Whether a `DQPRE`/`DQMID` segment text ends with the `${` that opens an expression (as
/// opposed to ending before a `$var`). `dollar_escapes`: `\$` is an escape (double-quoted
/// strings, and heredocs with the `$` flag).
pub fn segment_opens_expression(text: &str, dollar_escapes: bool) -> bool {
    let b = text.as_bytes();
    b.ends_with(b"${") && (!dollar_escapes || backslashes_before(b, 0, b.len() - 2) % 2 == 0)
}

/// The raw text of a quoted string token or segment, without its delimiters: the quotes of
/// `STRING` (single- or double-quoted), the opening `"` of `DQPRE`, the `${` that ends a
/// `DQPRE`/`DQMID`, the leading `}` of a `DQMID`/`DQPOST` that follows an expression
/// (`after_expression`: the previous segment opened one) and the closing `"` of `DQPOST`.
/// Feed the result to `sq_string_value` or `dq_segment_value`. (For heredoc text see
/// `heredoc::segment_inner`.)
pub fn string_segment_inner(kind: SyntaxKind, text: &str, after_expression: bool) -> &str {
    let leading = match kind {
        STRING | DQPRE => 1,
        DQMID | DQPOST if after_expression => 1,
        _ => 0,
    };
    let leading = leading.min(text.len());
    let body = &text[leading..];
    let trailing = match kind {
        DQPRE | DQMID if segment_opens_expression(body, true) => 2,
        STRING | DQPOST => usize::from(closed_by_quote(text.as_bytes(), leading)),
        _ => 0,
    };
    &body[..body.len() - trailing]
}

/// Whether `b` ends with an unescaped quote after position `floor`.
fn closed_by_quote(b: &[u8], floor: usize) -> bool {
    let n = b.len();
    n > floor && matches!(b[n - 1], b'"' | b'\'') && backslashes_before(b, floor, n - 1) % 2 == 0
}
