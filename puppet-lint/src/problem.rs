//! A problem as puppet-lint reports it: the check, its kind (`warning`, `error`, or, after
//! the fact, `fixed` and `ignored`), the message and the position, with the fix as a text edit.

use puppet_diagnostics::{Applicability, Code, Diagnostic, Fix, TextEdit};
use puppet_syntax::{Severity, TextRange};

use crate::check::{Check, FixKind, Level};

/// puppet-lint's `kind` of a problem.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ProblemKind {
    /// A warning.
    Warning,
    /// An error.
    Error,
    /// Fixed by `--fix`.
    Fixed,
    /// Silenced by a `lint:ignore` comment.
    Ignored,
}

impl ProblemKind {
    /// `"warning"`, `"error"`, `"fixed"` or `"ignored"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ProblemKind::Warning => "warning",
            ProblemKind::Error => "error",
            ProblemKind::Fixed => "fixed",
            ProblemKind::Ignored => "ignored",
        }
    }

    /// `"WARNING"`, `"ERROR"`, `"FIXED"` or `"IGNORED"`.
    pub fn as_upper_str(self) -> &'static str {
        match self {
            ProblemKind::Warning => "WARNING",
            ProblemKind::Error => "ERROR",
            ProblemKind::Fixed => "FIXED",
            ProblemKind::Ignored => "IGNORED",
        }
    }
}

impl From<Level> for ProblemKind {
    fn from(level: Level) -> ProblemKind {
        match level {
            Level::Warning => ProblemKind::Warning,
            Level::Error => ProblemKind::Error,
        }
    }
}

/// One problem in one source.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The check that found it.
    pub check: &'static Check,
    /// Its kind.
    pub kind: ProblemKind,
    /// puppet-lint's message.
    pub message: String,
    /// The bytes it is about.
    pub range: TextRange,
    /// puppet-lint's 1-based line.
    pub line: u32,
    /// puppet-lint's 1-based column (characters).
    pub column: u32,
    /// The edit that resolves it, on the text it was found in.
    pub fix: Option<TextEdit>,
    /// The reason of the `lint:ignore` comment that silenced it (empty when it gave none).
    pub reason: Option<String>,
}

impl Problem {
    /// The check's name.
    pub fn check_name(&self) -> &'static str {
        self.check.name
    }

    /// Whether it counts against the run (an error, or a warning with `fail_on_warnings`).
    pub fn fails(&self, fail_on_warnings: bool) -> bool {
        match self.kind {
            ProblemKind::Error => true,
            ProblemKind::Warning => fail_on_warnings,
            ProblemKind::Fixed | ProblemKind::Ignored => false,
        }
    }

    /// The problem in the tools' vocabulary (code kind `lint`, the fix as a [`Fix`]).
    pub fn to_diagnostic(&self, file: Option<&str>) -> Diagnostic {
        // (A check may report a problem of the other kind: strict_indent's internal error.)
        let severity = match (self.kind, self.check.level) {
            (ProblemKind::Error, _) | (ProblemKind::Fixed | ProblemKind::Ignored, Level::Error) => {
                Severity::Error
            }
            _ => Severity::Warning,
        };
        let mut d = Diagnostic::new(
            Code::lint(self.check.name),
            severity,
            self.range,
            self.message.clone(),
        );
        d.file = file.map(str::to_owned);
        d.line = self.line;
        d.column = self.column;
        if let Some(edit) = &self.fix {
            d.fix = Some(Fix {
                message: format!("fix {}", self.check.name),
                applicability: match self.check.fix {
                    FixKind::Layout | FixKind::Meaning => Applicability::Safe,
                    FixKind::None => Applicability::DisplayOnly,
                },
                edit: edit.clone(),
            });
        }
        d
    }
}
