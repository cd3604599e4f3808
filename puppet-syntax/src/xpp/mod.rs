//! XPP (Puppet RFC PRFC-23, "Exchangeable Puppet Files"): a parse result — the
//! `Puppet::AST::Program` with every positioned node, its `Locator`, and the diagnostics —
//! serialized as Pcore, in msgpack or JSON, behind a MIME-type envelope. A sink of the model:
//! it comes after `model` and `validate` in the pipeline and nothing earlier imports it.
//!
//! * `packer.rs` — the wire: Ruby's JSON packer (ported exactly) and the msgpack packer (`rmp`).
//! * `serializer.rs` — Ruby's Pcore `Serializer` and writer tabulation over either packer,
//!   driven by the model description (`ModelClass::pcore_name`, `new_order`, `LocatorAttr`).
//! * `envelope.rs` — the MIME-type line and its parameters, written and checked.
//! * `unpacker.rs`, `reader.rs`, `read_node.rs`, `class_names.rs` — the way back: msgpack
//!   tokens borrowed from the payload (a JSON payload is transcoded to the same msgpack
//!   first), then the model and the diagnostics, every value checked ([`read_xpp`]; errors are
//!   [`XppReadError`]s with a stable [`XppErrorKind`]).
//!
//! # Reading speed
//!
//! Reading is bound by decoding the msgpack tokens and storing and checking the nodes (about
//! 65 ns a node on the Debian corpus, half of it `read_new_order`, `node_unguarded`, the
//! attribute calls and `value_in_general`), then `intern`, the payload's XXH3 and the
//! Locator's text (UTF-8 check and copy). Every value is checked, so none of it can be
//! skipped. What makes it as fast as it is: strings borrowed from the payload, model strings
//! that are slices of the source kept as positions, the line index checked rather than built,
//! XXH3-128 rather than SHA-256 for the payload, nodes read by the generated
//! `NodeKind::read_new_order` (one typed call per attribute; each class's arm a function of its
//! own, out of line, so that the recursion's stack frame stays small), class names by a perfect
//! hash (`class_names.rs`), the commonest value shapes and short first-written strings decoded
//! inline, simdutf8 for UTF-8, and the reader's tables kept from one read to the next on each
//! thread. What was tried and dropped, and what each change gave:
//! `docs/dev/performance.md`, "XPP reader"; `examples/xpp_read_throughput.rs` is the harness to
//! profile the reader with.
//!
//! # The file
//!
//! ```text
//! application/vnd.puppet.pcore+msgpack; document-type=xpp; version=1; producer=puppet-syntax/0.1.0; puppet-version=7.23.0; epp=false; tasks=false; strict=warning; source-sha256=…; source-size=…; source-mtime-ns=…; errors=0; payload-xxh3=…
//!
//! <payload>
//! ```
//!
//! One MIME-type line (`+json` for the JSON variant) with `;`-separated `key=value` parameters,
//! a blank line, then the payload up to the end of the file. `document-type=xpp` and
//! `version=1` are PRFC-23's; the others are ours: the producer and the Puppet version whose
//! language it reproduces, the settings the source was parsed with (`epp`, `tasks`, `strict`),
//! the SHA-256 of the source bytes (absent when the writer was not given them), the size and
//! modification time (nanoseconds since the epoch) of the source file when it was read (written
//! by `xpp build`, for its freshness test; [`SourceStat`]), the number of error diagnostics, and
//! the XXH3-128 checksum of the payload (`payload-xxh3`, 32 hex digits; required by the
//! reader). Files written before `payload-xxh3` carry `payload-sha256` instead, which the
//! reader still checks. The payload checksum finds torn and corrupted files, not forgeries
//! (whoever can write the file can write its checksum, SHA-256 or not); the reader checks every
//! value besides. The source digest stays SHA-256: it decides whether a file belongs to a source
//! where only the digest is at hand (`xpp build`'s freshness test); a reader given the source
//! compares it with the Locator's text first ([`read_xpp`]).
//!
//! # The payload: three Pcore values
//!
//! 1. The `Puppet::AST::Program` (nil when the source has syntax errors and so no model).
//!    In the JSON variant this value is byte for byte what Ruby Puppet 7.23's
//!    `Serialization::Serializer` with `JSON::Writer` and `type_by_reference: true` writes for
//!    Puppet's own parse of the same source and file name ([`program_to_pcore_json`]), and
//!    Ruby's `Serialization::Deserializer` reads it back.
//! 2. The `Puppet::AST::Locator` (source text, file — `''` when there is none — and line
//!    index): a back-reference `[1,1]` to the Program's, or written in full without a Program.
//! 3. The diagnostics: an array of maps, one per diagnostic, in the result's order, each with
//!    the keys `issue_code` (Puppet's issue name, `"SYNTAX_ERROR"`), `severity` (`"error"`,
//!    `"warning"`, `"deprecation"`), `offset` and `length` (bytes into the source), `message`
//!    (our English message) and `arguments` (a map of the named arguments of Puppet's message,
//!    strings to strings), so a reader can format the message in its own language.
//!
//! The values share the tabulations (a string written before is `[0, index]`), so the stream
//! must be read from its start. In msgpack the values are msgpack values and every Pcore
//! extension is a msgpack extension type (number = the Pcore extension number) whose data is
//! its payload msgpack-encoded; the elements of arrays, maps and objects follow it in the stream.

