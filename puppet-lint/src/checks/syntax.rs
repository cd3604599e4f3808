//! The pseudo-check `syntax`: a source that does not parse is reported, not linted (as
//! puppet-lint does when its lexer fails; we go by Puppet's own parser, which finds more).

use puppet_syntax::{ParseResult, TextRange, TextSize};

use crate::check::{Check, FixKind, Level, Origin};
use crate::problem::{Problem, ProblemKind};

/// `syntax`: the file is not Puppet.
pub static SYNTAX: Check = Check {
    name: "syntax",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "The file does not parse",
    why: "A file Puppet cannot parse is not linted: each of its syntax errors is reported \
          instead (puppet-lint reports the first error its own lexer meets; we report every \
          error Puppet's grammar finds, with Puppet's message).",
    fires: "file { '/x': ensure => }\n",
    passes: "file { '/x': ensure => file }\n",
    fixed: None,
    run: |_, _| {},
};

/// Every syntax error of a parse, as a `syntax` problem.
pub fn problems(parsed: &ParseResult) -> Vec<Problem> {
    parsed
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| Problem {
            check: &SYNTAX,
            kind: ProblemKind::Error,
            message: format!("Syntax error ({})", d.message),
            range: TextRange::at(TextSize::from(d.offset), TextSize::from(d.len)),
            line: d.line,
            column: d.column,
            fix: None,
            reason: None,
        })
        .collect()
}
