//! XPP write → read on the Debian corpus and under corruption.
//!
//! * Every corpus file (`PUPPET_CORPUS`, default Debian's), parsed and validated, written in
//!   both formats and read back: the same text, file, PN, class/offset/length of every node
//!   (pre-order), `Program#definitions` and diagnostics as the parse.
//! * Corruption: XPP files of corpus files, truncated at random points or with random bits
//!   flipped (seeded: `XPP_CORRUPTION_SEED`; `XPP_CORRUPTIONS` files in all, default 100,000),
//!   must never panic; whole files (envelope and digest) accepted are the original tree; bare
//!   payloads (`read_payload`: the deserializer's own checks alone, no digest) only must not
//!   panic.

use std::path::Path;

use puppet_syntax::xpp::{self, XppFormat, XppWriteOptions};
use puppet_syntax::{parse_and_validate, ParseOptions, ParseResult};
use puppet_test_support::corpus::files as corpus_files;
use puppet_test_support::knobs;

fn options_for(path: &Path) -> ParseOptions {
    ParseOptions::new()
        .file(path.display().to_string())
        .epp(path.extension().is_some_and(|e| e == "epp"))
}

/// Everything a reader must give back, as comparable text.
fn fingerprint(result: &ParseResult) -> String {
    let mut out = format!("{:?}|{:?}\n", result.text, result.file);
    if let Some(model) = &result.model {
        out.push_str(&puppet_syntax::pn::to_pn_string(model));
        out.push('\n');
        for (class, offset, length) in model.locs() {
            out.push_str(&format!("{} {offset} {length}\n", class.name()));
        }
        for &id in model.definitions() {
            out.push_str(&format!("def {:?} {:?}\n", model.class(id), model.span(id)));
        }
    }
    for d in &result.diagnostics {
        out.push_str(&format!(
            "{} {:?} {} {} {:?} {:?} {:?} {}:{}\n",
            d.code, d.severity, d.offset, d.len, d.message, d.args, d.file, d.line, d.column
        ));
    }
    out
}

fn write(
    result: &ParseResult,
    source: &[u8],
    options: &ParseOptions,
    format: XppFormat,
) -> Vec<u8> {
    xpp::write_xpp(
        result,
        &XppWriteOptions {
            format,
            source: Some(source),
            parse_options: options,
            source_stat: None,
        },
    )
    .expect("corpus files are serializable")
}

#[test]
fn corpus_round_trip_equals_the_parse() {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("note: no corpus; set PUPPET_CORPUS or run scripts/install-deps");
        return;
    }
    let (mut checked, mut json_bytes, mut msgpack_bytes, mut source_bytes) = (0, 0, 0, 0);
    for path in &files {
        let source = std::fs::read(path).unwrap();
        let options = options_for(path);
        let result = parse_and_validate(&source, &options);
        let expected = fingerprint(&result);
        for format in [XppFormat::Json, XppFormat::Msgpack] {
            let bytes = write(&result, &source, &options, format);
            match format {
                XppFormat::Json => json_bytes += bytes.len(),
                XppFormat::Msgpack => msgpack_bytes += bytes.len(),
            }
            let file = xpp::read_xpp(&bytes, Some(&source))
                .unwrap_or_else(|e| panic!("{}: {format:?}: {e}", path.display()));
            assert_eq!(file.header.format, format);
            assert_eq!(
                fingerprint(&file.result),
                expected,
                "{}: {format:?}",
                path.display()
            );
        }
        source_bytes += source.len();
        checked += 1;
    }
    eprintln!(
        "xpp round trip: {checked} files; source {source_bytes} bytes, json {json_bytes} ({:.2}×), msgpack {msgpack_bytes} ({:.2}×)",
        json_bytes as f64 / source_bytes as f64,
        msgpack_bytes as f64 / source_bytes as f64
    );
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn corrupted_files_never_panic_and_are_never_a_wrong_tree() {
    let files = corpus_files();
    if files.is_empty() {
        return;
    }
    let total = knobs::number("XPP_CORRUPTIONS");
    let mut rng = Rng(knobs::number("XPP_CORRUPTION_SEED") | 1);
    // Small files keep the run short; every size class is still represented.
    let mut samples = Vec::new();
    for path in files
        .iter()
        .filter(|p| {
            std::fs::metadata(p)
                .map(|m| m.len() < 4000)
                .unwrap_or(false)
        })
        .take(400)
    {
        let source = std::fs::read(path).unwrap();
        let options = options_for(path);
        let result = parse_and_validate(&source, &options);
        let expected = fingerprint(&result);
        for format in [XppFormat::Json, XppFormat::Msgpack] {
            let bytes = write(&result, &source, &options, format);
            let bare = xpp::payload(&result, format).unwrap();
            samples.push((bytes, None, expected.clone()));
            samples.push((bare, Some(format), expected.clone()));
        }
    }
    let (mut accepted, mut refused) = (0u64, 0u64);
    for i in 0..total {
        let (bytes, bare, expected) = &samples[rng.below(samples.len())];
        let mut corrupt = bytes.clone();
        if i % 3 == 0 {
            corrupt.truncate(rng.below(corrupt.len()));
        } else {
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(corrupt.len());
                corrupt[at] ^= 1 << rng.below(8);
            }
        }
        let outcome = std::panic::catch_unwind(|| match bare {
            None => xpp::read_xpp(&corrupt, None).map(|file| file.result),
            Some(format) => xpp::read_payload(&corrupt, *format),
        });
        match outcome {
            Err(_) => panic!(
                "panic on a corrupted file (seed case {i}): {:?}",
                String::from_utf8_lossy(&corrupt)
            ),
            Ok(Ok(result)) => {
                accepted += 1;
                if bare.is_none() {
                    assert_eq!(&fingerprint(&result), expected, "a wrong tree was accepted");
                }
            }
            Ok(Err(_)) => refused += 1,
        }
    }
    eprintln!("xpp corruption: {total} corrupted files and payloads, {refused} refused, {accepted} accepted (envelope bits that leave the tree alone, or bare payloads)");
}
