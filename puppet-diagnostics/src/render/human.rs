//! Diagnostics for people: `FILE:LINE:COLUMN: SEVERITY[CODE]: message` with Puppet's line and
//! character column, then the source line with a caret under the span, optionally in colour
//! (rustc's styles: bold red errors, bold yellow warnings), at most `max_errors` per file.
//!
//! ```text
//! init.pp:2:6: error[ILLEGAL_VAR_NAME]: Illegal variable name, The given name 'Abc' does not conform to the naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/
//!   |
//! 2 | $x = $Abc
//!   |      ^^^^
//! ```

use std::io::{self, Write};

use annotate_snippets::renderer::{AnsiColor, Effects, Style};
use puppet_syntax::Severity;

use super::escape::escape;
use super::snippet::snippet;
use super::{limit, Counts};
use crate::Diagnostic;

/// The style of a severity (`SEVERITY[CODE]` and the caret under the span): rustc's bold red
/// errors and bold yellow warnings.
pub fn severity_style(severity: Severity) -> Style {
    let colour = match severity {
        Severity::Error => AnsiColor::BrightRed,
        Severity::Warning | Severity::Deprecation => AnsiColor::BrightYellow,
    };
    colour.on_default().effects(Effects::BOLD)
}

/// The style of `FILE:LINE:COLUMN:` and of the message.
pub const EMPHASIS: Style = Style::new().effects(Effects::BOLD);

/// `text` in `style` when `colour`, else as it is.
pub fn paint(colour: bool, style: Style, text: &str) -> String {
    if colour {
        format!("{}{text}{}", style.render(), style.render_reset())
    } else {
        text.to_owned()
    }
}

/// `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, escaped and without colour; `name` stands in
/// for a diagnostic without a file.
pub fn header(name: &str, d: &Diagnostic) -> String {
    Human::PLAIN.header(name, d)
}

/// How diagnostics are shown to people.
#[derive(Clone, Copy, Debug)]
pub struct Human {
    /// ANSI colours.
    pub colour: bool,
    /// At most this many diagnostics per file (`0`: all).
    pub max_errors: usize,
}

impl Human {
    /// No colour, every diagnostic.
    pub const PLAIN: Human = Human {
        colour: false,
        max_errors: 0,
    };

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
            if let Some(lines) = text.and_then(|text| snippet(text, d, self.colour)) {
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
        let file = escape(d.file.as_deref().unwrap_or(name));
        let location = format!("{file}:{}:{}:", d.line, d.column);
        let kind = format!("{}[{}]", d.severity.as_str(), d.code);
        let message = escape(&d.message);
        if !self.colour {
            return format!("{location} {kind}: {message}");
        }
        format!(
            "{} {}: {}",
            paint(true, EMPHASIS, &location),
            paint(true, severity_style(d.severity), &kind),
            paint(true, EMPHASIS, &message),
        )
    }
}

/// `FILE: 3 more diagnostics not shown (3 errors, 0 warnings, 0 deprecations; --max-errors 2, 0 shows all)`.
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

    fn diagnostics(text: &[u8], file: &str) -> Vec<Diagnostic> {
        let result = parse(text, &ParseOptions::new().file(file));
        result
            .diagnostics
            .into_iter()
            .map(Diagnostic::from)
            .collect()
    }

    #[test]
    fn lines_and_character_columns() {
        let mut out = Vec::new();
        Human::PLAIN
            .write_file(
                &mut out,
                "unused",
                None,
                &diagnostics("$a = 1\n$b = '☺' + )\n".as_bytes(), "x.pp"),
            )
            .unwrap();
        // the 3-byte smiley counts as one column
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "x.pp:2:12: error[SYNTAX_ERROR]: Syntax error at ')'; expected an expression\n"
        );
    }

    #[test]
    fn warnings_say_warning() {
        assert_eq!(
            header("unused", &diagnostics(b"\"\\q\"", "f.pp")[0]),
            "f.pp:1:5: warning[UNRECOGNIZED_ESCAPE]: Unrecognized escape sequence '\\q'"
        );
    }

    #[test]
    fn the_token_in_a_syntax_error_is_escaped() {
        let d = &diagnostics(b"\x7fELF\x02\x01", "ls")[0];
        let header = header("unused", d);
        assert!(header.contains("Syntax error at '\\x7f'"), "{header}");
        assert!(!header.contains('\u{7f}'));
        // The library's message is Puppet's, unescaped.
        assert!(d.message.contains('\u{7f}'));
    }

    #[test]
    fn at_most_max_errors_then_a_count_of_the_rest() {
        let found = diagnostics(b"$x = )\n$y = )\n$z = )\n", "m.pp");
        assert_eq!(found.len(), 3);
        let mut out = Vec::new();
        let human = Human {
            colour: false,
            max_errors: 1,
        };
        let left_out = human.write_file(&mut out, "m.pp", None, &found).unwrap();
        assert_eq!(left_out.errors, 2);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        assert!(text.ends_with(
            "m.pp: 2 more diagnostics not shown (2 errors, 0 warnings, 0 deprecations; --max-errors 1, 0 shows all)\n"
        ));
    }

    #[test]
    fn colour_wraps_in_sgr_codes_only_when_asked() {
        assert_eq!(paint(false, EMPHASIS, "x"), "x");
        assert_eq!(paint(true, EMPHASIS, "x"), "\u{1b}[1mx\u{1b}[0m");
        let d = &diagnostics(b"$x = )", "c.pp")[0];
        let coloured = Human {
            colour: true,
            max_errors: 0,
        }
        .header("unused", d);
        assert!(
            coloured.contains("\u{1b}[") && coloured.contains("c.pp:1:6:"),
            "{coloured}"
        );
    }
}
