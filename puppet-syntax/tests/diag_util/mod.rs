//! Shared by the validator differential tests: our diagnostics in the shape Ruby's oracle
//! reports them.
#![allow(dead_code)]

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
