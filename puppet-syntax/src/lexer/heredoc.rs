//! Heredocs (Ruby's `HeredocSupport` and `Locator::SubLocator`).
//!
//! The lexer emits the `@(…)` header as a `HEREDOC` token and the text plus end-tag line as
//! a `HEREDOC_BODY` trivia token after the header's line (see the `lexer` module docs). The
//! public functions here are what a model builder needs to turn those two tokens into what
//! Ruby produces: [`parse_header`] reads the header, [`process_body`] finds the end line,
//! removes the margin and the final line break and returns the text Ruby lexes together
//! with the offset mapping ([`HeredocText::to_global`]), and [`lex_heredoc_text`] lexes that
//! text as Ruby's heredoc sub-lexer does (an unquoted string).
//!
//! Ruby's end-line regexp is not anchored at the start of the line: any line that *ends*
//! with the tag (after optional blanks, `|`, `-`) ends the heredoc, e.g. `this is the END`.

use super::chars::{blank_len, find_byte, unicode_blank_len};
use super::escapes::{process_escapes, EscapeSet};
use super::strings::segment_opens_expression;
use super::{Flavour, HeredocSpan, Lexed, LexedHeredocText, Lexer, MAX_HEREDOC_DEPTH};
use crate::diagnostics::{Diagnostic, IssueCode};
use crate::syntax_kind::SyntaxKind::{self, *};

/// A parsed `@(tag[:syntax][/escapes])` header.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HeredocHeader {
    /// The end tag (stripped, quotes removed).
    pub tag: String,
    /// `@("tag")`: the text is interpolated like a double-quoted string.
    pub interpolate: bool,
    /// The syntax after `:` (`""` when absent); the `HEREDOC` token's value in Ruby.
    pub syntax: String,
    /// The escapes processed in the text: empty without a `/` flag, else `\\` plus the
    /// flags (`/` alone = all of `t r n s u L $`).
    pub escapes: EscapeSet,
}

/// A header Ruby rejects. `header` holds what could still be read (the tag is known for
/// escape errors), so that lexing can continue.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HeaderError {
    /// Puppet's issue.
    pub code: IssueCode,
    /// Puppet's message.
    pub message: String,
    /// The named arguments of the message.
    pub args: Vec<(&'static str, String)>,
    /// What could still be read of the header.
    pub header: Option<HeredocHeader>,
}

