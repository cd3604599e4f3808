use std::collections::HashMap;

use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::TextRange;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_layout::{chars, partners, pl_resources, pl_tokens, Pl, PlTok};

/// `arrow_alignment`.
pub static CHECK: Check = Check {
    name: "arrow_alignment",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::Layout,
    summary: "The `=>` of a multi-line resource body or of a hash in it not aligned",
    why: "Aligned arrows make a resource's attributes read as a table. As in puppet-lint, the \
          arrows of each `{ }` level of a resource body whose arrows are on several lines \
          belong one space after the longest key; an entry that shares its line with another \
          of its level is reported too, and the fix gives it its own line. puppet-lint's fix \
          needs a second run when a nested hash starts on a line whose arrow moves; this fix \
          aligns every level in one pass (the nested hash's arrows too), as the formatter \
          aligns them.",
    fires: "file { '/x':\n  ensure => file,\n  mode => '0644',\n}\n",
    passes: "file { '/x':\n  ensure => file,\n  mode   => '0644',\n}\n",
    fixed: Some("file { '/x':\n  ensure => file,\n  mode   => '0644',\n}\n"),
    run: |cx, report| {
        let pl = pl_tokens(cx);
        let partner = partners(&pl);
        let toks: Vec<Tk> = pl.iter().map(Tk::of(cx.text)).collect();
        for res in pl_resources(cx, &pl, &partner) {
            let found = detect(&toks, res.colon, res.end);
            if found.is_empty() {
                continue;
            }
            let reported: Vec<usize> = found.iter().map(|f| f.arrow).collect();
            let mut fixes = fix_resource(cx.text, &pl, res.colon, res.end, &reported);
            for f in &found {
                let a = &pl[f.arrow];
                let message = format!(
                    "indentation of => is not properly aligned (expected in column {}, but found it in column {})",
                    f.expected, a.column
                );
                let range = TextRange::new(a.start.into(), a.end.into());
                let problem = report.at_position(range, a.line, a.column, message);
                if let Some(edit) = fixes.remove(&f.arrow) {
                    problem.fix(edit);
                }
            }
        }
    },
};

/// What the alignment rule needs of a token.
#[derive(Clone, Debug)]
struct Tk {
    kind: Pl,
    line: u32,
    column: u32,
    /// Its width in characters (puppet-lint's `to_manifest.length`).
    width: u32,
}

impl Tk {
    fn of(text: &str) -> impl Fn(&PlTok) -> Tk + '_ {
        move |t| Tk {
            kind: t.kind,
            line: t.line,
            column: t.column,
            width: chars(&text[t.start as usize..t.end as usize]),
        }
    }
}

/// One misaligned arrow.
#[derive(Clone, Debug)]
struct Found {
    /// Its index.
    arrow: usize,
    /// The column it belongs in.
    expected: u32,
    /// It shares its line with an earlier arrow of its level (the fix gives it a line).
    newline: bool,
    /// The indentation of that new line: the column of the level's first key, less one.
    newline_indent: u32,
}

/// Ruby's `array[i]` for a level that may have gone negative.
fn at(len: usize, i: i64) -> Option<usize> {
    let i = if i < 0 { len as i64 + i } else { i };
    (0..len as i64).contains(&i).then_some(i as usize)
}

