use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{Pl, PlStream};

/// `file_mode`.
pub static CHECK: Check = Check {
    name: "file_mode",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A file mode that is not four octal digits or a symbolic mode",
    why: "Write modes as four octal digits (`'0644'`) or symbolically (`'u=rw,go=r'`): three \
          digits hide the special bits and read as decimal. The fix (for three octal digits \
          only) prefixes `0` and quotes the mode.",
    fires: "file { '/x':\n  mode => '644',\n}\n",
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
                if matches!(v.kind, Pl::Variable | Pl::FunctionName)
                    || v.is(SyntaxKind::UNDEF)
                    || is_mode(v.value(cx))
                {
                    break;
                }
                let (line, column) = v.line_col(cx);
                let problem = report.at_position(
                    v.range(cx),
                    line,
                    column,
                    "mode should be represented as a 4 digit octal value or symbolic mode",
                );
                let digits = v.value(cx);
                let literal = matches!(v.kind, Pl::SString | Pl::DqString)
                    || v.is(SyntaxKind::NUMBER)
                    || v.kind == Pl::Name;
                if literal
                    && digits.len() == 3
                    && digits.bytes().all(|b| (b'0'..=b'7').contains(&b))
                {
                    problem.fix(TextEdit::single(Indel::replace(
                        v.range(cx),
                        format!("'0{digits}'"),
                    )));
                }
            }
        }
    },
};

/// puppet-lint's `MODE_RE`: four octal digits, or symbolic modes separated by commas.
fn is_mode(value: &str) -> bool {
    let value = value.strip_suffix('\n').unwrap_or(value);
    if value.len() == 4 && value.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return true;
    }
    value.split(',').all(|piece| {
        let rest = piece.trim_start_matches(['u', 'g', 'o', 'a']);
        let mut chars = rest.chars();
        matches!(chars.next(), Some('-' | '=' | '+')) && chars.all(|c| "-=+rstwxXugo".contains(c))
    })
}
