use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::single_quotes_keep_value;

/// Whether puppet-lint's `ESCAPE_CHAR_RE` finds something in a string's text: an escape, a
/// quote, a tab or a line break.
fn has_escape_or_break(inner: &str) -> bool {
    inner.contains(['\'', '\r', '\t', '\n'])
        || ["\\$", "\\\"", "\\'", "\\t", "\\s", "\\n", "\\\\"]
            .iter()
            .any(|e| inner.contains(e))
}

/// `double_quoted_strings`.
pub static CHECK: Check = Check {
    name: "double_quoted_strings",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "A double-quoted string with nothing that needs double quotes",
    why: "Single quotes say that nothing in the string is interpolated or escaped. A string \
          whose value single quotes would change is not reported (puppet-lint reports \
          `\"caf\\u00e9\"` and `\"a\\r\"`, and its fix breaks them), nor spared for holding as \
          many spaces in a row as its column number (puppet-lint's `gsub(' ' * column, ...)`); a \
          key in `$h[\"k\"]`, which puppet-lint's lexer reads as part of the variable, is \
          reported. The fix swaps the quotes and keeps the text, as the formatter does with the \
          strings it requotes, so `lint --fix` and `fmt` never undo each other.",
    fires: "$a = \"abc\"\n",
    passes: "$a = 'abc'\n$b = \"a\\tb\"\n$c = \"caf\\u00e9\"\n",
    fixed: Some("$a = 'abc'\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.kind != SyntaxKind::STRING {
                continue;
            }
            let text = cx.text_of(i);
            let Some(inner) = text.strip_prefix('"').and_then(|s| s.strip_suffix('"')) else {
                continue;
            };
            if has_escape_or_break(inner) || !single_quotes_keep_value(inner) {
                continue;
            }
            report
                .at_token(cx, i, "double quoted string containing no variables")
                .fix(TextEdit::single(Indel::replace(
                    t.range,
                    format!("'{inner}'"),
                )));
        }
    },
};
