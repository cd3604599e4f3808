use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};

/// `lookup_in_parameter`.
pub static CHECK: Check = Check {
    name: "lookup_in_parameter",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-lookup_in_parameter-check",
        version: "3.0.0",
    },
    fix: FixKind::None,
    summary: "A parameter whose default calls `lookup()`",
    why: "Class parameters are looked up in Hiera already (automatic parameter lookup); a \
          `lookup()` default hides where the value comes from. Every call of `lookup` in a \
          class's or defined type's parameter list is reported. The plugin sees only \
          `lookup(` with no blank before the `(`, and nothing at all when the name is written \
          `class foo(` (puppet-lint's lexer takes `foo(` for a function call, so the list is \
          not seen as parameters).",
    fires: "class foo($x = lookup('foo::x')) { }\n",
    passes: "class foo(String $x) { }\n",
    fixed: None,
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if t.kind != SyntaxKind::NAME || cx.text_of(i) != "lookup" {
                continue;
            }
            let node = cx.node_of(i);
            let call = match node.kind() {
                SyntaxKind::METHOD_CALL_EXPR => Some(node.clone()),
                SyntaxKind::LITERAL => node.parent().filter(|p| {
                    p.kind() == SyntaxKind::CALL_EXPR && p.first_child().as_ref() == Some(node)
                }),
                _ => None,
            };
            let Some(call) = call else { continue };
            let in_params = call.ancestors().any(|a| {
                a.kind() == SyntaxKind::PARAM_LIST
                    && a.parent().is_some_and(|d| {
                        matches!(d.kind(), SyntaxKind::CLASS_DEF | SyntaxKind::DEFINE_DEF)
                    })
            });
            if in_params {
                report.at_token(cx, i, "lookup used to set the default value of a parameter");
            }
        }
    },
};
