//! The indentation of each line, in the model of the Vox Pupuli `strict_indent` check (what
//! Puppet module authors lint with), so that formatted code passes it:
//!
//! - an opening bracket that is not closed on its own line indents the lines after it by one
//!   level; the line that holds its closing bracket goes back one level;
//! - a line that ends with a resource title's `:` (and opens no bracket) indents the body after
//!   it one level, which the `;` or `}` that ends the body takes back;
//! - several brackets opened on one line and closed together on a later one count once;
//! - the one line after a line ending in `=` or `=>` is indented one more level;
//! - nothing else indents: lines that continue an expression (after `and`, a chaining arrow or
//!   before `.each`) stay at the statement's level.
//!
//! Two spaces a level. The check expects a heredoc's end line one level in from the line of
//! its header: the heredoc's margin moves there when its value provably stays the same
//! ([`shift_heredoc`]); otherwise its text is left as it is.

use puppet_syntax::SyntaxKind::{self, *};

use crate::tokens::{Gap, Tokens};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pair {
    Brace,
    Square,
    Paren,
}

fn opens(kind: SyntaxKind) -> Option<Pair> {
    match kind {
        LBRACE | SELBRACE => Some(Pair::Brace),
        LBRACK | LISTSTART => Some(Pair::Square),
        LPAREN | WSLPAREN => Some(Pair::Paren),
        _ => None,
    }
}

fn closes(kind: SyntaxKind) -> Option<Pair> {
    match kind {
        RBRACE => Some(Pair::Brace),
        RBRACK => Some(Pair::Square),
        RPAREN => Some(Pair::Paren),
        _ => None,
    }
}