/// Parse the text of a `HEREDOC` token (`@(` … first `)`) with Ruby's `PATTERN_HEREDOC`
/// (which, unanchored, may also match a later `@(` inside the text).
pub fn parse_header(header_text: &str) -> Result<HeredocHeader, HeaderError> {
    let b = header_text.as_bytes();
    let mut groups = None;
    let mut a = 0;
    while let Some(k) = b
        .get(a..)
        .and_then(|r| r.windows(2).position(|w| w == b"@("))
    {
        match match_header(b, a + k) {
            Ok(g) => {
                groups = Some(g);
                break;
            }
            // Every `@(` inside the same tag run fails the same way.
            Err(resume) => a = resume,
        }
    }
    let Some((tag, syntax, escapes)) = groups else {
        return Err(HeaderError {
            code: IssueCode::HEREDOC_INVALID_SYNTAX,
            message: "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])".to_string(),
            args: Vec::new(),
            header: None,
        });
    };
    let mut tag = ruby_strip(&header_text[tag.0..tag.1]);
    let mut interpolate = false;
    if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
        interpolate = true;
        tag = ruby_strip(&tag[1..tag.len() - 1]);
    }
    if tag.is_empty() {
        return Err(HeaderError {
            code: IssueCode::HEREDOC_EMPTY_ENDTAG,
            message: "Heredoc with an empty endtag".to_string(),
            args: Vec::new(),
            header: None,
        });
    }
    let mut header = HeredocHeader {
        tag: tag.to_string(),
        interpolate,
        syntax: syntax.map_or(String::new(), |(s, e)| header_text[s..e].to_string()),
        escapes: EscapeSet::NONE,
    };
    let Some((s, e)) = escapes else {
        return Ok(header);
    };
    let flags = if s == e {
        "trnsuL$"
    } else {
        &header_text[s..e]
    };
    let mut set = EscapeSet::BACKSLASH;
    let mut error = None;
    for (i, c) in flags.char_indices() {
        if flags[..i].contains(c) && error.is_none() {
            let list = flags
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(", ");
            error = Some(HeaderError {
                code: IssueCode::HEREDOC_MULTIPLE_AT_ESCAPES,
                message: format!("An escape char for @() may only appear once. Got '{list}'"),
                args: vec![("escapes", list)],
                header: None,
            });
        }
        let member = match c {
            't' => EscapeSet::T,
            'r' => EscapeSet::R,
            'n' => EscapeSet::N,
            's' => EscapeSet::S,
            'u' => EscapeSet::U,
            '$' => EscapeSet::DOLLAR,
            'L' => EscapeSet::LINE,
            other => {
                if error.is_none() {
                    error = Some(HeaderError {
                        code: IssueCode::HEREDOC_INVALID_ESCAPE,
                        message: format!(
                            "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{other}'"
                        ),
                        args: vec![("actual", other.to_string())],
                        header: None,
                    });
                }
                EscapeSet::NONE
            }
        };
        set = set.union(member);
    }
    header.escapes = set;
    match error {
        Some(mut e) => {
            e.header = Some(header);
            Err(e)
        }
        None => Ok(header),
    }
}

/// Byte ranges of the tag, syntax and escape groups of `PATTERN_HEREDOC` matched at `a`.
type HeaderGroups = (
    (usize, usize),
    Option<(usize, usize)>,
    Option<(usize, usize)>,
);

/// `Err(resume)`: no match; no `@(` before `resume` can match either.
fn match_header(b: &[u8], a: usize) -> Result<HeaderGroups, usize> {
    let skip_blanks = |mut i: usize| {
        while i < b.len() && blank_len(b, i) > 0 {
            i += blank_len(b, i);
        }
        i
    };
    let tag_start = a + 2;
    let mut i = tag_start;
    while i < b.len() && !matches!(b[i], b':' | b'/' | b'\r' | b'\n' | b')') {
        i += 1;
    }
    if i == tag_start {
        return Err(a + 2);
    }
    let tag = (tag_start, i);
    let resume = i;
    let mut syntax = None;
    if b.get(i) == Some(&b':') {
        let s = skip_blanks(i + 1);
        if !b.get(s).is_some_and(u8::is_ascii_lowercase) {
            return Err(resume);
        }
        let mut e = s + 1;
        while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_' || b[e] == b'+') {
            e += 1;
        }
        if e == s + 1 {
            return Err(resume);
        }
        syntax = Some((s, e));
        i = skip_blanks(e);
    }
    let mut escapes = None;
    if b.get(i) == Some(&b'/') {
        let s = i + 1;
        let mut e = s;
        while e < b.len() && (super::chars::is_word(b[e]) || b[e] == b'$') {
            e += 1;
        }
        escapes = Some((s, e));
        i = skip_blanks(e);
    }
    if b.get(i) == Some(&b')') {
        Ok((tag, syntax, escapes))
    } else {
        Err(resume)
    }
}

/// Ruby's `String#strip`: NUL, tab, LF, VT, FF, CR and space at both ends.
fn ruby_strip(s: &str) -> &str {
    s.trim_matches(|c| matches!(c, '\0' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | ' '))
}

/// The end-tag line found in a heredoc body.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct EndLine {
    /// Start of the end-tag line (= end of the text lines).
    pub(super) line_start: usize,
    /// End of the end-tag line, its newline included.
    pub(super) line_end: usize,
    /// The blanks before `|` (the margin), as a byte range.
    pub(super) leading: (usize, usize),
    /// `|`: remove the margin.
    pub(super) margin: bool,
    /// `-`: remove the final line break of the text.
    pub(super) trim: bool,
}

