use std::collections::HashSet;

use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::TextRange;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_layout::{
    next_code, partners, pl_resources, pl_tokens, prev_code, Pl, PlTok,
};
use crate::context::Report;

/// `trailing_comma`.
pub static CHECK: Check = Check {
    name: "trailing_comma",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-trailing_comma-check",
        version: "2.0.0",
    },
    fix: FixKind::Layout,
    summary: "No comma after the last element of a multi-line resource body, array or hash",
    why: "With a comma after every element, adding an element to the end changes one line, \
          not two, and the diff shows only what changed. Like the plugin, this looks at \
          resource bodies that end with `}`, arrays (not type parameters or resource \
          references), hashes that are a value (after `=`, `==`, `=>` or `(`) and resource \
          defaults, and only where the last element ends its line (no comment after it). The \
          fix adds the comma there, as the formatter does.",
    fires: "file { '/x':\n  ensure => file\n}\n",
    passes: "file { '/x':\n  ensure => file,\n}\n",
    fixed: Some("file { '/x':\n  ensure => file,\n}\n"),
    run: |cx, report| {
        let pl = pl_tokens(cx);
        let partner = partners(&pl);
        let mut fixed = HashSet::new();
        // Resource bodies.
        for res in pl_resources(cx, &pl, &partner) {
            check_elem(report, &pl, res.end, Pl::Colon, &mut fixed);
        }
        // Arrays: from `[` to the first `]` after it.
        for i in 0..pl.len() {
            if pl[i].kind != Pl::LBrack {
                continue;
            }
            let end = (i + 1..pl.len())
                .find(|&j| pl[j].kind == Pl::RBrack)
                .unwrap_or(pl.len() - 1);
            if prev_code(&pl, i).is_some_and(|p| matches!(pl[p].kind, Pl::Classref | Pl::Type)) {
                continue;
            }
            check_elem(report, &pl, end, Pl::LBrack, &mut fixed);
        }
        // Hashes that are a value.
        for i in 0..pl.len() {
            if pl[i].kind != Pl::LBrace {
                continue;
            }
            let Some(p) = prev_code(&pl, i) else { continue };
            if !matches!(
                pl[p].kind,
                Pl::Equals | Pl::IsEqual | Pl::Farrow | Pl::LParen
            ) {
                continue;
            }
            let mut level = 0i32;
            let mut end = pl.len() - 1;
            for (j, t) in pl.iter().enumerate().skip(i + 1) {
                match t.kind {
                    Pl::LBrace => level += 1,
                    Pl::RBrace => level -= 1,
                    _ => {}
                }
                if level < 0 {
                    end = j;
                    break;
                }
            }
            check_elem(report, &pl, end, Pl::LBrace, &mut fixed);
        }
        // Resource defaults (`Package { … }`): to the first `}`.
        for i in 0..pl.len() {
            if pl[i].kind != Pl::Classref {
                continue;
            }
            if !next_code(&pl, i).is_some_and(|n| pl[n].kind == Pl::LBrace) {
                continue;
            }
            match prev_code(&pl, i) {
                Some(p) if !matches!(pl[p].kind, Pl::Rshift | Pl::Match | Pl::NoMatch) => {}
                _ => continue,
            }
            let end = (i + 1..pl.len())
                .find(|&j| pl[j].kind == Pl::RBrace)
                .unwrap_or(pl.len() - 1);
            check_elem(report, &pl, end, Pl::LBrace, &mut fixed);
        }
    },
};

/// The plugin's `check_elem`: the last code token before the list's end token `end` must be
/// a comma (or the list's opener `except`) when it ends its line.
fn check_elem(
    report: &mut Report,
    pl: &[PlTok],
    end: usize,
    except: Pl,
    fixed: &mut HashSet<usize>,
) {
    let Some(mut last) = prev_code(pl, end) else {
        return;
    };
    // A heredoc's text: its header's line is the one that takes the comma.
    if pl[last].kind == Pl::Heredoc {
        loop {
            match prev_code(pl, last) {
                Some(p) => {
                    last = p;
                    if pl[last].kind == Pl::HeredocOpen {
                        break;
                    }
                }
                None => return,
            }
        }
    }
    if pl[last].kind == except || pl[end].kind == Pl::Semic || pl[last].kind == Pl::Comma {
        return;
    }
    let Some(newline) = pl.get(last + 1).filter(|t| t.kind == Pl::Newline) else {
        return;
    };
    let at = TextRange::new(newline.start.into(), newline.end.into());
    let problem = report.at_position(
        at,
        newline.line,
        newline.column,
        "missing trailing comma after last element",
    );
    // The plugin reports an element twice when two of its scans end there (an array's scan
    // stops at the first `]`, a nested array's): one comma fixes both.
    if fixed.insert(last) {
        problem.fix(TextEdit::single(Indel::insert(pl[last].end.into(), ",")));
    }
}
