use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::PlStream;

/// `anchor_resource`.
pub static CHECK: Check = Check {
    name: "anchor_resource",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-anchor-check",
        version: "2.0.0",
    },
    fix: FixKind::None,
    summary: "An `anchor` resource",
    why: "The anchor pattern (stdlib's `anchor`) was the way to contain classes before \
          `contain`; use `contain` instead. A resource with several titled bodies is reported \
          once (the plugin reports it once per body, at the same place).",
    fires: "anchor { 'foo::begin': }\n",
    passes: "contain foo::install\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        let mut seen = std::collections::HashSet::new();
        for r in s.resources() {
            let Some(k) = r.type_token else { continue };
            if s.toks[k].value(cx) != "anchor" || !seen.insert(k) {
                continue;
            }
            let (line, column) = s.toks[k].line_col(cx);
            report.at_position(
                s.toks[k].range(cx),
                line,
                column,
                "manifest includes anchor resource",
            );
        }
    },
};
