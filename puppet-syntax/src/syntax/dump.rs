//! The text form of a CST used by `puppet-parser dump --format cst` and the golden tests: one
//! element per line, two spaces of indent per depth, nodes as `KIND@START..END`, tokens as
//! `KIND@START..END "TEXT"` with TEXT a JSON string literal (so the file can be rebuilt from it).

use std::fmt::Write;

use super::SyntaxNode;
use crate::ruby_format::json_string;

/// Render `node` and everything below it.
pub fn dump_cst(node: &SyntaxNode) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for event in node.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                let range = element.text_range();
                let (start, end) = (u32::from(range.start()), u32::from(range.end()));
                out.extend(std::iter::repeat_n("  ", depth));
                match element {
                    rowan::NodeOrToken::Node(n) => {
                        let _ = writeln!(out, "{}@{start}..{end}", n.kind().name());
                        depth += 1;
                    }
                    rowan::NodeOrToken::Token(t) => {
                        let _ = writeln!(
                            out,
                            "{}@{start}..{end} {}",
                            t.kind().name(),
                            json_string(t.text())
                        );
                    }
                }
            }
            rowan::WalkEvent::Leave(rowan::NodeOrToken::Node(_)) => depth -= 1,
            rowan::WalkEvent::Leave(_) => {}
        }
    }
    out
}
