use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_layout::line_length;

/// `80chars`.
pub static CHECK: Check = Check {
    name: "80chars",
    level: Level::Warning,
    default_enabled: false,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A line longer than 80 characters",
    why: "Long lines are hard to read and to review side by side. Like puppet-lint, lines \
          that hold a URL (`://`) or a `template(` call are not reported, and the length is \
          counted in characters (a `\\r` before the line break counts as one). It is off by default:\
          the style guide's limit is 140 now.",
    fires: "$a = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'\n",
    passes: "$a = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
",
    fixed: None,
    run: |cx, report| line_length(cx, report, 80),
};
