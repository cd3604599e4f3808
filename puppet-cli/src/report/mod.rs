//! Diagnostics for people: `FILE:LINE:COLUMN: SEVERITY[CODE]: message` with the file, line and
//! character column the library located them at (Puppet's `Locator19`), optionally the source
//! line with a caret under the span, coloured on a terminal, at most `--max-errors` per file.
//!
//! This is the one place where text from the input reaches a terminal: file names, messages and
//! source lines are escaped here ([`escape`]), so every human output of every command is.

mod colour;

use std::io::{self, Write};

use puppet_syntax::report;
use puppet_syntax::{Diagnostic, Severity};

pub use colour::use_colour_for;
pub use report::{escape, escape_path};

/// The default of `--max-errors`: far more than anyone reads, far less than a garbage file
/// can produce (a binary file gives tens of thousands).
pub const DEFAULT_MAX_ERRORS: usize = 1000;

/// Diagnostics counted by severity.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
    pub deprecations: usize,
}

impl Counts {
    pub fn of(diagnostics: &[Diagnostic]) -> Counts {
        let mut counts = Counts::default();
        for d in diagnostics {
            match d.severity {
                Severity::Error => counts.errors += 1,
                Severity::Warning => counts.warnings += 1,
                Severity::Deprecation => counts.deprecations += 1,
            }
        }
        counts
    }

    pub fn add(&mut self, other: Counts) {
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.deprecations += other.deprecations;
    }

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

/// The diagnostics of one file that are shown under `--max-errors max` (`0`: all; the first
/// ones, in source order, whatever their severity), and the counts of those left out.
pub fn limit(diagnostics: &[Diagnostic], max: usize) -> (&[Diagnostic], Counts) {
    if max == 0 || diagnostics.len() <= max {
        return (diagnostics, Counts::default());
    }
    let (shown, left_out) = diagnostics.split_at(max);
    (shown, Counts::of(left_out))
}

/// How diagnostics are shown to people.
#[derive(Clone, Copy, Debug)]
pub struct Human {
    /// ANSI colours (see [`use_colour_for`]).
    pub colour: bool,
    /// `--max-errors`: at most this many diagnostics per file (`0`: all).
    pub max_errors: usize,
}

impl Human {
    /// Writes the diagnostics of the file shown as `name`, each followed by its source line
    /// when `text` (the text their offsets are in) is given, then a line saying how many were
    /// left out, if any. Returns the counts left out.
    pub fn write_file(
        &self,
        out: &mut impl Write,
        name: &str,
        text: Option<&str>,
        diagnostics: &[Diagnostic],
    ) -> io::Result<Counts> {
        let (shown, left_out) = limit(diagnostics, self.max_errors);
        for d in shown {
            writeln!(out, "{}", self.header(name, d))?;
            if let Some(lines) = text.and_then(|text| report::snippet(text, d, self.colour)) {
                writeln!(out, "{lines}")?;
            }
        }
        if left_out.total() > 0 {
            writeln!(out, "{}", left_out_line(name, left_out, self.max_errors))?;
        }
        Ok(left_out)
    }

    /// `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, escaped, coloured when asked; `name`
    /// stands in for a diagnostic without a file.
    pub fn header(&self, name: &str, d: &Diagnostic) -> String {
        if !self.colour {
            return report::header(name, d);
        }
        let file = escape(d.file.as_deref().unwrap_or(name));
        let location = format!("{file}:{}:{}:", d.line, d.column);
        let kind = format!("{}[{}]", d.severity.as_str(), d.code);
        let message = escape(&d.message);
        format!(
            "{} {}: {}",
            colour::paint(self.colour, colour::EMPHASIS, &location),
            colour::paint(self.colour, colour::severity_style(d.severity), &kind),
            colour::paint(self.colour, colour::EMPHASIS, &message),
        )
    }
}

/// `FILE: 3 more diagnostics not shown (3 errors, 0 warnings, 0 deprecations; --max-errors 2)`.
fn left_out_line(name: &str, left_out: Counts, max_errors: usize) -> String {
    format!(
        "{}: {} more {} not shown ({}; --max-errors {max_errors}, 0 shows all)",
        escape(name),
        left_out.total(),
        if left_out.total() == 1 {
            "diagnostic"
        } else {
            "diagnostics"
        },
        left_out.describe()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{parse, ParseOptions};

    const PLAIN: Human = Human {
        colour: false,
        max_errors: 0,
    };

    #[test]
    fn lines_and_character_columns() {
        let text = "$a = 1\n$b = '☺' + )\n";
        let result = parse(text.as_bytes(), &ParseOptions::new().file("x.pp"));
        let mut out = Vec::new();
        PLAIN
            .write_file(&mut out, "unused", None, &result.diagnostics)
            .unwrap();
        // the 3-byte smiley counts as one column
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "x.pp:2:12: error[SYNTAX_ERROR]: Syntax error at ')'; expected an expression\n"
        );
    }

    #[test]
    fn warnings_say_warning() {
        let result = parse(b"\"\\q\"", &ParseOptions::new().file("f.pp"));
        assert_eq!(
            PLAIN.header("unused", &result.diagnostics[0]),
            "f.pp:1:5: warning[UNRECOGNIZED_ESCAPE]: Unrecognized escape sequence '\\q'"
        );
    }

    #[test]
    fn the_token_in_a_syntax_error_is_escaped() {
        let result = parse(b"\x7fELF\x02\x01", &ParseOptions::new().file("ls"));
        let header = PLAIN.header("unused", &result.diagnostics[0]);
        assert!(header.contains("Syntax error at '\\x7f'"), "{header}");
        assert!(!header.contains('\u{7f}'));
        // The library's message is Puppet's, unescaped.
        assert!(result.diagnostics[0].message.contains('\u{7f}'));
    }

    #[test]
    fn at_most_max_errors_then_a_count_of_the_rest() {
        let result = parse(
            b"$x = )\n$y = )\n$z = )\n",
            &ParseOptions::new().file("m.pp"),
        );
        assert_eq!(result.diagnostics.len(), 3);
        let mut out = Vec::new();
        let human = Human {
            colour: false,
            max_errors: 1,
        };
        let left_out = human
            .write_file(&mut out, "m.pp", None, &result.diagnostics)
            .unwrap();
        assert_eq!(left_out.errors, 2);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        assert!(text.ends_with(
            "m.pp: 2 more diagnostics not shown (2 errors, 0 warnings, 0 deprecations; --max-errors 1, 0 shows all)\n"
        ));
    }
}
