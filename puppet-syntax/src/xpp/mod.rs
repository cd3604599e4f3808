//! XPP (Puppet RFC PRFC-23, "Exchangeable Puppet Files"): a parse result — the
//! `Puppet::AST::Program` with every positioned node, its `Locator`, and the diagnostics —
//! serialized as Pcore, in msgpack or JSON, behind a MIME-type envelope. A sink of the model:
//! it comes after `model` and `validate` in the pipeline and nothing earlier imports it.
//!
//! * `packer.rs` — the wire: Ruby's JSON packer (ported exactly) and the msgpack packer (`rmp`).
//! * `serializer.rs` — Ruby's Pcore `Serializer` and writer tabulation over either packer,
//!   driven by the model description (`ModelClass::pcore_name`, `new_order`, `LocatorAttr`).
//! * `envelope.rs` — the MIME-type line and its parameters.
//!
//! # The file
//!
//! ```text
//! application/vnd.puppet.pcore+msgpack; document-type=xpp; version=1; producer=puppet-syntax/0.1.0; puppet-version=7.23.0; epp=false; tasks=false; strict=warning; source-sha256=…; payload-sha256=…
//!
//! <payload>
//! ```
//!
//! One MIME-type line (`+json` for the JSON variant) with `;`-separated `key=value` parameters,
//! a blank line, then the payload up to the end of the file. `document-type=xpp` and
//! `version=1` are PRFC-23's; the others are ours: the producer and the Puppet version whose
//! language it reproduces, the settings the source was parsed with (`epp`, `tasks`, `strict`),
//! the SHA-256 of the source bytes (absent when the writer was not given them) and of the
//! payload.
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

mod envelope;
mod packer;
mod serializer;

pub use envelope::{XppFormat, XppHeader};

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
    let header = XppHeader::for_payload(options, &payload);
    let mut out = header.to_line().into_bytes();
    out.extend_from_slice(b"\n\n");
    out.extend_from_slice(&payload);
    Ok(out)
}

/// Lower-case hexadecimal SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for byte in digest {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}
