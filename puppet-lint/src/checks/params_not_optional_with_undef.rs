use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, Pl, PlParam, PlStream};

/// `params_not_optional_with_undef`.
pub static CHECK: Check = Check {
    name: "params_not_optional_with_undef",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-params_not_optional_with_undef-check",
        version: "1.0.0",
    },
    fix: FixKind::None,
    summary: "A parameter whose type does not allow `undef` but whose default is `undef`",
    why: "`String $x = undef` fails as soon as the default is used: make the type \
          `Optional[String]` (or `Variant[…, Undef]`). As in the plugin, only the built-in \
          type words are judged (`Stdlib::Foo` is not), and defaults with a call are skipped.",
    fires: "class foo(String $x = undef) { }\n",
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
                if ty.kind != Pl::Type || ty.value(cx) == "Optional" {
                    continue;
                }
                if variant_with_undef(cx, &s, &p) || p.default_calls(&s) {
                    continue;
                }
                if default.is(SyntaxKind::UNDEF) {
                    let (line, column) = p.line_col(cx, &s);
                    report.at_position(
                        s.toks[p.variable].range(cx),
                        line,
                        column,
                        "Not optional parameter defaults to undef",
                    );
                }
            }
        }
    },
};

/// `Variant[…, Undef, …]`: `Undef` directly inside the `Variant`'s brackets.
fn variant_with_undef(cx: &crate::Context, s: &PlStream, p: &PlParam) -> bool {
    let Some((first, last)) = p.type_tokens else {
        return false;
    };
    if !p.type_is(cx, s, "Variant") {
        return false;
    }
    let mut depth = 0i32;
    for t in &s.toks[first..=last] {
        if t.is(SyntaxKind::LBRACK) {
            depth += 1;
        } else if t.is(SyntaxKind::RBRACK) {
            depth -= 1;
        } else if t.kind == Pl::Type && depth == 1 && t.value(cx) == "Undef" {
            return true;
        }
    }
    false
}
