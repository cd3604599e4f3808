use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::variables;

/// `variable_contains_upcase`.
pub static CHECK: Check = Check {
    name: "variable_contains_upcase",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-variable_contains_upcase",
        version: "3.0.0",
    },
    fix: FixKind::Meaning,
    summary: "A variable name with a capital letter",
    why: "The style guide asks for lowercase variable names. The fix downcases the name, \
          which renames the variable (every use is reported and fixed alike); unlike the \
          plugin's fix it leaves the keys of `$Var['Key']` alone, and the name is the one \
          Puppet reads (`$foo-Bar` is `$foo` minus `Bar`).",
    fires: "$myVar = 1\n",
    passes: "$my_var = 1\n",
    fixed: Some("$myvar = 1\n"),
    run: |cx, report| {
        for var in variables(cx).iter() {
            if !var.name.bytes().any(|b| b.is_ascii_uppercase()) {
                continue;
            }
            let text = cx.slice(var.range).to_ascii_lowercase();
            report
                .at_position(
                    var.range,
                    var.line,
                    var.column,
                    "variable contains a capital letter",
                )
                .fix(TextEdit::single(Indel::replace(var.range, text)));
        }
    },
};
