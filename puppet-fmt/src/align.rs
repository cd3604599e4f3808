//! Alignment: the `=>` (and `+>`) of a multi-line resource body, hash, selector or collector
//! block line up one space after the longest key, as puppet-lint's `arrow_alignment` wants; in
//! a multi-line parameter list of a class, defined type, function or plan, the names line up
//! one space after the longest type and the `=` one space after the longest name.
//!
//! A list whose entries share one line is not aligned (nor is one inside a
//! `# lint:ignore:arrow_alignment` … `# lint:endignore` region, or an entry whose line ends in
//! `# lint:ignore:arrow_alignment`). Widths are counted in characters of the printed text.

use puppet_syntax::{SyntaxKind, SyntaxKind::*};

use crate::tokens::{Gap, Tokens, NONE};

pub(crate) fn decide(t: &mut Tokens) {
    if t.epp {
        return;
    }
    let ignored = ignored_regions(t);
    // The output line of each token, and the lines that end in an ignore comment.
    let mut line_of = Vec::with_capacity(t.toks.len());
    let mut ignored_lines = std::collections::HashSet::new();
    let mut line = 0u32;
    for (i, tok) in t.toks.iter().enumerate() {
        if i > 0 && (tok.starts_line() || tok.gap == Gap::BodyBreak) {
            line += 1;
        }
        line_of.push(line);
        if tok.kind == COMMENT && t.text(i).contains("lint:ignore:arrow_alignment") {
            ignored_lines.insert(line);
        }
    }
    let lines = Lines {
        line_of,
        ignored: ignored_lines,
    };
    for n in 0..t.nodes.len() {
        let node = &t.nodes[n];
        let parent = match node.parent {
            NONE => SOURCE_FILE,
            p => t.nodes[p as usize].kind,
        };
        let entries = match node.kind {
            RESOURCE_BODY | COLLECT_EXPR => ATTRIBUTE_OP,
            HASH_EXPR => KEYED_ENTRY,
            SELECTOR_EXPR => SELECTOR_ENTRY,
            PARAM_LIST if matches!(parent, CLASS_DEF | DEFINE_DEF | FUNCTION_DEF | PLAN_DEF) => {
                PARAM
            }
            _ => continue,
        };
        let start = node.start;
        if ignored.iter().any(|&(s, e)| s <= start && start < e) {
            continue;
        }
        if entries == PARAM {
            align_params(t, n);
        } else {
            align_arrows(t, &lines, n, entries);
        }
    }
}

/// `# lint:ignore:arrow_alignment` … `# lint:endignore` regions (byte ranges).
fn ignored_regions(t: &Tokens) -> Vec<(u32, u32)> {
    let mut regions = Vec::new();
    let mut open: Option<u32> = None;
    for (i, tok) in t.toks.iter().enumerate() {
        if tok.kind != COMMENT || !tok.starts_line() {
            continue;
        }
        let text = t.text(i);
        if open.is_none() && text.contains("lint:ignore:arrow_alignment") {
            open = Some(tok.start);
        } else if open.is_some() && text.contains("lint:endignore") {
            regions.push((open.take().unwrap(), tok.end));
        }
    }
    if let Some(s) = open {
        regions.push((s, u32::MAX));
    }
    regions
}

/// The printed width of the gap before token `i` and whether it starts a line (then the
/// width is the line's indentation).
fn gap_width(t: &Tokens, i: usize) -> (u32, bool) {
    let tok = &t.toks[i];
    match tok.gap {
        Gap::Space(n) => (n, false),
        Gap::Lines(_) => (tok.indent, true),
        Gap::BodyBreak => (0, true),
        Gap::Verbatim | Gap::Trimmed => {
            let text = &t.source[tok.gap_start as usize..tok.start as usize];
            match text.rfind('\n') {
                Some(nl) => (text[nl + 1..].chars().count() as u32, true),
                None => (text.chars().count() as u32, false),
            }
        }
    }
}

