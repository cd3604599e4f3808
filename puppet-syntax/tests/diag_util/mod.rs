//! Shared by the validator differential tests: our diagnostics in the shape Ruby's oracle
//! reports them; Ruby's answers (`oracle`) and how ours are held against them (`verdict`).
#![allow(dead_code)]

pub mod oracle;
/// Which Ruby Puppet answers (`puppet_test_support::oracle`).
pub use puppet_test_support::oracle as oracle_env;
pub mod verdict;

use puppet_syntax::Diagnostic;

/// One diagnostic as compared with Ruby: (issue, severity, line, column, message).
pub type Row = (String, String, u64, u64, String);

/// The row of one of our diagnostics, located by the library (1-based line, column in
/// characters as Puppet counts).
pub fn diagnostic_row(d: &Diagnostic) -> Row {
    (
        d.code.as_str().to_owned(),
        d.severity.as_str().to_owned(),
        u64::from(d.line),
        u64::from(d.column),
        d.message.clone(),
    )
}

/// The issue code of ours that a message of Ruby's import (which has no issue codes) stands
/// for: what `puppet parser validate` reports after validation (`validate/import`).
pub fn import_code(message: &str) -> &'static str {
    if message.starts_with("Attempt to redefine entity") {
        "REDEFINED_ENTITY"
    } else if message.contains(" is a metaparameter; ") {
        "METAPARAM_PARAMETER"
    } else if message.contains(" is a metaparam; ") {
        "METAPARAM_PARAMETER_WITH_DEFAULT"
    } else if message.contains(" already defined") {
        "DUPLICATE_DEFINITION"
    } else if message.starts_with("First argument of type mapping is incorrect")
        || message.starts_with("Second argument of type mapping has wrong type")
        || message.trim_start().starts_with("Runtime '")
        || message.starts_with("Invalid number of type parameters specified: Runtime ")
        || (message.starts_with("The expression <")
            && message.ends_with("> is not a valid type specification."))
    {
        "INVALID_TYPE_MAPPING"
    } else {
        UNKNOWN_IMPORT_MESSAGE
    }
}

/// What [`import_code`] gives for a message of Ruby's import that none of our codes stands for.
pub const UNKNOWN_IMPORT_MESSAGE: &str = "an import message we do not know";

/// Ruby's row and ours agree: issue, severity and message, and the line and column where Ruby
/// gives them (0: not given, matches any).
pub fn same_as_ruby(ruby: &Row, ours: &Row) -> bool {
    (&ruby.0, &ruby.1, &ruby.4) == (&ours.0, &ours.1, &ours.4)
        && (ruby.2 == 0 || ruby.2 == ours.2)
        && (ruby.3 == 0 || ruby.3 == ours.3)
}

/// Rows one per line, for a failure message.
pub fn show_rows(rows: &[Row]) -> String {
    rows.iter()
        .map(|r| format!("\n      {} {} {}:{} | {}", r.1, r.0, r.2, r.3, r.4))
        .collect()
}
