//! Text renderings of a [`Pn`] tree, byte-for-byte as Ruby Puppet 7.23 prints them:
//! `PN#format(nil, out)` (one line), `PN#format(Indent.new('  '), out)` (`--pretty`),
//! `JSON.dump(pn.to_data)` and `JSON.pretty_unparse(pn.to_data)` (`--format json [--pretty]`),
//! (Ruby's `Float#to_s` and the string quotings are in `ruby_format`).

use std::fmt::Write;

use super::{Pn, PnFormat, PnInt};
use crate::ruby_format::{json_quote, pn_quote, ruby_float_to_s};

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
    crate::deep::guarded(|| match pn {
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
    })
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
    crate::deep::guarded(|| match pn {
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
    })
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

/// `Call(name, elements)` rendered in `format` and written to `out` one element at a time, each
/// element's tree dropped once written: the bytes of `Pn::Call(name, all elements)` rendered.
/// In all four renderings every element (the name too, in JSON) is preceded by the same
/// separator, which is what makes the streaming simple.
pub(super) fn write_call_streamed<'a>(
    name: &'a str,
    elements: impl Iterator<Item = Pn<'a>>,
    format: PnFormat,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let mut elements = elements.peekable();
    if elements.peek().is_none() {
        return out.write_all(Pn::Call(name, Vec::new()).render(format).as_bytes());
    }
    // What comes before the first element, between elements, and after the last one.
    let (open, separator, close, indent): (String, &str, &str, Option<&str>) = match format {
        PnFormat::Pn => (format!("({name}"), " ", ")", None),
        PnFormat::PrettyPn => (format!("({name}"), "\n  ", ")", Some("  ")),
        PnFormat::Json => {
            let mut open = String::from("{\"^\":[");
            json_quote(name, &mut open);
            (open, ",", "]}", None)
        }
        PnFormat::PrettyJson => {
            let mut open = String::from("{\n  \"^\": [\n    ");
            json_quote(name, &mut open);
            (open, ",\n    ", "\n  ]\n}", Some("    "))
        }
    };
    out.write_all(open.as_bytes())?;
    let mut text = String::new();
    for element in elements {
        text.clear();
        text.push_str(separator);
        match format {
            PnFormat::Pn | PnFormat::PrettyPn => write_pn(&element, indent, &mut text),
            PnFormat::Json | PnFormat::PrettyJson => write_json(&element, indent, &mut text),
        }
        drop(element);
        out.write_all(text.as_bytes())?;
    }
    out.write_all(close.as_bytes())
}
