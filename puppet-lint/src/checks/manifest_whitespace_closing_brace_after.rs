use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{closing_after, Lk};

/// `manifest_whitespace_closing_brace_after`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_closing_brace_after",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Blanks before punctuation after `}`, or nothing between `}` and a word",
    why: "After `}` comes a closing bracket, punctuation or a line break right away \
          (`}, `, `})`, `}.each`), or one blank and anything else (`} else {`, `} ->`). \
          puppet-lint cannot fix `}}` or `}->` (it raises NoFix); the fix here puts a blank \
          between them. Blanks before a `[` are kept: there they make a new list of what \
          would be an access.",
    fires: "if $x {\n  $y = 1\n}else {\n  $y = 2\n}\n",
    passes: "if $x {\n  $y = 1\n} else {\n  $y = 2\n}\n",
    fixed: Some("if $x {\n  $y = 1\n} else {\n  $y = 2\n}\n"),
    run: |cx, report| {
        closing_after(
            cx,
            report,
            Lk::RBrace,
            "there should be either a bracket, punctuation mark, closing quote or a newline after a closing brace, or whitespace and none of the aforementioned",
        );
    },
};
