//! Numbers: Ruby's `PATTERN_NUMBER` with its backtracking outcome, `assert_numeric`, and
//! the error path that rescans a bad number (backing up over `digits.` before it).
//!
//! `PATTERN_NUMBER = \b(?:0[xX][0-9A-Fa-f]+|0?\d+(?:\.\d+)?(?:[eE]-?\d+)?)\b`. The final
//! `\b` uses Unicode word characters, so the match may back off to a shorter number (`1.5e`
//! lexes `1`, then `.`, then the bad `5e` is reported as `1.5e`).

use super::chars::{is_word, word_boundary_after_word};
use super::Lexer;
use crate::diagnostics::IssueCode;
use crate::syntax_kind::SyntaxKind::*;

impl Lexer<'_> {
    /// A number at `self.pos` (a digit). Errors are reported as Ruby does, then a `NUMBER`
    /// token covering the bad text is emitted so that parsing can continue.
    pub(super) fn number(&mut self) {
        let p = self.pos;
        let b = self.b;
        if let Some(end) = match_number(self.src, p) {
            if let Some((code, message)) = assert_numeric(&self.src[p..end]) {
                let value = self.src[p..end].to_string();
                self.error(code, p, end - p, message)
                    .args
                    .push(("value", value));
            }
            self.emit(NUMBER, end);
            return;
        }
        // Ruby: `scan_until(\w+)`, then, when preceded by `.` and digits, report the whole
        // `digits.bad` text from its start.
        let mut after = p;
        while after < b.len() && is_word(b[after]) {
            after += 1;
        }
        let mut before = p;
        if p > 1 && b[p - 1] == b'.' {
            let mut q = p - 2;
            while b[q].is_ascii_digit() {
                before = q;
                if q == 0 {
                    break;
                }
                q -= 1;
            }
        }
        let value = self.src[before..after].to_string();
        match assert_numeric(&value) {
            Some((code, message)) => {
                self.error(code, before, after - before, message)
                    .args
                    .push(("value", value));
            }
            None => {
                let message = format!("Illegal number '{value}'");
                self.error(
                    IssueCode::ILLEGAL_NUMBER,
                    before + 1,
                    after - before - 1,
                    message,
                )
                .args
                .push(("value", value));
            }
        }
        // `3.1x` was lexed as NUMBER(3) DOT before the error showed: merge them back into
        // one NUMBER when the tokens line up exactly.
        if before < p {
            let n = self.kinds.len();
            if n >= 2
                && self.kinds[n - 1] == DOT
                && self.kinds[n - 2] == NUMBER
                && self.starts[n - 2] as usize == before
            {
                self.kinds.truncate(n - 2);
                self.starts.truncate(n - 2);
                self.last_end = before;
            }
        }
        self.emit(NUMBER, after);
    }
}

/// The end of Ruby's `PATTERN_NUMBER` match at `p` (a digit), if it matches.
pub(super) fn match_number(s: &str, p: usize) -> Option<usize> {
    let b = s.as_bytes();
    let digits = |from: usize| {
        let mut i = from;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let digit_at = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    if b[p] == b'0' && matches!(b.get(p + 1), Some(b'x' | b'X')) {
        let mut i = p + 2;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        if i > p + 2 && word_boundary_after_word(s, i) {
            return Some(i);
        }
    }
    let int_end = digits(p);
    let frac_end =
        (b.get(int_end) == Some(&b'.') && digit_at(int_end + 1)).then(|| digits(int_end + 1));
    let exponent = |from: usize| -> Option<usize> {
        if !matches!(b.get(from), Some(b'e' | b'E')) {
            return None;
        }
        let j = if b.get(from + 1) == Some(&b'-') {
            from + 2
        } else {
            from + 1
        };
        digit_at(j).then(|| digits(j))
    };
    // Alternatives in the order the regexp engine tries them.
    let candidates = [
        frac_end.and_then(exponent),
        frac_end,
        exponent(int_end),
        Some(int_end),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|&end| word_boundary_after_word(s, end))
}

/// Ruby's `assert_numeric`: the issue (and message) for a number text that is not a valid
/// hex, octal, decimal or float number.
pub(super) fn assert_numeric(value: &str) -> Option<(IssueCode, String)> {
    let v = value.as_bytes();
    let all = |from: usize, f: fn(&u8) -> bool| v.len() > from && v[from..].iter().all(f);
    if v.len() >= 2 && v[0] == b'0' && matches!(v[1], b'x' | b'X') {
        (!all(2, u8::is_ascii_hexdigit)).then(|| {
            (
                IssueCode::INVALID_HEX_NUMBER,
                format!("Not a valid hex number {value}"),
            )
        })
    } else if v.len() >= 2 && v[0] == b'0' && v[1] != b'.' {
        (!all(1, |c| (b'0'..=b'7').contains(c))).then(|| {
            (
                IssueCode::INVALID_OCTAL_NUMBER,
                format!("Not a valid octal number {value}"),
            )
        })
    } else if starts_with_digits_then(v, |c| matches!(c, b'e' | b'E' | b'.')) {
        (!is_decimal(v)).then(|| {
            (
                IssueCode::INVALID_DECIMAL_NUMBER,
                format!("Not a valid decimal number {value}"),
            )
        })
    } else {
        (!all(0, u8::is_ascii_digit)).then(|| {
            (
                IssueCode::ILLEGAL_NUMBER,
                format!("Illegal number '{value}'"),
            )
        })
    }
}

/// `/^\d+X/` where `X` is a byte class.
fn starts_with_digits_then(v: &[u8], class: fn(u8) -> bool) -> bool {
    let n = v.iter().take_while(|c| c.is_ascii_digit()).count();
    n > 0 && v.get(n).is_some_and(|&c| class(c))
}

/// `/^\d+(?:\.\d+)?(?:[eE]-?\d+)?$/`.
fn is_decimal(v: &[u8]) -> bool {
    let digits = |from: usize| {
        v[from.min(v.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let mut i = digits(0);
    if i == 0 {
        return false;
    }
    if v.get(i) == Some(&b'.') {
        let n = digits(i + 1);
        if n == 0 {
            return false;
        }
        i += 1 + n;
    }
    if matches!(v.get(i), Some(b'e' | b'E')) {
        i += 1;
        if v.get(i) == Some(&b'-') {
            i += 1;
        }
        let n = digits(i);
        if n == 0 {
            return false;
        }
        i += n;
    }
    i == v.len()
}
