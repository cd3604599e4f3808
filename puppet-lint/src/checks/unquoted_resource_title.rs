use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::SyntaxKind;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_definitions::{Pl, PlStream};

/// `unquoted_resource_title`.
pub static CHECK: Check = Check {
    name: "unquoted_resource_title",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Meaning,
    summary: "A resource title that is a bare word",
    why: "Quote resource titles: a bare word title reads like a keyword or a function. In an \
          array of titles puppet-lint looks only after the last `[` of the whole file, so it \
          sees the words of the last such array only; that is kept here.",
    fires: "package { foo: }\n",
    passes: "package { 'foo': }\n",
    fixed: Some("package { 'foo': }\n"),
    run: |cx, report| {
        let s = PlStream::new(cx);
        let last_lbrack = (0..s.toks.len())
            .rev()
            .find(|&k| s.toks[k].is(SyntaxKind::LBRACK));
        let mut titles = Vec::new();
        for k in 1..s.toks.len() {
            if !s.toks[k].is(SyntaxKind::COLON) {
                continue;
            }
            if s.toks[k - 1].is(SyntaxKind::RBRACK) {
                if let Some(start) = last_lbrack {
                    titles.extend(
                        (start + 1..k.saturating_sub(1)).filter(|&j| s.kind(j) == Pl::Name),
                    );
                }
            } else if !s.is(s.next_code(k), SyntaxKind::LBRACE) && s.kind(k - 1) == Pl::Name {
                titles.push(k - 1);
            }
        }
        for k in titles {
            let t = &s.toks[k];
            let (line, column) = t.line_col(cx);
            report
                .at_position(t.range(cx), line, column, "unquoted resource title")
                .fix(TextEdit::single(Indel::replace(
                    t.range(cx),
                    format!("'{}'", t.text(cx)),
                )));
        }
    },
};
