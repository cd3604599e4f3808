use puppet_diagnostics::{Indel, TextEdit};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::PlStream;

/// `ensure_not_symlink_target`.
pub static CHECK: Check = Check {
    name: "ensure_not_symlink_target",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A file's `ensure` set to a link target",
    why: "`ensure => '/target'` makes a symbolic link, but says so only by the value's look; \
          `ensure => link, target => '/target'` says it. The fix writes that (puppet-lint \
          writes `symlink`, a value the file type does not have; the type's value is `link`).",
    fires: "file { '/x':\n  ensure => '/y',\n}\n",
    passes: "file { '/x':\n  ensure => link,\n  target => '/y',\n}\n",
    fixed: Some("file { '/x':\n  ensure => link,\n  target => '/y',\n}\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        for r in s.resources() {
            if r.type_value(cx, &s) != "file" {
                continue;
            }
            for ensure in r.params_named(cx, &s, "ensure") {
                let Some(value) = s.next_code(ensure).and_then(|a| s.next_code(a)) else {
                    continue;
                };
                if !s.toks[value].value(cx).starts_with('/') {
                    continue;
                }
                let (line, column) = s.toks[value].line_col(cx);
                let range = s.toks[value].range(cx);
                let problem = report.at_position(
                    range,
                    line,
                    column,
                    "symlink target specified in ensure attr",
                );
                // `link,` then `target => value` on a line of its own indented as `ensure`,
                // or after a blank when `ensure` does not start its line.
                let name = s.toks[ensure].first;
                let separator = match name.checked_sub(1).map(|p| &cx.tokens[p]) {
                    Some(p) if p.is_indent() => format!("\n{}", cx.text_of(name - 1)),
                    Some(p) if p.is_newline() => "\n".to_string(),
                    _ => " ".to_string(),
                };
                let whole = value_node_range(cx, s.toks[value].first);
                if let Some(whole) = whole {
                    problem.fix(TextEdit::single(Indel::replace(
                        whole,
                        format!("link,{separator}target => {}", cx.slice(whole)),
                    )));
                }
            }
        }
    },
};

/// The range of the value expression whose first token is `i` (the `=>`'s right side).
fn value_node_range(cx: &crate::Context, i: usize) -> Option<puppet_syntax::TextRange> {
    let start = cx.tokens[i].range.start();
    let mut node = cx.node_of(i).clone();
    loop {
        let parent = node.parent()?;
        if parent.kind() == puppet_syntax::SyntaxKind::ATTRIBUTE_OP {
            return (node.text_range().start() == start).then(|| node.text_range());
        }
        node = parent;
    }
}