/// The first line at or after `from` that matches Ruby's end-line pattern
/// `([[:blank:]]*)(?:([|])[[:blank:]]*)?(?:(\-)[[:blank:]]*)?TAG[[:blank:]]*\r?(?:\n|\z)`.
pub(super) fn find_end_line(b: &[u8], from: usize, tag: &[u8]) -> Option<EndLine> {
    let mut start = from;
    while start < b.len() {
        let end = find_byte(b, start, b'\n').map_or(b.len(), |n| n + 1);
        if let Some(m) = match_end_line(&b[start..end], tag) {
            return Some(EndLine {
                line_start: start,
                line_end: end,
                leading: (start + m.0, start + m.1),
                margin: m.2,
                trim: m.3,
            });
        }
        start = end;
    }
    None
}

/// Match the end-line pattern in one line (its newline included). The match must end at
/// the end of the line, so it is found backwards from there; returns the leading blanks
/// range, margin and trim flags of the leftmost match.
fn match_end_line(line: &[u8], tag: &[u8]) -> Option<(usize, usize, bool, bool)> {
    let mut e = line.len();
    if e > 0 && line[e - 1] == b'\n' {
        e -= 1;
    }
    if e > 0 && line[e - 1] == b'\r' {
        e -= 1;
    }
    let mut best: Option<(usize, usize, bool, bool)> = None;
    let mut tag_end = e;
    loop {
        if tag_end >= tag.len() && &line[tag_end - tag.len()..tag_end] == tag {
            let m = end_line_prefix(line, tag_end - tag.len());
            if best.is_none_or(|b| m.0 < b.0) {
                best = Some(m);
            }
        }
        match blank_len_ending_at(line, tag_end) {
            0 => break,
            n => tag_end -= n,
        }
    }
    best
}

/// Leading blanks, `|` and `-` before a tag starting at `ts`, taken as far left as
/// possible (the leftmost match start).
fn end_line_prefix(line: &[u8], ts: usize) -> (usize, usize, bool, bool) {
    let j = skip_blanks_back(line, ts);
    let (trim, k) = if j > 0 && line[j - 1] == b'-' {
        (true, skip_blanks_back(line, j - 1))
    } else {
        (false, j)
    };
    if k > 0 && line[k - 1] == b'|' {
        (skip_blanks_back(line, k - 1), k - 1, true, trim)
    } else {
        (k, if trim { j - 1 } else { ts }, false, trim)
    }
}

fn skip_blanks_back(b: &[u8], mut i: usize) -> usize {
    loop {
        match blank_len_ending_at(b, i) {
            0 => return i,
            n => i -= n,
        }
    }
}

/// Length of the `[[:blank:]]` character that ends right before `i` (0 if none).
fn blank_len_ending_at(b: &[u8], i: usize) -> usize {
    if i == 0 {
        return 0;
    }
    if matches!(b[i - 1], b' ' | b'\t') {
        return 1;
    }
    for n in [2, 3] {
        if i >= n && unicode_blank_len(b, i - n) == n {
            return n;
        }
    }
    0
}

/// The text Ruby lexes for a heredoc, and the mapping of its offsets to the source.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HeredocText {
    /// The text lines with the margin removed and, with `-`, the final line break removed.
    /// Escapes are NOT applied (Ruby applies them per string segment while lexing; see
    /// [`HeredocText::string_value`] for a non-interpolated heredoc's value).
    pub text: String,
    /// The header's `interpolate` (`@("tag")`).
    pub interpolate: bool,
    /// The header's escapes.
    pub escapes: EscapeSet,
    /// Source offset of the first text line (Ruby's `leading_offset`).
    pub leading_offset: u32,
    /// Byte length of the raw text lines in the source (the end-tag line excluded).
    pub raw_len: u32,
    /// The end line has a `|` (even with an empty margin): Ruby's `has_margin`.
    pub has_margin: bool,
    /// Margin removed from each text line, in *characters* as Ruby counts it.
    pub margin_per_line: Vec<u32>,
    accumulated_margin: Vec<u32>,
    line_starts: Vec<u32>,
}

