//! EPP text mode (Ruby's `EppSupport`: `EppScanner#scan` and `interpolate_epp`).
//!
//! One call lexes the template text from the current position to the next code tag (or the
//! end). Ruby accumulates the kept text in one string `s` (removing comments and trimmed
//! whitespace) and emits it as one `RENDER_STRING`; we emit the same bytes losslessly as
//! `RENDER_STRING` pieces separated by `EPP_COMMENT`/`EPP_TRIMMED` trivia (see the merging
//! rule in the `lexer` module docs). Trimming removes trailing blanks of the accumulated
//! text, so it may reach back over a comment: the pieces are kept in a small list and split
//! in place.

use super::{EppMode, Lexed, Lexer};
use crate::diagnostics::IssueCode;
use crate::syntax_kind::SyntaxKind::{self, *};

/// How a text scan ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TextEnd {
    /// The text reached the end of the input: Ruby emits its `RENDER_STRING` even if empty.
    Eof,
    /// The scan loop ran out of input right after `<%%` or a comment: Ruby's scanner
    /// returns `nil` and the text is lost.
    Dropped,
    Code,
    Expr,
    Error,
}

impl Lexer<'_> {
    /// Lex EPP text from `self.pos`. `skip_leading`: the previous tag was `-%>`, so leading
    /// spaces/tabs and one line break are trimmed.
    pub(super) fn epp_text(&mut self, skip_leading: bool) {
        let b = self.b;
        let len = b.len();
        if self.pos >= len {
            return;
        }
        let mut segs = std::mem::take(&mut self.epp_segments);
        segs.clear();
        let mut skip = skip_leading;
        let mut pos = self.pos;
        let outcome = loop {
            if pos >= len {
                break TextEnd::Dropped;
            }
            let found = find_tag_open(b, pos);
            let part_end = found.map_or(len, |q| q + 2);
            let mut text_start = pos;
            if skip {
                let n = leading_trim_len(&b[pos..part_end]);
                push_seg(&mut segs, EPP_TRIMMED, pos, pos + n);
                text_start += n;
                skip = false;
            }
            let Some(q) = found else {
                push_seg(&mut segs, RENDER_STRING, text_start, len);
                pos = len;
                // Ruby checks the accumulated text: a literal `<%%` at its end counts.
                let last_text = segs.iter().rev().find(|s| s.0 == RENDER_STRING);
                if last_text.is_some_and(|&(_, a, e)| {
                    b[a..e].ends_with(b"<%%") && epp_text_value(&self.src[a..e]).ends_with("<%")
                }) {
                    self.error(
                        IssueCode::EPP_UNBALANCED_EXPRESSION,
                        len,
                        0,
                        "Unbalanced embedded expression - opening <% and reaching end of input",
                    );
                    break TextEnd::Error;
                }
                break TextEnd::Eof;
            };
            push_seg(&mut segs, RENDER_STRING, text_start, q);
            match b.get(q + 2) {
                None => {
                    push_seg(&mut segs, EPP_CODE_START, q, q + 2);
                    pos = q + 2;
                    self.error(
                        IssueCode::EPP_UNBALANCED_EXPRESSION,
                        len,
                        0,
                        "Unbalanced embedded expression - opening <% and reaching end of input",
                    );
                    break TextEnd::Error;
                }
                Some(b'-') => {
                    trim_trailing_blanks(b, &mut segs);
                    push_seg(&mut segs, EPP_CODE_START, q, q + 3);
                    pos = q + 3;
                    break TextEnd::Code;
                }
                Some(b'%') => {
                    // `<%%` is literal text (kept raw in the token).
                    push_seg(&mut segs, RENDER_STRING, q, q + 3);
                    pos = q + 3;
                }
                Some(b'=') => {
                    push_seg(&mut segs, RENDER_EXPR, q, q + 3);
                    pos = q + 3;
                    break TextEnd::Expr;
                }
                Some(b'#') => match find_comment_end(b, q + 2) {
                    None => {
                        push_seg(&mut segs, EPP_COMMENT, q, len);
                        pos = len;
                        self.error(
                            IssueCode::EPP_UNBALANCED_COMMENT,
                            q + 2,
                            len - q - 2,
                            "Reaching end after opening <%# without seeing %>",
                        );
                        break TextEnd::Error;
                    }
                    Some(k) => {
                        if b.get(q + 3) == Some(&b'-') {
                            trim_trailing_blanks(b, &mut segs);
                        }
                        push_seg(&mut segs, EPP_COMMENT, q, k + 2);
                        skip = b[k - 1] == b'-';
                        pos = k + 2;
                    }
                },
                Some(_) => {
                    push_seg(&mut segs, EPP_CODE_START, q, q + 2);
                    pos = q + 2;
                    break TextEnd::Code;
                }
            }
        };
        let has_text = segs.iter().any(|s| s.0 == RENDER_STRING);
        if outcome == TextEnd::Dropped {
            for seg in segs.iter_mut().filter(|s| s.0 == RENDER_STRING) {
                seg.0 = EPP_TRIMMED;
            }
        }
        for &(kind, _, end) in &segs {
            self.push(kind, end);
            if !kind.is_trivia() {
                self.after = kind;
            }
        }
        if outcome == TextEnd::Eof && !has_text {
            self.push(RENDER_STRING, len);
            self.after = RENDER_STRING;
        }
        self.pos = pos;
        self.epp = Some(match outcome {
            TextEnd::Code => EppMode::Code,
            TextEnd::Expr => EppMode::Expr,
            _ => EppMode::Text,
        });
        self.epp_segments = segs;
    }
}

