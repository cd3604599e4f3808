//! Text renderings of a [`Pn`] tree, byte-for-byte as Ruby Puppet 7.23 prints them:
//! `PN#format(nil, out)` (one line), `PN#format(Indent.new('  '), out)` (`--pretty`),
//! `JSON.dump(pn.to_data)` and `JSON.pretty_unparse(pn.to_data)` (`--format json [--pretty]`),
//! plus the two Ruby primitives they rely on: `Float#to_s` and PN's string quoting.

use std::fmt::Write;

use super::{Pn, PnInt};

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

/// Ruby's `JSON.dump` string quoting (json 2.6, not `ascii_only`, not `script_safe`) is plain
/// JSON quoting: `"` and `\` escaped, `\b \f \n \r \t` by name, other control characters as
/// `\u00xx`; the CST dump uses the same function.
pub use crate::syntax::json_quote;

fn write_int(value: &PnInt<'_>, out: &mut String) {
    match value {
        PnInt::Small(v) => {
            let _ = write!(out, "{v}");
        }
        PnInt::Big(digits) => out.push_str(digits),
    }
}

/// Ruby `Literal#format`: `nil`, quoted strings, `to_s` of everything else.
fn write_scalar(pn: &Pn<'_>, out: &mut String, quote: fn(&str, &mut String), nil: &str) {
    match pn {
        Pn::Nil => out.push_str(nil),
        Pn::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Pn::Int(i) => write_int(i, out),
        Pn::Float(f) => out.push_str(&ruby_float_to_s(*f)),
        Pn::Str(s) => quote(s, out),
        Pn::List(_) | Pn::Map(_) | Pn::Call(..) => unreachable!("not a scalar"),
    }
}

/// Ruby `PN#format(indent, b)`; `indent` is `None` for the one-line form, else the current
/// indentation (`Indent#current`), increased by two spaces per level.
pub(super) fn write_pn(pn: &Pn<'_>, indent: Option<&str>, out: &mut String) {
    match pn {
        Pn::Call(name, elements) => {
            out.push('(');
            out.push_str(name);
            if !elements.is_empty() {
                if indent.is_none() {
                    out.push(' ');
                }
                write_elements(elements, indent.map(|i| format!("{i}  ")).as_deref(), out);
            }
            out.push(')');
        }
        Pn::List(elements) => {
            out.push('[');
            if !elements.is_empty() {
                write_elements(elements, indent.map(|i| format!("{i}  ")).as_deref(), out);
            }
            out.push(']');
        }
        Pn::Map(entries) => {
            let local = indent.map(|i| format!("{i}  "));
            out.push('{');
            for (i, (key, value)) in entries.iter().enumerate() {
                match &local {
                    Some(local) => {
                        out.push('\n');
                        out.push_str(local);
                    }
                    None if i > 0 => out.push(' '),
                    None => {}
                }
                out.push(':');
                out.push_str(key);
                out.push(' ');
                write_pn(value, local.as_deref(), out);
            }
            out.push('}');
        }
        scalar => write_scalar(scalar, out, pn_quote, "nil"),
    }
}

/// Ruby `PN#format_elements`.
fn write_elements(elements: &[Pn<'_>], indent: Option<&str>, out: &mut String) {
    for (i, e) in elements.iter().enumerate() {
        match indent {
            Some(indent) => {
                out.push('\n');
                out.push_str(indent);
            }
            None if i > 0 => out.push(' '),
            None => {}
        }
        write_pn(e, indent, out);
    }
}

/// `JSON.dump(pn.to_data)` (`pretty = None`) or `JSON.pretty_unparse(pn.to_data)`
/// (`pretty = Some("")`, the current indentation). `to_data` maps a Call to
/// `{"^": [name, args…]}`, a Map to `{"#": [key, value, …]}`, a List to an array.
pub(super) fn write_json(pn: &Pn<'_>, pretty: Option<&str>, out: &mut String) {
    match pn {
        Pn::Call(name, elements) => {
            let name = Pn::str(name);
            let items = std::iter::once(&name).chain(elements.iter());
            write_json_object(
                "^",
                |inner, out| write_json_array(items, elements.len() + 1, inner, out),
                pretty,
                out,
            );
        }
        Pn::Map(entries) => {
            let keys: Vec<Pn<'_>> = entries.iter().map(|(k, _)| Pn::str(k)).collect();
            let items = keys
                .iter()
                .zip(entries.iter())
                .flat_map(|(k, (_, v))| [k, v]);
            write_json_object(
                "#",
                |inner, out| write_json_array(items, entries.len() * 2, inner, out),
                pretty,
                out,
            );
        }
        Pn::List(elements) => write_json_array(elements.iter(), elements.len(), pretty, out),
        scalar => write_scalar(scalar, out, json_quote, "null"),
    }
}

fn write_json_object(
    key: &str,
    write_value: impl FnOnce(Option<&str>, &mut String),
    pretty: Option<&str>,
    out: &mut String,
) {
    match pretty {
        None => {
            out.push_str("{\"");
            out.push_str(key);
            out.push_str("\":");
            write_value(None, out);
            out.push('}');
        }
        Some(indent) => {
            let inner = format!("{indent}  ");
            let _ = write!(out, "{{\n{inner}\"{key}\": ");
            write_value(Some(&inner), out);
            let _ = write!(out, "\n{indent}}}");
        }
    }
}

fn write_json_array<'p, 'a: 'p>(
    items: impl Iterator<Item = &'p Pn<'a>>,
    len: usize,
    pretty: Option<&str>,
    out: &mut String,
) {
    if len == 0 {
        // Ruby's pretty generator (json 2.6) prints an empty array as "[", two newlines, "]".
        match pretty {
            None => out.push_str("[]"),
            Some(indent) => {
                let _ = write!(out, "[\n\n{indent}]");
            }
        }
        return;
    }
    match pretty {
        None => {
            out.push('[');
            for (i, item) in items.enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, None, out);
            }
            out.push(']');
        }
        Some(indent) => {
            let inner = format!("{indent}  ");
            out.push('[');
            for (i, item) in items.enumerate() {
                out.push_str(if i > 0 { ",\n" } else { "\n" });
                out.push_str(&inner);
                write_json(item, Some(&inner), out);
            }
            out.push('\n');
            out.push_str(indent);
            out.push(']');
        }
    }
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
}
