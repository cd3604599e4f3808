use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, param_variable};

/// `parameter_types`.
pub static CHECK: Check = Check {
    name: "parameter_types",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-param-types",
        version: "3.0.0",
    },
    fix: FixKind::None,
    summary: "A class or defined type parameter without a data type",
    why: "A data type on every parameter documents it and makes Puppet check the value given. \
          Each parameter is reported once (the plugin reports a defined type's up to four \
          times, one per plugin that appends the defined types to its class list).",
    fires: "class foo($x) { }\n",
    passes: "class foo(String $x) { }\n",
    fixed: None,
    run: |cx, report| {
        for def in definitions(cx).iter() {
            for param in def.params.iter().filter(|p| p.type_expr().is_none()) {
                let (Some(var), Some(name)) = (param_variable(cx, param), param.name()) else {
                    continue;
                };
                report.at_token(
                    cx,
                    var,
                    format!("missing datatype for parameter {}::{name}", def.name_text),
                );
            }
        }
    },
};
