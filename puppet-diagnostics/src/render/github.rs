//! GitHub Actions workflow commands: each diagnostic becomes an annotation on the pull request's
//! diff (`::error file=F,line=L,col=C,endLine=…,endColumn=…,title=CODE::message`).
//!
//! The message is escaped as the runner expects (`%`, CR and LF as `%25`, `%0D`, `%0A`), and
//! property values also their `:` and `,`; a deprecation is a `warning` (GitHub has `error`,
//! `warning` and `notice`).

use std::io::{self, Write};

use puppet_syntax::Severity;

use super::end_line_column;
use crate::Diagnostic;

/// Writes one annotation line per diagnostic of the file named `name` (the diagnostics'
/// offsets are in `text`, when given, for the end of each span).
pub fn write_file(
    out: &mut impl Write,
    name: &str,
    text: Option<&str>,
    diagnostics: &[Diagnostic],
) -> io::Result<()> {
    for d in diagnostics {
        let (end_line, end_column) = end_line_column(d, text);
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning | Severity::Deprecation => "warning",
        };
        writeln!(
            out,
            "::{level} file={},line={},col={},endLine={end_line},endColumn={end_column},title={}::{}",
            escape_property(name),
            d.line,
            d.column,
            escape_property(&format!("{}[{}]", d.severity.as_str(), d.code)),
            escape_data(&d.message)
        )?;
    }
    Ok(())
}

/// A message: `%`, CR and LF escaped.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value: also `:` and `,`.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{parse_and_validate, ParseOptions};

    #[test]
    fn one_annotation_per_diagnostic_escaped() {
        let text = "$x = )\n";
        let result = parse_and_validate(text.as_bytes(), &ParseOptions::new());
        let found: Vec<Diagnostic> = result.diagnostics.into_iter().map(Into::into).collect();
        let mut out = Vec::new();
        write_file(&mut out, "a,b:c.pp", Some(text), &found).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "::error file=a%2Cb%3Ac.pp,line=1,col=6,endLine=1,endColumn=7,title=error[SYNTAX_ERROR]::Syntax error at ')'; expected an expression\n"
        );
        assert_eq!(escape_data("100%\r\nx"), "100%25%0D%0Ax");
    }
}
