use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_double_newline_end_of_file`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_double_newline_end_of_file",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Empty lines at the end of a manifest",
    why: "A manifest ends with one line break. Each extra one at the end is a problem, the \
          last first (puppet-lint's order); the fix removes them. Empty lines with blanks on \
          them end the run, as in puppet-lint.",
    fires: "class foo {\n}\n\n",
    passes: "class foo {\n}\n",
    fixed: Some("class foo {\n}\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        let Some(mut last) = lt.len().checked_sub(1) else {
            return;
        };
        if lt.kind(last) != Lk::Newline {
            return;
        }
        while last > 0 && lt.kind(last - 1) == Lk::Newline {
            report_at(
                report,
                &lt,
                last,
                "there should be a single newline at the end of a manifest",
            )
            .fix(TextEdit::single(Indel::delete(lt.toks[last].range)));
            last -= 1;
        }
    },
};
