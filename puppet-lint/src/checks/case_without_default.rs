use puppet_syntax::syntax::ast::CaseExpr;
use puppet_syntax::SyntaxKind;
use rowan::ast::AstNode;

use crate::check::{Check, FixKind, Level, Origin};

/// `case_without_default`.
pub static CHECK: Check = Check {
    name: "case_without_default",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A case statement without a `default` option",
    why: "A `case` that matches nothing does nothing, silently; a `default` option says what \
          happens then (even if it is `fail()`).",
    fires: "case $x {\n  'a': { }\n}\n",
    passes: "case $x {\n  'a': { }\n  default: { }\n}\n",
    fixed: None,
    run: |cx, report| {
        for node in cx.nodes_of(SyntaxKind::CASE_EXPR) {
            let Some(case) = CaseExpr::cast(node.clone()) else {
                continue;
            };
            let has_default = case.options().any(|o| {
                o.values().any(|v| {
                    v.kind() == SyntaxKind::LITERAL
                        && v.first_token()
                            .is_some_and(|t| t.kind() == SyntaxKind::DEFAULT)
                })
            });
            if has_default {
                continue;
            }
            if let Some(first) = node.first_token() {
                let i = cx.index_of(&first);
                report.at_token(cx, i, "case statement without a default case");
            }
        }
    },
};
