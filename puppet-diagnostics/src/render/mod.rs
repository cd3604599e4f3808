//! The renderers: one module per output format, each writing diagnostics grouped by file.
//!
//! * [`human`]: `FILE:LINE:COLUMN: SEVERITY[CODE]: message` and the source line with a caret
//!   (escaped: [`escape`]; the source line: `snippet`);
//! * [`json`]: JSON Lines, one object per diagnostic (`puppet-parser validate --format json`);
//! * [`sarif`]: one SARIF 2.1.0 log (code scanning), columns in UTF-16 code units;
//! * [`github`]: GitHub Actions workflow commands (annotations on a pull request);
//! * [`codeclimate`]: a Code Climate issue array (GitLab's code quality report).
//!
//! A format that is one document (SARIF, Code Climate) collects the files and is written at
//! the end; the others write each file as it comes. Every format takes the diagnostics of one
//! file with the name to show for it (the diagnostics' own `file` wins for human output) and,
//! where columns or source lines are needed, the text their offsets are in.

pub mod codeclimate;
mod escape;
pub mod github;
pub mod human;
pub mod json;
pub mod sarif;
mod snippet;

pub use escape::{escape, escape_path};
pub use snippet::snippet;

use puppet_syntax::Severity;

use crate::Diagnostic;

/// Diagnostics counted by severity.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Deprecations.
    pub deprecations: usize,
}

impl Counts {
    /// The counts of `diagnostics`.
    pub fn of<'a>(diagnostics: impl IntoIterator<Item = &'a Diagnostic>) -> Counts {
        let mut counts = Counts::default();
        for d in diagnostics {
            counts.count(d.severity);
        }
        counts
    }

    /// Counts one diagnostic of `severity`.
    pub fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Deprecation => self.deprecations += 1,
        }
    }

    /// Adds `other`.
    pub fn add(&mut self, other: Counts) {
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.deprecations += other.deprecations;
    }

    /// All of them.
    pub fn total(&self) -> usize {
        self.errors + self.warnings + self.deprecations
    }

    /// `2 errors, 1 warning, 0 deprecations`.
    pub fn describe(&self) -> String {
        format!(
            "{}, {}, {}",
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
            plural(self.deprecations, "deprecation")
        )
    }
}

/// `1 file`, `2 files`.
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The diagnostics of one file that are shown under a limit of `max` (`0`: all; the first
/// ones, in source order, whatever their severity), and the counts of those left out.
pub fn limit(diagnostics: &[Diagnostic], max: usize) -> (&[Diagnostic], Counts) {
    if max == 0 || diagnostics.len() <= max {
        return (diagnostics, Counts::default());
    }
    let (shown, left_out) = diagnostics.split_at(max);
    (shown, Counts::of(left_out))
}

/// The end of a diagnostic's range as Puppet would locate it: 1-based line and character
/// column (the start is the diagnostic's own `line` and `column`). Without the text, the
/// start.
fn end_line_column(d: &Diagnostic, text: Option<&str>) -> (u32, u32) {
    match text {
        Some(text) if d.line > 0 => {
            let start = (d.offset() as usize).min(text.len());
            let end = (start + d.len() as usize).min(text.len());
            let (mut line, mut column) = (d.line, d.column);
            for c in text.get(start..end).unwrap_or("").chars() {
                if c == '\n' {
                    line += 1;
                    column = 1;
                } else {
                    column += 1;
                }
            }
            (line, column)
        }
        _ => (d.line, d.column),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{Severity, TextRange};

    #[test]
    fn ends_are_counted_in_characters_across_lines() {
        let text = "a = 'é\nbc'\n";
        let mut d = Diagnostic::new(
            crate::Code::lint("x"),
            Severity::Warning,
            TextRange::new(4.into(), 11.into()),
            "m",
        );
        d.locate(None, text, &puppet_syntax::LineIndex::new(text));
        assert_eq!((d.line, d.column), (1, 5));
        assert_eq!(end_line_column(&d, Some(text)), (2, 4));
        assert_eq!(end_line_column(&d, None), (1, 5));
    }
}
