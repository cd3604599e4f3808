use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{definition_keywords, report_at, LintTokens, Lk};

/// `manifest_whitespace_class_name_single_space_after`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_class_name_single_space_after",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Not exactly one space after a class's or defined type's name",
    why: "One blank between the name and what follows (`class foo (`, `class foo {`, \
          `class foo inherits`) is the layout the style guide shows. The fix makes the \
          whitespace one blank; it does not pull a comment on a later line up to the name.",
    fires: "class foo(\n  $x = 1,\n) {\n}\n",
    passes: "class foo (\n  $x = 1,\n) {\n}\n",
    fixed: Some("class foo (\n  $x = 1,\n) {\n}\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        for k in definition_keywords(cx, &lt) {
            let Some(name) =
                (k + 1..lt.len()).find(|&j| matches!(lt.kind(j), Lk::Name | Lk::FunctionName))
            else {
                continue;
            };
            let Some(next) = lt.next_non_space(name) else {
                continue;
            };
            if next == name + 2 && lt.is_single_space(name + 1) {
                continue;
            }
            let problem = report_at(
                report,
                &lt,
                name,
                "there should be a single space between the class or resource name and the next item",
            );
            if next == name + 1 {
                problem.fix(TextEdit::single(Indel::insert(
                    lt.toks[next].start(),
                    " ".to_string(),
                )));
            } else if !(lt.toks[next].is_comment() && lt.newline_between(name, next)) {
                if let Some(edit) = lt.replace_between(name, next, " ") {
                    problem.fix(edit);
                }
            }
        }
    },
};
