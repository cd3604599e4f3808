use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, TextRange};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_layout::{partners, pl_resources, pl_tokens, Pl};

/// `space_before_arrow`.
pub static CHECK: Check = Check {
    name: "space_before_arrow",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "Not exactly one space before `=>` in a resource whose arrows share one line",
    why: "One space before `=>` is the style guide's spacing; in a resource whose arrows are on \
          several lines `arrow_alignment` decides the spacing instead. Like puppet-lint, the \
          problem is reported at the token before the arrow. puppet-lint's fix puts the space \
          in front of that token, so the problem stays and every `--fix` adds one more blank; \
          this fix puts exactly one space before the `=>`.",
    fires: "file { '/x': ensure  => file }\n",
    passes: "file { '/x': ensure => file }\n",
    fixed: Some("file { '/x': ensure => file }\n"),
    run: |cx, report| {
        let pl = pl_tokens(cx);
        let partner = partners(&pl);
        for res in pl_resources(cx, &pl, &partner) {
            let arrows: Vec<usize> = (res.colon..=res.end)
                .filter(|&i| pl[i].kind == Pl::Farrow)
                .collect();
            let (Some(&first), Some(&last)) = (arrows.first(), arrows.last()) else {
                continue;
            };
            if pl[first].line != pl[last].line {
                continue;
            }
            for &a in &arrows {
                let Some(p) = a.checked_sub(1) else { continue };
                let prev = &pl[p];
                let range = TextRange::new(prev.start.into(), prev.end.into());
                // puppet-lint compares the token's value: a string's is its text inside the
                // quotes.
                let text = &cx.text[prev.start as usize..prev.end as usize];
                if text == " "
                    || (cx.tokens[prev.tok].kind == SyntaxKind::STRING
                        && (text == "' '" || text == "\" \""))
                {
                    continue;
                }
                let message = format!(
                    "there should be a single space before '=>' on line {}, column {}",
                    prev.line, prev.column
                );
                let problem = report.at_position(range, prev.line, prev.column, message);
                match prev.kind {
                    Pl::Whitespace => {
                        problem.fix(TextEdit::single(Indel::replace(range, " ")));
                    }
                    k if !k.is_formatting() => {
                        problem.fix(TextEdit::single(Indel::insert(pl[a].start.into(), " ")));
                    }
                    // Nothing fits on the arrow's line before it (a line break, a comment).
                    _ => {}
                }
            }
        }
    },
};