/// Process a heredoc body (the `HEREDOC_BODY` token's text: text lines and end-tag line)
/// found at source offset `body_offset`. Without an end-tag line the whole body is text.
pub fn process_body(header: &HeredocHeader, body_text: &str, body_offset: u32) -> HeredocText {
    let b = body_text.as_bytes();
    let end = find_end_line(b, 0, header.tag.as_bytes());
    let (text_end, leading, has_margin, trim) = match end {
        Some(e) => (
            e.line_start,
            &body_text[e.leading.0..e.leading.1],
            e.margin,
            e.trim,
        ),
        None => (b.len(), "", false, false),
    };
    let raw = &body_text[..text_end];
    let mut text = String::with_capacity(raw.len());
    let mut margin_per_line = Vec::new();
    for line in raw.split_inclusive('\n') {
        if has_margin && !leading.is_empty() && line.starts_with(leading) {
            text.push_str(&line[leading.len()..]);
            margin_per_line.push(leading.chars().count() as u32);
        } else {
            text.push_str(line);
            margin_per_line.push(0);
        }
    }
    if trim && text.ends_with('\n') {
        text.pop();
        if text.ends_with('\r') {
            text.pop();
        }
    }
    let mut accumulated_margin = Vec::with_capacity(margin_per_line.len() + 2);
    accumulated_margin.push(0);
    for m in &margin_per_line {
        accumulated_margin.push(accumulated_margin.last().unwrap() + m);
    }
    accumulated_margin.push(*accumulated_margin.last().unwrap());
    let mut line_starts = vec![0];
    line_starts.extend(
        text.bytes()
            .enumerate()
            .filter(|&(_, c)| c == b'\n')
            .map(|(i, _)| i as u32 + 1),
    );
    HeredocText {
        text,
        interpolate: header.interpolate,
        escapes: header.escapes,
        leading_offset: body_offset,
        raw_len: text_end as u32,
        has_margin,
        margin_per_line,
        accumulated_margin,
        line_starts,
    }
}

impl HeredocText {
    /// Ruby's `SubLocator#to_global`: map an offset/length in [`Self::text`] to the source.
    /// Without a margin this adds `leading_offset`. With one, offset 0 maps to the start of
    /// the first line (before its margin), other offsets skip the margins of the lines up to
    /// theirs, and the length grows by the margins between start and end line. (Ruby's
    /// intended "+ first line margin at column 0" never applies, so it is not done here.)
    pub fn to_global(&self, offset: u32, length: u32) -> (u32, u32) {
        if !self.has_margin {
            return (offset + self.leading_offset, length);
        }
        let acc = |line: usize| {
            self.accumulated_margin
                .get(line)
                .or(self.accumulated_margin.last())
                .copied()
        };
        let start_line = self.line_for_offset(offset);
        let end_line = self.line_for_offset(offset + length);
        let (start_acc, end_acc) = (acc(start_line).unwrap_or(0), acc(end_line).unwrap_or(0));
        let global = if offset == 0 {
            self.leading_offset
        } else {
            offset + self.leading_offset + start_acc
        };
        (global, (length + end_acc).saturating_sub(start_acc))
    }

    /// 1-based line of a local offset, as Ruby's `line_for_offset`.
    fn line_for_offset(&self, offset: u32) -> usize {
        self.line_starts
            .partition_point(|&s| s <= offset)
            .max(1)
            .min(self.line_starts.len())
    }

