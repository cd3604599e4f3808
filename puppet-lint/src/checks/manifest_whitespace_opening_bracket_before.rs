use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{ends_operand, report_at, LintTokens, Lk};

/// `manifest_whitespace_opening_bracket_before`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_opening_bracket_before",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Not exactly one space before a `[` that starts a list",
    why: "A list goes after one blank (`=> [`, `= [`), or right after `(` or `[`, or at the \
          start of a line. The fix does not touch the blanks after a value, a name or a \
          closing bracket (`$x [1]` is a value and a new list, `$x[1]` an access: the blank \
          is the program's), nor after `{`, where the formatter keeps one.",
    fires: "$a = {\n  'b' =>[1, 2],\n}\n",
    passes: "$a = {\n  'b' => [1, 2],\n}\n",
    fixed: Some("$a = {\n  'b' => [1, 2],\n}\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        for i in 1..lt.len() {
            if lt.kind(i) != Lk::LBrack {
                continue;
            }
            let p = i - 1;
            let pk = lt.kind(p);
            if matches!(pk, Lk::ClassRef | Lk::Variable | Lk::Name) {
                continue;
            }
            let Some(pc) = lt.prev_non_space(i) else {
                continue;
            };
            let pck = lt.kind(pc);
            let line_start = lt.toks[p].is_line_break();
            if matches!(pck, Lk::Semic | Lk::Comma | Lk::Colon) && line_start {
                continue;
            }
            if pck == Lk::Comment {
                continue;
            }
            if line_start && matches!(pck, Lk::Name | Lk::RBrack | Lk::RBrace) {
                continue;
            }
            let single = pc + 2 == i && lt.is_single_space(p);
            match pck {
                Lk::RBrack
                | Lk::RBrace
                | Lk::RParen
                | Lk::LParen
                | Lk::LBrack
                | Lk::LBrace
                | Lk::Type
                    if pc == p || line_start =>
                {
                    continue;
                }
                Lk::RBrack
                | Lk::RBrace
                | Lk::RParen
                | Lk::LParen
                | Lk::LBrack
                | Lk::LBrace
                | Lk::Type
                | Lk::ClassRef
                | Lk::Variable => {}
                _ if single => continue,
                _ => {}
            }
            if pck == Lk::LBrace {
                let Some(ppc) = lt.prev_non_space(pc) else {
                    continue;
                };
                if matches!(lt.kind(ppc), Lk::Name | Lk::Pipe) && (line_start || single) {
                    continue;
                }
            }
            let problem = report_at(
                report,
                &lt,
                i,
                "there should be a single space before an opening bracket",
            );
            let pcs = lt.toks[pc].syntax;
            if ends_operand(pcs) || lt.toks[pc].is_comment() {
                // After a value the blank decides list or access: it is the program's.
                continue;
            }
            let with = if matches!(pck, Lk::LParen | Lk::LBrack) {
                ""
            } else {
                " "
            };
            if !(with == " " && single) {
                if let Some(edit) = lt.replace_between(pc, i, with) {
                    problem.fix(edit);
                }
            }
        }
    },
};
