use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_whitespace::{report_at, LintTokens, Lk};

/// `manifest_whitespace_opening_brace_before`.
pub static CHECK: Check = Check {
    name: "manifest_whitespace_opening_brace_before",
    level: Level::Error,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "Not exactly one space before `{`",
    why: "A `{` goes on the line of what it belongs to, after one blank (`class foo {`, \
          `=> {`, `|$x| {`); right after `(` or `[`, or at the start of a line after `,`, `:` \
          or a comment, it needs none. The fix joins a `{` that starts a line to the line \
          before, except a hash at the start of a statement (joined to the statement before, \
          it would become that statement's body).",
    fires: "class foo\n{\n}\n",
    passes: "class foo {\n}\n",
    fixed: Some("class foo {\n}\n"),
    run: |cx, report| {
        let lt = LintTokens::new(cx);
        for i in 1..lt.len() {
            if lt.kind(i) != Lk::LBrace {
                continue;
            }
            let p = i - 1;
            let Some(pc) = lt.prev_non_space(i) else {
                continue;
            };
            let pck = lt.kind(pc);
            if pck == Lk::Comma && lt.toks[p].is_line_break() {
                continue;
            }
            if matches!(pck, Lk::Comment | Lk::Colon) {
                continue;
            }
            let newline = lt.newline_between(pc, i);
            let single = pc + 2 == i && lt.is_single_space(p);
            match pck {
                Lk::LParen | Lk::LBrack if pc + 1 == i || newline => continue,
                Lk::LBrace if newline || single => continue,
                Lk::LParen | Lk::LBrack | Lk::LBrace => {}
                _ if single => continue,
                _ => {}
            }
            let problem = report_at(
                report,
                &lt,
                i,
                "there should be a single space before an opening brace",
            );
            // A hash that starts a statement stays on its line.
            let hash_statement = newline
                && cx.node_of(lt.toks[i].src).kind() == SyntaxKind::HASH_EXPR
                && !matches!(
                    lt.toks[pc].syntax,
                    SyntaxKind::EQUALS
                        | SyntaxKind::FARROW
                        | SyntaxKind::PARROW
                        | SyntaxKind::APPENDS
                        | SyntaxKind::DELETES
                        | SyntaxKind::LPAREN
                        | SyntaxKind::WSLPAREN
                );
            if !hash_statement {
                let with = if matches!(pck, Lk::LParen | Lk::LBrack) {
                    ""
                } else {
                    " "
                };
                if let Some(edit) = lt.replace_between(pc, i, with) {
                    problem.fix(edit);
                }
            }
        }
    },
};
