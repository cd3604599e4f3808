use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, DefKind, Pl, PlParam, PlStream};

/// `optional_default`.
pub static CHECK: Check = Check {
    name: "optional_default",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-optional_default-check",
        version: "3.0.0",
    },
    fix: FixKind::None,
    summary: "An `Optional` parameter whose default is not `undef`, or a defined type's without a default",
    why: "`Optional[T] $x = value` can never be `undef` from the default: either the type is \
          not optional or the default should be `undef`. A defined type's `Optional` \
          parameter without a default is required all the same (there is no Hiera lookup for \
          defined types). Defaults that call a function or are a variable are not judged, as \
          in the plugin.",
    fires: "class foo(Optional[String] $x = 'a') { }\n",
    passes: "class foo(Optional[String] $x = undef) { }\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        for def in definitions(cx).iter() {
            for param in &def.params {
                let Some(p) = PlParam::new(cx, &s, param) else { continue };
                if !p.type_is(cx, &s, "Optional") {
                    continue;
                }
                let (line, column) = p.line_col(cx, &s);
                let range = s.toks[p.variable].range(cx);
                let message = match p.default_first(&s) {
                    Some(first) => (!p.default_calls(&s)
                        && !first.is(SyntaxKind::UNDEF)
                        && first.kind != Pl::Variable)
                        .then_some("Optional parameter defaults to something other than undef"),
                    None => (def.kind == DefKind::Define)
                        .then_some("Optional defined type parameter doesn't have a default"),
                };
                if let Some(message) = message {
                    report.at_position(range, line, column, message);
                }
            }
        }
    },
};
