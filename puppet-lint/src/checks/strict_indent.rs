use std::collections::HashSet;

use puppet_diagnostics::{Indel, TextEdit};
use puppet_syntax::{SyntaxKind, TextRange};

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_layout::{chars, pl_tokens_with, Pl, PlTok};
use crate::context::Context;
use crate::problem::ProblemKind;

/// `strict_indent`.
pub static CHECK: Check = Check {
    name: "strict_indent",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Plugin {
        gem: "puppet-lint-strict_indent-check",
        version: "5.0.0",
    },
    fix: FixKind::Layout,
    summary: "A line not indented two spaces for each bracket open around it",
    why: "Indentation that follows the brackets shows the structure at a glance; the rule is \
          the plugin's (a bracket not closed on its line, a resource title's `:` that ends a \
          line, and the one line after `=`, `=>` or a heredoc's header indent one level; \
          comment lines at column 1 and blank lines are not looked at). The fix indents as \
          the formatter does: a whitespace-only line loses its blanks, and a heredoc's end line \
          moves only when its value provably stays the same (the plugin's fix cuts characters \
          off the heredoc's lines). On purpose, brackets are Puppet's: puppet-lint's lexer \
          reads `$x[$y[0]]` as the variable `$x[$y[0]` and a `]` that closes the bracket opened \
          before it, which puts the rest of that list a level out.",
    fires: "class a {\n    file { '/x': ensure => file }\n}\n",
    passes: "class a {\n  file { '/x': ensure => file }\n}\n",
    fixed: Some("class a {\n  file { '/x': ensure => file }\n}\n"),
    run: |cx, report| {
        // The brackets as Puppet reads them (see `why`).
        let pl = pl_tokens_with(cx, false);
        let partner = matches(&pl);
        let headers = heredoc_headers(&pl);
        let mut indent: i64 = 0;
        let mut colon_indent: Option<u32> = None;
        // (A set: a line may open or close thousands of brackets.)
        let mut matched_lines: HashSet<u32> = HashSet::new();
        let n = pl.len();
        for nl in 0..n {
            if pl[nl].kind != Pl::Newline || nl + 1 == n {
                continue;
            }
            let mut temp_indent: i64 = 0;
            // Groups the previous line opens.
            let mut open_groups: i64 = 0;
            matched_lines.clear();
            let mut j = nl;
            while j > 0 && pl[j - 1].kind != Pl::Newline {
                j -= 1;
                let t = &pl[j];
                if t.kind == Pl::HeredocOpen {
                    temp_indent += 1;
                }
                if t.kind.is_opener() {
                    match partner[j] {
                        None => open_groups += 1,
                        Some(m) if pl[m].line > t.line && matched_lines.insert(pl[m].line) => {
                            open_groups += 1;
                        }
                        Some(_) => {}
                    }
                }
            }
            indent += open_groups;
            // The previous line's last token, blanks and `#` comments aside.
            let mut p = nl;
            while p > 0 && matches!(pl[p - 1].kind, Pl::Whitespace | Pl::Comment) {
                p -= 1;
            }
            let prev = p.checked_sub(1).map(|p| (pl[p].kind, pl[p].line));
            match prev {
                // A title's `:`, when no group opened (and no title's level is open).
                Some((Pl::Colon, line)) if open_groups == 0 && colon_indent.is_none() => {
                    colon_indent = Some(line);
                    indent += 1;
                }
                // The `;` that ends a title's body.
                Some((Pl::Semic, _)) if colon_indent.is_some() => {
                    colon_indent = None;
                    indent -= 1;
                }
                Some((Pl::Equals | Pl::Farrow, _)) => temp_indent += 1,
                _ => {}
            }
            // Groups this line closes.
            matched_lines.clear();
            let mut k = nl + 1;
            while k < n && pl[k].kind != Pl::Newline {
                let t = &pl[k];
                if t.kind.is_closer() {
                    if let Some(m) = partner[k] {
                        if pl[m].line < t.line && matched_lines.insert(pl[m].line) {
                            indent -= 1;
                        }
                        if t.kind == Pl::RBrace && colon_indent.is_some_and(|c| pl[m].line < c) {
                            indent -= 1;
                            colon_indent = None;
                        }
                    }
                } else if t.kind == Pl::Semic
                    && colon_indent.is_some()
                    && matches!(pl[k - 1].kind, Pl::Indent | Pl::Newline)
                    && pl.get(k + 1).is_none_or(|t| t.kind == Pl::Newline)
                {
                    // A `;` alone on its line.
                    temp_indent -= 1;
                }
                k += 1;
            }
            let first = &pl[nl + 1];
            let range = TextRange::new(first.start.into(), first.end.into());
            if indent < 0 {
                report
                    .at_position(
                        range,
                        first.line,
                        first.column,
                        "Error calculating indent. Please file an issue at https://github.com/relud/puppet-lint-indent-check/issues",
                    )
                    .kind = ProblemKind::Error;
                break;
            }
            let actual = match first.kind {
                Pl::Indent => chars(&cx.text[first.start as usize..first.end as usize]),
                Pl::Heredoc => heredoc_indent(cx, &pl, &headers, nl + 1),
                _ => 0,
            };
            let expected = (indent + temp_indent).max(0) as u32 * 2;
            let expected_raw = (indent + temp_indent) * 2;
            if i64::from(actual) == expected_raw || matches!(first.kind, Pl::Comment | Pl::Newline)
            {
                continue;
            }
            let message = format!("indent should be {expected_raw} chars and is {actual}");
            let problem = report.at_position(range, first.line, first.column, message);
            if let Some(edit) = fix(cx, &pl, nl + 1, expected) {
                problem.fix(edit);
            }
        }
    },
};

