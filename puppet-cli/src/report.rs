//! Diagnostics as text: `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, with the file, line and
//! character column the library located them at (Puppet's `Locator19`).

use std::io::{self, Write};

use puppet_syntax::Diagnostic;

/// Writes `diagnostics` (already in order), one per line; `name` stands in for a diagnostic
/// without a file.
pub fn write_diagnostics(
    out: &mut impl Write,
    name: &str,
    diagnostics: &[Diagnostic],
) -> io::Result<()> {
    for d in diagnostics {
        writeln!(out, "{}", format_diagnostic(name, d))?;
    }
    Ok(())
}

/// `FILE:LINE:COLUMN: SEVERITY[CODE]: message`.
pub fn format_diagnostic(name: &str, d: &Diagnostic) -> String {
    format!(
        "{}:{}:{}: {}[{}]: {}",
        d.file.as_deref().unwrap_or(name),
        d.line,
        d.column,
        d.severity.as_str(),
        d.code,
        d.message
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{parse, ParseOptions};

    #[test]
    fn lines_and_character_columns() {
        let text = "$a = 1\n$b = '☺' + )\n";
        let result = parse(text.as_bytes(), &ParseOptions::new().file("x.pp"));
        let mut out = Vec::new();
        write_diagnostics(&mut out, "unused", &result.diagnostics).unwrap();
        // the 3-byte smiley counts as one column
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "x.pp:2:12: error[SYNTAX_ERROR]: Syntax error at ')'; expected an expression\n"
        );
    }

    #[test]
    fn warnings_say_warning() {
        let result = parse(b"\"\\q\"", &ParseOptions::new().file("f.pp"));
        let d = &result.diagnostics[0];
        assert_eq!(
            format_diagnostic("unused", d),
            "f.pp:1:5: warning[UNRECOGNIZED_ESCAPE]: Unrecognized escape sequence '\\q'"
        );
    }
}
