use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{reference_titles, Pl, PlStream};

/// `resource_reference_without_title_capital`.
pub static CHECK: Check = Check {
    name: "resource_reference_without_title_capital",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-resource_reference_syntax",
        version: "2.0.0",
    },
    fix: FixKind::None,
    summary: "A resource reference whose title is a capitalised word (`Package[Foo]`)",
    why: "`Package[Foo]` takes `Foo` for a type, not a title: quote the title. As in the plugin, \
          only references in `require`, `subscribe`, `notify`, `before`, `consume` and `export` \
          are seen. A comment after the `=>` does not end the look here; in puppet-lint it does \
          when `arrow_alignment` or `space_before_arrow` runs (they delete the comments from the \
          shared resource token list).",
    fires: "file { '/x':\n  require => Package[Foo],\n}\n",
    passes: "file { '/x':\n  require => Package['foo'],\n}\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        let mut seen = std::collections::HashSet::new();
        for k in reference_titles(cx, &s) {
            let t = &s.toks[k];
            if t.kind != Pl::ClassRef || !seen.insert(k) {
                continue;
            }
            let (line, column) = t.line_col(cx);
            report.at_position(
                t.range(cx),
                line,
                column,
                "resource reference with title with capital letter",
            );
        }
    },
};
