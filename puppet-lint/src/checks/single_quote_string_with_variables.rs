use puppet_syntax::syntax::ast::CallExpr;
use puppet_syntax::SyntaxKind;
use rowan::ast::AstNode;

use crate::check::{Check, FixKind, Level, Origin};

/// `single_quote_string_with_variables`.
pub static CHECK: Check = Check {
    name: "single_quote_string_with_variables",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A single-quoted string with `${…}` in it",
    why: "Single quotes do not interpolate, so `'${x}'` is the text `${x}`, usually by \
          mistake. The templates of `inline_epp` and `inline_template` are exempt; puppet-lint \
          exempts them only when the string follows the `(` at once, we exempt every direct \
          argument of those calls.",
    fires: "$a = 'x${b}'\n",
    passes: "$a = \"x${b}\"\n$c = inline_epp('<%= $d %>${e}')\n",
    fixed: None,
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.kind != SyntaxKind::STRING {
                continue;
            }
            let text = cx.text_of(i);
            if !text.starts_with('\'') || !text.contains("${") {
                continue;
            }
            let template = cx
                .node_of(i)
                .parent()
                .filter(|p| p.kind() == SyntaxKind::ARG_LIST)
                .and_then(|p| p.parent())
                .and_then(CallExpr::cast)
                .and_then(|c| c.callee())
                .is_some_and(|c| {
                    let name = c.text().to_string();
                    name.contains("inline_epp") || name.contains("inline_template")
                });
            if !template {
                report.at_token(cx, i, "single quoted string containing a variable found");
            }
        }
    },
};
