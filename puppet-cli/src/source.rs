//! Reading an input and turning its bytes into text the parser accepts.
//!
//! The parser takes `&str`, so two input problems are handled here, before parsing:
//! - a byte order mark at the start (Puppet's `assert_not_bom`: UTF-8, UTF-16, UTF-32, UTF-1,
//!   UTF-EBCDIC, SCSU, BOCU, GB-18030) → `ILLEGAL_BOM` with Puppet's message. A UTF-8 BOM is
//!   valid UTF-8, so the whole text is still parsed; after any other BOM nothing is parsed (the
//!   file is in another encoding).
//! - bytes that are not UTF-8 → `INVALID_UTF8` at the first invalid byte, and only the valid
//!   prefix before it is parsed, so every offset still points at the same byte of the file.

use std::io::{self, Read};
use std::path::Path;

use puppet_syntax::{Diagnostic, IssueCode};

/// One input, ready to parse.
#[derive(Debug)]
pub struct Source {
    /// The name shown in output and diagnostics: the path as given, or `<stdin>` for `-`.
    pub name: String,
    /// The text to parse: the whole input, or its longest valid UTF-8 prefix.
    pub text: String,
    /// Problems with the input itself (BOM, encoding), positioned in `text`.
    pub diagnostics: Vec<Diagnostic>,
}

/// Read `path` (`-` is standard input) and decode it.
pub fn read(path: &Path) -> io::Result<Source> {
    let (name, bytes) = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes)?;
        ("<stdin>".to_owned(), bytes)
    } else {
        (path.display().to_string(), std::fs::read(path)?)
    };
    let (text, diagnostics) = decode(bytes);
    Ok(Source {
        name,
        text,
        diagnostics,
    })
}

/// Whether a file is parsed as EPP without `--epp`.
pub fn is_epp_path(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "epp")
}

/// Bytes → (text to parse, input diagnostics).
pub fn decode(bytes: Vec<u8>) -> (String, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let bom = detect_bom(&bytes);
    if let Some(bom) = &bom {
        diagnostics.push(bom.diagnostic());
        if bom.name != "UTF-8" {
            return (String::new(), diagnostics);
        }
    }
    match String::from_utf8(bytes) {
        Ok(text) => (text, diagnostics),
        Err(err) => {
            let utf8 = err.utf8_error();
            let valid = utf8.valid_up_to();
            let mut bytes = err.into_bytes();
            let bad_len = utf8.error_len().unwrap_or(bytes.len() - valid);
            let shown: Vec<String> = bytes[valid..valid + bad_len]
                .iter()
                .map(|b| format!("0x{b:02X}"))
                .collect();
            let problem = if utf8.error_len().is_some() {
                "is not valid UTF-8"
            } else {
                "is an incomplete UTF-8 sequence at the end of the input"
            };
            let message = format!(
                "invalid UTF-8: byte {} at offset {valid} {problem}; only the {valid} bytes before it were parsed",
                shown.join(" ")
            );
            bytes.truncate(valid);
            let text = String::from_utf8(bytes).expect("prefix is valid UTF-8");
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
pub struct Bom {
    /// Puppet's name for the encoding (`UTF-8`, `UTF-16`, …).
    pub name: &'static str,
    /// The BOM's bytes as Puppet shows them: `[EF BB BF]` (upper-case hex, no leading zeros).
    pub bytes: String,
    pub len: u32,
}

impl Bom {
    fn diagnostic(&self) -> Diagnostic {
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
pub fn detect_bom(bytes: &[u8]) -> Option<Bom> {
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

/// The input diagnostics of `source` (BOM, encoding) merged with the parser's `parsed` ones, in
/// source order (input diagnostics first at equal offsets). When the lexer reports the BOM
/// itself, the input's copy is dropped.
pub fn merge_input_diagnostics(source: &Source, parsed: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let lexer_saw_bom = parsed.iter().any(|d| d.code == IssueCode::ILLEGAL_BOM);
    let mut all: Vec<Diagnostic> = source
        .diagnostics
        .iter()
        .filter(|d| !(lexer_saw_bom && d.code == IssueCode::ILLEGAL_BOM))
        .cloned()
        .collect();
    all.extend(parsed);
    all.sort_by_key(|d| d.offset);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let (text, diags) = decode(b"\xEF\xBB\xBF$x = 1\n".to_vec());
        assert_eq!(text, "\u{feff}$x = 1\n");
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].code, IssueCode::ILLEGAL_BOM);
        assert_eq!(
            diags[0].message,
            "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source"
        );
    }

    #[test]
    fn other_boms_parse_nothing() {
        let (text, diags) = decode(b"\xFF\xFE$\x00x\x00".to_vec());
        assert_eq!(text, "");
        assert_eq!(
            diags.iter().map(|d| d.code).collect::<Vec<_>>(),
            [IssueCode::ILLEGAL_BOM]
        );
    }

    #[test]
    fn invalid_utf8_keeps_the_valid_prefix() {
        let (text, diags) = decode(b"$x = 1\n$y = '\xE9t\xE9'\n".to_vec());
        assert_eq!(text, "$x = 1\n$y = '");
        assert_eq!(diags.len(), 1);
        assert_eq!(
            (diags[0].code, diags[0].offset, diags[0].len),
            (IssueCode::INVALID_UTF8, 13, 1)
        );
        assert!(diags[0].message.contains("0xE9"), "{}", diags[0].message);
        // Truncated sequence at the end.
        let (text, diags) = decode(b"ab\xE2\x98".to_vec());
        assert_eq!(text, "ab");
        assert_eq!((diags[0].offset, diags[0].len), (2, 2));
    }
}
