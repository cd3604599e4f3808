use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};

/// `right_to_left_relationship`.
pub static CHECK: Check = Check {
    name: "right_to_left_relationship",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A right-to-left relationship arrow (`<-`)",
    why: "Relationships read left to right (`a -> b`); `b <- a` says the same backwards. The \
          notifying form `<~` is not reported, as in puppet-lint.",
    fires: "Service['x'] <- Package['x']\n",
    passes: "Package['x'] -> Service['x']\n",
    fixed: None,
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.kind == SyntaxKind::OUT_EDGE {
                report.at_token(cx, i, "right-to-left (<-) relationship");
            }
        }
    },
};
