//! JSON Lines: one object per diagnostic, keys in a documented order (what
//! `puppet-parser validate --format json` prints):
//!
//! ```text
//! {"file":"x.pp","line":1,"column":15,"offset":14,"length":1,"severity":"warning","issue":"DUPLICATE_KEY","message":"…","args":{"key":"'x'"}}
//! ```
//!
//! then, when a limit left some out, `{"omitted":{"file":…,"diagnostics":N,"errors":N,…}}`.
//! Written field by field: serde_json's map would sort the keys.

use std::io::{self, Write};

use puppet_syntax::ruby_format::json_string;

use super::{limit, Counts};
use crate::Diagnostic;

/// Writes the diagnostics of the file named `name` (at most `max_errors`, `0`: all), then the
/// line saying how many were left out, if any. Returns the counts left out.
pub fn write_file(
    out: &mut impl Write,
    name: &str,
    diagnostics: &[Diagnostic],
    max_errors: usize,
) -> io::Result<Counts> {
    let (shown, left_out) = limit(diagnostics, max_errors);
    for d in shown {
        let args: Vec<String> = d
            .args
            .iter()
            .map(|(k, v)| format!("{}:{}", json_string(k), json_string(v)))
            .collect();
        writeln!(
            out,
            "{{\"file\":{},\"line\":{},\"column\":{},\"offset\":{},\"length\":{},\"severity\":{},\"issue\":{},\"message\":{},\"args\":{{{}}}}}",
            json_string(name),
            d.line,
            d.column,
            d.offset(),
            d.len(),
            json_string(d.severity.as_str()),
            json_string(d.code.name),
            json_string(&d.message),
            args.join(",")
        )?;
    }
    if left_out.total() > 0 {
        writeln!(
            out,
            "{{\"omitted\":{{\"file\":{},\"diagnostics\":{},\"errors\":{},\"warnings\":{},\"deprecations\":{},\"max_errors\":{max_errors}}}}}",
            json_string(name),
            left_out.total(),
            left_out.errors,
            left_out.warnings,
            left_out.deprecations
        )?;
    }
    Ok(left_out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{parse_and_validate, ParseOptions};

    #[test]
    fn one_object_per_line_in_the_documented_key_order() {
        let result = parse_and_validate(b"$a = {x => 1, x => 2}\n", &ParseOptions::new());
        let found: Vec<Diagnostic> = result.diagnostics.into_iter().map(Into::into).collect();
        let mut out = Vec::new();
        write_file(&mut out, "x.pp", &found, 0).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with(
                "{\"file\":\"x.pp\",\"line\":1,\"column\":17,\"offset\":16,\"length\":2,\"severity\":\"error\",\"issue\":\"DUPLICATE_KEY\",\"message\":"
            ),
            "{text}"
        );
        let value: serde_json::Value = serde_json::from_str(text.trim_end()).unwrap();
        assert!(value["args"].is_object());
    }

    #[test]
    fn what_a_limit_leaves_out_is_counted() {
        let result = parse_and_validate(b"$x = )\n$y = )\n", &ParseOptions::new());
        let found: Vec<Diagnostic> = result.diagnostics.into_iter().map(Into::into).collect();
        let mut out = Vec::new();
        let left_out = write_file(&mut out, "m.pp", &found, 1).unwrap();
        assert_eq!(left_out.errors, 1);
        let text = String::from_utf8(out).unwrap();
        assert!(text.ends_with(
            "{\"omitted\":{\"file\":\"m.pp\",\"diagnostics\":1,\"errors\":1,\"warnings\":0,\"deprecations\":0,\"max_errors\":1}}\n"
        ), "{text}");
    }
}
