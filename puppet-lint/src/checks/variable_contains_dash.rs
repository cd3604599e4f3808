use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::{variables, without_brackets};

/// `variable_contains_dash`.
pub static CHECK: Check = Check {
    name: "variable_contains_dash",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A variable name followed by a dash (`$foo-bar`)",
    why: "Variable names cannot contain a dash since Puppet 4: `$foo-bar` is `$foo` minus \
          `bar`, and `\"$foo-bar\"` is `$foo` followed by the text `-bar`, which is rarely what \
          was meant. As puppet-lint, the check reads the name with its dashes to find these.",
    fires: "$b = \"x$foo-bar\"\n",
    passes: "$b = \"x${foo}-bar\"\n",
    fixed: None,
    run: |cx, report| {
        for var in variables(cx).iter() {
            if without_brackets(&var.value).contains('-') {
                report.at_position(var.range, var.line, var.column, "variable contains a dash");
            }
        }
    },
};
