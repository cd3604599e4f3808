use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_arrows_single_space_after`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_arrows_single_space_after",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Not exactly one space after `=>`",
    why: "One blank after every arrow keeps attribute lists and hashes easy to scan. A line \
          break right after `=>` counts as a problem too (the value belongs on the arrow's \
          line); the fix joins the value to the arrow's line, unless a comment comes first.",
    fires: "file { '/x':\n  ensure =>  file,\n}\n",
    passes: "file { '/x':\n  ensure => file,\n}\n",
    fixed: Some("file { '/x':\n  ensure => file,\n}\n"),
    run: |cx, report| {
        const MESSAGE: &str = "there should be a single space after an arrow";
        let lt = LintTokens::new(cx);
        for i in 0..lt.len() {
            if lt.kind(i) != Lk::FArrow {
                continue;
            }
            let n = i + 1;
            if n >= lt.len() || lt.is_single_space(n) {
                continue;
            }
            let problem = report_at(report, &lt, n, MESSAGE);
            if !lt.toks[n].is_space() {
                problem.fix(TextEdit::single(Indel::insert(
                    lt.toks[n].start(),
                    " ".to_string(),
                )));
                continue;
            }
            match lt.next_non_space(i) {
                // The value (on this line or the next ones) after one blank.
                Some(next) if !lt.toks[next].is_comment() => {
                    if let Some(edit) = lt.replace_between(i, next, " ") {
                        problem.fix(edit);
                    }
                }
                // A comment after the arrow stays where it is.
                _ if lt.kind(n) == Lk::Whitespace => {
                    problem.fix(TextEdit::single(Indel::replace(
                        lt.toks[n].range,
                        " ".to_string(),
                    )));
                }
                _ => {}
            }
        }
    },
};
