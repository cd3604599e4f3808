//! The lexer: source text → `(kind, len)` tokens covering every byte, plus diagnostics.
//!
//! A hand-written, byte-dispatched reimplementation of Ruby Puppet's `Lexer2`
//! (`puppet-ruby-reference.md` §1). It differs from Ruby in one deliberate way: it is
//! *lossless*. Every byte of the input belongs to exactly one token, in source order, so
//! the bytes Ruby skips (whitespace, comments, heredoc text, EPP tags that only switch
//! modes) are emitted as trivia kinds that the parser ignores. Errors never stop lexing:
//! a diagnostic with Puppet's issue code is recorded and a best-guess token is emitted.
//!
//! Where the code lives:
//! - `mod.rs` (this file): the public interface, the `Lexer` state (mode stack, lexing
//!   context) and the main loop;
//! - `code.rs`: code-mode tokens (punctuation, names, variables, comments, regexps, `/`);
//! - `numbers.rs`: `NUMBER` and Ruby's number errors;
//! - `strings.rs`: single/double-quoted strings, `${…}` / `$var` interpolation, and the
//!   unquoted-string mode used for heredoc text;
//! - `escapes.rs`: escape processing (token values and escape warnings);
//! - `heredoc.rs`: `@(…)` headers, heredoc bodies, the sub-locator and heredoc text lexing;
//! - `epp.rs`: EPP text mode;
//! - `chars.rs`: byte/character classes (`\w`, `[[:blank:]]`, Unicode word characters).
//!
//! # Conventions a parser or model writer must know
//!
//! **Strings.** A string without interpolation is one `STRING` token, quotes included. An
//! interpolated string is `DQPRE` (opening quote through `${`, or through the text before a
//! `$var`), then either the expression tokens of `${…}` (ordinary code tokens, trivia
//! included) or one `VARIABLE` token covering `$name`, then `DQMID` segments and a final
//! `DQPOST` (closing quote included). **Ruby's `DQMID`/`DQPOST` start right after the `}`
//! that closes `${…}`; ours start AT that `}` and include it** (there is no `RBRACE` token
//! for it): Ruby offset = our offset + 1, Ruby length = our length − 1. After a `$var` the
//! segment does not start with `}` (a `}` there is text, as in `"$x}"`) and its offset is
//! Ruby's. A `DQPRE`/`DQMID` opens an expression exactly when
//! [`segment_opens_expression`]`(text, true)`; the segment after that expression is the one
//! that starts with the closing `}`. Values: [`string_segment_inner`]`(kind, text,
//! after_expression)` strips the delimiters, then [`sq_string_value`] (single-quoted
//! `STRING`) or [`dq_segment_value`] (everything else) applies Ruby's escapes. A `VARIABLE`
//! inside a string has Ruby's value = its text without `$`.
//!
//! **`${x}` rewrite.** As Ruby's `transform_to_variable`: when the first non-trivia token
//! inside `${…}` is `NUMBER`, `NAME`, `WORD`, a keyword of Ruby's `KEYWORDS` table or
//! `BOOLEAN` (not `PLAN`/`APPLY`: Ruby's lookup misses them), and it is either the only token
//! or followed by `DOT` or `LBRACK`, its kind becomes `VARIABLE`. Its text has no `$` (`x` in
//! `"${x}"`, `10` in `"${10}"`): a `VARIABLE` token whose text does not start with `$` is such
//! a rewritten token (Ruby's value is the whole text; Ruby's model then positions the
//! `QualifiedName` at offset + 1 with length − 1, reference §2.10 item 6).
//!
//! **Heredocs.** The `@(…)` header is a `HEREDOC` token. The heredoc's text lines plus its
//! end-tag line (with that line's newline, if any) are one `HEREDOC_BODY` trivia token placed
//! where it is in the source: right after the newline (part of a `WHITESPACE` token) that
//! ends the line holding the header. Several heredocs on one line: their bodies follow each
//! other in header order. [`Lexed::heredocs`] / [`Lexed::heredoc_for`] map each `HEREDOC`
//! token to its body span: use them rather than the token stream (in pathological inputs,
//! e.g. a multi-line string after the header on the same line, Ruby's body overlaps other
//! tokens and the `HEREDOC_BODY` token only holds the bytes no other token covers). The
//! [`heredoc`] module turns a header and a body into what Ruby lexes:
//! `heredoc::parse_header(header_text) -> Result<HeredocHeader, HeaderError>`,
//! `heredoc::process_body(&header, body_text, body_offset) -> HeredocText` (margin and final
//! line break removed; `HeredocText::to_global(offset, len)` is Ruby's `SubLocator`;
//! `HeredocText::string_value()` is a non-interpolated heredoc's value) and
//! `heredoc::lex_heredoc_text(text, interpolate, escapes, tasks) -> Lexed` (local offsets).
//! Heredoc text segments are unquoted: values with `heredoc::segment_inner(kind, text,
//! after_expression, dollar_escapes)` then [`uq_segment_value`]`(inner, escapes)`; strings
//! nested inside `${…}` of heredoc text are ordinary quoted strings.
//!
//! **EPP.** `options.epp` gives a zero-length `EPP_START` at 0, then text mode: kept text is
//! `RENDER_STRING` (raw, so `<%%`/`%%>` stay as written: [`epp_text_value`] gives the value),
//! `<%`/`<%-` are `EPP_CODE_START` trivia, `<%=` is `RENDER_EXPR` (3 bytes), `%>`/`-%>` are
//! `EPP_END`/`EPP_END_TRIM` when closing a `<%=` tag and `EPP_CODE_END` trivia otherwise,
//! `<%#…%>` is `EPP_COMMENT` trivia and whitespace removed by trimming is `EPP_TRIMMED`
//! trivia. Ruby emits ONE `RENDER_STRING` per text run, so the **merging rule** is: a maximal
//! run of consecutive tokens of kinds `RENDER_STRING`, `EPP_COMMENT`, `EPP_TRIMMED` that
//! contains at least one `RENDER_STRING` is one Ruby `RENDER_STRING`; its value is the
//! concatenation of `epp_text_value` of the run's `RENDER_STRING` tokens. Ruby's offset for it
//! is the start of the run and its length reaches the end of the tag that ends the text
//! (`<%`, `<%-`, `<%=`) or the end of input; Ruby's `RENDER_EXPR` is zero-length at the start
//! of the same run (or right after the previous tag when there is no text). A zero-length
//! `RENDER_STRING` is emitted where Ruby emits an empty one (text ending the template that
//! was trimmed away); no `RENDER_STRING` is emitted where Ruby emits none. Text that Ruby
//! silently drops (a text run that reaches the end of input right after a `<%%` or a
//! `<%#…%>` comment) is emitted as `EPP_TRIMMED`.
//!
//! **Diagnostics** carry Puppet's issue code, Puppet's message and its named arguments, and
//! Ruby's scanner position at the time of the error (often *after* the offending construct,
//! e.g. unclosed quotes and escape warnings, which are at the end of the string segment),
//! moved to the next character boundary when Ruby's byte position is inside a character.
//! Errors found in heredoc text are mapped to the source with the heredoc's sub-locator
//! (Ruby reports them with heredoc-local line numbers).
//!
//! **Deviations from Ruby** (where Ruby raises a non-Puppet exception or cannot be
//! reproduced losslessly): a non-ASCII character with no rule is one `ERROR_TOKEN` (Ruby: one
//! `OTHER` per byte); `foo::`/`$::` at end of input give `ILLEGAL_FULLY_QUALIFIED_NAME`;
//! `\u{110000}` and surrogate escapes give an `ILLEGAL_UNICODE_ESCAPE` error (value U+FFFD);
//! a UTF-8 BOM gives `ILLEGAL_BOM` and is lexed as `WHITESPACE`; when a token after a heredoc
//! header runs into the heredoc's text, Ruby lexes some bytes twice and so do we (`Replay`),
//! but the tokens read again build no model (`HEREDOC_BODY_READ_TWICE` where Ruby builds one
//! of the doubled text); heredoc text ending in an odd number of backslashes (Ruby crashes)
//! ends the text. Inputs must be smaller than 4 GiB.

