use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, SyntaxNode};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::PlStream;
use crate::context::Context;

/// `ensure_first_param`.
pub static CHECK: Check = Check {
    name: "ensure_first_param",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A resource whose `ensure` is not its first attribute",
    why: "`ensure` says whether the resource exists at all: put it first, where it is seen. \
          The fix swaps `ensure` with the first attribute (the attribute texts only, so each \
          comment stays on its line; puppet-lint's fix moves a trailing comment, a \
          `lint:ignore` one included, with the attribute). Attributes are evaluated in order, \
          so this changes the program's order of evaluation.",
    fires: "file { '/x':\n  mode   => '0644',\n  ensure => file,\n}\n",
    passes: "file { '/x':\n  ensure => file,\n  mode   => '0644',\n}\n",
    fixed: Some("file { '/x':\n  ensure => file,\n  mode   => '0644',\n}\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        for r in s.resources() {
            if r.is_class(&s) {
                continue;
            }
            let Some(pos) = r
                .params
                .iter()
                .position(|&k| s.toks[k].value(cx) == "ensure")
            else {
                continue;
            };
            if pos == 0 {
                continue;
            }
            let ensure = r.params[pos];
            let (line, column) = s.toks[ensure].line_col(cx);
            let problem = report.at_position(
                s.toks[ensure].range(cx),
                line,
                column,
                "ensure found on line but it's not the first attribute",
            );
            if let Some(edit) = swap(cx, s.toks[r.params[0]].first, s.toks[ensure].first) {
                problem.fix(edit);
            }
        }
    },
};

/// Swaps the texts of the attribute operations named by tokens `a` and `b`, when both are
/// operations of one body and neither holds a comment.
fn swap(cx: &Context, a: usize, b: usize) -> Option<TextEdit> {
    let op = |i: usize| -> Option<SyntaxNode> {
        let node = cx.node_of(i).clone();
        (node.kind() == SyntaxKind::ATTRIBUTE_OP).then_some(node)
    };
    let (first, ensure) = (op(a)?, op(b)?);
    if first.parent() != ensure.parent() {
        return None;
    }
    let has_comment = |n: &SyntaxNode| {
        n.descendants_with_tokens()
            .any(|e| matches!(e.kind(), SyntaxKind::COMMENT | SyntaxKind::ML_COMMENT))
    };
    if has_comment(&first) || has_comment(&ensure) {
        return None;
    }
    let (fr, er) = (first.text_range(), ensure.text_range());
    TextEdit::from_indels([
        Indel::replace(fr, cx.slice(er)),
        Indel::replace(er, cx.slice(fr)),
    ])
    .ok()
}
