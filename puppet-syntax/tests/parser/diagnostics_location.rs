//! Diagnostics carry their file, line and column (1-based, column in characters as Puppet counts),
//! for syntax errors, validator findings and input problems (byte order marks, invalid UTF-8) alike.

use puppet_syntax::{parse, parse_and_validate, IssueCode, ParseOptions};

#[test]
fn syntax_errors_are_located() {
    // The error is at the `}` on line 2, after a 3-byte character: column 12 (byte 14 of the line).
    let result = parse(
        "$a = 1\n$b = '☺' + }\n".as_bytes(),
        &ParseOptions::new().file("x.pp"),
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
    let result = parse_and_validate(text.as_bytes(), &ParseOptions::new().file("y.pp"));
    let d = result
        .diagnostics
        .iter()
        .find(|d| d.code == IssueCode::DUPLICATE_KEY)
        .expect("DUPLICATE_KEY");
    // Ruby: "The key 'a' is declared more than once at y.pp:2:18"
    assert_eq!((d.file.as_deref(), d.line, d.column), (Some("y.pp"), 2, 18));
}

#[test]
fn input_problems_are_located() {
    let options = ParseOptions::new().file("z.pp");
    // A UTF-8 byte order mark: reported once (by the lexer), the rest still parsed.
    let result = parse(b"\xEF\xBB\xBFnotice(1)\n", &options);
    let boms: Vec<_> = result
        .diagnostics
        .iter()
        .filter(|d| d.code == IssueCode::ILLEGAL_BOM)
        .collect();
    assert_eq!(boms.len(), 1, "{:?}", result.diagnostics);
    assert_eq!(
        (boms[0].file.as_deref(), boms[0].line, boms[0].column),
        (Some("z.pp"), 1, 1)
    );
    assert_eq!(
        boms[0].message,
        "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source"
    );
    // Another byte order mark: the source is in another encoding; only ILLEGAL_BOM is reported.
    let result = parse(b"\xFF\xFEn\x00", &options);
    let codes: Vec<_> = result.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [IssueCode::ILLEGAL_BOM], "{:?}", result.diagnostics);
    assert_eq!(
        result.diagnostics[0].message,
        "Illegal UTF-16 Byte Order mark at beginning of input: [FF FE] - remove these from the puppet source"
    );
    // Invalid UTF-8: reported where it is; offsets keep pointing at the input's bytes.
    let result = parse(b"$a = 1\n$b = 'x\xFF'\n", &options);
    let d = result
        .diagnostics
        .iter()
        .find(|d| d.code == IssueCode::INVALID_UTF8)
        .expect("INVALID_UTF8");
    assert_eq!(
        (d.file.as_deref(), d.offset, d.line, d.column),
        (Some("z.pp"), 14, 2, 8)
    );
}
