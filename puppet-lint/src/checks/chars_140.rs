use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_layout::line_length;

/// `140chars`.
pub static CHECK: Check = Check {
    name: "140chars",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A line longer than 140 characters",
    why: "Long lines are hard to read and to review side by side. Like puppet-lint, lines \
          that hold a URL (`://`) or a `template(` call are not reported, and the length is \
          counted in characters (a `\\r` before the line break counts as one).",
    fires: "$a = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'\n",
    passes: "$a = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
",
    fixed: None,
    run: |cx, report| line_length(cx, report, 140),
};
