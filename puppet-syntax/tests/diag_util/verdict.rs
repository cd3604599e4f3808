//! How our diagnostics of one file are held against Ruby's record of it
//! (`scripts/oracle/validate_cases.rb`): the first error where Ruby's parse failed, else every
//! diagnostic of the validation and the import, in Ruby's order.

use puppet_syntax::Diagnostic;
use serde_json::Value;

use super::{diagnostic_row, import_code, same_as_ruby, show_rows, Row, UNKNOWN_IMPORT_MESSAGE};

/// Ruby's parse failed with `syntax` (`{issue, line, pos, message}`): our first error must be
/// Ruby's (issue, line and column where Ruby has them, and Puppet's message: a syntax error's
/// made from our `where` argument, which names the token as Ruby's value of it, a grammar
/// action's as it is). `None` when it is, else what differs.
pub fn first_error_differs(syntax: &Value, diagnostics: &[Diagnostic]) -> Option<String> {
    let first = diagnostics.iter().find(|d| d.is_error());
    let ours = first.map(diagnostic_row);
    let want = (
        syntax["issue"].as_str().unwrap_or("PARSE_ERROR"),
        syntax["line"].as_u64(),
        syntax["pos"].as_u64(),
    );
    let message = first.map(|d| match d.args.iter().find(|(name, _)| *name == "where") {
        Some((_, where_)) => format!("Syntax error at {where_}"),
        None => d.message.clone(),
    });
    let same_message = match (syntax["issue"].as_str(), syntax["message"].as_str()) {
        (Some("SYNTAX_ERROR") | None, Some(ruby)) => {
            // A plain ParseError's message ends with its location.
            let ruby = [" (file: ", " (line: "]
                .iter()
                .find_map(|at| ruby.rsplit_once(at).map(|(m, _)| m))
                .filter(|_| ruby.ends_with(')'))
                .unwrap_or(ruby);
            message.as_deref() == Some(ruby)
        }
        _ => true,
    };
    let same = same_message
        && ours.as_ref().is_some_and(|o| {
            o.0 == want.0 && (want.1.is_none() || (Some(o.2), Some(o.3)) == (want.1, want.2))
        });
    (!same).then(|| {
        format!(
            "ruby: syntax error {want:?} {}\n    ours: {ours:?} {message:?}",
            syntax["message"]
        )
    })
}

/// Ruby's rows for a file it parsed (validation, then the import) and how ours are held
/// against them.
pub struct Expected {
    pub rows: Vec<Row>,
    /// `exact`, `raised` (ours start with the rows, the raised one last) or `crashed` (ours
    /// hold the rows, then an error).
    pub mode: &'static str,
}

impl Expected {
    pub fn of(record: &Value) -> Expected {
        let row = |d: &Value, code: Option<&str>| -> Row {
            (
                code.or(d["issue"].as_str()).unwrap_or("").to_owned(),
                d["severity"].as_str().unwrap_or("error").to_owned(),
                d["line"].as_u64().unwrap_or(0),
                d["pos"].as_u64().unwrap_or(0),
                d["message"].as_str().unwrap_or("").to_owned(),
            )
        };
        let entries = |key: &str| record[key].as_array().cloned().unwrap_or_default();
        let mut rows: Vec<Row> = entries("diagnostics")
            .iter()
            .map(|d| row(d, None))
            .collect();
        let mut mode = "exact";
        for d in entries("import") {
            // Ruby's own failure while it imports (a `NoMethodError` on `-true` in a type
            // mapping): ours must be an error, whatever its message.
            if internal_error(&d) {
                mode = "crashed";
                break;
            }
            rows.push(row(
                &d,
                Some(import_code(d["message"].as_str().unwrap_or(""))),
            ));
        }
        if mode != "crashed" {
            if let Some(raised) = record.get("raised").filter(|r| !r.is_null()) {
                rows.push(row(raised, None));
                mode = "raised";
            } else if record.get("crash").is_some_and(|c| !c.is_null()) {
                mode = "crashed";
            }
        }
        Expected { rows, mode }
    }

    pub fn matches(&self, ours: &[Row]) -> bool {
        let n = self.rows.len();
        let prefix = || self.rows.iter().zip(ours).all(|(r, o)| same_as_ruby(r, o));
        match self.mode {
            "exact" => ours.len() == n && prefix(),
            "raised" => ours.len() >= n && prefix(),
            _ => ours.len() > n && prefix() && ours[n].1 == "error",
        }
    }
}

/// Whether Ruby's import failed with an internal error: a Ruby error class (not one of
/// Puppet's) and a message none of ours stands for. (`Attempt to redefine entity` is an
/// `ArgumentError` Puppet raises on purpose.)
pub fn internal_error(import: &Value) -> bool {
    let class = import["raised"].as_str().unwrap_or("Puppet::");
    !class.starts_with("Puppet::")
        && import_code(import["message"].as_str().unwrap_or("")) == UNKNOWN_IMPORT_MESSAGE
}

/// Our diagnostics of a whole `parse_and_validate`, as compared with Ruby's validation: the
/// escape warnings Ruby's lexer logs outside the validator are left out.
pub fn validation_rows(diagnostics: &[Diagnostic]) -> Vec<Row> {
    diagnostics
        .iter()
        .filter(|d| {
            !matches!(
                d.code.as_str(),
                "UNRECOGNIZED_ESCAPE" | "ILLEGAL_UNICODE_ESCAPE"
            )
        })
        .map(diagnostic_row)
        .collect()
}

/// Our diagnostics of one file against Ruby's record: `None` when they agree, else both sides.
pub fn differs_from_ruby(record: &Value, diagnostics: &[Diagnostic]) -> Option<String> {
    if let Some(syntax) = record.get("syntax_error").filter(|s| !s.is_null()) {
        return first_error_differs(syntax, diagnostics);
    }
    let ours = validation_rows(diagnostics);
    let expected = Expected::of(record);
    (!expected.matches(&ours)).then(|| {
        format!(
            "ruby ({}):{}\n    ours:{}",
            expected.mode,
            show_rows(&expected.rows),
            show_rows(&ours)
        )
    })
}

/// Fails the test when there are `failures`, showing the first ten:
/// `"N {what} (the first 10):"` and each failure.
pub fn assert_no_failures(failures: &[String], what: &str) {
    assert!(
        failures.is_empty(),
        "{} {what} (the first 10):\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
