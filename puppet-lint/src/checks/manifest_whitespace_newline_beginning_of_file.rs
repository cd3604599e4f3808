use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_newline_beginning_of_file`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_newline_beginning_of_file",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Empty lines at the start of a manifest",
    why: "A manifest starts with its first line of code or comment. Each line break before \
          anything else is a problem (a blank on the first line ends the run, as in \
          puppet-lint); the fix removes them.",
    fires: "\nclass foo {\n}\n",
    passes: "class foo {\n}\n",
    fixed: Some("class foo {\n}\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        for i in 0..lt.len() {
            if lt.kind(i) != Lk::Newline {
                break;
            }
            report_at(
                report,
                &lt,
                i,
                "there should not be a newline at the beginning of a manifest",
            )
            .fix(TextEdit::single(Indel::delete(lt.toks[i].range)));
        }
    },
};
