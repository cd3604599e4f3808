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

/// An output format.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// [`human`].
    Human,
    /// [`json`].
    Json,
    /// [`sarif`].
    Sarif,
    /// [`github`].
    Github,
    /// [`codeclimate`].
    Codeclimate,
}

impl Format {
    /// Every format, in the order the command line lists them.
    pub const ALL: [Format; 5] = [
        Format::Human,
        Format::Json,
        Format::Sarif,
        Format::Github,
        Format::Codeclimate,
    ];

    /// `"human"`, `"json"`, `"sarif"`, `"github"` or `"codeclimate"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Json => "json",
            Format::Sarif => "sarif",
            Format::Github => "github",
            Format::Codeclimate => "codeclimate",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(name: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.as_str() == name)
            .ok_or_else(|| {
                format!("unknown format {name:?} (human, json, sarif, github, codeclimate)")
            })
    }
}

/// The diagnostics of one file named `name` (their offsets in `text`) in `format`, whole, as
/// `puppet-parser validate --format FORMAT` prints one file's (without the summary; no colour,
/// no limit); `tool` names the program in a SARIF log. For the hosts that render one result at
/// a time (the C library, the gem).
pub fn render_file(
    format: Format,
    tool: &sarif::Tool,
    name: &str,
    text: Option<&str>,
    diagnostics: &[Diagnostic],
) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail, nor can serialising these structs.
    let _ = match format {
        Format::Human => human::Human::PLAIN
            .write_file(&mut out, name, text, diagnostics)
            .map(drop),
        Format::Json => json::write_file(&mut out, name, diagnostics, 0).map(drop),
        Format::Sarif => {
            let mut log = sarif::Sarif::new(tool.clone(), |_| sarif::RuleHelp::default());
            log.add_file(name, text, diagnostics);
            log.write(&mut out)
        }
        Format::Github => github::write_file(&mut out, name, text, diagnostics),
        Format::Codeclimate => {
            let mut report = codeclimate::CodeClimate::new();
            report.add_file(name, text, diagnostics);
            report.write(&mut out)
        }
    };
    // The renderers write UTF-8 (UTF-8 text, escaped names).
    String::from_utf8_lossy(&out).into_owned()
}

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
    fn every_format_by_name_renders_a_file() {
        let text = "$x = $Abc\n";
        let result = puppet_syntax::parse_and_validate(text.as_bytes(), &Default::default());
        let found: Vec<Diagnostic> = result.diagnostics.into_iter().map(Into::into).collect();
        let tool = sarif::Tool {
            name: "t".into(),
            version: "1".into(),
            information_uri: None,
        };
        for format in Format::ALL {
            assert_eq!(format.as_str().parse::<Format>(), Ok(format));
            let out = render_file(format, &tool, "x.pp", Some(text), &found);
            assert!(out.contains("ILLEGAL_VAR_NAME"), "{format:?}: {out}");
        }
        assert!("xml".parse::<Format>().is_err());
    }

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