/// puppet-lint's `arrow_alignment` on the body from `colon` to `end` (token indexes).
fn detect(toks: &[Tk], colon: usize, end: usize) -> Vec<Found> {
    let mut found = Vec::new();
    let body: Vec<usize> = (colon..=end.min(toks.len().saturating_sub(1)))
        .filter(|&i| !matches!(toks[i].kind, Pl::Comment | Pl::MlComment))
        .collect();
    let first = body.iter().find(|&&i| toks[i].kind == Pl::Farrow);
    let last = body.iter().rev().find(|&&i| toks[i].kind == Pl::Farrow);
    match (first, last) {
        (Some(&f), Some(&l)) if toks[f].line != toks[l].line => {}
        _ => return found,
    }
    let mut arrow_column: Vec<u32> = vec![0];
    let mut level: i64 = 0;
    let mut level_tokens: Vec<Vec<usize>> = vec![Vec::new()];
    let mut param_column: Vec<Option<u32>> = vec![None];
    let prev_code = |i: usize| (0..i).rev().find(|&j| !toks[j].kind.is_formatting());
    for &i in &body {
        match toks[i].kind {
            Pl::Farrow => {
                let Some(param) = prev_code(i) else { continue };
                let (param_length, param_start) = if toks[param].kind == Pl::Dqpost {
                    // The whole string, back to its start.
                    let mut length = 0;
                    let mut j = param;
                    while toks[j].kind != Pl::Dqpre && j > 0 {
                        length += toks[j].width;
                        j -= 1;
                    }
                    (length + toks[j].width, toks[j].column)
                } else {
                    (toks[param].width, toks[param].column)
                };
                let Some(l) = at(level_tokens.len(), level) else {
                    return found;
                };
                let (Some(pc), Some(ac)) =
                    (at(param_column.len(), level), at(arrow_column.len(), level))
                else {
                    return found;
                };
                let first_col = *param_column[pc].get_or_insert(param_start);
                // (Arrows come in order: an earlier one on this line is the last one.)
                let this = if level_tokens[l]
                    .last()
                    .is_some_and(|&t| toks[t].line == toks[i].line)
                {
                    first_col + param_length + 1
                } else {
                    toks[param].column + toks[param].width + 1
                };
                arrow_column[ac] = arrow_column[ac].max(this);
                level_tokens[l].push(i);
            }
            Pl::LBrace => {
                level += 1;
                arrow_column.push(0);
                if at(level_tokens.len(), level).is_none() {
                    level_tokens.resize(level.max(0) as usize + 1, Vec::new());
                }
                param_column.push(None);
            }
            Pl::RBrace | Pl::Semic => {
                let (Some(l), Some(pc), Some(ac)) = (
                    at(level_tokens.len(), level),
                    at(param_column.len(), level),
                    at(arrow_column.len(), level),
                ) else {
                    return found;
                };
                let arrows = &level_tokens[l];
                // (In order, so their lines never decrease.)
                let lines = arrows.first().zip(arrows.last());
                if lines.is_some_and(|(&f, &l)| toks[f].line != toks[l].line) {
                    for (n, &a) in arrows.iter().enumerate() {
                        if toks[a].column == arrow_column[ac] || arrows.len() == 1 {
                            continue;
                        }
                        let first_on_line = n == 0 || toks[arrows[n - 1]].line != toks[a].line;
                        found.push(Found {
                            arrow: a,
                            expected: arrow_column[ac],
                            newline: !first_on_line,
                            newline_indent: param_column[pc].unwrap_or(1).saturating_sub(1),
                        });
                    }
                }
                arrow_column[ac] = 0;
                level_tokens[l].clear();
                param_column[pc] = None;
                level -= 1;
            }
            _ => {}
        }
    }
    found
}

/// The token model the fix works on: the lines of one resource body, a whitespace piece before
/// every arrow and before every key (empty where the source has none), texts as they will be.
struct Model {
    kind: Vec<Pl>,
    text: Vec<String>,
    /// The source range of each piece (empty for a placeholder).
    range: Vec<(u32, u32)>,
    /// Whether a piece is a placeholder (no source token).
    inserted: Vec<bool>,
    /// For whitespace the fix may set: the arrow (token index) it belongs to.
    owner: Vec<Option<usize>>,
    /// The first line's number.
    first_line: u32,
}

impl Model {
    fn push(&mut self, kind: Pl, text: String, range: (u32, u32), inserted: bool) {
        self.kind.push(kind);
        self.text.push(text);
        self.range.push(range);
        self.inserted.push(inserted);
        self.owner.push(None);
    }

    /// Lines, columns and widths of the pieces as the texts now are.
    fn toks(&self) -> Vec<Tk> {
        let mut out = Vec::with_capacity(self.text.len());
        let (mut line, mut column) = (self.first_line, 1u32);
        for (k, text) in self.kind.iter().zip(&self.text) {
            out.push(Tk {
                kind: *k,
                line,
                column,
                width: chars(text),
            });
            match text.rfind('\n') {
                Some(nl) => {
                    line += text.bytes().filter(|&b| b == b'\n').count() as u32;
                    column = chars(&text[nl + 1..]) + 1;
                }
                None => column += chars(text),
            }
        }
        out
    }

    /// Whether only whitespace comes before piece `i` on its line.
    fn starts_line(&self, i: usize) -> bool {
        for j in (0..i).rev() {
            if self.text[j].contains('\n') {
                return self.kind[j] == Pl::Newline
                    || self.kind[j] == Pl::Whitespace
                    || self.text[j].ends_with('\n');
            }
            if !matches!(self.kind[j], Pl::Whitespace | Pl::Indent) {
                return false;
            }
        }
        true
    }
}

/// The first token of the key that ends at `key`: a string with interpolation from its start.
fn key_start(kind: &[Pl], key: usize) -> usize {
    if kind[key] == Pl::Dqpost {
        (0..key)
            .rev()
            .find(|&j| kind[j] == Pl::Dqpre)
            .unwrap_or(key)
    } else {
        key
    }
}

