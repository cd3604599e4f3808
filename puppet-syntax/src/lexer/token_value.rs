//! Ruby's value of a token, as its syntax errors show it: Racc's `on_error` names the token a
//! syntax error is at by its value (`Syntax error at 'VALUE'`), and Ruby's lexer gives most
//! tokens their text as value but not all of them (`lexer2.rb`, `heredoc_support.rb`,
//! `epp_support.rb`):
//!
//! * a string (`STRING`, and the segments `DQPRE`, `DQMID`, `DQPOST` of an interpolated one):
//!   its text without the quotes and `${`/`}` delimiters, escapes applied (`'a\'b'` is `a'b`,
//!   `"c${d}"` fails at `c`);
//! * a variable: its name without the `$`;
//! * a heredoc header: its syntax (`json` for `@(END:json)`, empty without one);
//! * a number merged from Ruby's `1`, `.` and the bad `5e` of `1.5e`: `1`;
//! * a regular expression: Ruby's `Regexp#to_s` of it (`(?-mix:a\/b)`);
//! * a character no rule matches (`OTHER`), `<%=` and the start of a template: empty;
//! * EPP text: the text of the whole run (ours is split at `<%# %>` comments), `<%%` and `%%>`
//!   unescaped ([`super::text_run`]).
//!
//! Segments of a heredoc's own text take the heredoc's escapes, not a double-quoted string's;
//! this module applies the latter (a syntax error at such a segment with escapes in it is the
//! only case where the value shown differs from Ruby's).
//!
//! Where Ruby's token is ([`ruby_token_span`]) differs from ours for string segments after
//! `${…}`, for EPP template text and `<%=`, and for a merged bad number.

use std::borrow::Cow;

use super::epp::is_text_run_part;
use super::{
    dq_segment_value, epp_text_value, heredoc, sq_string_value, string_segment_inner, Lexed,
};
use crate::syntax_kind::SyntaxKind::{self, *};

/// Ruby's value of a token of kind `kind` whose source text is `text`.
pub fn ruby_token_value(kind: SyntaxKind, text: &str) -> Cow<'_, str> {
    match kind {
        STRING if text.starts_with('\'') => {
            sq_string_value(string_segment_inner(kind, text, false))
        }
        STRING | DQPRE => dq_segment_value(string_segment_inner(kind, text, false)),
        // Our segment after `${…}` starts at the `}` that closes it (Ruby's after it).
        DQMID | DQPOST => dq_segment_value(string_segment_inner(kind, text, text.starts_with('}'))),
        VARIABLE => Cow::Borrowed(text.strip_prefix('$').unwrap_or(text)),
        HEREDOC => Cow::Owned(heredoc::parse_header(text).map_or_else(
            |e| e.header.map(|h| h.syntax).unwrap_or_default(),
            |h| h.syntax,
        )),
        REGEX => {
            let body = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
            // The lexer unescapes `\/`; `Regexp#to_s` escapes every `/` again.
            Cow::Owned(regexp_to_s(&body.replace("\\/", "/")).replace('/', "\\/"))
        }
        NUMBER => Cow::Borrowed(&text[..ruby_number_len(text)]),
        ERROR_TOKEN | RENDER_EXPR | EPP_START => Cow::Borrowed(""),
        RENDER_STRING => Cow::Owned(epp_text_value(text)),
        _ => Cow::Borrowed(text),
    }
}

/// Ruby's offset and length of token `i` of `lexed`, lexed from `source` (`i` below the token
/// count):
/// * a segment after `${…}` starts after the `}` that closes it (ours at it);
/// * a token lexed a second time (`Lexed::replayed`) is where its text is;
/// * template text starts right after the previous `%>`, with what a `-%>` trims and the
///   `<%# %>` comments that begin it (ours after them: Ruby's run of text is one token), and
///   `<%=` where that text starts.
pub(crate) fn ruby_token_span(lexed: &Lexed, source: &str, i: usize) -> (u32, u32) {
    if let Some(span) = lexed.replayed_span(i) {
        return span;
    }
    let (start, end) = (lexed.starts[i], lexed.starts[i + 1]);
    match lexed.kinds[i] {
        DQMID | DQPOST if lexed.text(source, i).starts_with('}') => (start + 1, end - start - 1),
        RENDER_EXPR | RENDER_STRING => {
            let mut first = i;
            while first > 0 && is_text_run_part(lexed.kinds[first - 1]) {
                first -= 1;
            }
            (lexed.starts[first], end - lexed.starts[first])
        }
        NUMBER => (start, ruby_number_len(lexed.text(source, i)) as u32),
        _ => (start, end - start),
    }
}

