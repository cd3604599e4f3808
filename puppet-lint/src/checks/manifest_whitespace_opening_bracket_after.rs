use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::TextRange;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_opening_bracket_after`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_opening_bracket_after",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Blanks or an empty line after `[`",
    why: "The first element follows `[` right away (`[1, 2]`) or starts the next line. The \
          fix removes the blanks, or the empty lines; a blank before a comment stays (the \
          formatter moves such a comment to the next line). Brackets after a variable \
          (`$x[ 'a' ]`) are checked too: puppet-lint's lexer reads `$x[ 'a' ]` as one \
          variable token and does not see them.",
    fires: "$a = [ 1, 2]\n",
    passes: "$a = [1, 2]\n",
    fixed: Some("$a = [1, 2]\n"),
    run: |cx, report| {
        const MESSAGE: &str =
            "there should be no whitespace or a single newline after an opening bracket";
        let lt = LintTokens::new(cx);
        for i in 0..lt.len() {
            if lt.kind(i) != Lk::LBrack {
                continue;
            }
            let n = i + 1;
            if n >= lt.len() || !lt.toks[n].is_space() {
                continue;
            }
            if lt.kind(n) == Lk::Newline {
                let r = n + 1;
                if r >= lt.len() || lt.kind(r) != Lk::Newline {
                    continue;
                }
                let next = lt.next_non_space(i).unwrap_or(lt.len() - 1);
                let last_nl = (n..=next)
                    .rev()
                    .find(|&j| lt.kind(j) == Lk::Newline)
                    .unwrap_or(n);
                let range = TextRange::new(lt.toks[n].end(), lt.toks[last_nl].end());
                report_at(report, &lt, r, MESSAGE).fix(TextEdit::single(Indel::delete(range)));
                continue;
            }
            let problem = report_at(report, &lt, n, MESSAGE);
            if lt.toks.get(n + 1).is_none_or(|t| !t.is_comment()) {
                problem.fix(TextEdit::single(Indel::delete(lt.toks[n].range)));
            }
        }
    },
};
