use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::TextSize;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_missing_newline_end_of_file`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_missing_newline_end_of_file",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "No line break at the end of a manifest",
    why: "A text file ends with a line break: tools that read lines (`cat`, `diff`, `wc -l`) \
          mishandle the last line otherwise. The problem is at the last token; the fix adds \
          the line break.",
    fires: "class foo {\n}",
    passes: "class foo {\n}\n",
    fixed: Some("class foo {\n}\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        let Some(last) = lt.len().checked_sub(1) else {
            return;
        };
        if lt.kind(last) == Lk::Newline {
            return;
        }
        let end = TextSize::of(cx.text);
        report_at(
            report,
            &lt,
            last,
            "there should be a single newline at the end of a manifest",
        )
        .fix(TextEdit::single(Indel::insert(end, "\n".to_string())));
    },
};
