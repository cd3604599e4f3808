use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::syntax::ast::BinaryExpr;
use puppet_syntax::SyntaxKind;
use rowan::ast::AstNode;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{Pl, PlStream};
use crate::context::Context;

/// `version_comparison`.
pub static CHECK: Check = Check {
    name: "version_comparison",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-version_comparison-check",
        version: "3.0.0",
    },
    fix: FixKind::Meaning,
    summary: "A version (a variable named `…version` or `…release`) compared as a number",
    why: "Versions do not compare as numbers (`'10.1' < '9'` as strings, `7.10 < 7.9` as \
          numbers): use `versioncmp()`. The fix writes `versioncmp($v, 'n') <op> 0`, only when \
          the variable is the whole left side and the right side is a number or a string (the \
          plugin's fix also quotes a variable's name and puts the call inside whatever \
          surrounds the variable).",
    fires: "if $facts_os_release >= 7 { }\n",
    passes: "if versioncmp($facts_os_release, '7') >= 0 { }\n",
    fixed: Some("if versioncmp($facts_os_release, '7') >= 0 { }\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        for (k, t) in s.toks.iter().enumerate() {
            if t.kind != Pl::Variable {
                continue;
            }
            let v = t.value(cx);
            if !(v.ends_with("version") || v.ends_with("release")) {
                continue;
            }
            let Some(op) = s.next_code(k) else { continue };
            let numeric = match s.kind(op) {
                Pl::Kind(
                    SyntaxKind::GREATEREQUAL
                    | SyntaxKind::GREATERTHAN
                    | SyntaxKind::LESSEQUAL
                    | SyntaxKind::LESSTHAN,
                ) => true,
                Pl::Kind(SyntaxKind::ISEQUAL | SyntaxKind::NOTEQUAL) => {
                    s.is(s.next_code(op), SyntaxKind::NUMBER)
                }
                _ => false,
            };
            if !numeric {
                continue;
            }
            let (line, column) = t.line_col(cx);
            let problem =
                report.at_position(t.range(cx), line, column, "version compared as number");
            if let Some(edit) = versioncmp(cx, t.first, s.toks[op].first) {
                problem.fix(edit);
            }
        }
    },
};

/// `$v op x` as `versioncmp($v, 'x') op 0`, when `$v` is the whole left side and `x` a number
/// or a string.
fn versioncmp(cx: &Context, var: usize, op: usize) -> Option<TextEdit> {
    let binary = cx.node_of(op).clone();
    let expr = BinaryExpr::cast(binary.clone())?;
    let lhs = expr.lhs()?;
    let rhs = expr.rhs()?;
    if lhs.kind() != SyntaxKind::LITERAL || lhs.text_range() != cx.tokens[var].range {
        return None;
    }
    let value = rhs
        .first_token()
        .filter(|_| rhs.kind() == SyntaxKind::LITERAL)?;
    let quoted = match value.kind() {
        SyntaxKind::NUMBER => format!("'{}'", value.text()),
        SyntaxKind::STRING => value.text().to_string(),
        _ => return None,
    };
    Some(TextEdit::single(Indel::replace(
        binary.text_range(),
        format!(
            "versioncmp({}, {quoted}) {} 0",
            cx.slice(lhs.text_range()),
            cx.text_of(op)
        ),
    )))
}