/// The column after token `j` (with its added comma), in characters.
pub(crate) fn column_after(t: &Tokens, j: usize) -> u32 {
    let mut col = 0u32;
    let mut i = j + 1;
    while i > 0 {
        i -= 1;
        let text = t.out_text(i);
        let width = |s: &str| s.chars().count() as u32;
        let own = u32::from(t.toks[i].comma_after);
        match text.rfind('\n') {
            Some(nl) => return col + width(&text[nl + 1..]) + own,
            None => col += width(text) + own,
        }
        let (gap, line_start) = gap_width(t, i);
        col += gap;
        if line_start {
            return col;
        }
    }
    col
}

/// The output lines of the tokens.
struct Lines {
    line_of: Vec<u32>,
    /// Lines that end in `# lint:ignore:arrow_alignment`.
    ignored: std::collections::HashSet<u32>,
}

fn align_arrows(t: &mut Tokens, lines: &Lines, n: usize, entry: SyntaxKind) {
    // (last key token, arrow token)
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for child in t.children_of(n, entry) {
        let Some(arrow) = t.find_own(child, |k| matches!(k, FARROW | PARROW)) else {
            continue;
        };
        if arrow == 0 || !matches!(t.toks[arrow].gap, Gap::Space(_)) || t.toks[arrow].in_string {
            continue;
        }
        if t.toks[arrow - 1].kind == COMMENT || lines.ignored.contains(&lines.line_of[arrow]) {
            continue;
        }
        pairs.push((arrow - 1, arrow));
    }
    if pairs.len() < 2 {
        return;
    }
    // Only a list whose arrows are on more than one line, each on a line of its own.
    let on: Vec<u32> = pairs.iter().map(|&(_, a)| lines.line_of[a]).collect();
    if on.windows(2).any(|w| w[0] == w[1]) || on.iter().all(|&l| l == on[0]) {
        return;
    }
    let target = pairs
        .iter()
        .map(|&(key, _)| column_after(t, key))
        .max()
        .unwrap_or(0)
        + 1;
    for &(key, arrow) in &pairs {
        let col = column_after(t, key);
        t.toks[arrow].gap = Gap::Space(target.saturating_sub(col).max(1));
    }
}

fn align_params(t: &mut Tokens, n: usize) {
    // (last type token, first name token (`*` or the variable), variable, `=`)
    let mut params: Vec<(Option<usize>, usize, usize, Option<usize>)> = Vec::new();
    let list: Vec<usize> = t.children_of(n, PARAM).collect();
    for param in list {
        let Some(var) = t.find_own(param, |k| k == VARIABLE) else {
            return;
        };
        let name = if var > 0 && t.toks[var - 1].kind == TIMES && t.toks[var - 1].parent == PARAM {
            var - 1
        } else {
            var
        };
        let eq = t.find_own(param, |k| k == EQUALS);
        let Some((first, _)) = t.span(param) else {
            return;
        };
        let typed = (first < name).then(|| name - 1);
        if !t.toks[first].starts_line() || t.breaks_between(first, name) {
            return;
        }
        if let Some(eq) = eq {
            if !matches!(t.toks[eq].gap, Gap::Space(_)) || t.breaks_between(var, eq) {
                return;
            }
        }
        params.push((typed, name, var, eq));
    }
    if params.len() < 2 {
        return;
    }
    if params.iter().all(|p| p.0.is_some()) {
        let target = params
            .iter()
            .map(|p| column_after(t, p.0.unwrap()))
            .max()
            .unwrap_or(0)
            + 1;
        for p in &params {
            let col = column_after(t, p.0.unwrap());
            t.toks[p.1].gap = Gap::Space(target.saturating_sub(col).max(1));
        }
    }
    let with_default: Vec<_> = params.iter().filter(|p| p.3.is_some()).collect();
    if with_default.len() >= 2 {
        let target = with_default
            .iter()
            .map(|p| column_after(t, p.2))
            .max()
            .unwrap_or(0)
            + 1;
        for p in with_default {
            let col = column_after(t, p.2);
            t.toks[p.3.unwrap()].gap = Gap::Space(target.saturating_sub(col).max(1));
        }
    }
}
