use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{strip_leading_colons, Pl, PlStream};

/// `relative_classname_reference`.
pub static CHECK: Check = Check {
    name: "relative_classname_reference",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-absolute_classname-check",
        version: "5.0.0",
    },
    fix: FixKind::Meaning,
    summary: "A class reference by `::name` (`Class['::foo']`)",
    why: "Since Puppet 4 class names are always absolute: `Class['::foo']` is `Class['foo']` \
          with noise. The fix drops the `::`.",
    fires: "Class['::foo'] -> Class['bar']\n",
    passes: "Class['foo'] -> Class['bar']\n",
    fixed: Some("Class['foo'] -> Class['bar']\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        // `Class[Class['::x']]`: both walks see `'::x'`; once is enough.
        let mut seen = std::collections::HashSet::new();
        for (k, t) in s.toks.iter().enumerate() {
            if t.kind != Pl::Type || t.text(cx) != "Class" {
                continue;
            }
            let Some(mut at) = s.next_code(k).filter(|&n| s.toks[n].is(SyntaxKind::LBRACK)) else {
                continue;
            };
            while at < s.toks.len() && !s.toks[at].is(SyntaxKind::RBRACK) {
                let w = &s.toks[at];
                if matches!(w.kind, Pl::Name | Pl::SString)
                    && w.value(cx).starts_with("::")
                    && seen.insert(at)
                {
                    let (line, column) = w.line_col(cx);
                    let problem = report.at_position(
                        w.range(cx),
                        line,
                        column,
                        "absolute class name reference",
                    );
                    if let Some(edit) = strip_leading_colons(cx, w) {
                        problem.fix(edit);
                    }
                }
                at += 1;
            }
        }
    },
};
