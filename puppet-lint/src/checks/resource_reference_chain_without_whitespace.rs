use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{is_blank, Pl, PlStream};

/// `resource_reference_chain_without_whitespace`.
pub static CHECK: Check = Check {
    name: "resource_reference_chain_without_whitespace",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-resource_reference_syntax",
        version: "2.0.0",
    },
    fix: FixKind::None,
    summary: "A blank between a type word and its `[` (`Class ['foo']`)",
    why: "`Class ['foo']` is not a reference: the blank makes the `[` start an array. This \
          check sees the built-in type words (`Class`, `String`, …); \
          `resource_reference_without_whitespace` sees the others. The message is the \
          plugin's, typo included.",
    fires: "$x = String [1]\n",
    passes: "$x = String[1]\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        for (k, t) in s.toks.iter().enumerate() {
            if t.kind == Pl::Type
                && is_blank(cx, &s, k + 1)
                && s.is(s.next_code(k), SyntaxKind::LBRACK)
            {
                let (line, column) = t.line_col(cx);
                report.at_position(
                    t.range(cx),
                    line,
                    column,
                    "whitespce between reference type and title",
                );
            }
        }
    },
};