/// The edits that align every level of the body from `colon` to `end`, for the arrows reported
/// in the source (`reported`, token indexes): each edit goes with the reported arrow it is
/// for, or (an arrow that is only moved because an outer arrow on its line moved) with the
/// reported arrow before it.
fn fix_resource(
    text: &str,
    pl: &[PlTok],
    colon: usize,
    end: usize,
    reported: &[usize],
) -> HashMap<usize, TextEdit> {
    // The body's lines: from the first token of the title's line.
    let mut first = colon;
    while first > 0 && pl[first - 1].kind != Pl::Newline {
        first -= 1;
    }
    let kinds: Vec<Pl> = pl[..=end].iter().map(|t| t.kind).collect();
    // The start of each arrow's key (the arrow it is the key of).
    let mut key_of: HashMap<usize, usize> = HashMap::new();
    for i in colon + 1..=end {
        if pl[i].kind == Pl::Farrow {
            if let Some(k) = (colon..i).rev().find(|&j| !pl[j].kind.is_formatting()) {
                key_of.insert(key_start(&kinds, k), i);
            }
        }
    }
    let mut m = Model {
        kind: Vec::new(),
        text: Vec::new(),
        range: Vec::new(),
        inserted: Vec::new(),
        owner: Vec::new(),
        first_line: pl[first].line,
    };
    let mut index_of: HashMap<usize, usize> = HashMap::new();
    for i in first..=end {
        let t = &pl[i];
        let owner = if pl[i].kind == Pl::Farrow && i > colon {
            Some(i)
        } else {
            key_of.get(&i).copied()
        };
        if let Some(owner) = owner {
            if i > first && pl[i - 1].kind == Pl::Whitespace {
                let last = m.owner.len() - 1;
                m.owner[last] = Some(owner);
            } else {
                m.push(Pl::Whitespace, String::new(), (t.start, t.start), true);
                let last = m.owner.len() - 1;
                m.owner[last] = Some(owner);
            }
        }
        index_of.insert(i, m.kind.len());
        m.push(
            t.kind,
            text[t.start as usize..t.end as usize].to_string(),
            (t.start, t.end),
            false,
        );
    }
    let (body_colon, body_end) = (index_of[&colon], index_of[&end]);
    // Arrows the fix leaves where they are: those that start their line, those it would have
    // to move left past their key, and keys it cannot give a line of their own.
    let mut frozen: Vec<usize> = Vec::new();
    for _ in 0..8 {
        let toks = m.toks();
        let found: Vec<Found> = detect(&toks, body_colon, body_end)
            .into_iter()
            .filter(|f| !frozen.contains(&f.arrow))
            .collect();
        if found.is_empty() {
            break;
        }
        for f in found {
            let a = f.arrow;
            if m.kind[a - 1] != Pl::Whitespace || m.starts_line(a) {
                frozen.push(a);
                continue;
            }
            let Some(key) = (0..a).rev().find(|&j| !m.kind[j].is_formatting()) else {
                frozen.push(a);
                continue;
            };
            if f.newline {
                let start = key_start(&m.kind, key);
                if start == 0 || m.kind[start - 1] != Pl::Whitespace || m.starts_line(start) {
                    frozen.push(a);
                    continue;
                }
                // The key on a line of its own, at the level's first key's column.
                let after: u32 = (start..a - 1).map(|j| chars(&m.text[j])).sum();
                let column = f.newline_indent + after + 1;
                match f.expected.checked_sub(column) {
                    Some(w) if w >= 1 => {
                        m.text[start - 1] = format!("\n{}", " ".repeat(f.newline_indent as usize));
                        m.text[a - 1] = " ".repeat(w as usize);
                    }
                    _ => frozen.push(a),
                }
            } else {
                let width = i64::from(toks[a - 1].width) + i64::from(f.expected)
                    - i64::from(toks[a].column);
                if width < 1 {
                    frozen.push(a);
                    continue;
                }
                m.text[a - 1] = " ".repeat(width as usize);
            }
        }
    }
    let mut sorted = reported.to_vec();
    sorted.sort_unstable();
    let mut out: HashMap<usize, TextEdit> = HashMap::new();
    for i in 0..m.text.len() {
        let (start, end) = m.range[i];
        let Some(owner) = m.owner[i] else { continue };
        if m.text[i] == text[start as usize..end as usize] {
            continue;
        }
        let before = sorted.partition_point(|&r| r <= owner);
        let Some(&problem) = sorted.get(before.saturating_sub(1)) else {
            continue;
        };
        let indel = if m.inserted[i] {
            Indel::insert(start.into(), m.text[i].clone())
        } else {
            Indel::replace(TextRange::new(start.into(), end.into()), m.text[i].clone())
        };
        // (The pieces are disjoint, so this cannot conflict.)
        let _ = out.entry(problem).or_default().add(indel);
    }
    out
}
