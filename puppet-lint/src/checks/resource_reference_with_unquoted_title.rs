use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{reference_titles, Pl, PlStream};

/// `resource_reference_with_unquoted_title`.
pub static CHECK: Check = Check {
    name: "resource_reference_with_unquoted_title",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-resource_reference_syntax",
        version: "2.0.0",
    },
    fix: FixKind::Meaning,
    summary: "A resource reference whose title is a bare word (`Package[foo]`)",
    why: "Quote the titles of references as the titles of resources are quoted. As in the plugin, \
          only references in `require`, `subscribe`, `notify`, `before`, `consume` and `export` \
          are seen, and only a word right after the `[`. The fix quotes it. A comment after the \
          `=>` does not end the look here; in puppet-lint it does when `arrow_alignment` or \
          `space_before_arrow` runs (they delete the comments from the shared resource token \
          list).",
    fires: "file { '/x':\n  require => Package[foo],\n}\n",
    passes: "file { '/x':\n  require => Package['foo'],\n}\n",
    fixed: Some("file { '/x':\n  require => Package['foo'],\n}\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        let mut seen = std::collections::HashSet::new();
        for k in reference_titles(cx, &s) {
            let t = &s.toks[k];
            if t.kind != Pl::Name || !seen.insert(k) {
                continue;
            }
            let (line, column) = t.line_col(cx);
            report
                .at_position(
                    t.range(cx),
                    line,
                    column,
                    "unquoted title in resource reference",
                )
                .fix(TextEdit::single(Indel::replace(
                    t.range(cx),
                    format!("'{}'", t.text(cx)),
                )));
        }
    },
};
