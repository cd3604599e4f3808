use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::definitions;

/// `documentation`.
pub static CHECK: Check = Check {
    name: "documentation",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A class or defined type without a comment right above it",
    why: "A class or defined type should say what it is for, in a comment right above it (no \
          blank line between), which is where puppet-strings reads it.",
    fires: "class foo { }\n",
    passes: "# Does foo.\nclass foo { }\n",
    fixed: None,
    run: |cx, report| {
        for def in definitions(cx).iter() {
            if !documented(cx, def.keyword) {
                report.at_token(
                    cx,
                    def.keyword,
                    format!("{} not documented", def.kind.word()),
                );
            }
        }
    },
};

/// puppet-lint's `find_comment_token`: back over whitespace from the keyword, at most one
/// line break, to a comment.
fn documented(cx: &crate::Context, keyword: usize) -> bool {
    let mut newlines = 0;
    let mut i = keyword;
    while i > 0 {
        i -= 1;
        let t = &cx.tokens[i];
        if t.is_whitespace() {
            if t.is_newline() {
                newlines += 1;
                if newlines > 1 {
                    return false;
                }
            }
            continue;
        }
        return t.is_comment();
    }
    false
}
