//! The CST flattened into the list the passes decide on: one [`Tok`] per token that is not
//! whitespace, with its original range, the whitespace before it, the kinds of its parent and
//! grandparent nodes, and the decisions the passes make about it.

use puppet_syntax::{SyntaxKind, SyntaxKind::*, TextRange};

use crate::breaks;

/// What goes in the gap before a token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Gap {
    /// On the same line as the previous token, this many spaces before it.
    Space(u32),
    /// The token starts a line: this many line breaks (0 after a heredoc's text, which ends
    /// with one; 2 leaves one blank line), then its indentation.
    Lines(u32),
    /// The original whitespace, unchanged (inside an interpolated string).
    Verbatim,
    /// The original whitespace without the blanks that end its lines (EPP code keeps its own
    /// line structure and indentation).
    Trimmed,
    /// Exactly one line break and nothing else: the gap before a heredoc's text.
    BodyBreak,
}

/// One token that is not whitespace.
#[derive(Clone, Debug)]
pub(crate) struct Tok {
    pub kind: SyntaxKind,
    /// Its range in the source.
    pub start: u32,
    pub end: u32,
    /// Where the whitespace before it starts (`start` when there is none).
    pub gap_start: u32,
    /// The node holding it (an index of [`Tokens::nodes`]).
    pub node: u32,
    /// Kinds of the node holding it and of that node's parent (`SOURCE_FILE` at the top).
    pub parent: SyntaxKind,
    pub grandparent: SyntaxKind,
    /// Inside an interpolated string (`"…${…}…"`): nothing here changes.
    pub in_string: bool,
    /// The first token of its parent node.
    pub first_in_parent: bool,
    /// Line breaks in the whitespace before it (one more after a heredoc's text).
    pub breaks_before: u32,
    /// The source line it starts on (0-based).
    pub line: u32,
    /// Decisions: the gap before it, a comma added after it, a new text, its indentation
    /// (columns, when it starts a line).
    pub gap: Gap,
    pub comma_after: bool,
    pub text: Option<Box<str>>,
    /// The new text holds `\n`s that take the line's indentation (a `/* */` comment turned
    /// into `#` lines).
    pub text_indented: bool,
    pub indent: u32,
}

impl Tok {
    pub fn starts_line(&self) -> bool {
        matches!(self.gap, Gap::Lines(_))
    }
}

/// No token or node.
pub(crate) const NONE: u32 = u32::MAX;

/// One node of the CST, in preorder: its children are the nodes from its index + 1, each
/// followed by the next at its `end`, until its own `end`.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub kind: SyntaxKind,
    /// Index of its parent ([`NONE`] for the root).
    pub parent: u32,
    /// Index after its last descendant.
    pub end: u32,
    /// Its tokens: `first..last` (none for a node of whitespace only).
    pub first: u32,
    pub last: u32,
    /// Its byte offset.
    pub start: u32,
    /// Its own first opening bracket and last closing bracket (not its children's), or NONE.
    pub open: u32,
    pub close: u32,
}

/// The tokens of one source, its nodes, and what is known about the whole of it.
pub(crate) struct Tokens<'s> {
    pub source: &'s str,
    pub toks: Vec<Tok>,
    pub nodes: Vec<Node>,
    pub epp: bool,
    /// Structural line breaks are `\r\n` (most of the source's are).
    pub crlf: bool,
    /// Whitespace after the last token (the file's end).
    pub tail_start: u32,
}

