//! Diagnostics carry their file, line and column (1-based, column in characters as Puppet counts),
//! for syntax errors and validator findings alike.

use puppet_syntax::{parse, parse_and_validate, IssueCode, ParseOptions, ValidateOptions};

#[test]
fn syntax_errors_are_located() {
    // The error is at the `}` on line 2, after a 3-byte character: column 12 (byte 14 of the line).
    let result = parse(
        "$a = 1\n$b = '☺' + }\n",
        Some("x.pp"),
        &ParseOptions::default(),
        false,
    );
    let d = result
        .diagnostics
        .iter()
        .find(|d| d.code == IssueCode::SYNTAX_ERROR)
        .expect("a syntax error");
    assert_eq!((d.file.as_deref(), d.line, d.column), (Some("x.pp"), 2, 12));
}

#[test]
fn validator_diagnostics_are_located() {
    let text = "notice(1)\n$x = { a => 1, a => 2 }\n";
    let result = parse_and_validate(
        text,
        Some("y.pp"),
        &ParseOptions::default(),
        &ValidateOptions::default(),
    );
    let d = result
        .diagnostics
        .iter()
        .find(|d| d.code == IssueCode::DUPLICATE_KEY)
        .expect("DUPLICATE_KEY");
    // Ruby: "The key 'a' is declared more than once at y.pp:2:18"
    assert_eq!((d.file.as_deref(), d.line, d.column), (Some("y.pp"), 2, 18));
}
