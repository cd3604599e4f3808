//! The text form of a CST used by `puppet-parser dump --format cst` and the golden tests: one
//! element per line, two spaces of indent per depth, nodes as `KIND@START..END`, tokens as
//! `KIND@START..END "TEXT"` with TEXT a JSON string literal (so the file can be rebuilt from it).

use std::fmt::Write;

use super::SyntaxNode;

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

/// A JSON string literal for `s` (also used by the PN JSON writer).
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    json_quote(s, &mut out);
    out
}

/// Append `text` to `out` as a JSON string literal (`\b \f \n \r \t`, other control
/// characters as `\u00XX`, everything else raw UTF-8).
pub fn json_quote(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