pub(crate) mod chars;
mod code;
mod epp;
mod escapes;
pub mod heredoc;
mod numbers;
mod regexp;
mod strings;
mod token_value;

use crate::diagnostics::{Diagnostic, IssueCode};
use crate::options::ParseOptions;
use crate::scratch;
use crate::syntax_kind::SyntaxKind::{self, *};

pub use epp::epp_text_value;
pub(crate) use epp::{is_text_run_part, text_run};
pub use escapes::{dq_segment_value, sq_string_value, uq_segment_value, EscapeSet};
pub use strings::{segment_opens_expression, string_segment_inner};
pub(crate) use token_value::ruby_token_span;
pub use token_value::ruby_token_value;

/// One token: its kind and byte length (see [`Lexed::token`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    /// What the token is.
    pub kind: SyntaxKind,
    /// Its length in bytes.
    pub len: u32,
}

/// Where the text of one heredoc is (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HeredocSpan {
    /// Index (in [`Lexed::kinds`]) of the `HEREDOC` token.
    pub header: u32,
    /// Byte offset of the first text line (Ruby's `leading_offset` / `SUBLOCATE` offset).
    pub body_start: u32,
    /// Byte offset of the end-tag line (= end of the text lines).
    pub text_end: u32,
    /// Byte offset after the end-tag line (and its newline). Equals `text_end` (= end of
    /// input) when no end-tag line was found.
    pub body_end: u32,
}

