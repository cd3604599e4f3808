use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_closing_bracket_before`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_closing_bracket_before",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Blanks or blank lines before `]`",
    why: "A `]` follows the last element right away (`[1, 2]`), or starts the line after it. \
          The fix removes the blanks and the blank lines before `]` in one pass (puppet-lint's \
          removes trailing blanks and blank lines in separate runs). Brackets after a \
          variable (`$x[ 'a' ]`) are checked too: puppet-lint's lexer reads `$x[ 'a' ]` as \
          one variable token and does not see them.",
    fires: "$a = [1, 2 ]\n",
    passes: "$a = [1, 2]\n",
    fixed: Some("$a = [1, 2]\n"),
    run: |cx, report| {
        const MESSAGE: &str =
            "there should be no whitespace or a single newline before a closing bracket";
        let lt = LintTokens::new(cx);
        for i in 1..lt.len() {
            if lt.kind(i) != Lk::RBrack {
                continue;
            }
            let p = i - 1;
            let Some(pc) = lt.prev_non_space(i) else {
                continue;
            };
            if !lt.toks[p].is_space() {
                continue;
            }
            if lt.kind(p) == Lk::Indent && pc + 3 == i {
                continue;
            }
            if lt.kind(p) == Lk::Newline && pc + 2 == i {
                continue;
            }
            let with = lt.last_line_break(pc, i).unwrap_or_default();
            let problem = report_at(report, &lt, pc + 1, MESSAGE);
            if let Some(edit) = lt.replace_between(pc, i, &with) {
                problem.fix(edit);
            }
        }
    },
};
