use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};

/// `leading_zero`.
pub static CHECK: Check = Check {
    name: "leading_zero",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-leading_zero-check",
        version: "3.0.0",
    },
    fix: FixKind::Meaning,
    summary: "An unquoted number with a leading zero",
    why: "A number with a leading zero is octal (`010` is 8): quote it when the digits are \
          meant (a mode, an id). The fix quotes it, which makes it a string. Numbers in an \
          index right after a variable (`$x[01]`) are reported too; the plugin does not see \
          them (puppet-lint's lexer makes `$x[01]` one variable token).",
    fires: "$mode = 0644\n",
    passes: "$mode = '0644'\n",
    fixed: Some("$mode = '0644'\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.kind != SyntaxKind::NUMBER {
                continue;
            }
            let text = cx.text_of(i);
            let b = text.as_bytes();
            if b.len() < 2 || b[0] != b'0' || !b[1].is_ascii_digit() {
                continue;
            }
            report
                .at_token(cx, i, "unquoted number with leading zero")
                .fix(TextEdit::single(Indel::replace(
                    t.range,
                    format!("'{text}'"),
                )));
        }
    },
};
