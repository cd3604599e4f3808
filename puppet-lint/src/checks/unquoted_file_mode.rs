use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{Pl, PlStream};

/// `unquoted_file_mode`.
pub static CHECK: Check = Check {
    name: "unquoted_file_mode",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A file mode that is a bare number or word",
    why: "A mode is a string: the number `0644` is an octal integer that the file type turns \
          back into a string, and `644` is decimal. The fix quotes it.",
    fires: "file { '/x':\n  mode => 0644,\n}\n",
    passes: "file { '/x':\n  mode => '0644',\n}\n",
    fixed: Some("file { '/x':\n  mode => '0644',\n}\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        for r in s.resources() {
            if !matches!(r.type_value(cx, &s), "file" | "concat") {
                continue;
            }
            for mode in r.params_named(cx, &s, "mode") {
                let Some(value) = s.next_code(mode).and_then(|a| s.next_code(a)) else {
                    continue;
                };
                let v = &s.toks[value];
                if v.kind != Pl::Name && !v.is(SyntaxKind::NUMBER) {
                    continue;
                }
                let (line, column) = v.line_col(cx);
                report
                    .at_position(v.range(cx), line, column, "unquoted file mode")
                    .fix(TextEdit::single(Indel::replace(
                        v.range(cx),
                        format!("'{}'", v.text(cx)),
                    )));
            }
        }
    },
};
