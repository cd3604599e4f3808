//! Ruby's renderings of values, byte for byte, in one place: `Float#to_s`, `String#inspect`,
//! `Regexp#inspect`, PN's string quoting and `JSON.dump`'s. The model (a regexp's `pattern`),
//! the PN writer, the validator's messages and the CST dump all print through these.

use std::fmt::Write;

/// Ruby `Float#to_s` (Ruby 3.1 `flo_to_s`): the shortest round-trip digits, written as
/// `ddd.ddd` when the decimal exponent allows it and as `d.ddde±XX` otherwise:
/// `-350.0`, `100000000000000.0`, `1.0e+15`, `1234567890123456.8`, `0.0001`, `1.0e-05`.
pub fn ruby_float_to_s(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    if value == 0.0 {
        return format!("{sign}0.0");
    }
    // `{:e}` prints the shortest digits that round-trip, like Ruby's dtoa mode 0.
    let sci = format!("{:e}", value.abs());
    let (mantissa, exponent) = sci
        .split_once('e')
        .expect("LowerExp output has an exponent");
    let digits: String = mantissa.chars().filter(|&c| c != '.').collect();
    let digs = digits.len() as i32;
    // `decpt` as in dtoa: the value is 0.DIGITS × 10^decpt.
    let decpt = exponent
        .parse::<i32>()
        .expect("LowerExp exponent is an integer")
        + 1;
    const DBL_DIG: i32 = 15;
    if decpt > 0 && decpt < digs {
        let (int_part, frac_part) = digits.split_at(decpt as usize);
        format!("{sign}{int_part}.{frac_part}")
    } else if decpt > 0 && decpt <= DBL_DIG {
        format!("{sign}{digits}{}.0", "0".repeat((decpt - digs) as usize))
    } else if decpt <= 0 && decpt > -4 {
        format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize))
    } else {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let e = decpt - 1;
        let e_sign = if e < 0 { '-' } else { '+' };
        format!("{sign}{first}.{rest}e{e_sign}{:02}", e.abs())
    }
}

