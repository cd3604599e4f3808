//! Shrinking a generated program that shows a difference: greedy, on the [`Frag`] tree. Each
//! candidate is one edit of the tree (drop a list item, replace an expression by an expression
//! nested in it or by `1`); the smallest candidates are tried first, in batches (so that the
//! oracle can be asked about a whole batch at once), and the first that keeps the difference
//! becomes the new program, until no edit keeps it.

use std::collections::HashSet;

use super::{Frag, Heredoc, Program};

/// Every tree one edit away from `f`.
pub fn candidates(f: &Frag) -> Vec<Frag> {
    let mut out = Vec::new();
    match f {
        Frag::Text(_) | Frag::Break | Frag::StrNewline(_) => {}
        Frag::Seq(v) => {
            for (i, child) in v.iter().enumerate() {
                for c in candidates(child) {
                    let mut v2 = v.clone();
                    v2[i] = c;
                    out.push(Frag::Seq(v2));
                }
            }
        }
        Frag::Item(inner) => {
            out.push(Frag::dropped());
            out.extend(candidates(inner).into_iter().map(Frag::item));
        }
        Frag::Expr(inner) => {
            let mut nested = Vec::new();
            nearest_exprs(inner, &mut nested);
            out.extend(nested.into_iter().cloned());
            if inner.render().len() > 1 {
                out.push(Frag::expr(Frag::text("1")));
            }
            out.extend(candidates(inner).into_iter().map(Frag::expr));
        }
        Frag::Quoted(inner) => out.extend(candidates(inner).into_iter().map(Frag::quoted)),
        Frag::Styled { plain, .. } => out.push(Frag::text(*plain)),
        Frag::Heredoc(h) => {
            out.extend(h.plainer().into_iter().map(|h| Frag::Heredoc(Box::new(h))));
            for (i, line) in h.lines.iter().enumerate() {
                for c in candidates(line) {
                    let mut lines = h.lines.clone();
                    lines[i] = c;
                    out.push(Frag::Heredoc(Box::new(Heredoc {
                        lines,
                        ..(**h).clone()
                    })));
                }
            }
        }
    }
    out
}

/// The expressions in `f` that are not inside another expression in `f`.
fn nearest_exprs<'a>(f: &'a Frag, out: &mut Vec<&'a Frag>) {
    match f {
        Frag::Expr(_) => out.push(f),
        Frag::Seq(v) => v.iter().for_each(|c| nearest_exprs(c, out)),
        Frag::Item(inner) | Frag::Quoted(inner) => nearest_exprs(inner, out),
        Frag::Heredoc(h) => h.lines.iter().for_each(|c| nearest_exprs(c, out)),
        Frag::Text(_) | Frag::Break | Frag::StrNewline(_) | Frag::Styled { .. } => {}
    }
}

/// Shrinks `program` while `first_kept` finds, among a batch of candidate programs, one that
/// still shows the difference (it returns that one's index). At most `max_batches` batches are
/// tried: a count, not a time, so that the result is the same on every machine.
pub fn shrink(
    program: &Program,
    max_batches: usize,
    mut first_kept: impl FnMut(&[Program]) -> Option<usize>,
) -> Program {
    const BATCH: usize = 48;
    let mut batches = 0;
    let mut best = program.clone();
    'rounds: while batches < max_batches {
        let current = best.source();
        let mut seen = HashSet::new();
        let mut next: Vec<(usize, Program)> = candidates(&best.tree)
            .into_iter()
            .map(|tree| Program {
                epp: best.epp,
                crlf: best.crlf,
                tree,
            })
            .filter_map(|p| {
                let text = p.source();
                (text.len() < current.len() && seen.insert(text.clone())).then_some((text.len(), p))
            })
            .collect();
        next.sort_by_key(|(len, _)| *len);
        let next: Vec<Program> = next.into_iter().map(|(_, p)| p).collect();
        for batch in next.chunks(BATCH) {
            if batches == max_batches {
                break 'rounds;
            }
            batches += 1;
            if let Some(i) = first_kept(batch) {
                best = batch[i].clone();
                continue 'rounds;
            }
        }
        break;
    }
    best
}
