use puppet_syntax::model::NodeKind;
use puppet_syntax::{TextRange, TextSize};

use crate::check::{Check, FixKind, Level, Origin};

/// `code_after_fail`.
pub static CHECK: Check = Check {
    name: "code_after_fail",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Native,
    fix: FixKind::None,
    summary: "A statement after an unconditional `fail()` in the same block",
    why: "`fail()` ends the compilation: what follows it in the same block is never evaluated, \
          which is usually a mistake (a `fail` meant to be inside an `if`, or left over). \
          Reported at the first statement after the call. puppet-lint has no such check: it \
          does not see statements. On by default: it finds nothing on the 1,920 manifests of \
          the Debian corpus.",
    fires: "class mymod {\n  fail('not supported')\n  notice('never')\n}\n",
    passes: "class mymod {\n  if $facts['os']['family'] != 'Debian' {\n    fail('not supported')\n  }\n  notice('supported')\n}\n",
    fixed: None,
    run: |cx, report| {
        let Some(model) = cx.model else { return };
        for id in model.walk() {
            let NodeKind::BlockExpression { statements } = model.kind(id) else {
                continue;
            };
            let statements = model.nodes(*statements);
            for pair in statements.windows(2) {
                let NodeKind::CallNamedFunctionExpression { functor_expr, .. } = model.kind(pair[0])
                else {
                    continue;
                };
                let NodeKind::QualifiedName { value } = model.kind(*functor_expr) else {
                    continue;
                };
                if model.str(*value) != "fail" {
                    continue;
                }
                let next = model.node(pair[1]);
                let range = TextRange::at(TextSize::from(next.offset), TextSize::from(next.length));
                report.at(range, "statement after fail() is never evaluated");
                break;
            }
        }
    },
};
