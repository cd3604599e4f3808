//! The invariants the libFuzzer targets in `fuzz/` check, in one place: `fuzz/fuzz_targets/*.rs`
//! include this file (`#[path]`), and `tests/parser/fuzz_regressions.rs` runs the same checks on
//! the inputs kept in `test_data/libfuzzer/<target>/`, so every input a fuzzer once failed on
//! stays a plain test.

use puppet_diagnostics::render::{human, snippet};
use puppet_syntax::diagnostics::span_fits_text;
use puppet_syntax::xpp::{self, XppFormat, XppWriteOptions};
use puppet_syntax::{parse_and_validate, pn, recover_model, ParseOptions, PuppetRelease, Strict};

/// Whether a diagnostic's span is one a parse of `text` can make (the XPP reader's rule).
fn inside(d: &puppet_syntax::Diagnostic, text: &str) -> bool {
    span_fits_text(d.offset.into(), d.len.into(), text.len())
}

/// The `parse` target: any bytes through the whole pipeline. The first byte picks the options
/// (EPP, tasks, strict, colour in the report, and the Puppet release whose rules validate:
/// 7.23, 7.29.0, 8.5.1 or the newest), the rest is the source. Checks:
///
/// * nothing panics (lexer, parser, CST, model, validator, PN, JSON, the human report, XPP);
/// * the CST's text is the decoded source, byte for byte;
/// * without a model (a syntax error), `recover_model` makes one or none, leaving out ranges
///   of the text only;
/// * every diagnostic lies inside the text (see [`inside`]), with a line and column from 1,
///   and none is an internal error (a tree shape the lowering does not know);
/// * the parse result written as XPP (msgpack and JSON) reads back, checked against the
///   source, into the same PN and the same diagnostics.
pub fn check_parse(data: &[u8]) {
    let Some((&flags, source)) = data.split_first() else {
        return;
    };
    let options = ParseOptions::new()
        .file("fuzz.pp")
        .epp(flags & 1 != 0)
        .tasks(flags & 2 != 0)
        .strict(if flags & 4 != 0 {
            Strict::Error
        } else {
            Strict::Warning
        })
        .release(
            [
                PuppetRelease::PUPPET_7_23,
                PuppetRelease::new(7, 29, 0),
                PuppetRelease::new(8, 5, 1),
                PuppetRelease::NEWEST,
            ][usize::from(flags >> 4 & 3)],
        )
        .cst(true);
    let result = parse_and_validate(source, &options);
    let cst = result.syntax_node().expect("the CST was asked for");
    assert_eq!(cst.to_string(), *result.text, "the CST is not the text");
    for d in &result.diagnostics {
        assert!(inside(d, &result.text), "a diagnostic past the end: {d:?}");
        assert!(
            d.line >= 1 && d.column >= 1,
            "a diagnostic at line or column 0: {d:?}"
        );
        assert!(
            !d.message.starts_with("internal error"),
            "an internal error: {d:?}"
        );
        let d = puppet_diagnostics::Diagnostic::from(d);
        let _ = human::header("fuzz.pp", &d);
        let _ = snippet(&result.text, &d, flags & 8 != 0);
    }
    if result.model.is_none() {
        if let Some(recovered) = recover_model(&result.text, &options) {
            let end = result.text.len() as u32;
            assert!(recovered
                .left_out()
                .iter()
                .all(|r| u32::from(r.end()) <= end));
        }
    }
    let pn = result.model.as_ref().map(|model| {
        let _ = pn::to_json_string(model);
        pn::to_pn_string(model)
    });
    for format in [XppFormat::Msgpack, XppFormat::Json] {
        let write = XppWriteOptions {
            format,
            source: Some(source),
            parse_options: &options,
            source_stat: None,
        };
        // A model may hold what Pcore cannot carry (an Integer out of its range): refused.
        let Ok(bytes) = xpp::write_xpp(&result, &write) else {
            continue;
        };
        let read = xpp::read_xpp(&bytes, Some(source)).expect("our own XPP file is read");
        let read_pn = read.result.model.as_ref().map(pn::to_pn_string);
        assert_eq!(read_pn, pn, "the PN changed through XPP ({format:?})");
        assert_eq!(
            read.result.diagnostics.len(),
            result.diagnostics.len(),
            "the diagnostics changed through XPP ({format:?})"
        );
        for (a, b) in read.result.diagnostics.iter().zip(&result.diagnostics) {
            assert_eq!(
                (a.code, a.severity, a.offset, a.len, a.line, a.column, &a.message),
                (b.code, b.severity, b.offset, b.len, b.line, b.column, &b.message),
                "a diagnostic changed through XPP ({format:?})"
            );
        }
    }
}

/// The `xpp_read` target: any payload behind a valid envelope. The first byte picks msgpack
/// or JSON, the rest is the payload, and the envelope carries its true `payload-xxh3`, so that
/// mutations reach the decoder instead of stopping at the digest. Checks:
///
/// * nothing panics, whatever the payload;
/// * what the reader accepts is a tree the rest of the crate can use: its PN and JSON are
///   written, and its diagnostics lie inside its text (see [`inside`]);
/// * an accepted result written again (the same format) reads back into the same PN: the
///   reader keeps nothing the writer would not reproduce.
pub fn check_xpp_read(data: &[u8]) {
    let Some((&flags, payload)) = data.split_first() else {
        return;
    };
    let (format, mime) = if flags & 1 == 0 {
        (XppFormat::Msgpack, "msgpack")
    } else {
        (XppFormat::Json, "json")
    };
    let mut file = format!(
        "application/vnd.puppet.pcore+{mime}; document-type=xpp; version=1; payload-xxh3={}\n\n",
        xpp::xxh3_hex(payload)
    )
    .into_bytes();
    file.extend_from_slice(payload);
    let Ok(read) = xpp::read_xpp(&file, None) else {
        return;
    };
    let result = read.result;
    for d in &result.diagnostics {
        assert!(
            inside(d, &result.text),
            "an accepted diagnostic past the end: {d:?}"
        );
    }
    let pn = result.model.as_ref().map(|model| {
        let _ = pn::to_json_string(model);
        pn::to_pn_string(model)
    });
    let options = ParseOptions::new();
    let write = XppWriteOptions {
        format,
        source: None,
        parse_options: &options,
        source_stat: None,
    };
    if let Ok(again) = xpp::write_xpp(&result, &write) {
        let reread = xpp::read_xpp(&again, None).expect("a file we wrote is read");
        assert_eq!(
            reread.result.model.as_ref().map(pn::to_pn_string),
            pn,
            "the PN changed when written again"
        );
    }
}
