use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, param_variable};

/// `parameter_order`.
pub static CHECK: Check = Check {
    name: "parameter_order",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A required parameter after a parameter with a default",
    why: "Parameters without a default come first, so that the required ones are seen \
          together at the top of the list.",
    fires: "class foo($a = 1, $b) { }\n",
    passes: "class foo($b, $a = 1) { }\n",
    fixed: None,
    run: |cx, report| {
        for def in definitions(cx).iter() {
            let mut seen_default = false;
            for param in &def.params {
                if param.default_value().is_some() {
                    seen_default = true;
                    continue;
                }
                if param.captures_rest() || !seen_default {
                    continue;
                }
                if let Some(var) = param_variable(cx, param) {
                    report.at_token(
                        cx,
                        var,
                        "optional parameter listed before required parameter",
                    );
                }
            }
        }
    },
};
