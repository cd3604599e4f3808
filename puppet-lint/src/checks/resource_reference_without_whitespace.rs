use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{is_blank, Pl, PlStream};

/// `resource_reference_without_whitespace`.
pub static CHECK: Check = Check {
    name: "resource_reference_without_whitespace",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-resource_reference_syntax",
        version: "2.0.0",
    },
    fix: FixKind::None,
    summary: "A blank between a resource type and its `[` (`File ['/x']`)",
    why: "`File ['/x']` is not a reference: the blank makes the `[` start an array. As in the \
          plugin, this is looked for only in a file that declares at least one resource with \
          a title. The message is the plugin's, typo included.",
    fires: "file { '/y': }\n$x = File ['/x']\n",
    passes: "file { '/y': }\n$x = File['/x']\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        if s.resources().is_empty() {
            return;
        }
        for (k, t) in s.toks.iter().enumerate() {
            if t.kind == Pl::ClassRef
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
