use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{Pl, PlStream};

/// `selector_inside_resource`.
pub static CHECK: Check = Check {
    name: "selector_inside_resource",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A selector as the value of a resource attribute",
    why: "Keep resource declarations simple: compute the value in a variable before the \
          resource. As in puppet-lint, only a selector on a variable right after `=>` is seen.",
    fires: "file { '/x':\n  mode => $m ? { 'a' => '0644', default => '0600' },\n}\n",
    passes:
        "$mode = $m ? { 'a' => '0644', default => '0600' }\nfile { '/x':\n  mode => $mode,\n}\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        for r in s.resources() {
            for k in r.colon..=r.end {
                if !s.toks[k].is(SyntaxKind::FARROW) {
                    continue;
                }
                let Some(var) = s.next_code(k) else { continue };
                if s.kind(var) != Pl::Variable {
                    continue;
                }
                if s.is(s.next_code(var), SyntaxKind::QMARK) {
                    let (line, column) = s.toks[k].line_col(cx);
                    report.at_position(
                        s.toks[k].range(cx),
                        line,
                        column,
                        "selector inside resource block",
                    );
                }
            }
        }
    },
};