/// The plugin's bracket pairs: each kind of bracket matched on a stack of its own.
fn matches(pl: &[PlTok]) -> Vec<Option<usize>> {
    let mut partner = vec![None; pl.len()];
    let mut open: [Vec<usize>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    let slot = |k: Pl| match k {
        Pl::LBrace | Pl::RBrace => 0,
        Pl::LBrack | Pl::RBrack => 1,
        _ => 2,
    };
    for (i, t) in pl.iter().enumerate() {
        if t.kind.is_opener() {
            open[slot(t.kind)].push(i);
        } else if t.kind.is_closer() {
            if let Some(o) = open[slot(t.kind)].pop() {
                partner[i] = Some(o);
                partner[o] = Some(i);
            }
        }
    }
    partner
}

/// The name of a heredoc's end tag, from its header `@("NAME":syntax/escapes)`.
fn heredoc_name(header: &str) -> &str {
    let inner = header
        .strip_prefix("@(")
        .and_then(|h| h.strip_suffix(')'))
        .unwrap_or(header);
    let inner = inner.strip_prefix('"').unwrap_or(inner);
    let end = inner.find([':', '/', '"']).unwrap_or(inner.len());
    inner[..end].trim_end_matches([' ', '\t'])
}

/// Where puppet-lint's lexer ends a heredoc's text: the first offset of `body` from which
/// `\|?\s*-?\s*NAME$` matches (its scanner tries the end pattern at every character). That is
/// the start of the longest `\|?\s*-?\s*` before the first `NAME` that ends a line (a later
/// one cannot start before the name).
fn heredoc_value_end(body: &str, name: &str) -> usize {
    if name.is_empty() {
        return body.len();
    }
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c');
    let bytes = body.as_bytes();
    let mut from = 0;
    while let Some(found) = body[from..].find(name) {
        let q = from + found;
        let after = &body[q + name.len()..];
        if after.is_empty() || after.starts_with('\n') {
            let mut p = q;
            while p > 0 && is_space(bytes[p - 1]) {
                p -= 1;
            }
            if p > 0 && bytes[p - 1] == b'-' {
                p -= 1;
                while p > 0 && is_space(bytes[p - 1]) {
                    p -= 1;
                }
            }
            if p > 0 && bytes[p - 1] == b'|' {
                p -= 1;
            }
            return p;
        }
        from = q + name.chars().next().map_or(1, char::len_utf8);
    }
    body.len()
}

/// For each pl token that is a heredoc's text, the index of its header: the texts of a
/// line's headers follow that line in the headers' order (one pass, however many heredocs a
/// line opens).
fn heredoc_headers(pl: &[PlTok]) -> Vec<Option<usize>> {
    let mut headers = vec![None; pl.len()];
    let mut pending = std::collections::VecDeque::new();
    for (k, t) in pl.iter().enumerate() {
        match t.kind {
            Pl::HeredocOpen => pending.push_back(k),
            Pl::Heredoc => headers[k] = pending.pop_front(),
            _ => {}
        }
    }
    headers
}

/// The indentation the plugin reads off a line that starts with a heredoc's text (pl token
/// `i`): the blanks before the end line's `|`, from the value puppet-lint's lexer gives it.
fn heredoc_indent(cx: &Context, pl: &[PlTok], headers: &[Option<usize>], i: usize) -> u32 {
    let body = &cx.text[pl[i].start as usize..pl[i].end as usize];
    let header = headers[i].map_or("", |h| &cx.text[pl[h].start as usize..pl[h].end as usize]);
    let name = heredoc_name(header);
    let value = &body[..heredoc_value_end(body, name)];
    let interpolates = header.starts_with("@(\"");
    match last_interpolation_end(value).filter(|_| interpolates) {
        // With interpolation: the text after the last one (Ruby's `split("\n").last`).
        Some(from) => value[from..]
            .split('\n')
            .rev()
            .find(|l| !l.is_empty())
            .map_or(0, chars),
        None if value.ends_with('\n') => 0,
        None => value.rsplit('\n').next().map_or(0, chars),
    }
}

/// The offset after the last `${…}` or `$name` interpolation of a heredoc's text.
fn last_interpolation_end(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut last = None;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == b'$' && b.get(i + 1) == Some(&b'{') {
            let mut depth = 0;
            let mut j = i + 1;
            while j < b.len() {
                match b[j] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            i = (j + 1).min(b.len());
            last = Some(i);
            continue;
        }
        if b[i] == b'$' {
            let mut j = i + 1;
            if b[j..].starts_with(b"::") {
                j += 2;
            }
            let start = j;
            while j < b.len()
                && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b':' || b[j] == b'-')
            {
                j += 1;
            }
            // (Not `-` or `:` at the end.)
            while j > start && matches!(b[j - 1], b'-' | b':') {
                j -= 1;
            }
            if j > start {
                i = j;
                last = Some(i);
                continue;
            }
        }
        i += 1;
    }
    last
}