/// The result of lexing: tokens (covering the whole input, in order) and diagnostics.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    /// The kind of each token; the tokens cover the whole input in order, so a token's length
    /// is the distance to the next one's start ([`Lexed::token_len`]): 6 bytes per token.
    pub kinds: Vec<SyntaxKind>,
    /// Byte offset of each token (same length as `kinds`, plus one final entry = input length).
    pub starts: Vec<u32>,
    /// The lexer's diagnostics, in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// For each of `diagnostics`, where Ruby's lazy lexer raises it: the start of the token it
    /// was found in (of the whole double-quoted string for anything inside one, which Ruby
    /// lexes at once). That may be after the diagnostic's own offset: the bad `5e` of `1.5e`
    /// is reported from the `1`, which Ruby has already handed to its parser as a `NUMBER`.
    /// Ruby's parser asks for that token before it can fail at it or after it, so this orders
    /// the lexer's errors among the parser's (`parse.rs`).
    pub(crate) raise_points: Vec<u32>,
    /// One entry per `HEREDOC` token whose header could be read, in token order.
    pub heredocs: Vec<HeredocSpan>,
    /// The interpolated heredoc texts the lexer processed and lexed (for their diagnostics),
    /// in token order, kept so that the model builder does not do it again.
    pub(crate) heredoc_texts: Vec<LexedHeredocText>,
    /// Tokens Ruby lexes a second time (see [`Replay`]), in token order: `(index, start, end)`
    /// with the text they were lexed from. In `kinds`/`starts` they are empty (or cover only
    /// what lies past the text already lexed), so the tokens still cover the input once.
    pub(crate) replayed: Vec<(u32, u32, u32)>,
}

scratch::slots! {
    /// [`Lexed::kinds`] between parses.
    TOKEN_KINDS: SyntaxKind;
    /// [`Lexed::starts`] between parses.
    TOKEN_STARTS: u32;
}

/// The token arrays go back to the thread's slots for the next parse (`crate::scratch`).
impl Drop for Lexed {
    fn drop(&mut self) {
        scratch::give_back(&TOKEN_KINDS, std::mem::take(&mut self.kinds));
        scratch::give_back(&TOKEN_STARTS, std::mem::take(&mut self.starts));
    }
}

