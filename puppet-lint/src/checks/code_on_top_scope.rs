use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{definitions, Pl, PlStream};

/// `code_on_top_scope`.
pub static CHECK: Check = Check {
    name: "code_on_top_scope",
    level: Level::Warning,
    default_enabled: false,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "Code outside of a class or defined type",
    why: "A module's manifests hold classes and defined types; code at top scope runs for every \
          node that loads the file. Each token outside is reported with its value, as \
          puppet-lint does (a `@@` is its two `@`). Off by default, as in puppet-lint.",
    fires: "class foo { }\ninclude foo\n",
    passes: "class foo {\n  include bar\n}\n",
    fixed: None,
    run: |cx, report| {
        // The bytes inside a class or defined type (nested ones are inside their parent).
        let mut ranges: Vec<_> = definitions(cx)
            .iter()
            .map(|d| d.node.text_range())
            .collect();
        ranges.sort_by_key(|r| r.start());
        let mut next_range = 0;
        let s = PlStream::new(cx);
        // The headers of the heredocs whose texts are still to come.
        let mut headers = std::collections::VecDeque::new();
        for t in &s.toks {
            let open_header = match t.kind {
                Pl::HeredocOpen => {
                    headers.push_back(t.text(cx));
                    None
                }
                Pl::Heredoc => headers.pop_front(),
                _ => None,
            };
            if matches!(t.kind, Pl::Space | Pl::Comment) {
                continue;
            }
            let start = cx.tokens[t.first].range.start();
            while next_range < ranges.len() && ranges[next_range].end() <= start {
                next_range += 1;
            }
            if ranges[next_range..]
                .iter()
                .take_while(|r| r.start() <= start)
                .any(|r| r.contains(start))
            {
                continue;
            }
            let (line, column) = t.line_col(cx);
            let range = t.range(cx);
            if t.is(SyntaxKind::ATAT) {
                for c in [column, column + 1] {
                    report.at_position(range, line, c, "code outside of class or define block - @");
                }
                continue;
            }
            let value = if t.kind == Pl::Heredoc {
                heredoc_text(open_header.unwrap_or(""), t.text(cx))
            } else {
                t.value(cx)
            };
            report.at_position(
                range,
                line,
                column,
                format!("code outside of class or define block - {value}"),
            );
        }
    },
};

/// A heredoc's text as puppet-lint's `HEREDOC` token has it: up to the first place where
/// its end pattern `\|?\s*-?\s*TAG$` matches (the scanner anchors `^` wherever it is, so the
/// blank lines and blanks before the end tag are cut off too).
fn heredoc_text<'a>(header: &str, body: &'a str) -> &'a str {
    let inner = header.strip_prefix("@(").unwrap_or(header);
    let inner = inner.strip_suffix(')').unwrap_or(inner);
    let inner = inner.strip_prefix('"').unwrap_or(inner);
    let tag_end = inner
        .find(['"', ':', '/', ' ', '\t'])
        .unwrap_or(inner.len());
    let tag = &inner[..tag_end];
    if tag.is_empty() {
        return body;
    }
    let ends_here = |rest: &str| -> bool {
        let rest = rest.strip_prefix('|').unwrap_or(rest);
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
        let rest = rest.strip_prefix('-').unwrap_or(rest);
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
        rest.strip_prefix(tag)
            .is_some_and(|after| after.is_empty() || after.starts_with(['\n', '\r']))
    };
    body.char_indices()
        .map(|(i, _)| i)
        .find(|&i| ends_here(&body[i..]))
        .map_or(body, |i| &body[..i])
}
