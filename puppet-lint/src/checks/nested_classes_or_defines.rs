use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, DefKind};

/// `nested_classes_or_defines`.
pub static CHECK: Check = Check {
    name: "nested_classes_or_defines",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A class or defined type defined inside a class",
    why: "A class or defined type defined inside a class is still global, but it is found only \
          once the outer class has been evaluated; put each in its own file. Each one is \
          reported once (puppet-lint reports one nested twice as often as it is deep).",
    fires: "class foo {\n  class bar { }\n}\n",
    passes: "class foo {\n  class { 'bar': }\n}\n",
    fixed: None,
    run: |cx, report| {
        let mut seen = std::collections::HashSet::new();
        for def in definitions(cx).iter().filter(|d| d.kind == DefKind::Class) {
            let end = cx.token_at(def.node.text_range().end());
            for i in def.keyword + 1..end {
                let word = match cx.tokens[i].kind {
                    SyntaxKind::CLASS => "class",
                    SyntaxKind::DEFINE => "defined type",
                    _ => continue,
                };
                let brace = cx
                    .next_code(i)
                    .is_some_and(|n| cx.tokens[n].kind == SyntaxKind::LBRACE);
                if brace || !seen.insert(i) {
                    continue;
                }
                report.at_token(cx, i, format!("{word} defined inside a class"));
            }
        }
    },
};