mod class_names;
mod envelope;
mod error;
mod packer;
mod read_node;
mod reader;
mod serializer;
mod unpacker;

pub use envelope::{SourceStat, XppFormat, XppHeader, XPP_VERSION};
pub use error::{XppErrorKind, XppReadError};

use sha2::{Digest, Sha256};

use crate::model::Model;
use crate::options::ParseOptions;
use crate::parse::ParseResult;
use crate::LineIndex;

/// Why a parse result cannot be written as XPP (Ruby's `SerializationError`s).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum XppWriteError {
    /// An integer literal outside signed 64 bits (Ruby: `Integer out of bounds`).
    #[error("integer out of bounds (outside signed 64 bits) at offset {offset}")]
    IntegerOutOfBounds {
        /// Byte offset of the literal.
        offset: u32,
    },
    /// A float literal that is infinite (`1e400`): JSON cannot hold it.
    #[error("float at offset {offset} is not a finite number")]
    FloatNotRepresentable {
        /// Byte offset of the literal.
        offset: u32,
    },
}

/// What [`write_xpp`] records besides the result: the format and the settings the source was
/// parsed with (they go into the envelope).
#[derive(Clone, Debug)]
pub struct XppWriteOptions<'a> {
    /// msgpack or JSON.
    pub format: XppFormat,
    /// The bytes of the source, for the `source-sha256` parameter (omitted without them).
    pub source: Option<&'a [u8]>,
    /// The options the result was parsed with (`epp`, `tasks`, `strict` are recorded).
    pub parse_options: &'a ParseOptions,
    /// The size and modification time of the source file, for the `source-size` and
    /// `source-mtime-ns` parameters (omitted without them).
    pub source_stat: Option<SourceStat>,
}

/// The `Puppet::AST::Program` of `model` as Ruby Puppet 7.23's Pcore JSON serializer writes it
/// (`Serializer.new(JSON::Writer.new(io), type_by_reference: true).write(program)`): the
/// whole stream, a JSON array.
///
/// ```
/// use puppet_syntax::{parse, ParseOptions, xpp};
/// let result = parse(b"$a = 1", &ParseOptions::new().file("x.pp"));
/// let json = xpp::program_to_pcore_json(result.model.as_ref().unwrap()).unwrap();
/// assert!(json.starts_with(r#"[[18,3,"Puppet","AST","Program",2,[18,3,0,1,"Locator",3,"$a = 1","x.pp",[16,1,0]]"#));
/// ```
pub fn program_to_pcore_json(model: &Model) -> Result<String, XppWriteError> {
    let mut packer = packer::JsonPacker::new(model.source().len() * 3 + 64);
    serializer::write_program(&mut packer, model)?;
    Ok(packer.finish())
}

/// The Pcore payload of a parse result (see the module docs), without the envelope.
pub fn payload(result: &ParseResult, format: XppFormat) -> Result<Vec<u8>, XppWriteError> {
    let line_index;
    let source = match &result.model {
        Some(m) => serializer::SourceInfo {
            text: m.source(),
            file: m.file(),
            line_starts: m.line_index().line_starts(),
        },
        None => {
            line_index = LineIndex::new(&result.text);
            serializer::SourceInfo {
                text: &result.text,
                file: result.file.as_deref(),
                line_starts: line_index.line_starts(),
            }
        }
    };
    let capacity = result.text.len() * 3 + 64;
    Ok(match format {
        XppFormat::Json => {
            let mut packer = packer::JsonPacker::new(capacity);
            serializer::write_result(
                &mut packer,
                result.model.as_ref(),
                &source,
                &result.diagnostics,
            )?;
            packer.finish().into_bytes()
        }
        XppFormat::Msgpack => {
            let mut packer = packer::MsgpackPacker::new(capacity);
            serializer::write_result(
                &mut packer,
                result.model.as_ref(),
                &source,
                &result.diagnostics,
            )?;
            packer.finish()
        }
    })
}

