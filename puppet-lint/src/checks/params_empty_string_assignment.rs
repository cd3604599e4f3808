use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, Pl, PlParam, PlStream};

/// `params_empty_string_assignment`.
pub static CHECK: Check = Check {
    name: "params_empty_string_assignment",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-params_empty_string-check",
        version: "3.0.0",
    },
    fix: FixKind::None,
    summary: "A `String` (or `Variant`) parameter whose default is `''`",
    why: "An empty string standing for \"no value\" is what `Optional[String] $x = undef` \
          says plainly (or `String[1]`, which refuses the empty string). As in the plugin, the \
          message says `class` for defined types too.",
    fires: "class foo(String $x = '') { }\n",
    passes: "class foo(Optional[String] $x = undef) { }\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        for def in definitions(cx).iter() {
            for param in &def.params {
                let Some(p) = PlParam::new(cx, &s, param) else {
                    continue;
                };
                let (Some(ty), Some(default)) = (p.type_first(&s), p.default_first(&s)) else {
                    continue;
                };
                let stringy = ty.kind == Pl::Type
                    && (ty.value(cx).starts_with("String") || ty.value(cx).starts_with("Variant"));
                if stringy && default.kind == Pl::SString && default.value(cx).is_empty() {
                    let (line, column) = p.line_col(cx, &s);
                    report.at_position(
                        s.toks[p.variable].range(cx),
                        line,
                        column,
                        "class parameter with String type defaults to empty string",
                    );
                }
            }
        }
    },
};
