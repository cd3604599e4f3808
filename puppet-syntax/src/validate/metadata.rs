//! What `puppet parser validate` says about the modules of the module path: a `metadata.json`
//! that Ruby's JSON parser rejects (`Puppet::Module#read_metadata`).
//!
//! Puppet reads each module's metadata when the environment's modules are loaded, which
//! validating with a module path does. An unparsable file is logged, at the level `strict`
//! says: nothing (`off`, a debug message), a warning (`warning`, Puppet 7's default) or an
//! error (`error`, Puppet 8's: `Puppet::Module::FaultyMetadata`, which also fails any catalog
//! compilation that loads the module). The message is Puppet's; Ruby gives it no position, we
//! point at the place Ruby's JSON parser stopped.

use super::json;
use crate::diagnostics::{Diagnostic, IssueCode, Severity};
use crate::line_index::LineIndex;
use crate::options::{ParseOptions, Strict};

/// The diagnostic for module `module`'s `metadata.json` (`file`, with the bytes `text`), or
/// `None` when Puppet reads it (an empty file too) or `strict` is `off`.
pub fn check_module_metadata(
    module: &str,
    file: &str,
    text: &[u8],
    options: &ParseOptions,
) -> Option<Diagnostic> {
    let severity = match options.effective_strict() {
        Strict::Off => return None,
        Strict::Warning => Severity::Warning,
        Strict::Error => Severity::Error,
    };
    // `File.read(md_file, :encoding => 'utf-8')`: invalid sequences reach the parser as such,
    // which rejects them; the text shown replaces them.
    let text = String::from_utf8_lossy(text);
    if text.is_empty() {
        return None;
    }
    let (at, error) = json::parse_error(&text)?;
    let mut diagnostic = Diagnostic::error(
        IssueCode::INVALID_MODULE_METADATA,
        at as u32,
        (text.len() - at).min(1) as u32,
        format!(
            "{module} has an invalid and unparsable metadata.json file. The parse error: {error}"
        ),
    )
    .with_arg("name", module)
    .with_arg("error", error);
    diagnostic.severity = severity;
    diagnostic.locate(Some(file), &text, &LineIndex::new(&text));
    Some(diagnostic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PuppetRelease;

    #[test]
    fn unparsable_metadata_by_strict() {
        let newest = ParseOptions::new();
        let d = check_module_metadata("m", "m/metadata.json", b"{\n bad json\n", &newest).unwrap();
        assert_eq!(
            d.message,
            "m has an invalid and unparsable metadata.json file. The parse error: unexpected token at '{\n bad json\n'"
        );
        assert_eq!((d.severity, d.line, d.column), (Severity::Error, 1, 1));
        assert_eq!(d.file.as_deref(), Some("m/metadata.json"));
        let seven = ParseOptions::new().release(PuppetRelease::PUPPET_7_23);
        let d = check_module_metadata("m", "m/metadata.json", b"{\"a\": 1} x", &seven).unwrap();
        assert_eq!((d.severity, d.line, d.column), (Severity::Warning, 1, 10));
        let off = ParseOptions::new().strict(Strict::Off);
        assert!(check_module_metadata("m", "f", b"{", &off).is_none());
        for fine in [&b""[..], b"{}", b"{\"name\": \"a-m\"} // comment\n"] {
            assert!(check_module_metadata("m", "f", fine, &newest).is_none());
        }
    }
}
