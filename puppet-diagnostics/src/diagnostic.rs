//! A diagnostic as every tool reports it: a [`Code`] of one of three kinds (a syntax error, a
//! Puppet issue, a lint rule), a severity, a byte range with its Puppet position, a message,
//! secondary [`Label`]s and an optional [`Fix`] with its [`Applicability`] (ruff's and
//! rust-analyzer's model). The parser's and validator's `puppet_syntax::Diagnostic` converts
//! into one without copying its message.

use std::fmt;

use puppet_syntax::{IssueCode, LineIndex, Severity, TextRange, TextSize};

use crate::edit::TextEdit;

/// Which part of the project found a problem.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum CodeKind {
    /// The lexer or parser: the text is not Puppet (and input problems: invalid UTF-8, a BOM,
    /// a source too large, nesting too deep).
    Syntax,
    /// Puppet's validation of a program that parses (`Checker4_0` and the import checks of
    /// `puppet parser validate`): Puppet's issue codes.
    Puppet,
    /// A lint rule: style and practice, not what Puppet refuses.
    Lint,
}

impl CodeKind {
    /// `"syntax"`, `"puppet"` or `"lint"`.
    pub fn as_str(self) -> &'static str {
        match self {
            CodeKind::Syntax => "syntax",
            CodeKind::Puppet => "puppet",
            CodeKind::Lint => "lint",
        }
    }
}

/// The stable name of a problem and its kind: `SYNTAX_ERROR`, `DUPLICATE_KEY`,
/// `arrow_alignment`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Code {
    /// Who found it.
    pub kind: CodeKind,
    /// Its name: Puppet's issue constant, or the lint rule's name.
    pub name: &'static str,
}

impl Code {
    /// The code of a lint rule.
    pub const fn lint(name: &'static str) -> Code {
        Code {
            kind: CodeKind::Lint,
            name,
        }
    }

    /// The issue code, for a syntax error or Puppet issue.
    pub fn issue_code(self) -> Option<IssueCode> {
        match self.kind {
            CodeKind::Lint => None,
            CodeKind::Syntax | CodeKind::Puppet => IssueCode::from_name(self.name),
        }
    }
}

impl From<IssueCode> for Code {
    fn from(code: IssueCode) -> Code {
        Code {
            kind: if code.is_syntax() {
                CodeKind::Syntax
            } else {
                CodeKind::Puppet
            },
            name: code.as_str(),
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// How sure a fix is to do only what its message says.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Applicability {
    /// Applied by `--fix`: it keeps the program's meaning, or changes exactly what its rule is
    /// about.
    Safe,
    /// Applied only when asked for (`--unsafe-fixes`, an editor's code action): it may change
    /// what the program does beyond the rule (a fact renamed where a variable of that name
    /// could be meant).
    Unsafe,
    /// Shown, never applied: a suggestion for the reader.
    DisplayOnly,
}

impl Applicability {
    /// `"safe"`, `"unsafe"` or `"display-only"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
            Applicability::DisplayOnly => "display-only",
        }
    }
}

/// An edit that resolves a diagnostic.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Fix {
    /// What it does, e.g. `Align the arrows`.
    pub message: String,
    /// How sure it is.
    pub applicability: Applicability,
    /// The edit, on the text the diagnostic was found in.
    pub edit: TextEdit,
}

/// A secondary span of a diagnostic: the first definition of a duplicate, the opening brace
/// of an unclosed block.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Label {
    /// Its range in the same text.
    pub range: TextRange,
    /// What it shows.
    pub message: String,
}

/// One problem found in a source text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// What kind of problem, by its stable name.
    pub code: Code,
    /// How bad it is (a lint rule's is its configured level).
    pub severity: Severity,
    /// Its bytes in the source.
    pub range: TextRange,
    /// Its message (Puppet's exact text for syntax errors and Puppet issues).
    pub message: String,
    /// The named arguments of the message's template (Puppet's issue arguments).
    pub args: Vec<(&'static str, String)>,
    /// The file, when known.
    pub file: Option<String>,
    /// 1-based line of the range's start (`\n`-counted, as Puppet does; 0 until located).
    pub line: u32,
    /// 1-based column of the range's start in characters, as Puppet counts (0 until located).
    pub column: u32,
    /// Other spans worth showing.
    pub labels: Vec<Label>,
    /// An edit that resolves it.
    pub fix: Option<Fix>,
}

