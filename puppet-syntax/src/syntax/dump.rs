//! The text form of a CST used by `puppet-parser dump --format cst` and the golden tests: one
//! element per line, two spaces of indent per depth, nodes as `KIND@START..END`, tokens as
//! `KIND@START..END "TEXT"` with TEXT a JSON string literal (so the file can be rebuilt from it).

use std::io;

use super::SyntaxNode;
use crate::ruby_format::json_quote;

/// Render `node` and everything below it.
pub fn dump_cst(node: &SyntaxNode) -> String {
    let mut out = Vec::new();
    write_cst(node, &mut out).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the dump is UTF-8: it is made of the tree's text and ASCII")
}

/// [`dump_cst`] written to `out` as it goes (one line at a time, so a large tree's dump never
/// sits in memory; pass a buffered writer).
pub fn write_cst(node: &SyntaxNode, out: &mut impl io::Write) -> io::Result<()> {
    let mut depth = 0usize;
    // One line is assembled here, then written: the token texts are JSON-quoted into it.
    let mut line = String::new();
    for event in node.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                let range = element.text_range();
                let (start, end) = (u32::from(range.start()), u32::from(range.end()));
                line.clear();
                line.extend(std::iter::repeat_n("  ", depth));
                match element {
                    rowan::NodeOrToken::Node(n) => {
                        push_span(&mut line, n.kind().name(), start, end);
                        depth += 1;
                    }
                    rowan::NodeOrToken::Token(t) => {
                        push_span(&mut line, t.kind().name(), start, end);
                        line.push(' ');
                        json_quote(t.text(), &mut line);
                    }
                }
                line.push('\n');
                out.write_all(line.as_bytes())?;
            }
            rowan::WalkEvent::Leave(rowan::NodeOrToken::Node(_)) => depth -= 1,
            rowan::WalkEvent::Leave(_) => {}
        }
    }
    Ok(())
}

/// `KIND@START..END`.
fn push_span(line: &mut String, kind: &str, start: u32, end: u32) {
    use std::fmt::Write;
    let _ = write!(line, "{kind}@{start}..{end}");
}
