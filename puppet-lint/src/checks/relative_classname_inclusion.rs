use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{strip_leading_colons, Pl, PlStream};

/// `relative_classname_inclusion`.
pub static CHECK: Check = Check {
    name: "relative_classname_inclusion",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-absolute_classname-check",
        version: "5.0.0",
    },
    fix: FixKind::Meaning,
    summary: "A class included, contained, required, declared or inherited by `::name`",
    why: "Since Puppet 4 class names are always absolute: `include ::foo` is `include foo` \
          with noise. As in the plugin, every `::name` after `include`, `contain` or \
          `require` up to the end of its line is seen (not the ones in a function call's \
          arguments), and the titles of `class { … }`. The fix drops the `::`.",
    fires: "include ::foo\n",
    passes: "include foo\n",
    fixed: Some("include foo\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        let absolute = |k: usize| {
            let t = &s.toks[k];
            matches!(t.kind, Pl::Name | Pl::FunctionName | Pl::SString)
                && t.value(cx).starts_with("::")
        };
        let mut found = Vec::new();
        for (k, t) in s.toks.iter().enumerate() {
            if matches!(t.kind, Pl::Name | Pl::FunctionName)
                && matches!(t.value(cx), "include" | "contain" | "require")
            {
                let Some(mut at) = s.next_code(k) else {
                    continue;
                };
                if s.toks[at].is(SyntaxKind::FARROW) {
                    continue;
                }
                let mut in_function = 0usize;
                while at < s.toks.len() && !cx.tokens[s.toks[at].first].is_newline() {
                    if matches!(s.kind(at), Pl::Name | Pl::FunctionName | Pl::SString) {
                        let n = s.next_code(at);
                        if s.is(n, SyntaxKind::LPAREN) {
                            in_function += 1;
                        } else if in_function > 0 && s.is(n, SyntaxKind::RPAREN) {
                            in_function -= 1;
                        } else if in_function == 0 && absolute(at) {
                            found.push(at);
                        }
                    }
                    at += 1;
                }
            } else if t.is(SyntaxKind::CLASS) && s.is(s.next_code(k), SyntaxKind::LBRACE) {
                let mut at = k + 1;
                while at < s.toks.len() && !s.toks[at].is(SyntaxKind::COLON) {
                    if matches!(s.kind(at), Pl::Name | Pl::SString) && absolute(at) {
                        found.push(at);
                    }
                    at += 1;
                }
            } else if t.is(SyntaxKind::INHERITS) {
                if let Some(n) = s
                    .next_code(k)
                    .filter(|&n| s.kind(n) == Pl::Name && absolute(n))
                {
                    found.push(n);
                }
            }
        }
        // A `::name` after two `include`s on one line is seen by both walks: once is enough.
        let mut seen = std::collections::HashSet::new();
        for k in found.into_iter().filter(|&k| seen.insert(k)) {
            let t = &s.toks[k];
            let (line, column) = t.line_col(cx);
            let problem = report.at_position(
                t.range(cx),
                line,
                column,
                "class included by absolute name (::$class)",
            );
            if let Some(edit) = strip_leading_colons(cx, t) {
                problem.fix(edit);
            }
        }
    },
};