/// Ruby's `Regexp#to_s` of a regexp without flags whose source is `source` (`rb_reg_to_s`):
/// `(?FLAGS:source)`, where leading groups that set options (`(?i)`, or `(?i:…)` around the
/// whole rest) are folded into the flags. Ruby folds a `(?…:…)` group only if its inside
/// compiles on its own; here, if [`super::regexp::regexp_error`] finds no mistake in it.
fn regexp_to_s(source: &str) -> String {
    let mut on = [false; 3]; // m, i, x
    let flag = |c: u8| match c {
        b'm' => Some(0),
        b'i' => Some(1),
        b'x' => Some(2),
        _ => None,
    };
    let mut rest = source.as_bytes();
    while rest.len() >= 4 && rest.starts_with(b"(?") {
        let mut flags = on;
        let mut i = 2;
        while let Some(f) = rest.get(i).and_then(|&c| flag(c)) {
            flags[f] = true;
            i += 1;
        }
        if rest.len() - i > 1 && rest[i] == b'-' {
            i += 1;
            while let Some(f) = rest.get(i).and_then(|&c| flag(c)) {
                flags[f] = false;
                i += 1;
            }
        }
        match rest.get(i) {
            Some(b')') => {
                on = flags;
                rest = &rest[i + 1..];
            }
            Some(b':')
                if rest.last() == Some(&b')')
                    && super::regexp::regexp_error(&rest[i + 1..rest.len() - 1]).is_none() =>
            {
                on = flags;
                rest = &rest[i + 1..rest.len() - 1];
                break;
            }
            _ => {
                on = [false; 3];
                rest = source.as_bytes();
                break;
            }
        }
    }
    let names = [b'm', b'i', b'x'];
    let mut out = String::from("(?");
    out.extend(
        names
            .iter()
            .zip(on)
            .filter(|(_, set)| *set)
            .map(|(&c, _)| c as char),
    );
    if on.contains(&false) {
        out.push('-');
        out.extend(
            names
                .iter()
                .zip(on)
                .filter(|(_, set)| !*set)
                .map(|(&c, _)| c as char),
        );
    }
    out.push(':');
    out.push_str(std::str::from_utf8(rest).unwrap_or(source));
    out.push(')');
    out
}

/// The length of Ruby's `NUMBER` token at the start of our `NUMBER` token `text`: shorter
/// when a bad number such as `1.5e` was merged into one token (Ruby's is `1`, then `.`, then
/// the error).
fn ruby_number_len(text: &str) -> usize {
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        super::numbers::match_number(text, 0).unwrap_or(text.len())
    } else {
        text.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_of_tokens_whose_value_is_not_their_text() {
        let cases: &[(SyntaxKind, &str, &str)] = &[
            (STRING, r"'a\'b\\c'", r"a'b\c"),
            (STRING, r"'a\tb'", r"a\tb"),
            (STRING, r#""a\tb\$c""#, "a\tb$c"),
            (STRING, r#""\u263A""#, "☺"),
            (STRING, "''", ""),
            (DQPRE, r#""a\tb${"#, "a\tb"),
            (DQPRE, r#""a\tb"#, "a\tb"),
            (DQPRE, r#""${"#, ""),
            (DQMID, "}b${", "b"),
            (DQPOST, r#"}b""#, "b"),
            (DQPOST, r#"}""#, ""),
            (DQPOST, r#" b""#, " b"),
            (VARIABLE, "$::v::w", "::v::w"),
            (VARIABLE, "x", "x"),
            (HEREDOC, "@(E:json)", "json"),
            (HEREDOC, r#"@("E"/t)"#, ""),
            (REGEX, "/re/", "(?-mix:re)"),
            (REGEX, r"/re\/x/", r"(?-mix:re\/x)"),
            (ERROR_TOKEN, "ü", ""),
            (NAME, "foo::bar", "foo::bar"),
            (NUMBER, "0x1F", "0x1F"),
            (NUMBER, "1.5e", "1"),
            (REGEX, "/a/", "(?-mix:a)"),
            (REGEX, "/(?i:a\\/b)/", "(?i-mx:a\\/b)"),
            (REGEX, "/(?i)a/", "(?i-mx:a)"),
            (REGEX, "/(?mix:a)/", "(?mix:a)"),
            (REGEX, "/(?i-m:a)|(b)/", "(?-mix:(?i-m:a)|(b))"),
            (REGEX, "/(?i:a)b/", "(?-mix:(?i:a)b)"),
            (NUMBER, "08", "08"),
        ];
        for &(kind, text, value) in cases {
            assert_eq!(ruby_token_value(kind, text), value, "{kind:?} {text}");
        }
    }
}
