use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::definitions;

/// `names_containing_dash`.
pub static CHECK: Check = Check {
    name: "names_containing_dash",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A class or defined type whose name contains a dash",
    why: "Dashes are not allowed in class and defined type names since Puppet 2.7.",
    fires: "class foo-bar { }\n",
    passes: "class foo_bar { }\n",
    fixed: None,
    run: |cx, report| {
        for def in definitions(cx).iter() {
            let Some(name) = def.name else { continue };
            if def.name_text.contains('-') {
                report.at_token(
                    cx,
                    name,
                    format!("{} name containing a dash", def.kind.word()),
                );
            }
        }
    },
};
