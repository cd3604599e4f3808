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
    } else {
        "an import message we do not know"
    }
}