pub(crate) fn decide(t: &mut Tokens) {
    if t.epp || t.toks.is_empty() {
        return;
    }
    let n = t.toks.len();
    // Lines (the index of each one's first token) and the physical line each token starts on
    // (a multi-line string or comment spans several; the check counts those).
    let mut starts: Vec<usize> = Vec::new();
    let mut phys = vec![0u32; n];
    let mut line = 0u32;
    for (i, phys) in phys.iter_mut().enumerate() {
        if i > 0 {
            line += newlines(t.out_text(i - 1)) + gap_newlines(t, i);
        }
        if i == 0 || matches!(t.toks[i].gap, Gap::Lines(_) | Gap::BodyBreak) {
            starts.push(i);
        }
        *phys = line;
    }
    // The physical line of each bracket's partner (u32::MAX: none).
    let mut partner = vec![u32::MAX; n];
    let mut open: [Vec<usize>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for i in 0..n {
        let kind = t.toks[i].kind;
        if let Some(b) = opens(kind) {
            open[b as usize].push(i);
        } else if let Some(b) = closes(kind) {
            if let Some(o) = open[b as usize].pop() {
                partner[i] = phys[o];
                partner[o] = phys[i];
            }
        }
    }
    let mut indent: i64 = 0;
    let mut colon_line: Option<u32> = None;
    // (A set: a line may open or close thousands of brackets.)
    let mut seen: std::collections::HashSet<u32> = std::collections::HashSet::new();
    for l in 1..starts.len() {
        let (prev_start, start) = (starts[l - 1], starts[l]);
        let end = starts.get(l + 1).copied().unwrap_or(n);
        // Openers of the previous line closed on a later line (once per closing line).
        seen.clear();
        let mut open_groups = 0i64;
        let mut heredocs = 0i64;
        for i in prev_start..start {
            if t.toks[i].kind == HEREDOC {
                heredocs += 1;
            }
            if opens(t.toks[i].kind).is_none() {
                continue;
            }
            // Unclosed, or closed on a later line not counted yet.
            if partner[i] == u32::MAX || partner[i] > phys[i] && seen.insert(partner[i]) {
                open_groups += 1;
            }
        }
        indent += open_groups;
        // The previous line's last token that is not a comment.
        let last = (prev_start..start)
            .rev()
            .find(|&i| t.toks[i].kind != COMMENT);
        let last_kind = last.map(|i| {
            if t.toks[i].comma_after {
                COMMA
            } else {
                t.toks[i].kind
            }
        });
        let blank = matches!(t.toks[start].gap, Gap::Lines(k) if k >= 2);
        let mut extra = if blank { 0 } else { heredocs };
        match last_kind {
            Some(COLON) if open_groups == 0 && colon_line.is_none() => {
                colon_line = last.map(|i| phys[i]);
                indent += 1;
            }
            Some(SEMIC) if colon_line.is_some() => {
                colon_line = None;
                indent -= 1;
            }
            Some(EQUALS | FARROW) if !blank => extra += 1,
            _ => {}
        }
        // A `;` alone on its line (comments aside) while a title's level is open.
        let mut code = (start..end).filter(|&i| t.toks[i].kind != COMMENT);
        if colon_line.is_some()
            && code.next().is_some_and(|i| t.toks[i].kind == SEMIC)
            && code.next().is_none()
        {
            extra -= 1;
        }
        // Closers of this line opened on an earlier line (once per opening line).
        seen.clear();
        for i in start..end {
            if closes(t.toks[i].kind).is_none() || partner[i] == u32::MAX {
                continue;
            }
            if partner[i] < phys[i] && seen.insert(partner[i]) {
                indent -= 1;
            }
            if t.toks[i].kind == RBRACE {
                if let Some(c) = colon_line {
                    if partner[i] < c {
                        indent -= 1;
                        colon_line = None;
                    }
                }
            }
        }
        if indent < 0 {
            // The check gives up here (and so does the formatter's model): the rest keeps
            // the level it has.
            indent = 0;
        }
        let column = (indent + extra).max(0) as u32 * 2;
        t.toks[start].indent = column;
        // A heredoc's end line where the check wants it, when its value stays the same (the
        // model has no place for the second of two heredocs on one line).
        if t.toks[start].kind == HEREDOC_BODY && heredocs == 1 {
            if let Some(shifted) = shift_heredoc(t.text(start), column) {
                t.toks[start].text = Some(shifted.into_boxed_str());
            }
        }
    }
}

fn newlines(text: &str) -> u32 {
    text.bytes().filter(|&b| b == b'\n').count() as u32
}

/// The line breaks printed in the gap before token `i`.
fn gap_newlines(t: &Tokens, i: usize) -> u32 {
    let tok = &t.toks[i];
    match tok.gap {
        Gap::Space(_) => 0,
        Gap::Lines(k) => k.saturating_sub(u32::from(t.out_text(i - 1).ends_with('\n'))),
        Gap::BodyBreak => 1,
        Gap::Verbatim | Gap::Trimmed => {
            newlines(&t.source[tok.gap_start as usize..tok.start as usize])
        }
    }
}

/// A heredoc's text (its lines and end line, as the `HEREDOC_BODY` token holds them) with its
/// margin moved to `column`, when that provably keeps its value: the end line has a `|` with
/// only spaces before it (the margin), and Puppet removes the margin from exactly the lines
/// that start with it, so those lines move with it while the others stay as they are — and
/// must not start with the new margin either. `None` when the text stays as it is.
pub(crate) fn shift_heredoc(text: &str, column: u32) -> Option<String> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let end_start = body.rfind('\n').map_or(0, |i| i + 1);
    let end_line = &text[end_start..];
    let margin_len = end_line.find(|c: char| c != ' ')?;
    if !end_line[margin_len..].starts_with('|') || margin_len as u32 == column {
        return None;
    }
    let old = &end_line[..margin_len];
    let new = " ".repeat(column as usize);
    let mut out = String::with_capacity(text.len() + 64);
    for line in text[..end_start].split_inclusive('\n') {
        match line.strip_prefix(old) {
            Some(rest) if !old.is_empty() || !rest.trim_end_matches(['\r', '\n']).is_empty() => {
                out.push_str(&new);
                out.push_str(rest);
            }
            _ => {
                if line.starts_with(new.as_str()) && !new.is_empty() {
                    return None;
                }
                out.push_str(line);
            }
        }
    }
    out.push_str(&new);
    out.push_str(&end_line[margin_len..]);
    Some(out)
}

/// What Puppet's margin rule leaves of a heredoc's text (the margin of its end line removed
/// from every line that starts with it): two texts with the same result have the same value.
pub(crate) fn without_margin(text: &str) -> std::borrow::Cow<'_, str> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let end_start = body.rfind('\n').map_or(0, |i| i + 1);
    let end_line = &text[end_start..];
    let Some(margin_len) = end_line.find(|c: char| c != ' ' && c != '\t') else {
        return text.into();
    };
    if margin_len == 0 || !end_line[margin_len..].starts_with('|') {
        return text.into();
    }
    let margin = &end_line[..margin_len];
    let mut out = String::with_capacity(text.len());
    for line in text[..end_start].split_inclusive('\n') {
        out.push_str(line.strip_prefix(margin).unwrap_or(line));
    }
    out.push_str(&end_line[margin_len..]);
    out.into()
}
