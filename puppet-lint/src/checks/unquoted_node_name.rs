use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, TextRange};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{Pl, PlStream};

/// `unquoted_node_name`.
pub static CHECK: Check = Check {
    name: "unquoted_node_name",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "A node name that is a bare word",
    why: "Node names are strings; quote them. puppet-lint reports each word of a dotted name \
          (`foo.example.com` gives three problems) and its fix quotes each word apart, which \
          gives `'foo'.'example'.'com'`; the fix here quotes the whole name.",
    fires: "node foo { }\n",
    passes: "node 'foo' { }\n",
    fixed: Some("node 'foo' { }\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        for (k, t) in s.toks.iter().enumerate() {
            if !t.is(SyntaxKind::NODE) {
                continue;
            }
            for j in k + 1..s.toks.len() {
                let w = &s.toks[j];
                if w.is(SyntaxKind::LBRACE) {
                    break;
                }
                if w.kind != Pl::Name || w.value(cx) == "default" {
                    continue;
                }
                // The whole host name: a dotted name, or the word itself.
                let i = w.first;
                let node = cx.node_of(i);
                let range = if node.kind() == SyntaxKind::DOTTED_NAME {
                    node.text_range()
                } else {
                    cx.tokens[i].range
                };
                let quoted = format!("'{}'", cx.slice(range));
                let (line, column) = w.line_col(cx);
                report
                    .at_position(cx.tokens[i].range, line, column, "unquoted node name found")
                    .fix(TextEdit::single(Indel::replace(
                        TextRange::new(range.start(), range.end()),
                        quoted,
                    )));
            }
        }
    },
};
