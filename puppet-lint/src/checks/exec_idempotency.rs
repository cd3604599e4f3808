use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{Pl, PlStream};

/// `exec_idempotency`.
pub static CHECK: Check = Check {
    name: "exec_idempotency",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-exec_idempotency-check",
        version: "2.0.0",
    },
    fix: FixKind::None,
    summary: "An `exec` without `onlyif`, `unless`, `creates` or `refreshonly`",
    why: "An `exec` with none of them runs its command on every agent run. As in the plugin, \
          the problem is reported at the `:` after the title.",
    fires: "exec { 'make':\n  command => '/usr/bin/make',\n}\n",
    passes: "exec { 'make':\n  command => '/usr/bin/make',\n  creates => '/src/a.out',\n}\n",
    fixed: None,
    run: |cx, report| {
        let s = PlStream::new(cx);
        for r in s.resources() {
            if r.type_value(cx, &s) != "exec" {
                continue;
            }
            let mut depth = 0usize;
            let mut idempotent = false;
            for k in r.colon..=r.end {
                match s.kind(k) {
                    Pl::Kind(SyntaxKind::LBRACE | SyntaxKind::LBRACK | SyntaxKind::LPAREN) => {
                        depth += 1
                    }
                    Pl::Kind(SyntaxKind::RBRACE | SyntaxKind::RBRACK | SyntaxKind::RPAREN) => {
                        depth = depth.saturating_sub(1)
                    }
                    Pl::Name | Pl::Kind(SyntaxKind::UNLESS)
                        if depth == 0 && s.is(s.next_code(k), SyntaxKind::FARROW) =>
                    {
                        idempotent |= matches!(
                            s.toks[k].value(cx),
                            "onlyif" | "unless" | "creates" | "refreshonly"
                        );
                    }
                    _ => {}
                }
            }
            if idempotent {
                continue;
            }
            let (line, column) = s.toks[r.colon].line_col(cx);
            report.at_position(
                s.toks[r.colon].range(cx),
                line,
                column,
                "exec without idempotency. set at least one of the attributes: onlyif, unless, creates, refreshonly",
            );
        }
    },
};