    /// The value of a non-interpolated heredoc (one `STRING`): the text with the `/flags`
    /// escapes applied.
    pub fn string_value(&self) -> String {
        super::uq_segment_value(&self.text, self.escapes).into_owned()
    }

    /// Lex the text as Ruby's heredoc sub-lexer does (see [`lex_heredoc_text`]).
    pub fn lex(&self, tasks: bool) -> Lexed {
        lex_heredoc_text(&self.text, self.interpolate, self.escapes, tasks)
    }
}

/// Lex heredoc text (a [`HeredocText::text`]) as Ruby's sub-lexer: an unquoted string.
/// Offsets are local to `text` (map them with [`HeredocText::to_global`]).
///
/// Token kinds: without interpolation, one `STRING` covering the whole text (zero-length
/// for an empty text). With interpolation the double-quoted shapes without quotes: `STRING`
/// when there is no `${`/`$var`; else `DQPRE` (text through `${`, or up to a `$var`), the
/// expression tokens or a `VARIABLE`, `DQMID`s and a final `DQPOST` (which starts at the `}`
/// closing an expression, as in the main lexer, and ends at the end of the text). Segment
/// values: [`segment_inner`] then `uq_segment_value` with the heredoc's escapes.
pub fn lex_heredoc_text(text: &str, interpolate: bool, escapes: EscapeSet, tasks: bool) -> Lexed {
    lex_text_at_depth(text, interpolate, escapes, tasks, 1)
}

fn lex_text_at_depth(
    text: &str,
    interpolate: bool,
    escapes: EscapeSet,
    tasks: bool,
    depth: u32,
) -> Lexed {
    let mut lexer = Lexer::new(text, tasks, depth);
    if interpolate {
        lexer.uq_string(Flavour::Uq {
            escapes,
            dollar_escape: escapes.contains(EscapeSet::DOLLAR),
        });
        lexer.run();
    } else {
        lexer.push(STRING, text.len());
        lexer.pos = text.len();
        if escapes.contains(EscapeSet::U) && text.contains('\\') {
            let mut problems = Vec::new();
            process_escapes(text, escapes, false, Some(&mut problems));
            lexer.report_escape_problems(problems, text.len());
        }
    }
    lexer.finish()
}

/// The raw text of a heredoc text segment without its delimiters: the `${` ending a
/// `DQPRE`/`DQMID` and the `}` starting a `DQMID`/`DQPOST` that follows an expression.
/// `dollar_escapes`: the heredoc has the `$` escape flag.
pub fn segment_inner(
    kind: SyntaxKind,
    text: &str,
    after_expression: bool,
    dollar_escapes: bool,
) -> &str {
    let leading =
        usize::from(matches!(kind, DQMID | DQPOST) && after_expression && text.starts_with('}'));
    let body = &text[leading..];
    let trailing =
        if matches!(kind, DQPRE | DQMID) && segment_opens_expression(body, dollar_escapes) {
            2
        } else {
            0
        };
    &body[..body.len() - trailing]
}

