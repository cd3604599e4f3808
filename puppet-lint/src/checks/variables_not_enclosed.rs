use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::{enclosed, variables, Form};

/// `variables_not_enclosed`.
pub static CHECK: Check = Check {
    name: "variables_not_enclosed",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "A variable interpolated without braces (`\"$x\"`)",
    why: "`\"${x}\"` shows where the name ends. The fix adds the braces around the variable \
          only: puppet-lint's fix also pulls a following `[…]` inside them \
          (`\"$a[1]\"` becomes `\"${a[1]}\"`), which turns literal text into an access and \
          changes the string.",
    fires: "$b = \"x$a\"\n",
    passes: "$b = \"x${a}\"\n",
    fixed: Some("$b = \"x${a}\"\n"),
    run: |cx, report| {
        for var in variables(cx).iter() {
            if var.form != Form::Unenclosed {
                continue;
            }
            report
                .at_position(
                    var.range,
                    var.line,
                    var.column,
                    "variable not enclosed in {}",
                )
                .fix(TextEdit::single(Indel::replace(
                    var.range,
                    enclosed(&var.name),
                )));
        }
    },
};
