//! The first stage: the bytes of a source become the text the lexer reads, in one place for
//! every front end (the CLI, the C library, the gem).
//!
//! Puppet sources are UTF-8. Two input problems are handled here, before lexing:
//! - a byte order mark at the start (Puppet's `assert_not_bom`: UTF-8, UTF-16, UTF-32, UTF-1,
//!   UTF-EBCDIC, SCSU, BOCU, GB-18030) gives `ILLEGAL_BOM` with Puppet's message. A UTF-8 BOM
//!   is valid UTF-8, so the whole text is still lexed (the lexer reports the BOM, as Ruby's
//!   lexer does, and lexes it as whitespace); after any other BOM nothing is parsed (the file
//!   is in another encoding).
//! - bytes that are not UTF-8 give `INVALID_UTF8` at the first invalid byte, and only the valid
//!   prefix before it is parsed, so that every offset still points at the same byte of the
//!   input (Ruby raises a bare `ArgumentError` without a position).
//!
//! Offsets are `u32`: a source of 4 GiB or more gives `SOURCE_TOO_LARGE` and is not parsed.

use std::sync::Arc;

use crate::diagnostics::{Diagnostic, IssueCode};

/// The largest source the parser takes: offsets and lengths are `u32`, and one past the end
/// must fit.
pub(crate) const MAX_SOURCE_LEN: usize = u32::MAX as usize - 1;

/// A source decoded into the text the parser reads, with the input's own diagnostics (a BOM,
/// bytes that are not UTF-8, a source too large): this first stage on its own, for a caller
/// that reads and decodes on one thread and parses on another (`puppet-parser validate`
/// decodes on the thread that reads ahead of its workers, which takes the UTF-8 check and the
/// copy into the result's text off them). `From<Vec<u8>>` decodes; `parse_owned` and
/// `parse_and_validate_owned` take either.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub(crate) text: Arc<str>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    input_len: usize,
}

impl Decoded {
    /// Decodes `bytes` (see the module's documentation).
    pub fn new(bytes: &[u8]) -> Decoded {
        let (text, diagnostics) = decode(bytes);
        Decoded {
            text: Arc::from(text),
            diagnostics,
            input_len: bytes.len(),
        }
    }

    /// The length of the input in bytes (the text may be shorter: see `INVALID_UTF8`).
    pub fn input_len(&self) -> usize {
        self.input_len
    }
}

/// Decodes the bytes and frees them.
impl From<Vec<u8>> for Decoded {
    fn from(bytes: Vec<u8>) -> Decoded {
        Decoded::new(&bytes)
    }
}

/// Bytes → (the text to lex, input diagnostics). The text is borrowed: the whole input, its
/// longest valid UTF-8 prefix, or empty.
pub(crate) fn decode(bytes: &[u8]) -> (&str, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    if bytes.len() > MAX_SOURCE_LEN {
        let message = format!(
            "the source has {} bytes; the parser takes at most {MAX_SOURCE_LEN} (4 GiB)",
            bytes.len()
        );
        diagnostics.push(Diagnostic::error(
            IssueCode::SOURCE_TOO_LARGE,
            0,
            0,
            message,
        ));
        return ("", diagnostics);
    }
    if let Some(bom) = detect_bom(bytes) {
        if bom.name != "UTF-8" {
            diagnostics.push(bom.diagnostic());
            return ("", diagnostics);
        }
    }
    // The vectorised check first (the input is almost always valid); std's check only to
    // find where a bad input goes wrong.
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        return (text, diagnostics);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => (text, diagnostics),
        Err(err) => {
            let valid = err.valid_up_to();
            let bad_len = err.error_len().unwrap_or(bytes.len() - valid);
            let shown: Vec<String> = bytes[valid..valid + bad_len]
                .iter()
                .map(|b| format!("0x{b:02X}"))
                .collect();
            let problem = if err.error_len().is_some() {
                "is not valid UTF-8"
            } else {
                "is an incomplete UTF-8 sequence at the end of the input"
            };
            let message = format!(
                "invalid UTF-8: byte {} at offset {valid} {problem}; only the {valid} bytes before it were parsed",
                shown.join(" ")
            );
            // The prefix up to `valid_up_to` is valid UTF-8 by definition.
            let text = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
            diagnostics.push(
                Diagnostic::error(
                    IssueCode::INVALID_UTF8,
                    valid as u32,
                    bad_len as u32,
                    message,
                )
                .with_arg("offset", valid.to_string()),
            );
            (text, diagnostics)
        }
    }
}

/// A byte order mark found at the start of the input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Bom {
    /// Puppet's name for the encoding (`UTF-8`, `UTF-16`, …).
    pub(crate) name: &'static str,
    /// The BOM's bytes as Puppet shows them: `[EF BB BF]` (upper-case hex, no leading zeros).
    pub(crate) bytes: String,
    pub(crate) len: u32,
}

impl Bom {
    pub(crate) fn diagnostic(&self) -> Diagnostic {
        let message = format!(
            "Illegal {} Byte Order mark at beginning of input: {} - remove these from the puppet source",
            self.name, self.bytes
        );
        Diagnostic::error(IssueCode::ILLEGAL_BOM, 0, self.len, message)
            .with_arg("format_name", self.name)
            .with_arg("bytes", self.bytes.clone())
    }
}

