use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};

/// `quoted_booleans`.
pub static CHECK: Check = Check {
    name: "quoted_booleans",
    level: Level::Warning,
    default_enabled: false,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A quoted `'true'` or `'false'`",
    why: "`'false'` is a non-empty string, and a non-empty string is true: a quoted boolean \
          is usually a mistake. The fix unquotes it, which makes it a Boolean; it is not \
          offered for a resource title or an access key, where a Boolean is not a name.",
    fires: "$a = 'true'\n",
    passes: "$a = true\n",
    fixed: Some("$a = true\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.kind != SyntaxKind::STRING {
                continue;
            }
            let text = cx.text_of(i);
            let inner = &text[1..text.len().saturating_sub(1).max(1)];
            if inner != "true" && inner != "false" {
                continue;
            }
            let literal = cx.node_of(i);
            let is_name = literal.parent().is_some_and(|p| match p.kind() {
                SyntaxKind::RESOURCE_BODY => true,
                SyntaxKind::ACCESS_EXPR => p.first_child().as_ref() != Some(literal),
                _ => false,
            });
            let p = report.at_token(cx, i, "quoted boolean value found");
            if !is_name {
                p.fix(TextEdit::single(Indel::replace(t.range, inner)));
            }
        }
    },
};