/// Add a segment (empty ones are dropped). Adjacent text segments are merged.
fn push_seg(
    segs: &mut Vec<(SyntaxKind, usize, usize)>,
    kind: SyntaxKind,
    start: usize,
    end: usize,
) {
    if end <= start {
        return;
    }
    if let Some(last) = segs.last_mut() {
        if last.0 == RENDER_STRING && kind == RENDER_STRING && last.2 == start {
            last.2 = end;
            return;
        }
    }
    segs.push((kind, start, end));
}

/// The first `<%` at or after `from`.
fn find_tag_open(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(k) = super::chars::find_byte(b, i, b'<') {
        if b.get(k + 1) == Some(&b'%') {
            return Some(k);
        }
        i = k + 1;
    }
    None
}

/// Ruby's `scan_until(/[^%]%>/)` from `from` (the `#` of `<%#`): the position of the `%>`.
fn find_comment_end(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from + 1;
    while let Some(k) = super::chars::find_byte(b, i, b'%') {
        if b.get(k + 1) == Some(&b'>') && b[k - 1] != b'%' {
            return Some(k);
        }
        i = k + 1;
    }
    None
}

/// `^[ \t]*\r?(?:\n|\z)?` at the start of a text part: what `-%>` trims.
fn leading_trim_len(part: &[u8]) -> usize {
    let mut n = part
        .iter()
        .take_while(|&&c| c == b' ' || c == b'\t')
        .count();
    if part.get(n) == Some(&b'\r') {
        n += 1;
    }
    if part.get(n) == Some(&b'\n') {
        n += 1;
    }
    n
}

/// Remove trailing spaces/tabs from the accumulated text (`<%-`, `<%#-`): they become
/// `EPP_TRIMMED`, possibly across earlier comments.
fn trim_trailing_blanks(b: &[u8], segs: &mut Vec<(SyntaxKind, usize, usize)>) {
    let mut i = segs.len();
    while i > 0 {
        i -= 1;
        let (kind, start, end) = segs[i];
        if kind != RENDER_STRING {
            continue;
        }
        let mut t = end;
        while t > start && matches!(b[t - 1], b' ' | b'\t') {
            t -= 1;
        }
        if t == end {
            return;
        }
        if t == start {
            segs[i].0 = EPP_TRIMMED;
            continue;
        }
        segs[i].2 = t;
        segs.insert(i + 1, (EPP_TRIMMED, t, end));
        return;
    }
}

/// Whether a token of kind `kind` is part of a run of template text: Ruby's lexer emits the
/// run as one `RENDER_STRING`, ours as text pieces split by `<%# %>` comments and trimmed
/// white space (the model builder, the parser and the syntax errors' `where` put it back
/// together).
pub(crate) fn is_text_run_part(kind: SyntaxKind) -> bool {
    matches!(kind, RENDER_STRING | EPP_COMMENT | EPP_TRIMMED)
}

/// Ruby's value of the run of template text from token `first` of `lexed` (lexed from
/// `source`) on: its text pieces joined, `<%%` and `%%>` unescaped. Also the index of the
/// first token after the run.
pub(crate) fn text_run(lexed: &Lexed, source: &str, first: usize) -> (String, usize) {
    let mut value = String::new();
    let mut end = first;
    while end < lexed.kinds.len() && is_text_run_part(lexed.kinds[end]) {
        if lexed.kinds[end] == RENDER_STRING {
            value.push_str(&epp_text_value(lexed.text(source, end)));
        }
        end += 1;
    }
    (value, end)
}

/// The value of a `RENDER_STRING` token's text: `<%%` → `<%` and `%%>` → `%>`.
pub fn epp_text_value(raw: &str) -> String {
    if !raw.contains("%%") {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while !rest.is_empty() {
        if rest.starts_with("<%%") {
            out.push_str("<%");
            rest = &rest[3..];
        } else if rest.starts_with("%%>") {
            out.push_str("%>");
            rest = &rest[3..];
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}
