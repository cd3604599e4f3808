//! The XPP reader's refusals, one per error kind, on hand-made files: each is an
//! `XppReadError` with its stable kind, never a panic and never a tree.

use puppet_syntax::xpp::{self, XppErrorKind, XppFormat, XppWriteOptions};
use puppet_syntax::{parse_and_validate, ParseOptions};

/// A JSON XPP file around `payload`, with a correct payload checksum.
fn json_file(payload: &str) -> Vec<u8> {
    format!(
        "application/vnd.puppet.pcore+json; document-type=xpp; version=1; payload-xxh3={}\n\n{payload}",
        xpp::xxh3_hex(payload.as_bytes())
    )
    .into_bytes()
}

/// The same with the SHA-256 payload digest of files written before `payload-xxh3`.
fn json_file_sha256(payload: &str) -> Vec<u8> {
    format!(
        "application/vnd.puppet.pcore+json; document-type=xpp; version=1; payload-sha256={}\n\n{payload}",
        xpp::sha256_hex(payload.as_bytes())
    )
    .into_bytes()
}

fn kind(bytes: &[u8]) -> XppErrorKind {
    match xpp::read_xpp(bytes, None) {
        Ok(_) => panic!("accepted: {}", String::from_utf8_lossy(bytes)),
        Err(e) => e.kind,
    }
}

/// `$a = 1` in file `x.pp`, no diagnostics: Ruby's Program stream plus our two values.
const GOOD: &str = r#"[[18,3,"Puppet","AST","Program",2,[18,3,0,1,"Locator",3,"$a = 1","x.pp",[16,1,0]],[18,3,0,1,"AssignmentExpression",6,[1,1],3,1,[18,3,0,1,"VariableExpression",4,[1,1],0,2,[18,3,0,1,"QualifiedName",4,[1,1],1,1,"a"]],[18,3,0,1,"LiteralInteger",4,[1,1],5,1,1],"="]],[1,1],[16,0]]"#;

#[test]
fn the_hand_made_file_is_read() {
    let file = xpp::read_xpp(&json_file(GOOD), None).unwrap();
    let model = file.result.model.unwrap();
    assert_eq!(
        puppet_syntax::pn::to_pn_string(&model),
        r#"(= (var "a") 1)"#
    );
    assert_eq!(model.file(), Some("x.pp"));
    assert!(file.result.diagnostics.is_empty());
}

#[test]
fn envelope_errors() {
    assert_eq!(kind(b"no envelope at all"), XppErrorKind::Envelope);
    assert_eq!(
        kind(b"application/json; document-type=xpp; version=1\n\n[]"),
        XppErrorKind::MimeType
    );
    let other_doc = String::from_utf8(json_file(GOOD))
        .unwrap()
        .replace("document-type=xpp", "document-type=catalog");
    assert_eq!(kind(other_doc.as_bytes()), XppErrorKind::DocumentType);
    let v2 = String::from_utf8(json_file(GOOD))
        .unwrap()
        .replace("version=1", "version=2");
    assert_eq!(kind(v2.as_bytes()), XppErrorKind::Version);
    let mut flipped = json_file(GOOD);
    let last = flipped.len() - 3;
    flipped[last] = b'9';
    assert_eq!(kind(&flipped), XppErrorKind::PayloadDigest);
    let no_digest =
        format!("application/vnd.puppet.pcore+json; document-type=xpp; version=1\n\n{GOOD}");
    assert_eq!(kind(no_digest.as_bytes()), XppErrorKind::PayloadDigest);
    // A corrupted parameter name leaves no checksum: refused, not read unchecked.
    let renamed = String::from_utf8(json_file(GOOD))
        .unwrap()
        .replace("payload-xxh3", "payload-xxh4");
    assert_eq!(kind(renamed.as_bytes()), XppErrorKind::PayloadDigest);
}

/// Files written before `payload-xxh3` carry `payload-sha256`: still read, still checked;
/// with both, both are checked.
#[test]
fn the_older_sha256_payload_digest_is_checked() {
    assert!(xpp::read_xpp(&json_file_sha256(GOOD), None).is_ok());
    let mut flipped = json_file_sha256(GOOD);
    let last = flipped.len() - 3;
    flipped[last] = b'9';
    let error = xpp::read_xpp(&flipped, None).unwrap_err();
    assert_eq!(error.kind, XppErrorKind::PayloadDigest);
    assert!(error.message.contains("payload-sha256"), "{error}");
    let xxh3_line = String::from_utf8(json_file(GOOD)).unwrap();
    let (line, payload) = xxh3_line.split_once("\n\n").unwrap();
    let both = format!(
        "{line}; payload-sha256={}\n\n{payload}",
        xpp::sha256_hex(payload.as_bytes())
    );
    assert!(xpp::read_xpp(both.as_bytes(), None).is_ok());
    let wrong_sha = format!("{line}; payload-sha256={}\n\n{payload}", "0".repeat(64));
    assert_eq!(kind(wrong_sha.as_bytes()), XppErrorKind::PayloadDigest);
}