impl Lexer<'_> {
    /// `@(` at `self.pos`: the header token, then find the body (after the newline of this
    /// line, or after the previous heredoc of this line) and schedule it for that newline.
    ///
    /// Inside `${…}` Ruby lexes the interpolation's tokens at once (`enqueue_until`), taking
    /// each token's kind as the one "after" (which decides whether a `/` starts a regexp) only
    /// from what its token scan returns: a heredoc queues its tokens instead, so the token
    /// before the header stays the one "after" (`"${ 1 + @(END) /x/ }"` has a regexp).
    pub(super) fn heredoc(&mut self) {
        let after = self.after;
        self.heredoc_header();
        if !self.interps.is_empty() {
            self.after = after;
        }
    }

    fn heredoc_header(&mut self) {
        let at = self.pos;
        if self.heredoc_depth > 0 {
            // Ruby's sub-lexer builds its "without end-tagged line" error eagerly, and positioning
            // it through the heredoc's SubLocator raises NoMethodError: Puppet 7.23 cannot parse
            // a heredoc inside another heredoc's text. We say so instead of crashing.
            self.error(
                IssueCode::HEREDOC_IN_HEREDOC_TEXT,
                at,
                2,
                "A heredoc cannot be used inside the text of another heredoc (Puppet 7.23 fails on it with an internal error)",
            );
        }
        let close = if at < self.no_paren_from {
            find_byte(self.b, at, b')')
        } else {
            None
        };
        let Some(close) = close else {
            self.no_paren_from = self.no_paren_from.min(at);
            let followed_by = self.followed_by(at);
            let message = format!("Unclosed parenthesis after '@(' followed by '{followed_by}'");
            self.error(IssueCode::HEREDOC_UNCLOSED_PARENTHESIS, at, 2, message)
                .args
                .push(("followed_by", followed_by));
            self.emit(HEREDOC, at + 2);
            return;
        };
        let header_end = close + 1;
        let header = match parse_header(&self.src[at..header_end]) {
            Ok(header) => header,
            Err(e) => {
                self.error(e.code, header_end, 0, e.message)
                    .args
                    .extend(e.args);
                match e.header {
                    Some(header) => header,
                    None => {
                        let multi_line = self.b[at..header_end].contains(&b'\n');
                        self.emit(HEREDOC, if multi_line { at + 2 } else { header_end });
                        return;
                    }
                }
            }
        };
        self.emit(HEREDOC, header_end);
        let header_token = self.kinds.len() - 1;
        let body_start = match self.newline_jump {
            Some(jump) => jump,
            None => match find_byte(self.b, header_end, b'\n') {
                Some(nl) => nl + 1,
                None => {
                    self.error(
                        IssueCode::HEREDOC_WITHOUT_TEXT,
                        header_end,
                        0,
                        "Heredoc without any following lines of text",
                    );
                    return;
                }
            },
        };
        let len = self.b.len();
        let end_line = find_end_line(self.b, body_start, header.tag.as_bytes());
        let (text_end, body_end) = match end_line {
            Some(end) => (end.line_start, end.line_end),
            None => {
                self.error(
                    IssueCode::HEREDOC_WITHOUT_END_TAGGED_LINE,
                    body_start,
                    0,
                    "Heredoc without end-tagged line",
                );
                (len, len)
            }
        };
        self.heredocs.push(HeredocSpan {
            header: header_token as u32,
            body_start: body_start as u32,
            text_end: text_end as u32,
            body_end: body_end as u32,
        });
        self.pending_bodies.push(body_end);
        self.newline_jump = Some(body_end);
        if end_line.is_some() {
            self.lex_heredoc_body(header_token as u32, header, body_start, body_end);
        }
    }

    /// Lexes the text of an interpolated heredoc (or one with `\u` escapes) as Ruby's
    /// sub-lexer does, for the diagnostics it reports (lexer errors inside `${…}`, `\u` escape
    /// warnings), mapped to the source; the text and its tokens are kept for the model builder.
    fn lex_heredoc_body(
        &mut self,
        token: u32,
        header: HeredocHeader,
        body_start: usize,
        body_end: usize,
    ) {
        if !header.interpolate && !header.escapes.contains(EscapeSet::U) {
            return;
        }
        if self.heredoc_depth >= MAX_HEREDOC_DEPTH {
            return;
        }
        let text = process_body(&header, &self.src[body_start..body_end], body_start as u32);
        let sub = lex_text_at_depth(
            &text.text,
            text.interpolate,
            text.escapes,
            self.tasks,
            self.heredoc_depth + 1,
        );
        for d in &sub.diagnostics {
            let (offset, len) = text.to_global(d.offset, d.len);
            self.push_diagnostic(Diagnostic {
                offset,
                len,
                ..d.clone()
            });
        }
        self.heredoc_texts.push(LexedHeredocText {
            token,
            header,
            text,
            lexed: sub,
        });
    }
}
