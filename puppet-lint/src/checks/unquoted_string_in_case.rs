use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{quote, unquoted_in, PlStream};

/// `unquoted_string_in_case`.
pub static CHECK: Check = Check {
    name: "unquoted_string_in_case",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-unquoted_string-check",
        version: "4.1.0",
    },
    fix: FixKind::Meaning,
    summary: "A case option that is a bare word",
    why: "Quote the values of case options: a bare word reads like a keyword, and a \
          capitalised one is a type (`Foo:` matches values of type `Foo`). As in the plugin, \
          every bare word on an option's line before its `:` is seen. The fix quotes it, \
          which makes a capitalised word a string.",
    fires: "case $x {\n  foo: { }\n  default: { }\n}\n",
    passes: "case $x {\n  'foo': { }\n  default: { }\n}\n",
    fixed: Some("case $x {\n  'foo': { }\n  default: { }\n}\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        for k in unquoted_in(cx, &s, SyntaxKind::CASE, SyntaxKind::COLON) {
            let t = &s.toks[k];
            let (line, column) = t.line_col(cx);
            report
                .at_position(t.range(cx), line, column, "unquoted string in case")
                .fix(quote(cx, t));
        }
    },
};