#[test]
fn payload_errors() {
    let cases: &[(&str, XppErrorKind)] = &[
        (&GOOD[..GOOD.len() - 20], XppErrorKind::Truncated),
        (
            &GOOD.replace("\"AssignmentExpression\"", "\"Assignment\""),
            XppErrorKind::UnknownClass,
        ),
        (
            &GOOD.replace("\"LiteralInteger\",4", "\"LiteralInteger\",7"),
            XppErrorKind::AttributeCount,
        ),
        (
            &GOOD.replace(",1,1,\"a\"]", ",1,1,7]"),
            XppErrorKind::AttributeType,
        ),
        (
            &GOOD.replace("[1,1],5,1,1]", "[1,1],5,9,1]"),
            XppErrorKind::Position,
        ),
        (
            &GOOD.replace("[1,1],5,1,1]", "[1,7],5,1,1]"),
            XppErrorKind::AttributeType,
        ),
        (
            &GOOD.replace(",[16,0]]", ",[16,0],1]"),
            XppErrorKind::TrailingBytes,
        ),
        (
            &GOOD.replace(",[16,0]]", ",[16,1,[17,1,\"issue_code\",\"NO_SUCH\"]]]"),
            XppErrorKind::Diagnostic,
        ),
        (
            &GOOD.replace("3,0,1,\"Locator\"", "3,0,9,\"Locator\""),
            XppErrorKind::Tabulation,
        ),
        (
            &GOOD.replace("\"=\"", "\"=>\""),
            XppErrorKind::AttributeType,
        ),
        (
            &GOOD.replace("[16,1,0]", "[16,1,3]"),
            XppErrorKind::Position,
        ),
        (&GOOD.replace("[[18", "[[99"), XppErrorKind::Malformed),
    ];
    for (payload, expected) in cases {
        assert_ne!(*payload, GOOD, "the case changes the file");
        assert_eq!(kind(&json_file(payload)), *expected, "{payload}");
        assert_eq!(
            xpp::read_payload(payload.as_bytes(), XppFormat::Json)
                .map(|_| ())
                .unwrap_err()
                .kind,
            *expected
        );
    }
}

/// A diagnostic must lie inside the text, its end as well as its start, but for one about the
/// input bytes after the text (a fuzzer's find: any length past the end was accepted).
#[test]
fn a_diagnostic_reaching_past_the_text_is_refused() {
    let with = |offset: u32, length: u32| {
        GOOD.replace(
            ",[16,0]]",
            &format!(
                ",[16,1,[17,6,\"issue_code\",\"DUPLICATE_KEY\",\"severity\",\"warning\",\
                 \"offset\",{offset},\"length\",{length},\"message\",\"m\",\"arguments\",[17,0]]]]"
            ),
        )
    };
    // "$a = 1" is 6 bytes: 5+1 ends at its end; 6+4 starts there, as a diagnostic about the
    // input bytes after the text does (invalid UTF-8); 5+2, 0+7 and 6+5 reach beyond it.
    let read = xpp::read_xpp(&json_file(&with(5, 1)), None).unwrap();
    let d = &read.result.diagnostics[0];
    assert_eq!((d.offset, d.len, d.line, d.column), (5, 1, 1, 6));
    assert!(xpp::read_xpp(&json_file(&with(6, 4)), None).is_ok());
    for (offset, length) in [(5, 2), (0, 7), (6, 5)] {
        assert_eq!(
            kind(&json_file(&with(offset, length))),
            XppErrorKind::Position,
            "{offset}+{length}"
        );
    }
}

#[test]
fn a_source_that_changed_is_refused() {
    let options = ParseOptions::new().file("s.pp");
    let source = b"notice(1)\n";
    let result = parse_and_validate(source, &options);
    let options = XppWriteOptions {
        format: XppFormat::Msgpack,
        source: Some(source),
        parse_options: &options,
        source_stat: None,
    };
    let bytes = xpp::write_xpp(&result, &options).unwrap();
    assert!(xpp::read_xpp(&bytes, Some(source)).is_ok());
    let error = xpp::read_xpp(&bytes, Some(b"notice(2)\n")).unwrap_err();
    assert_eq!(error.kind, XppErrorKind::SourceDigest);
    assert_eq!(
        error.to_string(),
        "XPP_SOURCE_DIGEST: the source does not match the file's source-sha256"
    );
    // Written without the source: no digest to check against.
    let unsourced = xpp::write_xpp(
        &result,
        &XppWriteOptions {
            source: None,
            ..options
        },
    )
    .unwrap();
    assert_eq!(
        xpp::read_xpp(&unsourced, Some(source)).unwrap_err().kind,
        XppErrorKind::SourceDigest
    );
}

/// With a source, a file is used when its Locator's text is that source (no digest computed);
/// when the two differ, as for a source the parser repaired, `source-sha256` decides: the
/// SHA-256 of the bytes given.
#[test]
fn a_source_is_matched_by_its_text_or_else_by_its_digest() {
    let options = ParseOptions::new().file("s.pp");
    // Invalid UTF-8: the parse result's text is not these bytes.
    let source: &[u8] = b"notice('caf\xe9')\n";
    let result = parse_and_validate(source, &options);
    assert_ne!(result.text.as_bytes(), source);
    let write = |source| XppWriteOptions {
        format: XppFormat::Msgpack,
        source,
        parse_options: &options,
        source_stat: None,
    };
    let bytes = xpp::write_xpp(&result, &write(Some(source))).unwrap();
    // Accepted by its digest: the file says the source is not its text.
    assert!(!xpp::read_xpp(&bytes, Some(source)).unwrap().source_is_text);
    assert!(!xpp::read_xpp(&bytes, None).unwrap().source_is_text);
    assert_eq!(
        xpp::read_xpp(&bytes, Some(b"notice('caf\xe8')\n"))
            .unwrap_err()
            .kind,
        XppErrorKind::SourceDigest
    );
    // The text itself is accepted even when the recorded digest is of other bytes.
    let text = result.text.as_bytes().to_vec();
    assert!(xpp::read_xpp(&bytes, Some(&text)).unwrap().source_is_text);
}
