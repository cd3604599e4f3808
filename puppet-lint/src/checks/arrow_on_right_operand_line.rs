use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, TextRange};

use crate::check::{Check, FixKind, Level, Origin};
use crate::tokens::Ws;

/// `arrow_on_right_operand_line`.
pub static CHECK: Check = Check {
    name: "arrow_on_right_operand_line",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "A chaining arrow (`->`, `~>`) at the end of its left operand's line",
    why: "The style guide puts a chaining arrow at the start of the line of its right operand, \
          so that each line of a chain says what it depends on. The fix moves the arrow there \
          (after any comments in between, as the formatter does), with one space after it, \
          and leaves no blanks at the end of the left operand's line.",
    fires: "Package['a'] ->\nService['a']\n",
    passes: "Package['a']\n-> Service['a']\n",
    fixed: Some("Package['a']\n-> Service['a']\n"),
    run: |cx, report| {
        for (i, t) in cx.tokens.iter().enumerate() {
            if !matches!(t.kind, SyntaxKind::IN_EDGE | SyntaxKind::IN_EDGE_SUB) {
                continue;
            }
            let Some(right) = cx.next_code(i) else {
                continue;
            };
            if cx.tokens[right].line == t.line {
                continue;
            }
            let problem = report.at_token(cx, i, "arrow should be on the right operand's line");
            if let Some(edit) = fix(cx, i, right) {
                problem.fix(edit);
            }
        }
    },
};

/// Moves the arrow at token `arrow` to just before its right operand (token `right`).
fn fix(cx: &crate::Context, arrow: usize, right: usize) -> Option<TextEdit> {
    let tokens = &cx.tokens;
    // A `(` or `[` that would no longer start its line could lex as another token; a heredoc's
    // text right before the arrow leaves it nothing to move from.
    if matches!(
        tokens[right].kind,
        SyntaxKind::WSLPAREN | SyntaxKind::LISTSTART
    ) {
        return None;
    }
    let space = |j: usize| tokens.get(j).filter(|t| t.ws == Some(Ws::Space));
    let before = arrow.checked_sub(1).and_then(space);
    if arrow == 0 || before.is_none() && !tokens[arrow - 1].is_code() {
        return None;
    }
    let after = space(arrow + 1);
    let next = arrow + 1 + usize::from(after.is_some());
    let ends_line = tokens.get(next).is_none_or(|t| t.is_newline());
    // The arrow and the blanks after it; the blanks before it too when nothing follows on the
    // line (a comment after it keeps its space).
    let from = match before {
        Some(b) if ends_line => b.range.start(),
        _ => tokens[arrow].range.start(),
    };
    let to = after.map_or(tokens[arrow].range.end(), |a| a.range.end());
    let mut edit = TextEdit::new();
    edit.add(Indel::delete(TextRange::new(from, to))).ok()?;
    edit.add(Indel::insert(
        tokens[right].range.start(),
        format!("{} ", cx.text_of(arrow)),
    ))
    .ok()?;
    Some(edit)
}
