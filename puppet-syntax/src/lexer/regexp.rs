//! A regular expression's syntax, checked as far as it can be without Ruby's regexp engine.
//!
//! Ruby's lexer makes a `Regexp` of every regular expression literal (`Regexp.new`, after
//! unescaping `\/`), and Onigmo's `RegexpError` escapes Puppet as an internal error with no
//! position. We report `INVALID_REGEXP` at the literal instead, for the mistakes that are
//! certain without the engine, with Onigmo's words: an unmatched `(` or `)`, a character class
//! without its `]` (classes nest), a repeat operator with nothing before it, a trailing `\`.
//! Anything else Onigmo would reject (an unknown property name, a bad back reference, a
//! look-behind of variable length) is accepted, as before; a pattern that turns on extended
//! mode (`(?x)`, where `#` starts a comment) is not checked at all, so a valid pattern is
//! never reported.

/// Onigmo's message for the first certain mistake in `b` (a regexp's text between its
/// slashes; a `\/` in it reads as an escape, as it would once unescaped), if any.
pub(super) fn regexp_error(b: &[u8]) -> Option<&'static str> {
    if contains_extended_flag(b) {
        return None;
    }
    let mut groups = 0usize;
    // Whether a repeat operator here would have nothing to repeat.
    let mut at_start = true;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => {
                if i + 1 >= b.len() {
                    return Some("too short escape sequence");
                }
                i += 2;
                at_start = false;
                continue;
            }
            b'[' => {
                i = match class_end(b, i) {
                    Ok(end) => end,
                    Err(message) => return Some(message),
                };
                at_start = false;
                continue;
            }
            b'(' if b[i + 1..].starts_with(b"?#") => {
                // A comment group: no nesting, ends at the first `)`.
                match b[i..].iter().position(|&c| c == b')') {
                    Some(close) => i += close + 1,
                    None => return Some("end pattern in group"),
                }
                continue;
            }
            b'(' => {
                groups += 1;
                // `(?…` opens a group with options or an assertion: its prefix is not checked.
                at_start = b.get(i + 1) != Some(&b'?');
                if !at_start {
                    i += 2;
                    while b
                        .get(i)
                        .is_some_and(|c| matches!(c, b'i' | b'm' | b'x' | b'-'))
                    {
                        i += 1;
                    }
                    if i == b.len() {
                        return Some("end pattern in group");
                    }
                    continue;
                }
            }
            b')' => {
                if groups == 0 {
                    return Some("unmatched close parenthesis");
                }
                groups -= 1;
                at_start = false;
            }
            b'|' => at_start = true,
            b'*' | b'+' | b'?' if at_start => {
                return Some("target of repeat operator is not specified")
            }
            b'{' if at_start && is_interval(&b[i..]) => {
                return Some("target of repeat operator is not specified")
            }
            _ => at_start = false,
        }
        i += 1;
    }
    (groups > 0).then_some("end pattern with unmatched parenthesis")
}

/// The end of the character class that starts at `b[start]` (a `[`), classes nesting as in
/// Onigmo (`[a[b]]`, `[[:alpha:]]`); a `]` right after the opening `[` or `[^` is a literal.
/// `Err`: Onigmo's message for a class without its end.
fn class_end(b: &[u8], start: usize) -> Result<usize, &'static str> {
    let mut depth = 0usize;
    let mut i = start;
    while i < b.len() {
        match b[i] {
            b'\\' if i + 1 == b.len() => return Err("too short escape sequence"),
            b'\\' => i += 1,
            b'[' => {
                depth += 1;
                i += 1;
                if b.get(i) == Some(&b'^') {
                    i += 1;
                }
                if b.get(i) == Some(&b']') {
                    i += 1;
                }
                continue;
            }
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    Err("premature end of char-class")
}

/// Whether `b` starts with an interval Onigmo reads as a repeat operator: `{n}`, `{n,}`,
/// `{,m}` or `{n,m}` (anything else is a literal `{`).
fn is_interval(b: &[u8]) -> bool {
    let Some(close) = b.iter().position(|&c| c == b'}') else {
        return false;
    };
    let inner = &b[1..close];
    let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    match inner.iter().position(|&c| c == b',') {
        None => !inner.is_empty() && digits(inner),
        Some(comma) => {
            let (low, high) = (&inner[..comma], &inner[comma + 1..]);
            (!low.is_empty() || !high.is_empty()) && digits(low) && digits(high)
        }
    }
}

/// Whether an option group turns extended mode on (`(?mx)`, `(?ix-m:`…).
fn contains_extended_flag(b: &[u8]) -> bool {
    b.windows(2).enumerate().any(|(i, w)| {
        w == b"(?"
            && b[i + 2..]
                .iter()
                .take_while(|c| matches!(c, b'm' | b'i' | b'x'))
                .any(|&c| c == b'x')
    })
}

#[cfg(test)]
mod tests {
    use super::regexp_error;

    #[test]
    fn certain_mistakes_are_found_with_onigmos_words() {
        let cases: &[(&str, Option<&str>)] = &[
            ("(a", Some("end pattern with unmatched parenthesis")),
            ("a)", Some("unmatched close parenthesis")),
            ("[a", Some("premature end of char-class")),
            ("[a[b]", Some("premature end of char-class")),
            ("[[:alpha:]", Some("premature end of char-class")),
            ("*a", Some("target of repeat operator is not specified")),
            ("a|*b", Some("target of repeat operator is not specified")),
            ("(*a)", Some("target of repeat operator is not specified")),
            ("+", Some("target of repeat operator is not specified")),
            ("{2}", Some("target of repeat operator is not specified")),
            ("a\\", Some("too short escape sequence")),
            ("(?i", Some("end pattern in group")),
            ("(?i:a", Some("end pattern with unmatched parenthesis")),
            ("(a(?:b)", Some("end pattern with unmatched parenthesis")),
            ("[\\", Some("too short escape sequence")),
            ("{,2}", Some("target of repeat operator is not specified")),
            ("(?#(x", Some("end pattern in group")),
            (
                "#  [Protocols](https:",
                Some("end pattern with unmatched parenthesis"),
            ),
        ];
        for (source, want) in cases {
            assert_eq!(regexp_error(source.as_bytes()), *want, "{source}");
        }
    }

    #[test]
    fn valid_patterns_are_accepted() {
        for source in [
            "a",
            "^*",
            "a{2}",
            "{",
            "a{,}",
            "[]a]",
            "[^]a]",
            "[a[b]]",
            "(?#(x)a",
            "(?x) a # (",
            "(?<n>a)\\k<n>",
            "a??",
            "a**",
            "a*+",
            "(?:a|b)+",
            "(?i)a",
            "(?i-m:a)",
            "\\(",
            "[(]",
            "\\[",
            "(?=a)(?!b)(?<=c)(?<!d)(?>e)",
            "^\\s*$",
            "[[:alpha:]]",
            "a|",
            "()",
            "\\/",
            "{,",
            "x{1,2}?",
            "a{,}",
            "(?i)a|b",
            "[a\\]]",
        ] {
            assert_eq!(regexp_error(source.as_bytes()), None, "{source}");
        }
    }
}
