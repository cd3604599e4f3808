use std::collections::{HashMap, HashSet};

use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{Pl, PlStream};

/// `duplicate_params`.
pub static CHECK: Check = Check {
    name: "duplicate_params",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "An attribute given twice in one resource",
    why: "Puppet refuses a resource that sets an attribute twice. As in puppet-lint, a bare \
          word key given twice in a hash inside the resource is reported too.",
    fires: "file { '/x':\n  mode => '0644',\n  mode => '0600',\n}\n",
    passes: "file { '/x':\n  mode => '0644',\n}\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        for r in s.resources() {
            let mut seen: HashMap<i32, HashSet<&str>> = HashMap::new();
            let mut level = 0i32;
            for k in r.colon..=r.end {
                let t = &s.toks[k];
                if t.is(SyntaxKind::LBRACE) {
                    level += 1;
                } else if t.is(SyntaxKind::RBRACE) {
                    seen.remove(&level);
                    level -= 1;
                } else if t.is(SyntaxKind::FARROW) {
                    let Some(p) = s.prev_code(k) else { continue };
                    if s.kind(p) != Pl::Name {
                        continue;
                    }
                    let name = s.toks[p].value(cx);
                    if !seen.entry(level).or_default().insert(name) {
                        let (line, column) = s.toks[p].line_col(cx);
                        report.at_position(
                            s.toks[p].range(cx),
                            line,
                            column,
                            "duplicate parameter found in resource",
                        );
                    }
                }
            }
        }
    },
};