/// A whole XPP file for `result`: the envelope (see the module docs) and the payload.
pub fn write_xpp(
    result: &ParseResult,
    options: &XppWriteOptions<'_>,
) -> Result<Vec<u8>, XppWriteError> {
    let payload = payload(result, options.format)?;
    let errors = result.diagnostics.iter().filter(|d| d.is_error()).count();
    let header = XppHeader::for_payload(options, errors, &payload);
    let mut out = header.to_line().into_bytes();
    out.extend_from_slice(b"\n\n");
    out.extend_from_slice(&payload);
    Ok(out)
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn to_hex(digest: &[u8]) -> String {
    let mut out = String::with_capacity(digest.len() * 2);
    for &byte in digest {
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0xf)]));
    }
    out
}

/// Whether `hex` is `digest` in lower-case hexadecimal (no allocation).
fn hex_matches(digest: &[u8], hex: &str) -> bool {
    hex.len() == digest.len() * 2
        && digest
            .iter()
            .zip(hex.as_bytes().chunks_exact(2))
            .all(|(&byte, pair)| {
                pair[0] == HEX[usize::from(byte >> 4)] && pair[1] == HEX[usize::from(byte & 0xf)]
            })
}

/// Lower-case hexadecimal SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    to_hex(&Sha256::digest(bytes))
}

/// Whether `hex` is the lower-case hexadecimal SHA-256 of `bytes` (what the reader checks;
/// no allocation).
pub(crate) fn sha256_matches(bytes: &[u8], hex: &str) -> bool {
    hex_matches(&Sha256::digest(bytes), hex)
}

/// Lower-case hexadecimal XXH3-128 of `bytes` (the `payload-xxh3` parameter: the 128-bit
/// value as 32 hex digits, most significant first).
pub fn xxh3_hex(bytes: &[u8]) -> String {
    to_hex(&xxhash_rust::xxh3::xxh3_128(bytes).to_be_bytes())
}

/// Whether `hex` is the lower-case hexadecimal XXH3-128 of `bytes`.
pub(crate) fn xxh3_matches(bytes: &[u8], hex: &str) -> bool {
    hex_matches(&xxhash_rust::xxh3::xxh3_128(bytes).to_be_bytes(), hex)
}

/// An XPP file read back: its envelope and the parse result it carries (no CST).
#[derive(Clone, Debug)]
pub struct XppFile {
    /// The envelope.
    pub header: XppHeader,
    /// The model (absent when the source had syntax errors), text, file and diagnostics.
    pub result: ParseResult,
    /// Whether the source given to [`read_xpp`] is `result.text` byte for byte (false without
    /// a source, and for a source the parser had to repair, accepted by its digest): a caller
    /// that keeps the source only where it differs from the text need not compare them again.
    pub source_is_text: bool,
}

