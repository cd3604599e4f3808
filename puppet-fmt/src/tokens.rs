//! The CST flattened into the list the passes decide on: one [`Tok`] per token that is not
//! whitespace, with its original range, the whitespace before it, the kinds of its parent and
//! grandparent nodes, and the decisions the passes make about it.

use puppet_syntax::syntax::SyntaxElement;
use puppet_syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode, TextRange};
use rowan::WalkEvent;

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
    /// Kinds of the node holding it and of that node's parent (`SOURCE_FILE` at the top).
    pub parent: SyntaxKind,
    pub grandparent: SyntaxKind,
    /// Inside an interpolated string (`"…${…}…"`): nothing here changes.
    pub in_string: bool,
    /// The first token of its parent node.
    pub first_in_parent: bool,
    /// Line breaks in the whitespace before it (one more after a heredoc's text).
    pub breaks_before: u32,
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

/// The tokens of one source and what is known about the whole of it.
pub(crate) struct Tokens<'s> {
    pub source: &'s str,
    pub toks: Vec<Tok>,
    pub epp: bool,
    /// Structural line breaks are `\r\n` (most of the source's are).
    pub crlf: bool,
    /// Whitespace after the last token (the file's end).
    pub tail_start: u32,
}

impl<'s> Tokens<'s> {
    pub fn collect(source: &'s str, root: &SyntaxNode, epp: bool) -> Tokens<'s> {
        let mut toks: Vec<Tok> = Vec::with_capacity(source.len() / 4);
        let mut stack: Vec<SyntaxKind> = Vec::with_capacity(64);
        let mut strings = 0u32;
        let mut first = false;
        let mut gap_start: Option<u32> = None;
        let (mut lf, mut crlf) = (0usize, 0usize);
        for event in root.preorder_with_tokens() {
            match event {
                WalkEvent::Enter(SyntaxElement::Node(node)) => {
                    if node.kind() == DQ_STRING {
                        strings += 1;
                    }
                    stack.push(node.kind());
                    first = true;
                }
                WalkEvent::Leave(SyntaxElement::Node(node)) => {
                    if node.kind() == DQ_STRING {
                        strings -= 1;
                    }
                    stack.pop();
                }
                WalkEvent::Enter(SyntaxElement::Token(token)) => {
                    let range = token.text_range();
                    let (start, end) = (u32::from(range.start()), u32::from(range.end()));
                    if token.kind() == WHITESPACE {
                        let text = token.text();
                        for (i, b) in text.bytes().enumerate() {
                            if b == b'\n' {
                                if i > 0 && text.as_bytes()[i - 1] == b'\r' {
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
                    let mut breaks =
                        memchr_count(b'\n', &source.as_bytes()[gs as usize..start as usize]);
                    if let Some(prev) = toks.last() {
                        if source[..prev.end as usize].ends_with('\n') {
                            breaks += 1;
                        }
                    }
                    let n = stack.len();
                    toks.push(Tok {
                        kind: token.kind(),
                        start,
                        end,
                        gap_start: gs,
                        parent: stack.last().copied().unwrap_or(SOURCE_FILE),
                        grandparent: if n >= 2 { stack[n - 2] } else { SOURCE_FILE },
                        in_string: strings > 0 && token.kind() != DQPRE,
                        first_in_parent: std::mem::take(&mut first),
                        breaks_before: breaks,
                        gap: Gap::Space(0),
                        comma_after: false,
                        text: None,
                        text_indented: false,
                        indent: 0,
                    });
                }
                WalkEvent::Leave(SyntaxElement::Token(_)) => {}
            }
        }
        let tail_start = gap_start.unwrap_or(source.len() as u32);
        Tokens {
            source,
            toks,
            epp,
            crlf: crlf > lf,
            tail_start,
        }
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

    /// The index of the token that starts at `offset` (the first one that is not empty).
    pub fn at(&self, offset: u32) -> Option<usize> {
        let mut i = self.toks.partition_point(|t| t.start < offset);
        while i < self.toks.len() && self.toks[i].start == offset {
            if self.toks[i].end > offset
                || i + 1 == self.toks.len()
                || self.toks[i + 1].start != offset
            {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// First and last token of `node` (none for a node of whitespace only).
    pub fn span(&self, node: &SyntaxNode) -> Option<(usize, usize)> {
        let mut first = None;
        let mut last = None;
        for element in node.children_with_tokens() {
            let range = element.text_range();
            if element.kind() == WHITESPACE {
                continue;
            }
            if first.is_none() {
                first = Some(range);
            }
            last = Some(range);
        }
        let (first, last) = (first?, last?);
        // A child node may start or end with whitespace of its own: find its tokens.
        let i = self
            .toks
            .partition_point(|t| t.start < u32::from(first.start()));
        let j = self
            .toks
            .partition_point(|t| t.end <= u32::from(last.end()));
        (i < j).then(|| (i, j - 1))
    }

    /// Whether the original source has a line break between tokens `i` and `j` (`i < j`).
    pub fn breaks_between(&self, i: usize, j: usize) -> bool {
        (i + 1..=j).any(|k| self.toks[k].breaks_before > 0 || self.text(k - 1).contains('\n'))
    }
}

/// The range from the whitespace before the first statement `range` touches to the end of
/// the last, in the innermost block (or the file) that holds all of `range`.
pub(crate) fn statement_cover(tokens: &Tokens, root: &SyntaxNode, range: TextRange) -> TextRange {
    let mut holder = match root.covering_element(range) {
        SyntaxElement::Node(node) => node,
        SyntaxElement::Token(token) => token.parent().unwrap_or_else(|| root.clone()),
    };
    while !matches!(holder.kind(), BLOCK | SOURCE_FILE) {
        match holder.parent() {
            Some(parent) => holder = parent,
            None => break,
        }
    }
    let mut cover: Option<TextRange> = None;
    for child in holder.children() {
        let r = child.text_range();
        if r.end() < range.start() || r.start() > range.end() {
            continue;
        }
        cover = Some(cover.map_or(r, |c| c.cover(r)));
    }
    let Some(cover) = cover else {
        return TextRange::empty(range.start());
    };
    // The statement's first line: its indentation is in the whitespace before it.
    let start = tokens
        .at(u32::from(cover.start()))
        .map_or(cover.start(), |i| tokens.toks[i].gap_start.into());
    TextRange::new(start, cover.end())
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
