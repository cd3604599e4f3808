use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_closing_brace_before`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_closing_brace_before",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Not one space or one line break before `}`",
    why: "A `}` comes after one blank (`{ a => 1 }`), at the start of a line right after the \
          last line of the block, or right after `{` (`{}`). The fix removes the blank lines \
          before `}`, makes blanks one blank, and closes an empty pair (`{ }` becomes `{}`).",
    fires: "$h = { 'a' => 1}\n",
    passes: "$h = { 'a' => 1 }\n",
    fixed: Some("$h = { 'a' => 1 }\n"),
    run: |cx, report| {
        const MESSAGE: &str = "there should be a single space or newline before a closing brace";
        let lt = LintTokens::new(cx);
        for i in 1..lt.len() {
            if lt.kind(i) != Lk::RBrace {
                continue;
            }
            let p = i - 1;
            let Some(pc) = lt.prev_non_space(i) else {
                continue;
            };
            if lt.kind(p) == Lk::LBrace {
                continue;
            }
            if lt.kind(pc) != Lk::LBrace && lt.is_single_space(p) && pc == i - 2 {
                continue;
            }
            if lt.kind(p) == Lk::Indent && pc + 3 == i {
                continue;
            }
            if lt.kind(p) == Lk::Newline && pc + 2 == i {
                continue;
            }
            let with = match lt.last_line_break(pc, i) {
                Some(line_break) => line_break,
                None if lt.kind(pc) == Lk::LBrace => String::new(),
                None => " ".to_string(),
            };
            let problem = report_at(report, &lt, pc + 1, MESSAGE);
            if let Some(edit) = lt.replace_between(pc, i, &with) {
                problem.fix(edit);
            }
        }
    },
};
