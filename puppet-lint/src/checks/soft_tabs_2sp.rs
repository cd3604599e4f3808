use crate::check::{Check, FixKind, Level, Origin};
use crate::tokens::Ws;

/// `2sp_soft_tabs`.
pub static CHECK: Check = Check {
    name: "2sp_soft_tabs",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A line indented by an odd number of characters",
    why: "The style guide indents by two spaces a level, so an odd indentation is off by one \
          somewhere. Like puppet-lint, this looks only at the length of the blanks that start a \
          line (the first line of the file, heredoc texts and the lines inside multi-line \
          strings and comments are not looked at); `strict_indent` checks the level itself.",
    fires: "class a {\n   file { '/x': ensure => file }\n}\n",
    passes: "class a {\n  file { '/x': ensure => file }\n}\n",
    fixed: None,
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.ws != Some(Ws::Indent) || t.start() == 0 {
                continue;
            }
            if cx.text_of(i).chars().count() % 2 == 1 {
                report.at_token(cx, i, "two-space soft tabs not used");
            }
        }
    },
};
