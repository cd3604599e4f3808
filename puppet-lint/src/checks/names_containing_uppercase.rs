use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::definitions;

/// `names_containing_uppercase`.
pub static CHECK: Check = Check {
    name: "names_containing_uppercase",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A class or defined type whose name contains an uppercase letter",
    why: "Class and defined type names are lowercase: the autoloader looks for lowercase file \
          names. The fix downcases the name, which renames the class: its users must follow.",
    fires: "class fooBar { }\n",
    passes: "class foobar { }\n",
    fixed: Some("class foobar { }\n"),
    run: |cx, report| {
        for def in definitions(cx).iter() {
            let Some(name) = def.name else { continue };
            if !def.name_text.contains(|c: char| c.is_ascii_uppercase()) {
                continue;
            }
            let message = format!(
                "{} '{}' contains illegal uppercase",
                def.kind.word(),
                def.name_text
            );
            let range = cx.tokens[name].range;
            report
                .at_token(cx, name, message)
                .fix(TextEdit::single(Indel::replace(
                    range,
                    def.name_text.to_lowercase(),
                )));
        }
    },
};
