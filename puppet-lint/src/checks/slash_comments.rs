use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, TextRange, TextSize};

use crate::check::{Check, FixKind, Level, Origin};

/// `slash_comments`.
pub static CHECK: Check = Check {
    name: "slash_comments",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A `//` comment",
    why: "`//` is not a comment in Puppet 4 and later: Puppet reads an empty regular \
          expression and then the words after it as code, so what looks like a comment is \
          evaluated. The fix makes it the `#` comment it was meant to be, which changes the \
          program (the words are no longer code).",
    fires: "class foo {\n  // a comment\n}\n",
    passes: "class foo {\n  # a comment\n}\n",
    fixed: Some("class foo {\n  # a comment\n}\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.kind != SyntaxKind::REGEX || cx.text_of(i) != "//" {
                continue;
            }
            let slashes = TextRange::at(t.range.start(), TextSize::from(2));
            report
                .at_token(cx, i, "// comment found")
                .fix(TextEdit::single(Indel::replace(slashes, "#")));
        }
    },
};