/// Puppet's `get_bom` + `assert_not_bom`: the first four bytes (missing ones read as a space)
/// matched against each BOM in Puppet's order.
pub(crate) fn detect_bom(bytes: &[u8]) -> Option<Bom> {
    let b = |i: usize| bytes.get(i).copied().unwrap_or(b' ');
    let head = [b(0), b(1), b(2), b(3)];
    let (name, len) = match head {
        [0x00, 0x00, 0xFE, 0xFF] | [0xFF, 0xFE, 0x00, 0x00] => ("UTF-32", 4),
        [0x84, 0x31, 0x95, 0x33] => ("GB-18030", 4),
        [0xDD, 0x73, 0x66, 0x73] => ("UTF-EBCDIC", 4),
        [0x0E, 0xFE, 0xFF, _] => ("SCSU", 3),
        [0xEF, 0xBB, 0xBF, _] => ("UTF-8", 3),
        [0xF7, 0x64, 0x4C, _] => ("UTF-1", 3),
        [0xFB, 0xEE, 0x28, _] => ("BOCU", 3),
        [0xFE, 0xFF, _, _] | [0xFF, 0xFE, _, _] => ("UTF-16", 2),
        _ => return None,
    };
    let shown: Vec<String> = head[..len].iter().map(|b| format!("{b:X}")).collect();
    Some(Bom {
        name,
        bytes: format!("[{}]", shown.join(" ")),
        len: len as u32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoded_ahead_parses_as_the_bytes_do() {
        let inputs: [&[u8]; 4] = [
            b"notice(1)\n",
            b"$a = 'x'\n\xFF$b = 2\n",
            b"\xFF\xFEa\x00",
            b"\xEF\xBB\xBFnotice(2)",
        ];
        for bytes in inputs {
            let decoded = Decoded::from(bytes.to_vec());
            assert_eq!(decoded.input_len(), bytes.len());
            let options = crate::ParseOptions::new().file("x.pp");
            let ahead = crate::parse_and_validate_owned(decoded, &options);
            let direct = crate::parse_and_validate(bytes, &options);
            assert_eq!(ahead.text, direct.text);
            assert_eq!(ahead.diagnostics, direct.diagnostics);
            assert_eq!(
                ahead.model.as_ref().map(crate::pn::to_pn_string),
                direct.model.as_ref().map(crate::pn::to_pn_string)
            );
        }
    }

    #[test]
    fn boms_in_puppets_order_and_format() {
        let bom = detect_bom(b"\xEF\xBB\xBFnotice(1)").unwrap();
        assert_eq!(
            (bom.name, bom.bytes.as_str(), bom.len),
            ("UTF-8", "[EF BB BF]", 3)
        );
        // UTF-32 LE is tested before UTF-16 LE; zero bytes print as `0` like Ruby's "%X".
        let bom = detect_bom(b"\xFF\xFE\x00\x00x").unwrap();
        assert_eq!((bom.name, bom.bytes.as_str()), ("UTF-32", "[FF FE 0 0]"));
        assert_eq!(detect_bom(b"\xFF\xFEa\x00").unwrap().name, "UTF-16");
        // Short inputs: the missing bytes read as spaces, so a bare UTF-8 BOM still matches.
        assert_eq!(detect_bom(b"\xEF\xBB\xBF").unwrap().name, "UTF-8");
        assert_eq!(detect_bom(b"\xFE\xFF").unwrap().name, "UTF-16");
        assert_eq!(detect_bom(b"\x00\x00\xFE"), None);
        assert_eq!(detect_bom(b"class a {}"), None);
        assert_eq!(detect_bom(b""), None);
    }

    #[test]
    fn utf8_bom_keeps_the_text() {
        // The lexer reports a UTF-8 BOM (see `lexer`); decoding keeps the text.
        let (text, diags) = decode(b"\xEF\xBB\xBF$x = 1\n");
        assert_eq!(text, "\u{feff}$x = 1\n");
        assert!(diags.is_empty());
        assert_eq!(
            detect_bom(text.as_bytes()).unwrap().diagnostic().message,
            "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source"
        );
    }

    #[test]
    fn other_boms_parse_nothing() {
        let (text, diags) = decode(b"\xFF\xFE$\x00x\x00");
        assert_eq!(text, "");
        assert_eq!(
            diags.iter().map(|d| d.code).collect::<Vec<_>>(),
            [IssueCode::ILLEGAL_BOM]
        );
    }

    #[test]
    fn invalid_utf8_keeps_the_valid_prefix() {
        let (text, diags) = decode(b"$x = 1\n$y = '\xE9t\xE9'\n");
        assert_eq!(text, "$x = 1\n$y = '");
        assert_eq!(diags.len(), 1);
        assert_eq!(
            (diags[0].code, diags[0].offset, diags[0].len),
            (IssueCode::INVALID_UTF8, 13, 1)
        );
        assert!(diags[0].message.contains("0xE9"), "{}", diags[0].message);
        // Truncated sequence at the end.
        let (text, diags) = decode(b"ab\xE2\x98");
        assert_eq!(text, "ab");
        assert_eq!((diags[0].offset, diags[0].len), (2, 2));
    }
}