impl Diagnostic {
    /// A diagnostic at `range` (not located yet).
    pub fn new(
        code: Code,
        severity: Severity,
        range: TextRange,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            code,
            severity,
            range,
            message: message.into(),
            args: Vec::new(),
            file: None,
            line: 0,
            column: 0,
            labels: Vec::new(),
            fix: None,
        }
    }

    /// With a label.
    pub fn with_label(mut self, range: TextRange, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            range,
            message: message.into(),
        });
        self
    }

    /// With a fix.
    pub fn with_fix(mut self, fix: Fix) -> Diagnostic {
        self.fix = Some(fix);
        self
    }

    /// Sets `file`, `line` and `column` from the text the range is in.
    pub fn locate(&mut self, file: Option<&str>, text: &str, index: &LineIndex) {
        (self.line, self.column) = index.line_col(text, self.range.start().into());
        self.file = file.map(str::to_owned);
    }

    /// Whether the severity is [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Byte offset of the start.
    pub fn offset(&self) -> u32 {
        self.range.start().into()
    }

    /// Byte length.
    pub fn len(&self) -> u32 {
        self.range.len().into()
    }

    /// Whether the range is empty.
    pub fn is_empty(&self) -> bool {
        self.range.is_empty()
    }
}

impl From<puppet_syntax::Diagnostic> for Diagnostic {
    fn from(d: puppet_syntax::Diagnostic) -> Diagnostic {
        let start = TextSize::from(d.offset);
        Diagnostic {
            code: d.code.into(),
            severity: d.severity,
            // (A span past the end of the text, as an invalid UTF-8 sequence has, cannot
            // overflow: offsets and lengths are below 4 GiB each, the sum is saturated.)
            range: TextRange::new(start, TextSize::from(d.offset.saturating_add(d.len))),
            message: d.message,
            args: d.args,
            file: d.file,
            line: d.line,
            column: d.column,
            labels: Vec::new(),
            fix: None,
        }
    }
}

impl From<&puppet_syntax::Diagnostic> for Diagnostic {
    fn from(d: &puppet_syntax::Diagnostic) -> Diagnostic {
        Diagnostic::from(d.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{parse_and_validate, ParseOptions};

    #[test]
    fn codes_of_the_parser_are_syntax_and_of_the_validator_puppet() {
        let options = ParseOptions::new().file("x.pp");
        let syntax = parse_and_validate(b"$a = )\n", &options);
        let puppet = parse_and_validate(b"$a = {x => 1, x => 2}\n", &options);
        let s = Diagnostic::from(&syntax.diagnostics[0]);
        let p = Diagnostic::from(&puppet.diagnostics[0]);
        assert_eq!(
            (s.code.kind, s.code.name),
            (CodeKind::Syntax, "SYNTAX_ERROR")
        );
        assert_eq!(
            (p.code.kind, p.code.name),
            (CodeKind::Puppet, "DUPLICATE_KEY")
        );
        assert_eq!(p.code.issue_code(), Some(IssueCode::DUPLICATE_KEY));
        assert_eq!((p.line, p.column, p.offset(), p.len()), (1, 17, 16, 2));
        assert_eq!(p.file.as_deref(), Some("x.pp"));
        assert_eq!(Code::lint("arrow_alignment").issue_code(), None);
    }

    #[test]
    fn located_like_puppet() {
        let text = "$a = 1\n  ☺ x\n";
        let index = LineIndex::new(text);
        let at = text.find('x').unwrap() as u32;
        let mut d = Diagnostic::new(
            Code::lint("trailing_whitespace"),
            Severity::Warning,
            TextRange::at(at.into(), 1.into()),
            "m",
        );
        d.locate(Some("f.pp"), text, &index);
        assert_eq!((d.line, d.column), (2, 5));
    }
}