impl<'s> Tokens<'s> {
    /// Walks the green tree (no cursor nodes are made: a walk that allocates nothing but the
    /// two tables) with a stack of its own, however deep the tree is.
    pub fn collect(source: &'s str, green: &rowan::GreenNodeData, epp: bool) -> Tokens<'s> {
        let mut toks: Vec<Tok> = Vec::with_capacity(source.len() / 5 + 1);
        let mut nodes: Vec<Node> = Vec::with_capacity(source.len() / 8 + 1);
        let mut strings = 0u32;
        let mut first = true;
        let mut line = 0u32;
        let mut gap_start: Option<u32> = None;
        let (mut lf, mut crlf) = (0usize, 0usize);
        let mut offset = 0u32;
        let kind_of = |raw: rowan::SyntaxKind| SyntaxKind::from_u16(raw.0).unwrap_or(ERROR);
        nodes.push(Node {
            kind: kind_of(green.kind()),
            parent: NONE,
            end: 0,
            first: 0,
            last: 0,
            start: 0,
            open: NONE,
            close: NONE,
        });
        let mut stack: Vec<(rowan::Children<'_>, u32)> = vec![(green.children(), 0)];
        while let Some(top) = stack.last_mut() {
            let node = top.1;
            match top.0.next() {
                Some(rowan::NodeOrToken::Node(child)) => {
                    let kind = kind_of(child.kind());
                    if kind == DQ_STRING {
                        strings += 1;
                    }
                    first = true;
                    let index = nodes.len() as u32;
                    nodes.push(Node {
                        kind,
                        parent: node,
                        end: 0,
                        first: toks.len() as u32,
                        last: 0,
                        start: offset,
                        open: NONE,
                        close: NONE,
                    });
                    stack.push((child.children(), index));
                }
                Some(rowan::NodeOrToken::Token(token)) => {
                    let kind = kind_of(token.kind());
                    let text = token.text();
                    let (start, end) = (offset, offset + text.len() as u32);
                    offset = end;
                    if kind == WHITESPACE {
                        let bytes = text.as_bytes();
                        for (i, &b) in bytes.iter().enumerate() {
                            if b == b'\n' {
                                if i > 0 && bytes[i - 1] == b'\r' {
                                    crlf += 1;
                                } else {
                                    lf += 1;
                                }
                            }
                        }
                        gap_start.get_or_insert(start);
                        continue;
                    }
                    let gs = gap_start.take().unwrap_or(start);
                    let gap_breaks =
                        memchr_count(b'\n', &source.as_bytes()[gs as usize..start as usize]);
                    let mut breaks = gap_breaks;
                    if let Some(prev) = toks.last() {
                        let prev_text = &source.as_bytes()[prev.start as usize..prev.end as usize];
                        line += memchr_count(b'\n', prev_text);
                        if prev_text.last() == Some(&b'\n') {
                            breaks += 1;
                        }
                    }
                    line += gap_breaks;
                    let index = toks.len() as u32;
                    let holder = &mut nodes[node as usize];
                    if holder.open == NONE && breaks::is_opener(kind) {
                        holder.open = index;
                    } else if breaks::is_closer(kind) {
                        holder.close = index;
                    }
                    let parent = holder.kind;
                    let grandparent = match holder.parent {
                        NONE => SOURCE_FILE,
                        p => nodes[p as usize].kind,
                    };
                    toks.push(Tok {
                        kind,
                        start,
                        end,
                        gap_start: gs,
                        node,
                        parent,
                        grandparent,
                        in_string: strings > 0 && kind != DQPRE,
                        first_in_parent: std::mem::take(&mut first),
                        breaks_before: breaks,
                        line,
                        gap: Gap::Space(0),
                        comma_after: false,
                        text: None,
                        text_indented: false,
                        indent: 0,
                    });
                }
                None => {
                    stack.pop();
                    let count = nodes.len() as u32;
                    let done = &mut nodes[node as usize];
                    if done.kind == DQ_STRING {
                        strings -= 1;
                    }
                    done.last = toks.len() as u32;
                    done.end = count;
                }
            }
        }
        let tail_start = gap_start.unwrap_or(source.len() as u32);
        Tokens {
            source,
            toks,
            nodes,
            epp,
            crlf: crlf > lf,
            tail_start,
        }
    }

    /// The children of node `n`.
    pub fn children(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.nodes[n].end as usize;
        let mut c = n + 1;
        std::iter::from_fn(move || {
            (c < end).then(|| {
                let this = c;
                c = self.nodes[c].end as usize;
                this
            })
        })
    }

    /// The children of node `n` of kind `kind`.
    pub fn children_of(&self, n: usize, kind: SyntaxKind) -> impl Iterator<Item = usize> + '_ {
        self.children(n)
            .filter(move |&c| self.nodes[c].kind == kind)
    }

    /// The first token of node `n` itself (not of a child) that `wanted` accepts: the tokens
    /// are scanned from the node's start, so ask only for what comes early (an entry's arrow,
    /// a parameter's name).
    pub fn find_own(&self, n: usize, wanted: impl Fn(SyntaxKind) -> bool) -> Option<usize> {
        let node = &self.nodes[n];
        (node.first as usize..node.last as usize)
            .find(|&i| self.toks[i].node as usize == n && wanted(self.toks[i].kind))
    }

    /// Whether node `n` is inside an access (type parameters: `Struct[{…}]`).
    pub fn in_access(&self, n: usize) -> bool {
        let mut p = self.nodes[n].parent;
        while p != NONE {
            if self.nodes[p as usize].kind == ACCESS_EXPR {
                return true;
            }
            p = self.nodes[p as usize].parent;
        }
        false
    }

    /// The original text of token `i`.
    pub fn text(&self, i: usize) -> &'s str {
        let t = &self.toks[i];
        &self.source[t.start as usize..t.end as usize]
    }

    /// The text token `i` is printed with.
    pub fn out_text(&self, i: usize) -> &str {
        match &self.toks[i].text {
            Some(text) => text,
            None => self.text(i),
        }
    }

