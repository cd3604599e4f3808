use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, SyntaxNode};

use crate::check::{Check, FixKind, Level, Origin};

/// The variable token of `e`, when `e` is `$x` or `$x[k]…` with one-token keys and no blanks
/// (what puppet-lint's token walk accepts).
fn lone_variable(e: &SyntaxNode) -> Option<puppet_syntax::SyntaxToken> {
    let tokens: Vec<_> = e
        .descendants_with_tokens()
        .filter_map(|x| x.into_token())
        .collect();
    let (first, rest) = tokens.split_first()?;
    if first.kind() != SyntaxKind::VARIABLE || rest.len() % 3 != 0 {
        return None;
    }
    for chunk in rest.chunks(3) {
        if chunk[0].kind() != SyntaxKind::LBRACK
            || chunk[2].kind() != SyntaxKind::RBRACK
            || chunk[1].kind().is_trivia()
        {
            return None;
        }
    }
    Some(first.clone())
}

/// `only_variable_string`.
pub static CHECK: Check = Check {
    name: "only_variable_string",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A string that is only one variable",
    why: "`\"${x}\"` is `$x` turned into a string; write `$x`. The fix does, which keeps the \
          variable's own type (an array stays an array): that is the change the check asks for. \
          A string used as a key (`\"${x}\" => …`) is not reported, as in puppet-lint; unlike \
          it, `\"${ x }\"` and a `\"${x}\"` inside `$h[…]` (both misread by its lexer) are.",
    fires: "$b = \"${a}\"\n",
    passes: "$b = $a\n$c = \"${a}x\"\n",
    fixed: Some("$b = $a\n"),
    run: |cx, report| {
        for node in cx.nodes_of(SyntaxKind::DQ_STRING) {
            let (Some(first), Some(last)) = (node.first_token(), node.last_token()) else {
                continue;
            };
            if first.kind() != SyntaxKind::DQPRE
                || !matches!(first.text(), "\"" | "\"${")
                || last.kind() != SyntaxKind::DQPOST
                || !matches!(last.text(), "\"" | "}\"")
            {
                continue;
            }
            let mut children = node.children();
            let (Some(e), None) = (children.next(), children.next()) else {
                continue;
            };
            let Some(var) = lone_variable(&e) else {
                continue;
            };
            let end = cx.token_at(node.text_range().end());
            let next = (end..cx.tokens.len()).find(|&j| cx.tokens[j].is_code());
            if next.is_some_and(|j| cx.tokens[j].kind == SyntaxKind::FARROW) {
                continue;
            }
            let i = cx.index_of(&var);
            let text = e.text().to_string();
            let new = if text.starts_with('$') {
                text
            } else {
                format!("${text}")
            };
            report
                .at_token(cx, i, "string containing only a variable")
                .fix(TextEdit::single(Indel::replace(node.text_range(), new)));
        }
    },
};
