//! Escape processing of string text, exactly as Ruby's `SlurpSupport#slurp` does it, for
//! token values (public helpers used by the model builder) and for the escape warnings the
//! lexer reports.
//!
//! Ruby first replaces Unicode escapes (`\uXXXX`, `\u{X…}`) with a `gsub` that is repeated
//! until nothing changes (one pass cannot replace adjacent escapes, and a replacement can
//! create a new escape: `"\u005cn"` is a newline), then replaces every `\c` in one pass.

use std::borrow::Cow;

use crate::diagnostics::IssueCode;

/// Which `\c` escapes a string kind processes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct EscapeSet(u16);

impl EscapeSet {
    /// No escape is processed.
    pub const NONE: EscapeSet = EscapeSet(0);
    /// `\\`
    pub const BACKSLASH: EscapeSet = EscapeSet(1);
    /// `\$`
    pub const DOLLAR: EscapeSet = EscapeSet(1 << 1);
    /// `\'`
    pub const SQUOTE: EscapeSet = EscapeSet(1 << 2);
    /// `\"`
    pub const DQUOTE: EscapeSet = EscapeSet(1 << 3);
    /// `\r`
    pub const R: EscapeSet = EscapeSet(1 << 4);
    /// `\n`
    pub const N: EscapeSet = EscapeSet(1 << 5);
    /// `\t`
    pub const T: EscapeSet = EscapeSet(1 << 6);
    /// `\s` (a space)
    pub const S: EscapeSet = EscapeSet(1 << 7);
    /// `\uXXXX` / `\u{X…}`
    pub const U: EscapeSet = EscapeSet(1 << 8);
    /// Backslash-newline and backslash-CRLF line continuation (heredoc flag `L`).
    pub const LINE: EscapeSet = EscapeSet(1 << 9);
    /// The escapes of double-quoted strings (Ruby's `DQ_ESCAPES`).
    pub const DQ: EscapeSet = EscapeSet(0x3FF);

    /// The escapes of both sets.
    pub const fn union(self, other: EscapeSet) -> EscapeSet {
        EscapeSet(self.0 | other.0)
    }

    /// Whether every escape of `other` is in the set.
    pub const fn contains(self, other: EscapeSet) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    /// Whether no escape is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The member that `\` followed by `c` would use, if `c` names one.
    fn member_for(c: char) -> EscapeSet {
        match c {
            '\\' => Self::BACKSLASH,
            '$' => Self::DOLLAR,
            '\'' => Self::SQUOTE,
            '"' => Self::DQUOTE,
            'r' => Self::R,
            'n' => Self::N,
            't' => Self::T,
            's' => Self::S,
            'u' => Self::U,
            '\n' => Self::LINE,
            _ => Self::NONE,
        }
    }
}

/// A problem found while processing escapes (reported at the end of the string segment).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum EscapeProblem {
    /// `\c` with `c` not an escape of the string kind (`UNRECOGNIZED_ESCAPE`, warning).
    Unrecognized(String),
    /// `\u` not followed by a valid form (`ILLEGAL_UNICODE_ESCAPE`, warning).
    IllegalUnicode,
    /// `\u` naming a surrogate or a value above U+10FFFF (Ruby raises; we report
    /// `ILLEGAL_UNICODE_ESCAPE` as an error and use U+FFFD).
    InvalidCodePoint,
}

impl EscapeProblem {
    /// The diagnostic parts: code, whether it is an error, message and Puppet's arguments.
    pub(crate) fn describe(&self) -> (IssueCode, bool, String, Option<(&'static str, String)>) {
        const UNICODE: &str =
            "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff";
        match self {
            EscapeProblem::Unrecognized(ch) => (
                IssueCode::UNRECOGNIZED_ESCAPE,
                false,
                format!("Unrecognized escape sequence '\\{ch}'"),
                Some(("ch", ch.clone())),
            ),
            EscapeProblem::IllegalUnicode => (
                IssueCode::ILLEGAL_UNICODE_ESCAPE,
                false,
                UNICODE.to_string(),
                None,
            ),
            EscapeProblem::InvalidCodePoint => (
                IssueCode::ILLEGAL_UNICODE_ESCAPE,
                true,
                UNICODE.to_string(),
                None,
            ),
        }
    }
}

/// The value of a single-quoted string from the text between its quotes: only `\\` and
/// `\'` are escapes; every other backslash is kept.
pub fn sq_string_value(raw_inner: &str) -> Cow<'_, str> {
    if !raw_inner.contains('\\') {
        return Cow::Borrowed(raw_inner);
    }
    let mut out = String::with_capacity(raw_inner.len());
    let mut chars = raw_inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next @ ('\\' | '\'')) = chars.peek() {
                out.push(next);
                chars.next();
                continue;
            }
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// The value of a double-quoted string segment from its raw text (without quotes, `}`,
/// `${`; see `string_segment_inner`): Ruby's `DQ_ESCAPES` applied.
pub fn dq_segment_value(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    Cow::Owned(process_escapes(raw, EscapeSet::DQ, true, None))
}

/// The value of a heredoc (unquoted string) segment from its raw text, with the escapes of
/// the heredoc's `/flags` (an empty set when there are none: then nothing is processed).
pub fn uq_segment_value(raw: &str, escapes: EscapeSet) -> Cow<'_, str> {
    if escapes.is_empty() || !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    Cow::Owned(process_escapes(raw, escapes, false, None))
}