/// Reads an XPP file without parsing the source again. With `source` (the bytes of the `.pp`
/// the file claims to come from), the file must record a `source-sha256`, and must carry that
/// very source: its Locator's text byte for byte the same as `source` (the text is covered by
/// the payload checksum, so this is a stronger test than the digest, and a memory comparison
/// where SHA-256 of every source cost the Ruby gem's `load_xpp` 4–6 ms per corpus pass), or
/// else (a source the parser had to repair, such as one with invalid UTF-8) `source-sha256`
/// must be the SHA-256 of `source`.
///
/// Refuses, with an [`XppReadError`] and never a panic, a wrong MIME type, document type or
/// version, a payload without its digest or that does not match it, a truncated or malformed payload, unknown
/// classes, wrong attribute counts or types, out-of-range positions, bad back-references and
/// trailing bytes.
///
/// ```
/// use puppet_syntax::{parse_and_validate, xpp, ParseOptions};
/// let options = ParseOptions::new().file("x.pp");
/// let source = b"$a = [1, 'two']\n";
/// let result = parse_and_validate(source, &options);
/// let bytes = xpp::write_xpp(&result, &xpp::XppWriteOptions {
///     format: xpp::XppFormat::Msgpack, source: Some(source), source_stat: None,
///     parse_options: &options,
/// }).unwrap();
/// let file = xpp::read_xpp(&bytes, Some(source)).unwrap();
/// assert_eq!(puppet_syntax::pn::to_pn_string(file.result.model.as_ref().unwrap()),
///            r#"(= (var "a") (array 1 "two"))"#);
/// assert_eq!(xpp::read_xpp(&bytes, Some(b"$a = 2\n")).unwrap_err().kind,
///            xpp::XppErrorKind::SourceDigest);
/// ```
pub fn read_xpp(bytes: &[u8], source: Option<&[u8]>) -> Result<XppFile, XppReadError> {
    let (header, payload) = envelope::parse_envelope(bytes)?;
    let digest = match (source, header.get("source-sha256")) {
        (Some(_), None) => {
            return Err(XppReadError::new(
                XppErrorKind::SourceDigest,
                "the file records no source-sha256",
            ))
        }
        (_, digest) => digest,
    };
    let result = read_payload(payload, header.format)?;
    let mut source_is_text = false;
    if let (Some(source), Some(digest)) = (source, digest) {
        source_is_text = result.text.as_bytes() == source;
        if !source_is_text && !sha256_matches(source, digest) {
            return Err(XppReadError::new(
                XppErrorKind::SourceDigest,
                "the source does not match the file's source-sha256",
            ));
        }
    }
    Ok(XppFile {
        header,
        result,
        source_is_text,
    })
}

/// The envelope of an XPP file alone (MIME type, `document-type` and `version` checked; the
/// payload is neither checked nor read).
pub fn read_header(bytes: &[u8]) -> Result<XppHeader, XppReadError> {
    envelope::parse_header(bytes).map(|(header, _)| header)
}

/// The envelope of an XPP file with its payload checksum (`payload-xxh3`, or `payload-sha256`
/// in older files) checked (the payload is not decoded):
/// what a build compares to decide freshness, so that a file whose payload was torn (by a
/// crash during a build, say) is not taken for up to date.
pub fn read_checked_header(bytes: &[u8]) -> Result<XppHeader, XppReadError> {
    envelope::parse_envelope(bytes).map(|(header, _)| header)
}

/// The envelope of an XPP file with its payload checksum checked, and the payload (not read):
/// what rewriting the envelope alone needs.
pub fn read_checked_envelope(bytes: &[u8]) -> Result<(XppHeader, &[u8]), XppReadError> {
    envelope::parse_envelope(bytes)
}

/// Reads a bare Pcore payload (what [`payload`] writes: no envelope, so no digest): the same
/// checks as [`read_xpp`] on the values themselves.
pub fn read_payload(payload: &[u8], format: XppFormat) -> Result<ParseResult, XppReadError> {
    match format {
        XppFormat::Msgpack => reader::read_result(unpacker::Msgpack::new(payload), payload.len()),
        XppFormat::Json => unpacker::json_to_msgpack(payload).and_then(|msgpack| {
            reader::read_result(unpacker::Msgpack::new(&msgpack), msgpack.len())
        }),
    }
    .map_err(|e| *e)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digest check accepts exactly the lower-case hex `sha256_hex` writes.
    #[test]
    fn digests_match_their_lower_case_hex_only() {
        let hex = sha256_hex(b"abc");
        assert_eq!(
            hex,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(sha256_matches(b"abc", &hex));
        assert!(!sha256_matches(b"abd", &hex));
        assert!(!sha256_matches(b"abc", &hex.to_uppercase()));
        assert!(!sha256_matches(b"abc", &hex[..62]));
        assert!(!sha256_matches(b"abc", ""));
    }

    /// The same for XXH3-128 (the reference value of the xxHash test suite's empty input).
    #[test]
    fn checksums_match_their_lower_case_hex_only() {
        assert_eq!(xxh3_hex(b""), "99aa06d3014798d86001c324468d497f");
        let hex = xxh3_hex(b"abc");
        assert_eq!(hex.len(), 32);
        assert!(xxh3_matches(b"abc", &hex));
        assert!(!xxh3_matches(b"abd", &hex));
        assert!(!xxh3_matches(b"abc", &hex.to_uppercase()));
        assert!(!xxh3_matches(b"abc", &hex[..30]));
        assert!(!xxh3_matches(b"abc", ""));
    }
}