/// Ruby's newline after a heredoc header jumps to the end of the heredoc's body, even back:
/// when a string, comment or regexp on the header's line runs past the body
/// (`[@(END), "a` / `END` / `b"]`), Ruby lexes the text from the body's end to that newline a
/// second time (the `b"]` above, which opens an unclosed string). The lexer does the same,
/// from `real_end` on, until it is past `until` (where its tokens had got to).
#[derive(Clone, Copy, Debug)]
struct Replay {
    real_end: usize,
    until: usize,
}

/// A heredoc's text as the lexer read it: its header, the processed text and its tokens
/// (local offsets; the diagnostics were reported, mapped, by the main lexer too).
#[derive(Clone, Debug)]
pub(crate) struct LexedHeredocText {
    /// Index (in [`Lexed::kinds`]) of the `HEREDOC` token.
    pub(crate) token: u32,
    pub(crate) header: heredoc::HeredocHeader,
    pub(crate) text: heredoc::HeredocText,
    pub(crate) lexed: Lexed,
}

impl Lexed {
    /// Where the text of token `i` is when it was lexed a second time (see
    /// [`Lexed::replayed`]): `(start, len)`.
    pub(crate) fn replayed_span(&self, i: usize) -> Option<(u32, u32)> {
        if self.replayed.is_empty() {
            return None;
        }
        let k = self
            .replayed
            .binary_search_by_key(&(i as u32), |r| r.0)
            .ok()?;
        let (_, start, end) = self.replayed[k];
        Some((start, end.saturating_sub(start)))
    }

    /// The byte range of token `i`.
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.starts[i] as usize..self.starts[i + 1] as usize
    }

    /// The length in bytes of token `i`.
    #[inline]
    pub fn token_len(&self, i: usize) -> u32 {
        self.starts[i + 1] - self.starts[i]
    }

    /// Token `i`: its kind and length.
    pub fn token(&self, i: usize) -> Token {
        Token {
            kind: self.kinds[i],
            len: self.token_len(i),
        }
    }

    /// The tokens in order.
    pub fn tokens(&self) -> impl ExactSizeIterator<Item = Token> + '_ {
        (0..self.kinds.len()).map(|i| self.token(i))
    }

    /// The text of token `i` in `source` (the text that was lexed).
    pub fn text<'s>(&self, source: &'s str, i: usize) -> &'s str {
        &source[self.range(i)]
    }

    /// The text of the heredoc whose `HEREDOC` token is at index `token`, if the lexer lexed it.
    pub(crate) fn heredoc_text(&self, token: usize) -> Option<&LexedHeredocText> {
        self.heredoc_texts
            .binary_search_by_key(&(token as u32), |h| h.token)
            .ok()
            .map(|i| &self.heredoc_texts[i])
    }

    /// The heredoc span of the `HEREDOC` token at index `token`, if its header was readable.
    pub fn heredoc_for(&self, token: usize) -> Option<&HeredocSpan> {
        self.heredocs
            .binary_search_by_key(&(token as u32), |h| h.header)
            .ok()
            .map(|i| &self.heredocs[i])
    }
}

/// Lex `text` into tokens covering every byte. Of the options, `epp` (text mode first, an
/// `EPP_START` token at offset 0) and `tasks` (`plan` and `apply` are keywords) matter.
pub fn lex(text: &str, options: &ParseOptions) -> Lexed {
    let mut lexer = Lexer::new(text, options.tasks, 0);
    if options.epp {
        lexer.epp = Some(EppMode::Text);
        lexer.push(EPP_START, 0);
        lexer.after = EPP_START;
    }
    lexer.check_bom();
    if options.epp {
        lexer.epp_text(false);
    }
    lexer.run();
    lexer.finish()
}

/// Which EPP sub-mode the lexer is in (`None` in [`Lexer::epp`] when not lexing EPP).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum EppMode {
    /// Template text (only between `lex` start and the first tag, handled by `epp_text`).
    Text,
    /// Inside `<% … %>`.
    Code,
    /// Inside `<%= … %>`.
    Expr,
}

