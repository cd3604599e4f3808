use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::tokens::Ws;

/// `hard_tabs`.
pub static CHECK: Check = Check {
    name: "hard_tabs",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "A tab character in the whitespace between tokens",
    why: "Tabs show at different widths in different editors, so indentation and alignment \
          made with them fall apart; the style guide asks for spaces. Tabs inside strings, \
          heredoc texts and comments are their own and are not reported. The fix writes two \
          spaces for each tab of an indentation, as puppet-lint's does (`strict_indent` sets \
          the level); blanks with a tab between two tokens become one space and blanks with \
          a tab at the end of a line go, as the formatter writes them (puppet-lint's fix \
          writes two spaces a tab everywhere).",
    fires: "class a {\n\tfile { '/x': ensure => file }\n}\n",
    passes: "class a {\n  file { '/x': ensure => file }\n}\n",
    fixed: Some("class a {\n  file { '/x': ensure => file }\n}\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if !t.is_whitespace() || t.is_newline() {
                continue;
            }
            let text = cx.text_of(i);
            if !text.contains('\t') {
                continue;
            }
            let at_end = cx.tokens.get(i + 1).is_none_or(|n| n.is_newline());
            let indel = if at_end || t.start() == 0 {
                // Blanks that end a line or start the file: none (the formatter writes none).
                Indel::delete(t.range)
            } else if t.ws == Some(Ws::Indent) {
                // Indentation: two spaces a tab, as puppet-lint's fix.
                Indel::replace(t.range, text.replace('\t', "  "))
            } else {
                // Between two tokens: one space, the formatter's spacing.
                Indel::replace(t.range, " ")
            };
            report
                .at_token(cx, i, "tab character found")
                .fix(TextEdit::single(indel));
        }
    },
};