/// PN's `double_quote`: `"…"` with `\t \n \r \" \\` escaped, other characters below U+0020 as
/// `\oNNN` (three octal digits), everything else (including DEL and non-ASCII) unchanged.
pub fn pn_quote(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\o{:03o}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `text` to `out` as a JSON string literal, as Ruby's `JSON.dump` (json 2.6, not
/// `ascii_only`, not `script_safe`) writes it: `"` and `\` escaped, `\b \f \n \r \t` by name,
/// other control characters as `\u00xx`, everything else raw UTF-8.
pub fn json_quote(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON string literal for `s` (also used by the PN JSON writer).
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    json_quote(s, &mut out);
    out
}

/// Ruby `String#inspect` for a UTF-8 string.
pub fn string_inspect(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            '\u{8}' => out.push_str("\\b"),
            '\u{7}' => out.push_str("\\a"),
            '\u{1b}' => out.push_str("\\e"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Puppet's `StringConverter#puppet_quote`, which its type formatter uses for a String value:
/// single-quoted (a `'` escaped, a backslash kept with the character after it, a backslash at
/// the end kept as one) unless the text holds a control character, then double-quoted
/// (`\t`, `\n`, `\r`, `\"`, `\$`, `\\`, other control characters as `\u{X}`).
pub fn puppet_quote(text: &str) -> String {
    if text.chars().any(|c| c < ' ') {
        return puppet_double_quote(text);
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    let mut escaped = false;
    for c in text.chars() {
        if escaped {
            out.push('\\');
            out.push(c);
            escaped = false;
        } else if c == '\'' {
            out.push_str("\\'");
        } else if c == '\\' {
            escaped = true;
        } else {
            out.push(c);
        }
    }
    // As Ruby's: the pending backslash is written once.
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

/// `StringConverter#puppet_double_quote`.
fn puppet_double_quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '$' => out.push_str("\\$"),
            '\\' => out.push_str("\\\\"),
            c if c < ' ' => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Ruby's `Regexp#inspect` for a regexp created with `Regexp.new(source)` (no options, UTF-8
/// default external encoding as in Puppet): this is `LiteralRegularExpression#pattern`.
///
/// Ruby (`rb_reg_expr_str`) copies the source unchanged between `/…/` unless it contains a `/` or
/// an ASCII character that is not printable; in that case it re-escapes: `/` → `\/`, a backslash
/// and the character after it are kept, ASCII white space is kept, other ASCII control characters
/// become `\xHH`, and every non-ASCII character becomes `\uXXXX` (`\u{XXXXX}` above U+FFFF).
pub fn regexp_inspect(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 2);
    out.push('/');
    let needs_escape = source
        .chars()
        .any(|c| c == '/' || (c.is_ascii() && !(' '..='~').contains(&c)));
    if !needs_escape {
        out.push_str(source);
        out.push('/');
        return out;
    }
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            }
            '/' => out.push_str("\\/"),
            ' '..='~' => out.push(c),
            // Ruby's rb_enc_isspace: \t \n \v \f \r are kept raw.
            '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' => out.push(c),
            c if c.is_ascii() => out.push_str(&format!("\\x{:02X}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
        }
    }
    out.push('/');
    out
}

/// Whether `Regexp.new(source)` (a UTF-8 source, as Puppet's lexer passes it) gets Ruby's
/// `Regexp::FIXEDENCODING` option: when the source contains a non-ASCII character, a `\u`
/// escape of a non-ASCII code point, or a `\p`/`\P` property (Ruby's `rb_reg_preprocess`).
/// Such a regexp has `options == 16`, so Puppet's `PRegexpType.regexp_to_s` (used by the PN
/// writer) wraps it as `(?-imx:source)`; `Regexp#inspect` (the `pattern`) is not affected.
pub fn regexp_has_fixed_encoding(source: &str) -> bool {
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii() {
            return true;
        }
        if c != '\\' {
            continue;
        }
        match chars.next() {
            Some('p' | 'P') => return true,
            Some('u') => {
                let code = if chars.peek() == Some(&'{') {
                    chars.next();
                    let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                    // `\u{a b}` lists several code points.
                    hex.split_whitespace()
                        .filter_map(|h| u32::from_str_radix(h, 16).ok())
                        .max()
                } else {
                    let hex: String = chars.by_ref().take(4).collect();
                    u32::from_str_radix(&hex, 16).ok()
                };
                if code.is_some_and(|c| c >= 0x80) {
                    return true;
                }
            }
            Some(other) if !other.is_ascii() => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_s_matches_ruby_on_special_cases() {
        // Expected values printed by `ruby -e 'p X.to_s'` (Ruby 3.1).
        let cases: &[(f64, &str)] = &[
            (-350.0, "-350.0"),
            (1e20, "1.0e+20"),
            (1e-5, "1.0e-05"),
            (0.0001, "0.0001"),
            (9.9e-5, "9.9e-05"),
            (1e14, "100000000000000.0"),
            (1e15, "1.0e+15"),
            (1.5e15, "1.5e+15"),
            (1234567890123456.0, "1.234567890123456e+15"),
            (1234567890123456.7, "1234567890123456.8"),
            (123456789012345.6, "123456789012345.6"),
            (1.2345678901234568e17, "1.2345678901234568e+17"),
            (5e-324, "5.0e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (0.1, "0.1"),
            (100.0, "100.0"),
        ];
        for &(v, expected) in cases {
            assert_eq!(ruby_float_to_s(v), expected, "{v:e}");
        }
    }

    #[test]
    fn pn_quote_matches_ruby() {
        // ruby -e 'require "puppet"; require "puppet/pops/pn"; puts Puppet::Pops::PN::Literal.new(S).to_s'
        let mut out = String::new();
        pn_quote("\t\n\r\"\\ 😀 \u{7} \u{1f} \u{7f} é", &mut out);
        assert_eq!(out, "\"\\t\\n\\r\\\"\\\\ 😀 \\o007 \\o037 \u{7f} é\"");
    }

    #[test]
    fn json_quote_matches_ruby() {
        // ruby -rjson -e 'puts JSON.dump("\b\f\u0001\u001f\u007f\u2028/<>&")'
        let mut out = String::new();
        json_quote(
            "\u{8}\u{c}\u{1}\u{1f}\u{7f}\u{2028}/<>&\"\\\n\r\t",
            &mut out,
        );
        assert_eq!(
            out,
            "\"\\b\\f\\u0001\\u001f\u{7f}\u{2028}/<>&\\\"\\\\\\n\\r\\t\""
        );
    }

    #[test]
    fn puppet_quote_matches_puppet() {
        // Recorded from Puppet 7.23 (`StringConverter.singleton.puppet_quote`).
        assert_eq!(puppet_quote("X"), "'X'");
        assert_eq!(puppet_quote("a\"b"), "'a\"b'");
        assert_eq!(puppet_quote("a'b"), "'a\\'b'");
        assert_eq!(puppet_quote("a\\b"), "'a\\b'");
        assert_eq!(puppet_quote("a\\"), "'a\\'");
        assert_eq!(puppet_quote("é$"), "'é$'");
        assert_eq!(puppet_quote("a\nb"), "\"a\\nb\"");
        assert_eq!(puppet_quote("a\u{1}b\t\"$\\"), "\"a\\u{1}b\\t\\\"\\$\\\\\"");
    }

    #[test]
    fn regexp_inspect_matches_ruby() {
        // Expected values printed by `ruby -e 'p Regexp.new(SRC).inspect'` (UTF-8 external).
        assert_eq!(regexp_inspect("a/b"), "/a\\/b/");
        assert_eq!(regexp_inspect("^db\\d+$"), "/^db\\d+$/");
        assert_eq!(regexp_inspect("a\\/b"), "/a\\/b/");
        assert_eq!(regexp_inspect("☺"), "/☺/");
        assert_eq!(regexp_inspect("a\nb\u{1}☺"), "/a\nb\\x01\\u263A/");
        assert_eq!(regexp_inspect("☺\\☺/"), "/\\u263A\\☺\\//");
        assert_eq!(regexp_inspect("/😀"), "/\\/\\u{1F600}/");
        assert_eq!(regexp_inspect("\u{7f}☺"), "/\\x7F\\u263A/");
        assert_eq!(regexp_inspect("☺\t"), "/\\u263A\t/");
    }

    #[test]
    fn fixed_encoding_detection() {
        // ruby -e 'p Regexp.new(SRC).options' → 16 for these …
        for src in [
            "☺",
            "a\\u263A",
            "\\p{Alpha}",
            "\\P{L}",
            "x\\u{41 263a}",
            "\\é",
        ] {
            assert!(regexp_has_fixed_encoding(src), "{src}");
        }
        // … and 0 for these.
        for src in ["a", "\\u{41}", "\\u0041", "\\x41", "\\\\p", "^db\\d+$"] {
            assert!(!regexp_has_fixed_encoding(src), "{src}");
        }
    }
}
