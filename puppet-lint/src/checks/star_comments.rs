use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::comment_lines;

/// `star_comments`.
pub static CHECK: Check = Check {
    name: "star_comments",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "A `/* */` comment",
    why: "The style guide asks for `#` comments. The fix writes the `#` lines the formatter \
          writes (each line without its leading blanks and `*`, indented like the comment's \
          first line), so `lint --fix` and `fmt` agree; unlike puppet-lint's fix it leaves a \
          comment alone when code follows it on its last line, since a `#` would comment that \
          code out.",
    fires: "class foo {\n  /* a\n   * comment\n   */\n}\n",
    passes: "class foo {\n  # a\n  # comment\n}\n",
    fixed: Some("class foo {\n  # a\n  # comment\n}\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.kind != SyntaxKind::ML_COMMENT {
                continue;
            }
            let p = report.at_token(cx, i, "/* */ comment found");
            // Nothing but blanks may follow it on its last line.
            let rest_blank = match cx.tokens.get(i + 1) {
                None => true,
                Some(n) if n.is_newline() => true,
                Some(n) if n.is_whitespace() => cx.tokens.get(i + 2).is_none_or(|m| m.is_newline()),
                _ => false,
            };
            if !rest_blank {
                continue;
            }
            let text = cx.text_of(i);
            let line = cx.line_text(t.line);
            let indent: String = line
                .chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect();
            let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
            let new = comment_lines(text).join(&format!("{eol}{indent}"));
            p.fix(TextEdit::single(Indel::replace(t.range, new)));
        }
    },
};
