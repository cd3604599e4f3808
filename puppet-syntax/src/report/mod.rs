//! A sink for people: diagnostics rendered as `puppet-parser validate` shows them, shared by the
//! command and the C library so that both print the same bytes.
//!
//! ```text
//! init.pp:2:6: error[ILLEGAL_VAR_NAME]: Illegal variable name, The given name 'Abc' does not conform to the naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/
//!   |
//! 2 | $x = $Abc
//!   |      ^^^^
//! ```
//!
//! * `escape` — control characters made visible (a source file is untrusted text);
//! * `snippet` — the source line with a caret under the span (annotate-snippets, rustc's
//!   renderer), optionally in colour ([`severity_style`]).

mod escape;
mod snippet;

pub use annotate_snippets::renderer::Style;
pub use escape::{escape, escape_path};
pub use snippet::snippet;

use annotate_snippets::renderer::{AnsiColor, Effects};

use crate::diagnostics::{Diagnostic, Severity};

/// `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, escaped and without colour; `name` stands in
/// for a diagnostic without a file.
pub fn header(name: &str, d: &Diagnostic) -> String {
    format!(
        "{}:{}:{}: {}[{}]: {}",
        escape(d.file.as_deref().unwrap_or(name)),
        d.line,
        d.column,
        d.severity.as_str(),
        d.code,
        escape(&d.message)
    )
}

/// The style of a severity (`SEVERITY[CODE]` and the caret under the span): rustc's bold red
/// errors and bold yellow warnings.
pub fn severity_style(severity: Severity) -> Style {
    let colour = match severity {
        Severity::Error => AnsiColor::BrightRed,
        Severity::Warning | Severity::Deprecation => AnsiColor::BrightYellow,
    };
    colour.on_default().effects(Effects::BOLD)
}