/// The edit that indents the line starting with pl token `i` by `column` spaces.
fn fix(cx: &Context, pl: &[PlTok], i: usize, column: u32) -> Option<TextEdit> {
    let t = &pl[i];
    let range = TextRange::new(t.start.into(), t.end.into());
    let spaces = " ".repeat(column as usize);
    match t.kind {
        Pl::Indent => {
            // A line of blanks only: no blanks.
            if pl.get(i + 1).is_none_or(|n| n.kind == Pl::Newline) {
                return Some(TextEdit::single(Indel::delete(range)));
            }
            Some(TextEdit::single(Indel::replace(range, spaces)))
        }
        Pl::Heredoc => {
            // The text with its end line's margin moved, when its value stays the same.
            let token = &cx.tokens[t.tok];
            if token.kind != SyntaxKind::HEREDOC_BODY {
                return None;
            }
            let shifted = shift_heredoc(cx.text_of(t.tok), column)?;
            Some(TextEdit::single(Indel::replace(token.range, shifted)))
        }
        _ => Some(TextEdit::single(Indel::insert(range.start(), spaces))),
    }
}

/// A heredoc's text (its lines and end line, as the `HEREDOC_BODY` token holds them) with its
/// margin moved to `column`, when that provably keeps its value: the end line has a `|` with
/// only spaces before it (the margin), and Puppet removes the margin from exactly the lines
/// that start with it, so those lines move with it while the others stay as they are — and
/// must not start with the new margin either. `None` when the text stays as it is. (The
/// formatter's rule, `puppet-fmt`'s `indent::shift_heredoc`.)
fn shift_heredoc(text: &str, column: u32) -> Option<String> {
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
