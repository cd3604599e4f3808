use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, DefKind};

/// `class_inherits_from_params_class`.
pub static CHECK: Check = Check {
    name: "class_inherits_from_params_class",
    level: Level::Warning,
    default_enabled: false,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A class inheriting from a `::params` class",
    why: "The params-class pattern predates module data in Hiera: `inherits foo::params` to get \
          defaults is better done with data in the module. Off by default, as in puppet-lint.",
    fires: "class foo inherits foo::params { }\n",
    passes: "class foo inherits foo::base { }\n",
    fixed: None,
    run: |cx, report| {
        // A class holding a class that inherits sees that `inherits` as its own (puppet-lint
        // reports it for both): once is enough.
        let mut seen = std::collections::HashSet::new();
        for def in definitions(cx).iter().filter(|d| d.kind == DefKind::Class) {
            let Some(parent) = def.inherited(cx) else {
                continue;
            };
            if cx.text_of(parent).ends_with("::params") && seen.insert(parent) {
                report.at_token(cx, parent, "class inheriting from params class");
            }
        }
    },
};
