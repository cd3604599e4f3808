//! Diagnostics on stderr: `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, LINE and COLUMN 1-based
//! and COLUMN counted in characters (Puppet's `Locator19`), through `LineIndex`.

use std::io::{self, Write};

use puppet_syntax::{Diagnostic, LineIndex};

/// Write `diagnostics` (already in order) for the file `name` whose text is `text`.
pub fn write_diagnostics(
    out: &mut impl Write,
    name: &str,
    text: &str,
    diagnostics: &[Diagnostic],
) -> io::Result<()> {
    if diagnostics.is_empty() {
        return Ok(());
    }
    let index = LineIndex::new(text);
    for d in diagnostics {
        let offset = d.offset.min(text.len() as u32);
        let (line, column) = index.line_col(text, offset);
        writeln!(out, "{}", format_diagnostic(name, line, column, d))?;
    }
    Ok(())
}

pub fn format_diagnostic(name: &str, line: u32, column: u32, d: &Diagnostic) -> String {
    format!(
        "{name}:{line}:{column}: {}[{}]: {}",
        d.severity.as_str(),
        d.code,
        d.message
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::IssueCode;

    #[test]
    fn lines_and_character_columns() {
        let text = "$a = 1\n$b = '☺' +\n";
        let d = Diagnostic::error(
            IssueCode::SYNTAX_ERROR,
            text.len() as u32 - 1,
            0,
            "Syntax error at end of input",
        );
        let mut out = Vec::new();
        write_diagnostics(&mut out, "x.pp", text, &[d]).unwrap();
        // the 3-byte smiley counts as one column
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "x.pp:2:11: error[SYNTAX_ERROR]: Syntax error at end of input\n"
        );
    }

    #[test]
    fn warnings_say_warning() {
        let d = Diagnostic::warning(
            IssueCode::UNRECOGNIZED_ESCAPE,
            0,
            2,
            "Unrecognized escape sequence '\\q'",
        );
        assert_eq!(
            format_diagnostic("f.pp", 1, 1, &d),
            "f.pp:1:1: warning[UNRECOGNIZED_ESCAPE]: Unrecognized escape sequence '\\q'"
        );
    }
}
