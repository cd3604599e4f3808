//! The checks' reference page (`docs/lint/checks.md`), generated from [`CHECKS`]: one section
//! a check with its kind, default, origin and fix, why it matters, an example that fires, one
//! that does not, and what the fix makes of the first. The page is never edited by hand: a
//! test compares it with [`checks_markdown`] (`UPDATE_EXPECT=1` rewrites it).

use std::fmt::Write;

use crate::check::{Check, FixKind, Origin};
use crate::checks::CHECKS;

fn origin(check: &Check) -> String {
    match check.origin {
        Origin::Core => "puppet-lint 4.3.0".to_string(),
        Origin::Plugin { gem, version } => format!("{gem} {version}"),
        Origin::Native => "puppet-parser (not in puppet-lint)".to_string(),
    }
}

fn fix(check: &Check) -> &'static str {
    match check.fix {
        FixKind::None => "none",
        FixKind::Layout => "layout (the program is unchanged; checked)",
        FixKind::Meaning => "changes the program as the message says",
    }
}

fn code_block(out: &mut String, text: &str) {
    out.push_str("```puppet\n");
    out.push_str(text);
    if !text.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("```\n");
}

/// The Markdown of the reference page.
pub fn checks_markdown() -> String {
    let mut out = String::new();
    out.push_str(
        "# The checks of `puppet-parser lint`\n\n\
         Generated from the checks' table (`puppet-lint/src/checks/`); do not edit by hand.\n\n\
         Each check has puppet-lint's name, kind and default: turn one off with \
         `--no-<name>-check` (or `# lint:ignore:<name>` in the manifest), on with \
         `--<name>-check`.\n\n",
    );
    out.push_str("| check | kind | on by default | from | fix |\n|---|---|---|---|---|\n");
    for check in CHECKS {
        let _ = writeln!(
            out,
            "| [`{name}`](#{name}) | {kind} | {on} | {origin} | {fix} |",
            name = check.name,
            kind = check.level.as_str(),
            on = if check.default_enabled { "yes" } else { "no" },
            origin = origin(check),
            fix = match check.fix {
                FixKind::None => "no",
                FixKind::Layout => "layout",
                FixKind::Meaning => "yes",
            },
        );
    }
    for check in CHECKS {
        let _ = write!(
            out,
            "\n## `{name}`\n\n{summary}.\n\n\
             Kind: {kind}; on by default: {on}; from: {origin}; fix: {fix}.\n\n{why}\n\n\
             Reported:\n\n",
            name = check.name,
            summary = check.summary.trim_end_matches('.'),
            kind = check.level.as_str(),
            on = if check.default_enabled { "yes" } else { "no" },
            origin = origin(check),
            fix = fix(check),
            why = check.why,
        );
        code_block(&mut out, check.fires);
        out.push_str("\nNot reported:\n\n");
        code_block(&mut out, check.passes);
        if let Some(fixed) = check.fixed {
            out.push_str("\nFixed:\n\n");
            code_block(&mut out, fixed);
        }
    }
    out
}
