use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};

/// `trailing_whitespace`.
pub static CHECK: Check = Check {
    name: "trailing_whitespace",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "Blanks at the end of a line",
    why: "Trailing blanks are invisible noise in diffs. Blanks inside a string or a heredoc's \
          text are the string's own and are not reported.",
    fires: "$a = 1  \n",
    passes: "$a = 1\n",
    fixed: Some("$a = 1\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if !t.is_whitespace() || t.is_newline() {
                continue;
            }
            let at_end = cx.tokens.get(i + 1).is_none_or(|n| n.is_newline());
            if at_end {
                report
                    .at_token(cx, i, "trailing whitespace found")
                    .fix(TextEdit::single(Indel::delete(t.range)));
            }
        }
    },
};
