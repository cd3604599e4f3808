use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{quote, unquoted_in, PlStream};

/// `unquoted_string_in_selector`.
pub static CHECK: Check = Check {
    name: "unquoted_string_in_selector",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-unquoted_string-check",
        version: "4.1.0",
    },
    fix: FixKind::Meaning,
    summary: "A selector option that is a bare word",
    why: "Quote the values of selector options: a bare word reads like a keyword, and a \
          capitalised one is a type. As in the plugin, every bare word on the line before an \
          option's `=>` is seen, the values of options before it on that line too. The fix \
          quotes it.",
    fires: "$y = $x ? { foo => 'a', default => 'b' }\n",
    passes: "$y = $x ? { 'foo' => 'a', default => 'b' }\n",
    fixed: Some("$y = $x ? { 'foo' => 'a', default => 'b' }\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        for k in unquoted_in(cx, &s, SyntaxKind::QMARK, SyntaxKind::FARROW) {
            let t = &s.toks[k];
            let (line, column) = t.line_col(cx);
            report
                .at_position(t.range(cx), line, column, "unquoted string in selector")
                .fix(quote(cx, t));
        }
    },
};
