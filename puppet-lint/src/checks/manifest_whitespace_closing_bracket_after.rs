use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{closing_after, Lk};

/// `manifest_whitespace_closing_bracket_after`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_closing_bracket_after",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Blanks before punctuation after `]`, or nothing between `]` and a word",
    why: "After `]` comes a closing bracket, punctuation or a line break right away (`],`, \
          `])`), or one blank and anything else (`] {`, `] ->`). puppet-lint cannot fix `]{` \
          (it raises NoFix); the fix here puts a blank between them. Blanks before a `[` are \
          kept: there they make a new list of what would be an access. Brackets after a \
          variable are checked too (`{ 'a' => $x[1]}`): puppet-lint's lexer reads `$x[1]` as \
          one variable token and does not see them.",
    fires: "$a = [[1, 2] , 3]\n",
    passes: "$a = [[1, 2], 3]\n",
    fixed: Some("$a = [[1, 2], 3]\n"),
    run: |cx, report| {
        closing_after(
            cx,
            report,
            Lk::RBrack,
            "there should be either a bracket, punctuation mark, closing quote or a newline after a closing bracket, or whitespace and none of the aforementioned",
        );
    },
};
