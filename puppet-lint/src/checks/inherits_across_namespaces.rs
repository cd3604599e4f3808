use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, DefKind};

/// `inherits_across_namespaces`.
pub static CHECK: Check = Check {
    name: "inherits_across_namespaces",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A class inheriting from a class of another module",
    why: "Inheritance is for a module's own classes (`foo::service` from `foo::params`); \
          inheriting across modules ties one module to another's internals.",
    fires: "class foo inherits bar { }\n",
    passes: "class foo::baz inherits foo { }\n",
    fixed: None,
    run: |cx, report| {
        let module = |name: &str| name.split("::").find(|p| !p.is_empty()).map(str::to_string);
        // A class holding a class that inherits sees that `inherits` as its own (puppet-lint
        // reports it for both): once is enough.
        let mut seen = std::collections::HashSet::new();
        for def in definitions(cx).iter().filter(|d| d.kind == DefKind::Class) {
            let Some(parent) = def.inherited(cx) else {
                continue;
            };
            if module(&def.name_text) != module(cx.text_of(parent)) && seen.insert(parent) {
                report.at_token(cx, parent, "class inherits across module namespaces");
            }
        }
    },
};
