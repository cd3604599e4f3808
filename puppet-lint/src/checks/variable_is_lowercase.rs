use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::variables;

/// `variable_is_lowercase`.
pub static CHECK: Check = Check {
    name: "variable_is_lowercase",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A variable name with an uppercase letter",
    why: "The style guide asks for lowercase variable names. The name is the one Puppet \
          reads: in `$foo-Bar` puppet-lint takes `Bar` for part of the name, Puppet reads \
          `$foo` minus `Bar`.",
    fires: "$myVar = 1\n",
    passes: "$my_var = 1\n",
    fixed: None,
    run: |cx, report| {
        for var in variables(cx).iter() {
            if var.name.bytes().any(|b| b.is_ascii_uppercase()) {
                report.at_position(
                    var.range,
                    var.line,
                    var.column,
                    "variable contains an uppercase letter",
                );
            }
        }
    },
};
