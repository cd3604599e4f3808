use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::TextRange;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_two_empty_lines`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_two_empty_lines",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Two or more empty lines in a row",
    why: "One empty line separates blocks; more only spread the code out. Each line break that \
          ends a second (third, …) empty line in a row is a problem, and the fix removes that \
          empty line (blanks on it included). Lines inside a heredoc's text are the text's own.",
    fires: "$a = 1\n\n\n$b = 2\n",
    passes: "$a = 1\n\n$b = 2\n",
    fixed: Some("$a = 1\n\n$b = 2\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        // The last two line breaks before this one, and the last token that is not whitespace.
        let mut newlines: [Option<usize>; 2] = [None, None];
        let mut last_code: Option<usize> = None;
        for i in 0..lt.len() {
            if !lt.toks[i].is_space() {
                last_code = Some(i);
                continue;
            }
            if lt.kind(i) != Lk::Newline {
                continue;
            }
            if let [Some(before_last), Some(last)] = newlines {
                if last_code.is_none_or(|c| c < before_last) {
                    let range = TextRange::new(lt.toks[last].end(), lt.toks[i].end());
                    report_at(
                        report,
                        &lt,
                        i,
                        "there should be no two consecutive empty lines",
                    )
                    .fix(TextEdit::single(Indel::delete(range)));
                }
            }
            newlines = [newlines[1], Some(i)];
        }
    },
};