    /// First and last token of node `n` (none for a node of whitespace only).
    pub fn span(&self, n: usize) -> Option<(usize, usize)> {
        let node = &self.nodes[n];
        (node.first < node.last).then(|| (node.first as usize, node.last as usize - 1))
    }

    /// Whether the original source has a line break between tokens `i` and `j` (`i < j`).
    pub fn breaks_between(&self, i: usize, j: usize) -> bool {
        self.toks[j].line > self.toks[i].line
    }
}

/// The range from the whitespace before the first statement `range` touches to the end of
/// the last, in the innermost block (or the file) that holds all of `range`.
pub(crate) fn statement_cover(t: &Tokens, range: TextRange) -> TextRange {
    let (from, to) = (u32::from(range.start()), u32::from(range.end()));
    let end_of = |n: usize| {
        t.span(n)
            .map_or(t.nodes[n].start, |(_, last)| t.toks[last].end)
    };
    // The innermost block holding the range: nodes are in preorder, so the last one found.
    let mut holder = 0;
    for n in 0..t.nodes.len() {
        if t.nodes[n].kind == BLOCK && t.nodes[n].start <= from && to <= end_of(n) {
            holder = n;
        }
    }
    let mut cover: Option<(u32, u32)> = None;
    for c in t.children(holder) {
        let Some((first, _)) = t.span(c) else {
            continue;
        };
        let (start, end) = (t.nodes[c].start, end_of(c));
        if end < from || start > to {
            continue;
        }
        // The statement's first line: its indentation is in the whitespace before it.
        let start = t.toks[first].gap_start;
        cover = Some(cover.map_or((start, end), |(s, e)| (s.min(start), e.max(end))));
    }
    match cover {
        Some((start, end)) => TextRange::new(start.into(), end.into()),
        None => TextRange::empty(range.start()),
    }
}

fn memchr_count(needle: u8, haystack: &[u8]) -> u32 {
    haystack.iter().filter(|&&b| b == needle).count() as u32
}

/// The texts the formatter rewrites: comments lose their trailing blanks, a `/* */` comment
/// alone on its lines becomes `#` lines, and a double-quoted string with nothing a double
/// quote does (no `$`-interpolation, no escape) is single-quoted.
pub(crate) fn rewrite_texts(t: &mut Tokens) {
    let n = t.toks.len();
    for i in 0..n {
        let text = t.text(i);
        let new: Option<String> = match t.toks[i].kind {
            COMMENT => {
                let trimmed = text.trim_end_matches([' ', '\t', '\r']);
                (trimmed.len() != text.len()).then(|| trimmed.to_string())
            }
            ML_COMMENT if !t.epp => {
                let alone_before = i == 0 || t.toks[i].breaks_before > 0;
                let alone_after = i + 1 == n || t.toks[i + 1].breaks_before > 0;
                if alone_before && alone_after && t.toks[i].gap_start <= t.toks[i].start {
                    t.toks[i].text_indented = true;
                    Some(comment_lines(text).join("\n"))
                } else {
                    None
                }
            }
            STRING if !t.toks[i].in_string => single_quoted(text).filter(|s| s != text),
            _ => None,
        };
        if let Some(new) = new {
            t.toks[i].text = Some(new.into_boxed_str());
        }
    }
}

/// A `"…"` string's text in single quotes, when both mean the same bytes: no backslash (an
/// escape in double quotes, maybe not in single) and no `'`. Single-quoted text as it is.
pub(crate) fn single_quoted(text: &str) -> Option<String> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    if inner.contains(['\\', '\'']) {
        return None;
    }
    Some(format!("'{inner}'"))
}

/// The `#` lines a `/* … */` comment becomes: each of its lines without the blanks and the
/// `*` that start it, blank lines at its start and end dropped.
pub(crate) fn comment_lines(text: &str) -> Vec<String> {
    let inner = text.strip_prefix("/*").unwrap_or(text);
    let inner = inner.strip_suffix("*/").unwrap_or(inner);
    let mut lines: Vec<String> = inner
        .split('\n')
        .map(|line| {
            let line = line
                .trim_end_matches([' ', '\t', '\r'])
                .trim_start_matches([' ', '\t']);
            let line = match line.strip_prefix('*') {
                Some(rest) => rest.strip_prefix(' ').unwrap_or(rest),
                None => line,
            };
            if line.is_empty() {
                "#".to_string()
            } else {
                format!("# {line}")
            }
        })
        .collect();
    while lines.len() > 1 && lines.last().is_some_and(|l| l == "#") {
        lines.pop();
    }
    while lines.len() > 1 && lines.first().is_some_and(|l| l == "#") {
        lines.remove(0);
    }
    lines
}
