use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_opening_brace_after`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_opening_brace_after",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Not one space or one line break after `{`",
    why: "After `{` comes one blank (`{ a => 1 }`) or a line break and the first line of the \
          block, not an empty line; `{}`, `{{` and `{[` are accepted as they are. The fix \
          makes blanks one blank (removes them before a line break), and removes the empty \
          lines after `{`.",
    fires: "$h = {'a' => 1 }\n",
    passes: "$h = { 'a' => 1 }\n",
    fixed: Some("$h = { 'a' => 1 }\n"),
    run: |cx, report| {
        const MESSAGE: &str =
            "there should be a single space or single newline after an opening brace";
        let lt = LintTokens::new(cx);
        for i in 0..lt.len() {
            if lt.kind(i) != Lk::LBrace {
                continue;
            }
            let n = i + 1;
            if n >= lt.len() || lt.is_single_space(n) {
                continue;
            }
            if matches!(lt.kind(n), Lk::RBrace | Lk::LBrack | Lk::LBrace) {
                continue;
            }
            match lt.kind(n) {
                Lk::Newline => {
                    let r = n + 1;
                    if r >= lt.len() || lt.kind(r) != Lk::Newline {
                        continue;
                    }
                    // Every empty line up to the first line of the block goes.
                    let next = lt.next_non_space(i).unwrap_or(lt.len() - 1);
                    let last_nl = (n..=next)
                        .rev()
                        .find(|&j| lt.kind(j) == Lk::Newline)
                        .unwrap_or(n);
                    let range =
                        puppet_syntax::TextRange::new(lt.toks[n].end(), lt.toks[last_nl].end());
                    report_at(report, &lt, r, MESSAGE).fix(TextEdit::single(Indel::delete(range)));
                }
                Lk::Whitespace | Lk::Indent => {
                    let problem = report_at(report, &lt, n, MESSAGE);
                    let at_eol = lt.toks.get(n + 1).is_none_or(|t| t.kind == Lk::Newline);
                    problem.fix(TextEdit::single(if at_eol {
                        Indel::delete(lt.toks[n].range)
                    } else {
                        Indel::replace(lt.toks[n].range, " ".to_string())
                    }));
                }
                _ => {
                    report_at(report, &lt, n, MESSAGE).fix(TextEdit::single(Indel::insert(
                        lt.toks[n].start(),
                        " ".to_string(),
                    )));
                }
            }
        }
    },
};