/// Ruby's escape processing of one slurped text. `problems`, when given, receives the
/// warnings Ruby would log; unrecognized escapes are only reported when
/// `warn_unrecognized` (double-quoted strings; heredoc text ignores them).
pub(crate) fn process_escapes(
    text: &str,
    escapes: EscapeSet,
    warn_unrecognized: bool,
    mut problems: Option<&mut Vec<EscapeProblem>>,
) -> String {
    if !text.contains('\\') {
        return text.to_string();
    }
    let mut s = text.to_string();
    // A pass replaces only a `\u` (and makes a new one only where it replaced one): without
    // one there is nothing to do.
    if escapes.contains(EscapeSet::U) && s.contains("\\u") {
        while let Some(next) = unicode_pass(&s, &mut problems) {
            s = next;
        }
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(k) = rest.find('\\') {
        out.push_str(&rest[..k]);
        let after = &rest[k + 1..];
        let mut it = after.chars();
        let (seq, seq_len) = match it.next() {
            None => {
                out.push('\\');
                rest = after;
                continue;
            }
            Some('\r') if after.as_bytes().get(1) == Some(&b'\n') => ("\r\n", 2),
            Some('\r') => {
                // `\\` before a lone CR is not an escape; scanning resumes at the CR.
                out.push('\\');
                rest = after;
                continue;
            }
            Some(c) => (&after[..c.len_utf8()], c.len_utf8()),
        };
        let c = seq.chars().next().unwrap_or('\n');
        let member = if seq == "\r\n" {
            EscapeSet::LINE
        } else {
            EscapeSet::member_for(c)
        };
        if escapes.contains(member) {
            match c {
                'r' => out.push('\r'),
                'n' => out.push('\n'),
                't' => out.push('\t'),
                's' => out.push(' '),
                'u' => {
                    if let Some(p) = problems.as_deref_mut() {
                        p.push(EscapeProblem::IllegalUnicode);
                    }
                    out.push_str("\\u");
                }
                '\n' | '\r' => {}
                other => out.push(other),
            }
        } else {
            if warn_unrecognized {
                if let Some(p) = problems.as_deref_mut() {
                    p.push(EscapeProblem::Unrecognized(seq.to_string()));
                }
            }
            out.push('\\');
            out.push_str(seq);
        }
        rest = &after[seq_len..];
    }
    out.push_str(rest);
    out
}

/// One pass of Ruby's
/// `gsub(/((?:[^\\]|^)(?:[\\]{2})*)\\u(?:([\da-fA-F]{4})|\{([\da-fA-F]{1,6})\})/m)`;
/// `None` when nothing was replaced.
fn unicode_pass(s: &str, problems: &mut Option<&mut Vec<EscapeProblem>>) -> Option<String> {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    let mut replaced = false;
    while i < b.len() {
        let mut found = None;
        // Alternative 1: a non-backslash character; alternative 2: `^` (start of a line).
        if b[i] != b'\\' {
            let j = i + super::chars::char_len(b[i]);
            found = unicode_escape_at(b, j);
        }
        if found.is_none() && (i == 0 || b[i - 1] == b'\n') {
            found = unicode_escape_at(b, i);
        }
        match found {
            Some((esc_start, end, code)) => {
                out.push_str(&s[copied..esc_start]);
                match char::from_u32(code) {
                    Some(c) => out.push(c),
                    None => {
                        if let Some(p) = problems.as_deref_mut() {
                            p.push(EscapeProblem::InvalidCodePoint);
                        }
                        out.push('\u{fffd}');
                    }
                }
                copied = end;
                i = end;
                replaced = true;
            }
            None => i += super::chars::char_len(b[i]),
        }
    }
    if !replaced {
        return None;
    }
    out.push_str(&s[copied..]);
    Some(out)
}

/// At `j`: `(\\\\)*\\u` followed by 4 hex digits or `{` 1–6 hex digits `}`. Returns the
/// start of the final `\u`, the end of the escape and the code point.
fn unicode_escape_at(b: &[u8], j: usize) -> Option<(usize, usize, u32)> {
    let mut k = j;
    while k < b.len() && b[k] == b'\\' {
        k += 1;
    }
    let run = k - j;
    if run % 2 == 0 || b.get(k) != Some(&b'u') {
        return None;
    }
    let esc_start = k - 1;
    let hex_at = |i: usize| b.get(i).is_some_and(u8::is_ascii_hexdigit);
    let h = k + 1;
    if (h..h + 4).all(hex_at) {
        return Some((esc_start, h + 4, parse_hex(&b[h..h + 4])));
    }
    if b.get(h) == Some(&b'{') {
        let n = (h + 1..).take_while(|&i| hex_at(i)).take(7).count();
        if (1..=6).contains(&n) && b.get(h + 1 + n) == Some(&b'}') {
            return Some((esc_start, h + 2 + n, parse_hex(&b[h + 1..h + 1 + n])));
        }
    }
    None
}

fn parse_hex(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |acc, &d| {
        acc * 16 + (d as char).to_digit(16).unwrap_or(0)
    })
}