/// The flavour of a string being lexed: what ends it and which escapes apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flavour {
    /// `"…"`: ends at an unescaped `"`.
    Dq,
    /// Heredoc text: ends at the end of the text. `dollar_escape`: `\$` is an escape, so
    /// an escaped `$` does not start an interpolation (Ruby's `SLURP_UQ_PATTERN` vs
    /// `SLURP_UQNE_PATTERN`).
    Uq {
        escapes: EscapeSet,
        dollar_escape: bool,
    },
}

/// One open `${…}` interpolation: the entry of the mode stack.
#[derive(Clone, Copy, Debug)]
struct Interp {
    /// `brace_count` before the `${`; the `}` that brings it back closes the interpolation.
    base: i64,
    /// Index of the first token inside the interpolation.
    first_token: usize,
    flavour: Flavour,
}

/// Maximum nesting of heredoc text lexing (a heredoc inside `${}` of a heredoc's text …).
const MAX_HEREDOC_DEPTH: u32 = 32;

/// The lexer state. Tokens are pushed in source order; `last_end` is the end of the last
/// token and `pos` the scan position (they differ only while a token is being formed).
pub(crate) struct Lexer<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    last_end: usize,
    kinds: Vec<SyntaxKind>,
    starts: Vec<u32>,
    diags: Vec<Diagnostic>,
    /// See [`Lexed::raise_points`], one per diagnostic of `diags`.
    raise_points: Vec<u32>,
    /// Where the code token being lexed starts (a diagnostic may be found after the token was
    /// pushed, and may point far beyond it: a heredoc's missing end tag, an unclosed quote).
    token_start: usize,
    heredocs: Vec<HeredocSpan>,
    heredoc_texts: Vec<LexedHeredocText>,
    tasks: bool,
    epp: Option<EppMode>,
    /// Kind of the last token Ruby "yielded" (`ctx[:after]`); `EOF` = none yet.
    after: SyntaxKind,
    /// Whether every byte since the start of the current line (as Ruby's
    /// `line_lexical_start` defines it) is `[[:blank:]\r]` — decides `WSLPAREN`.
    line_clean: bool,
    /// Ruby's `brace_count`: +1 per `{` and `${`, −1 per `}`.
    brace_count: i64,
    /// The mode stack: open `${…}` interpolations, innermost last.
    interps: Vec<Interp>,
    /// The start of the outermost double-quoted string being lexed, from its first segment
    /// to its last (Ruby lexes such a string at once, so that is where its errors surface).
    dq_start: Option<u32>,
    /// Where the next code-mode newline jumps to (after the pending heredoc bodies).
    newline_jump: Option<usize>,
    /// Set while text is lexed a second time (see [`Replay`]).
    replay: Option<Replay>,
    /// See [`Lexed::replayed`].
    replayed: Vec<(u32, u32, u32)>,
    /// Where the tokens had got to when the first replay began (0 before): Ruby meets any
    /// later diagnostic after every token before this point.
    replay_floor: u32,
    /// Ends of the heredoc bodies waiting for the newline of their header line (each body
    /// starts where the previous one ends, the first right after that newline).
    pending_bodies: Vec<usize>,
    /// Nesting depth of heredoc text lexing (0 for the source itself).
    heredoc_depth: u32,
    /// Scratch buffer for EPP text segments.
    epp_segments: Vec<(SyntaxKind, usize, usize)>,
    /// No `)` at or after this offset (keeps repeated unclosed `@(` linear).
    no_paren_from: usize,
    /// No regexp can end after this offset (keeps repeated unclosed `/` linear).
    no_regex_end_from: usize,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str, tasks: bool, heredoc_depth: u32) -> Lexer<'a> {
        // Rough guess (one token per 6 bytes) to avoid most reallocations; the arrays of the
        // thread's last parse are reused (`crate::scratch`).
        let cap = src.len() / 6 + 4;
        Lexer {
            src,
            b: src.as_bytes(),
            pos: 0,
            last_end: 0,
            kinds: scratch::take(&TOKEN_KINDS, cap),
            starts: scratch::take(&TOKEN_STARTS, cap + 1),
            diags: Vec::new(),
            raise_points: Vec::new(),
            token_start: 0,
            heredocs: Vec::new(),
            heredoc_texts: Vec::new(),
            tasks,
            epp: None,
            after: EOF,
            line_clean: true,
            brace_count: 0,
            interps: Vec::new(),
            dq_start: None,
            newline_jump: None,
            replay: None,
            replayed: Vec::new(),
            replay_floor: 0,
            pending_bodies: Vec::new(),
            heredoc_depth,
            epp_segments: Vec::new(),
            no_paren_from: usize::MAX,
            no_regex_end_from: usize::MAX,
        }
    }

    /// The length of token `i` so far (the last one ends where lexing is).
    fn token_len(&self, i: usize) -> u32 {
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.last_end, |&s| s as usize);
        (end - self.starts[i] as usize) as u32
    }

    /// Push a token from the end of the previous token to `end`.
    #[inline]
    fn push(&mut self, kind: SyntaxKind, end: usize) {
        if self.replay.is_some() {
            return self.push_replayed(kind, end);
        }
        debug_assert!(end >= self.last_end && end <= self.b.len());
        self.starts.push(self.last_end as u32);
        self.kinds.push(kind);
        if kind != WHITESPACE && end > self.last_end {
            self.line_clean = false;
        }
        self.last_end = end;
    }

    /// [`Lexer::push`] while text is lexed a second time: the token covers what lies past
    /// the text already lexed (often nothing), and its own text is recorded in `replayed`.
    #[cold]
    #[inline(never)]
    fn push_replayed(&mut self, kind: SyntaxKind, end: usize) {
        let Some(replay) = self.replay.as_mut() else {
            return;
        };
        let real_start = replay.real_end.min(end);
        replay.real_end = end;
        if end >= replay.until {
            self.replay = None;
        }
        self.replayed
            .push((self.kinds.len() as u32, real_start as u32, end as u32));
        self.starts.push(self.last_end as u32);
        self.kinds.push(kind);
        if end > self.last_end {
            if kind != WHITESPACE {
                self.line_clean = false;
            }
            self.last_end = end;
        }
    }

    /// Push a non-trivia code token ending at `end`, move there and record it as `after`.
    #[inline]
    fn emit(&mut self, kind: SyntaxKind, end: usize) {
        self.push(kind, end);
        self.pos = end;
        self.after = kind;
    }

    /// Records `d` with its raise point (see [`Lexed::raise_points`]).
    fn push_diagnostic(&mut self, d: Diagnostic) -> &mut Diagnostic {
        // Inside a double-quoted string, where Ruby lexes the whole string at once; else at
        // the token, and after a replay began, past the text lexed before it.
        let at = self
            .dq_start
            .unwrap_or_else(|| (self.token_start as u32).max(self.replay_floor));
        self.raise_points.push(at);
        self.diags.push(d);
        self.diags.last_mut().expect("just pushed")
    }

    fn error(
        &mut self,
        code: IssueCode,
        offset: usize,
        len: usize,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        let (offset, len) = self.on_char_boundaries(offset, len);
        self.push_diagnostic(Diagnostic::error(code, offset, len, message))
    }

    fn warning(
        &mut self,
        code: IssueCode,
        offset: usize,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        let (offset, _) = self.on_char_boundaries(offset, 0);
        self.push_diagnostic(Diagnostic::warning(code, offset, 0, message))
    }

    /// Ruby sometimes reports a byte position inside a character (e.g. 3 bytes after `::`);
    /// its column then counts that character, so move to the next character boundary.
    fn on_char_boundaries(&self, offset: usize, len: usize) -> (u32, u32) {
        let fix = |mut i: usize| {
            i = i.min(self.src.len());
            while !self.src.is_char_boundary(i) {
                i += 1;
            }
            i
        };
        let start = fix(offset);
        let end = fix(offset.saturating_add(len)).max(start);
        (start as u32, (end - start) as u32)
    }

    /// Ruby's `followed_by`: `<eof>` or the next 5 characters plus `...`, with `\t\n\r` escaped.
    fn followed_by(&self, at: usize) -> String {
        if at >= self.b.len() {
            return "<eof>".to_string();
        }
        let rest = &self.src[at..];
        let mut out = String::new();
        for c in rest.chars().take(5) {
            match c {
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                c => out.push(c),
            }
        }
        out.push_str("...");
        out
    }

    /// A UTF-8 byte order mark is rejected (`ILLEGAL_BOM`, the message made by `source`) and
    /// lexed as whitespace. Other BOMs Ruby checks for cannot start a valid UTF-8 `&str`.
    fn check_bom(&mut self) {
        if let Some(bom) = crate::source::detect_bom(self.b).filter(|b| b.name == "UTF-8") {
            self.push_diagnostic(bom.diagnostic());
            self.push(WHITESPACE, bom.len as usize);
            self.pos = bom.len as usize;
        }
    }

    /// The main loop: code tokens until the end of the input (EPP text is lexed by the
    /// `%>` handlers, string tails by the `}` handler).
    fn run(&mut self) {
        while self.pos < self.b.len() {
            self.token_start = self.pos;
            self.code_token();
        }
    }

    /// End of input: close what is still open, then hand out the result.
    fn finish(mut self) -> Lexed {
        let len = self.b.len();
        // Ruby's `enqueue_until` stops at the end of input without rewriting tokens; the
        // string tail then fails (double-quoted) or is empty (heredoc text).
        let mut reported = false;
        while let Some(frame) = self.interps.pop() {
            if frame.flavour == Flavour::Dq && !reported {
                reported = true;
                let after = self.ruby_last_match_after_expression(frame.first_token);
                self.unclosed_quote(len, after);
            }
            self.push(DQPOST, len);
        }
        if matches!(self.epp, Some(EppMode::Code | EppMode::Expr)) {
            // Ruby meets the end when it asks for the token after the last one: a syntax
            // error at that last token comes first.
            self.token_start = len;
            self.error(
                IssueCode::EPP_UNBALANCED_TAG,
                len,
                0,
                "Unbalanced epp tag, reached <eof> without closing tag.",
            );
        }
        if self.last_end < len {
            // Only reachable through pathological heredoc jumps; keep the stream lossless.
            self.push(HEREDOC_BODY, len);
        }
        self.starts.push(len as u32);
        // The capacity was a guess: give back a large unused part. Only for a big file: its
        // arrays are their own mappings, so shrinking them does not copy, while for a small
        // one it would be a new allocation and a copy, for a few kilobytes.
        let unused = (self.kinds.capacity() - self.kinds.len()) * std::mem::size_of::<u32>();
        if unused > 1 << 20 && self.kinds.capacity() - self.kinds.len() > self.kinds.len() / 8 {
            self.kinds.shrink_to_fit();
            self.starts.shrink_to_fit();
        }
        Lexed {
            kinds: self.kinds,
            starts: self.starts,
            diagnostics: self.diags,
            raise_points: self.raise_points,
            heredocs: self.heredocs,
            heredoc_texts: self.heredoc_texts,
            replayed: self.replayed,
        }
    }
}

/// Whether a regular expression may start after a token of kind `after` (Ruby's
/// `regexp_acceptable?`): not after the end of an operand.
#[inline]
fn regexp_acceptable(after: SyntaxKind) -> bool {
    !matches!(
        after,
        RPAREN
            | RBRACK
            | RRCOLLECT
            | RCOLLECT
            | NAME
            | CLASSREF
            | NUMBER
            | STRING
            | BOOLEAN
            | DQPRE
            | DQMID
            | DQPOST
            | HEREDOC
            | REGEX
            | VARIABLE
            | WORD
    )
}
