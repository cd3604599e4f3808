//! The parser: non-trivia tokens → events, in the style of rust-analyzer's `parser` crate.
//!
//! The grammar (`grammar/`) is a hand-written recursive-descent + Pratt parser that reproduces the
//! language accepted by Puppet's Racc grammar (`egrammar.ra`) with its precedence table. It never
//! sees trivia and knows nothing about trees: it emits `Event`s through `Marker`s, and a sink
//! (`syntax::build_tree` for the CST, the model builder for the Puppet model) turns them into a
//! tree. Errors never stop the parse: they are recorded as diagnostics, bad tokens are wrapped in
//! `ERROR` nodes, and recovery sets decide how far to skip. How an error is worded and placed
//! (Ruby's token span and value) is `errors.rs`.
//!
//! Memory: the parser reads the lexer's tokens in place ([`Input`] copies nothing), and
//! [`parse_into`] hands the events to the sink between top-level statements (where no marker is
//! open, so nothing can still be `precede`d), so a large file's events are never all held; the
//! CST builder, which replays them next to the trivia, takes them all at the end ([`parse`]).
//!
//! Two guards make adversarial input harmless: a nesting-depth cap (deeply nested brackets become
//! one `NESTING_TOO_DEEP` diagnostic instead of a stack overflow) and a step limit (a grammar loop
//! that stops making progress ends the parse instead of hanging).

mod errors;
mod event;
mod grammar;
mod token_set;

use crate::diagnostics::{Diagnostic, IssueCode};
use crate::lexer::{EscapeSet, Lexed};
use crate::options::ParseOptions;
use crate::scratch;
use crate::syntax_kind::SyntaxKind::{self, *};

pub use event::TreeSink;
pub(crate) use event::{process, restore_forwarded, Event, EventSink};
pub(crate) use token_set::TokenSet;

/// Maximum nesting of expressions and statement blocks before the parser gives up on the rest
/// of the input (`NESTING_TOO_DEEP`). Ruby Puppet 7.23 overflows its stack at about 1,100
/// nested arrays or calls, 720 nested hashes or interpolations and 1,980 nested parentheses or
/// `if` blocks (measured with `EvaluatingParser#parse_string`); an `if` level costs two of ours
/// (its block and its expression), so 8,192 accepts everything Ruby accepts. Every recursive
/// pass enters its levels through `deep::guarded`, so this depth is safe on any thread.
pub const MAX_DEPTH: u32 = 8192;
/// Lookahead calls allowed without consuming a token (a grammar bug guard, never hit by real input).
const STEP_LIMIT: u32 = 1_000_000;
/// The parser's fuel after a token is consumed: the lookahead past the limit finds it empty.
const FUEL: u32 = STEP_LIMIT + 1;

/// What the grammar sees: the non-trivia tokens of a [`Lexed`], read in place (the parser
/// skips the trivia as it walks; nothing is copied, so a large file's tokens are held once).
pub(crate) struct Input<'t> {
    text: &'t str,
    lexed: &'t Lexed,
    /// Indexes (into `kinds`) of the tokens a lexer error lies in, ascending: consuming one
    /// emits an [`Event::Error`], like a syntax error does.
    lexer_error_tokens: Vec<u32>,
    /// For the text of a heredoc: its escapes (its own segments' values, which a syntax error
    /// names, process only those).
    heredoc_escapes: Option<EscapeSet>,
}

impl<'t> Input<'t> {
    pub(crate) fn new(text: &'t str, lexed: &'t Lexed) -> Input<'t> {
        Input::with_lexer_diagnostics(text, lexed, &lexed.diagnostics)
    }

    /// [`Input::new`] with the lexer's diagnostics taken out of `lexed` by the caller.
    pub(crate) fn with_lexer_diagnostics(
        text: &'t str,
        lexed: &'t Lexed,
        lexer_diagnostics: &[Diagnostic],
    ) -> Input<'t> {
        // The significant token at or before each lexer error (the one the error is about).
        // An EPP tag left open at the end and an unclosed `/*` comment are about no token:
        // the constructs before them are whole (Ruby reduces them, and fails in their grammar
        // actions, before it reaches the end or the comment).
        let mut error_offsets: Vec<u32> = lexer_diagnostics
            .iter()
            .filter(|d| {
                d.is_error()
                    && !matches!(
                        d.code,
                        IssueCode::EPP_UNBALANCED_TAG | IssueCode::UNCLOSED_MLCOMMENT
                    )
            })
            .map(|d| d.offset)
            .collect();
        let mut lexer_error_tokens = Vec::new();
        if error_offsets.is_empty() && lexed.replayed.is_empty() {
            // The usual case: no pass over the tokens.
            return Input {
                text,
                lexed,
                lexer_error_tokens,
                heredoc_escapes: None,
            };
        }
        error_offsets.sort_unstable();
        let mut errors = error_offsets.iter().peekable();
        // Tokens lexed a second time are marked too: no model is built from them (their text
        // is not where they are), so no grammar action fails on them either.
        let mut replayed = lexed.replayed.iter().map(|r| r.0 as usize).peekable();
        let mut significant = 0usize;
        for (i, &kind) in lexed.kinds.iter().enumerate() {
            if kind.is_trivia() {
                continue;
            }
            while errors.next_if(|&&at| at < lexed.starts[i]).is_some() {
                lexer_error_tokens.push(significant.saturating_sub(1) as u32);
            }
            while replayed.next_if(|&r| r < i).is_some() {}
            if replayed.peek() == Some(&i) {
                lexer_error_tokens.push(significant as u32);
            }
            significant += 1;
        }
        lexer_error_tokens.extend(errors.map(|_| significant.saturating_sub(1) as u32));
        lexer_error_tokens.dedup();
        Input {
            text,
            lexed,
            lexer_error_tokens,
            heredoc_escapes: None,
        }
    }

    /// This input as the text of a heredoc with `escapes` (its `/flags`).
    pub(crate) fn heredoc(mut self, escapes: EscapeSet) -> Input<'t> {
        self.heredoc_escapes = Some(escapes);
        self
    }

    /// The first significant token at or after raw index `raw`: its index in `lexed` and its
    /// kind (the number of tokens and `EOF` at the end), found in one pass (one bounds check
    /// per token: this runs for every token the parser takes).
    #[inline]
    fn significant_from(&self, mut raw: usize) -> (usize, SyntaxKind) {
        loop {
            match self.lexed.kinds.get(raw) {
                Some(kind) if kind.is_trivia() => raw += 1,
                Some(&kind) => return (raw, kind),
                None => return (raw, EOF),
            }
        }
    }

    /// The kind of the token at raw index `raw`, `EOF` past the end.
    #[inline]
    fn kind_at(&self, raw: usize) -> SyntaxKind {
        self.lexed.kinds.get(raw).copied().unwrap_or(EOF)
    }

    /// `(offset, length)` of the token at raw index `raw`, if there is one.
    fn span(&self, raw: usize) -> Option<(u32, u32)> {
        (raw < self.lexed.kinds.len()).then(|| (self.lexed.starts[raw], self.lexed.token_len(raw)))
    }
}

/// The parse result before it is turned into a tree.
pub(crate) struct Output {
    pub(crate) events: Vec<Event>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Where each of `diagnostics` was raised: the start of the token the parser was at, in
    /// our token offsets. A diagnostic's own offset is Ruby's, which differs for a string
    /// segment after `}` and for an EPP tag after text (see [`crate::lexer::ruby_token_span`]),
    /// so it cannot be compared with where a grammar action fails.
    pub(crate) raise_points: Vec<u32>,
    /// The deepest nesting reached (see [`MAX_DEPTH`]).
    pub(crate) max_depth: u32,
}

/// What [`lex_and_parse`] produces: the tokens, the events, the lexer + parser diagnostics
/// (unsorted) and the deepest nesting reached.
pub(crate) struct Parsed {
    pub(crate) lexed: Lexed,
    pub(crate) events: Vec<Event>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The parser's [`Output::raise_points`], for the last of `diagnostics`.
    pub(crate) parser_raise_points: Vec<u32>,
    pub(crate) max_depth: u32,
}

/// Lex and parse `text`.
pub(crate) fn lex_and_parse(text: &str, options: &ParseOptions) -> Parsed {
    let mut lexed = crate::lexer::lex(text, options);
    let input = Input::new(text, &lexed);
    let output = parse(&input);
    let mut diagnostics = std::mem::take(&mut lexed.diagnostics);
    diagnostics.extend(output.diagnostics);
    Parsed {
        lexed,
        events: output.events,
        diagnostics,
        parser_raise_points: output.raise_points,
        max_depth: output.max_depth,
    }
}

/// Entry point: parse a manifest (or an EPP template when the input starts with `EPP_START`).
pub(crate) fn parse(input: &Input<'_>) -> Output {
    run(Parser::new(input, None))
}

/// [`parse`] that hands the events to `sink` as it goes, at each top-level statement, instead of
/// keeping them all: the returned `events` are empty. A large file's events are then never all
/// in memory at once (the model builder uses this; the CST builder needs them all).
pub(crate) fn parse_into<'i>(input: &'i Input<'_>, sink: &'i mut dyn EventSink) -> Output {
    let mut output = run(Parser::new(input, Some(sink)));
    // Handed over and empty: the buffer is kept for the thread's next parse.
    scratch::give_back(&STREAMED_EVENTS, std::mem::take(&mut output.events));
    output
}

scratch::slots! {
    /// The event buffer of a streaming parse ([`parse_into`]), between parses.
    STREAMED_EVENTS: Event;
}

fn run(mut p: Parser<'_, '_>) -> Output {
    grammar::source_file(&mut p);
    p.flush();
    Output {
        events: p.events,
        diagnostics: p.diagnostics,
        raise_points: p.raise_points,
        max_depth: p.max_depth,
    }
}

pub(crate) struct Parser<'i, 't> {
    input: &'i Input<'t>,
    /// The current token's index among the significant tokens,
    pos: usize,
    /// and in the lexer's tokens (trivia included).
    raw_pos: usize,
    /// The kind of the token at `raw_pos` (`EOF` at the end, and once the parser gave up): the
    /// grammar asks for it several times per token, so `current` reads only this.
    current_kind: SyntaxKind,
    /// The raw index of the token before the current one (`usize::MAX` before the first: one
    /// store per token instead of an `Option`'s two).
    prev_raw: usize,
    /// The events not yet handed to `sink` (all of them without a sink).
    events: Vec<Event>,
    /// How many events were handed to `sink` already: a marker's position is absolute, its
    /// index in `events` is `pos - flushed`.
    flushed: u32,
    /// Where the events go at each flush (see [`parse_into`]).
    sink: Option<&'i mut dyn EventSink>,
    /// Markers started and not yet completed or abandoned: events can only be handed over
    /// when this is 0, so no marker can refer to an event that is gone.
    open_markers: u32,
    diagnostics: Vec<Diagnostic>,
    /// See [`Output::raise_points`], one per diagnostic.
    raise_points: Vec<u32>,
    /// Lookaheads left before the step limit (counted down: one decrement and one test).
    fuel: u32,
    depth: u32,
    max_depth: u32,
    /// Set when the depth cap or the step limit was hit: the rest of the input is skipped.
    gave_up: bool,
    /// How many more tokens trial parses ([`Parser::checkpoint`]) may consume: about the
    /// input's size, so that nested trials cannot make the parse quadratic.
    trial_budget: usize,
    /// Whether a trial parse is under way.
    in_trial: bool,
}

/// The parser's state at [`Parser::checkpoint`], to go back to with [`Parser::rewind`].
pub(crate) struct Checkpoint {
    pos: usize,
    raw_pos: usize,
    current_kind: SyntaxKind,
    prev_raw: usize,
    events: usize,
    open_markers: u32,
    diagnostics: usize,
    fuel: u32,
    depth: u32,
    gave_up: bool,
}

impl<'i, 't> Parser<'i, 't> {
    fn new(input: &'i Input<'t>, sink: Option<&'i mut dyn EventSink>) -> Parser<'i, 't> {
        // About 2.4 events per token on the corpus; a streaming parse keeps only a statement's.
        let capacity = match sink {
            // About 1.15 events per token, trivia included (2.4 per significant token).
            None => input.lexed.kinds.len() * 6 / 5 + 16,
            Some(_) => 1024,
        };
        let (raw_pos, current_kind) = input.significant_from(0);
        Parser {
            input,
            pos: 0,
            raw_pos,
            current_kind,
            prev_raw: usize::MAX,
            events: match sink {
                None => Vec::with_capacity(capacity),
                Some(_) => scratch::take(&STREAMED_EVENTS, capacity),
            },
            flushed: 0,
            sink,
            open_markers: 0,
            diagnostics: Vec::new(),
            raise_points: Vec::new(),
            fuel: FUEL,
            depth: 0,
            max_depth: 0,
            gave_up: false,
            trial_budget: input.lexed.kinds.len() + 4096,
            in_trial: false,
        }
    }

    // ---- lookahead ----

    #[inline]
    pub(crate) fn current(&mut self) -> SyntaxKind {
        self.count_step();
        // `EOF` once the parser gave up (`give_up` sets it), so no second test here.
        self.current_kind
    }

    /// One lookahead: the step limit guards against a grammar loop that consumes nothing.
    /// One decrement and one test: this runs several times per token.
    #[inline]
    fn count_step(&mut self) {
        self.fuel -= 1;
        if self.fuel == 0 {
            self.no_progress();
        }
    }

    #[cold]
    fn no_progress(&mut self) {
        // Restart the count: after giving up every lookahead sees `EOF` and the grammar
        // unwinds; this keeps those lookaheads off the cold path.
        self.fuel = FUEL;
        if !self.gave_up {
            self.give_up(
                IssueCode::SYNTAX_ERROR,
                "the parser made no progress; giving up on the rest of the input",
            );
        }
    }

    pub(crate) fn nth(&mut self, n: usize) -> SyntaxKind {
        if n == 0 {
            return self.current();
        }
        self.count_step();
        if self.gave_up {
            return EOF;
        }
        // `raw_pos` is at a significant token (or the end); skip the trivia between the next.
        let kinds = &self.input.lexed.kinds;
        let mut raw = self.raw_pos;
        let mut left = n;
        while let Some(&kind) = kinds.get(raw) {
            if !kind.is_trivia() {
                if left == 0 {
                    return kind;
                }
                left -= 1;
            }
            raw += 1;
        }
        EOF
    }

    #[inline]
    pub(crate) fn at(&mut self, kind: SyntaxKind) -> bool {
        self.current() == kind
    }

    pub(crate) fn at_ts(&mut self, set: TokenSet) -> bool {
        set.contains(self.current())
    }

    pub(crate) fn nth_at(&mut self, n: usize, kind: SyntaxKind) -> bool {
        self.nth(n) == kind
    }

    /// Text of the current token (for messages and contextual decisions; for a token lexed a
    /// second time, the text it was lexed from).
    pub(crate) fn current_text(&self) -> &'t str {
        let span = self
            .input
            .lexed
            .replayed_span(self.raw_pos)
            .or_else(|| self.input.span(self.raw_pos));
        match span {
            Some((s, len)) => &self.input.text[s as usize..(s + len) as usize],
            None => "",
        }
    }

    // ---- trial parses ----

    /// Where a trial parse starts (`None`: decide without one): only inside a node (markers
    /// open, so no events are handed over), not inside another trial, and while the trial
    /// budget lasts. Trials do not nest and each is charged when it is rewound, so all of
    /// them together parse at most about twice the input.
    pub(crate) fn checkpoint(&mut self) -> Option<Checkpoint> {
        if self.in_trial || self.trial_budget == 0 || self.open_markers == 0 {
            return None;
        }
        self.in_trial = true;
        Some(Checkpoint {
            pos: self.pos,
            raw_pos: self.raw_pos,
            current_kind: self.current_kind,
            prev_raw: self.prev_raw,
            events: self.events.len(),
            open_markers: self.open_markers,
            diagnostics: self.diagnostics.len(),
            fuel: self.fuel,
            depth: self.depth,
            gave_up: self.gave_up,
        })
    }

    /// The kinds of the significant tokens after the current one, for a scan ahead of any
    /// length (through [`Parser::nth`], which walks from the current token, it would be
    /// quadratic). Pay for it with [`Parser::charge_trial`].
    pub(crate) fn kinds_ahead(&self) -> impl Iterator<Item = SyntaxKind> + '_ {
        let kinds = &self.input.lexed.kinds;
        let start = if self.gave_up {
            kinds.len()
        } else {
            (self.raw_pos + 1).min(kinds.len())
        };
        kinds[start..]
            .iter()
            .copied()
            .filter(|kind| !kind.is_trivia())
    }

    /// How many tokens a scan ahead may look at: the trial budget, and a few when it is spent.
    pub(crate) fn trial_allowance(&self) -> usize {
        self.trial_budget.max(256)
    }

    /// Charges `tokens` looked at on trial to the trial budget.
    pub(crate) fn charge_trial(&mut self, tokens: usize) {
        self.trial_budget = self.trial_budget.saturating_sub(tokens);
    }

    /// Back to `c`, as if the trial parse since it had not happened (its tokens are charged
    /// to the trial budget).
    pub(crate) fn rewind(&mut self, c: Checkpoint) {
        self.in_trial = false;
        self.trial_budget = self.trial_budget.saturating_sub(self.pos - c.pos);
        self.pos = c.pos;
        self.raw_pos = c.raw_pos;
        self.current_kind = c.current_kind;
        self.prev_raw = c.prev_raw;
        self.events.truncate(c.events);
        self.open_markers = c.open_markers;
        self.diagnostics.truncate(c.diagnostics);
        self.raise_points.truncate(c.diagnostics);
        self.fuel = c.fuel;
        self.depth = c.depth;
        self.gave_up = c.gave_up;
    }

    // ---- consuming ----

    pub(crate) fn bump_any(&mut self) {
        if self.current() == EOF {
            return;
        }
        let raw = self.raw_pos;
        self.events.push(Event::Token { raw: raw as u32 });
        // Usually there is no lexer error: skip the search (out of line).
        if !self.input.lexer_error_tokens.is_empty() {
            self.mark_lexer_error();
        }
        self.pos += 1;
        self.prev_raw = raw;
        (self.raw_pos, self.current_kind) = self.input.significant_from(raw + 1);
        self.fuel = FUEL;
    }

    /// After the current token's event: an `Error` event when the lexer reported an error in
    /// the token.
    #[cold]
    #[inline(never)]
    fn mark_lexer_error(&mut self) {
        if self
            .input
            .lexer_error_tokens
            .binary_search(&(self.pos as u32))
            .is_ok()
        {
            self.events.push(Event::Error);
        }
    }

    pub(crate) fn bump(&mut self, kind: SyntaxKind) {
        debug_assert_eq!(self.current(), kind);
        self.bump_any();
    }

    pub(crate) fn eat(&mut self, kind: SyntaxKind) -> bool {
        if self.at(kind) {
            self.bump_any();
            true
        } else {
            false
        }
    }

    /// Consume `kind` or report that it is missing (without consuming anything).
    pub(crate) fn expect(&mut self, kind: SyntaxKind) -> bool {
        if self.eat(kind) {
            return true;
        }
        let what = kind
            .fixed_text()
            .map(|t| format!("'{t}'"))
            .unwrap_or_else(|| kind.name().to_string());
        self.error_expected(&what);
        false
    }

    // ---- nodes ----

    pub(crate) fn start(&mut self) -> Marker {
        let pos = self.flushed + self.events.len() as u32;
        self.events.push(Event::Tombstone);
        self.open_markers += 1;
        Marker { pos }
    }

    /// Opens the root node, which is never preceded: its `Start` is final at once, so the
    /// events after it can be handed over before the root is finished.
    pub(crate) fn start_root(&mut self, kind: SyntaxKind) {
        self.events.push(Event::Start {
            kind,
            forward_parent: None,
        });
    }

    /// Closes the node opened by [`Parser::start_root`].
    pub(crate) fn finish_root(&mut self) {
        self.events.push(Event::Finish);
    }

    /// Hands the events so far to the sink, if there is one and no marker is open (called
    /// between top-level statements, where nothing can be preceded any more).
    pub(crate) fn flush(&mut self) {
        if self.open_markers != 0 {
            return;
        }
        if let Some(sink) = self.sink.as_deref_mut() {
            sink.take(&mut self.events);
            self.flushed += self.events.len() as u32;
            self.events.clear();
        }
    }

    /// The index in `events` of the event at absolute position `pos`.
    fn event_index(&self, pos: u32) -> usize {
        (pos - self.flushed) as usize
    }

    /// Whether the token before the current one is of kind `kind`.
    pub(crate) fn after(&self, kind: SyntaxKind) -> bool {
        self.input.lexed.kinds.get(self.prev_raw) == Some(&kind)
    }

    /// Whether the current token is EPP text that continues the text just consumed: our lexer
    /// splits a run of template text at `<%# %>` comments and trimmed white space, Ruby's
    /// lexer emits the run as one `RENDER_STRING`, so its parser sees one token.
    pub(crate) fn at_text_continuation(&mut self) -> bool {
        let kinds = &self.input.lexed.kinds;
        self.current() == RENDER_STRING
            && kinds.get(self.prev_raw) == Some(&RENDER_STRING)
            && kinds
                .get(self.prev_raw + 1..self.raw_pos)
                .is_some_and(|between| between.iter().all(|&k| crate::lexer::is_text_run_part(k)))
    }

    /// See [`Event::StatementListEnds`].
    pub(crate) fn statement_list_ends(&mut self) {
        if !self.gave_up {
            self.events.push(Event::StatementListEnds);
        }
    }

    // ---- guards ----

    /// Enter one nesting level; `false` (and the parse is abandoned) when the cap is exceeded.
    pub(crate) fn enter(&mut self) -> bool {
        self.depth += 1;
        self.max_depth = self.max_depth.max(self.depth);
        if self.depth > MAX_DEPTH && !self.gave_up {
            self.give_up(
                IssueCode::NESTING_TOO_DEEP,
                &format!(
                    "nesting is too deep (more than {MAX_DEPTH} nested expressions and blocks); \
                     the rest of the input is not parsed"
                ),
            );
        }
        !self.gave_up
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Runs `parse` one nesting level down, with the stack checked ([`crate::deep`]); `None`
    /// without running it when the cap is exceeded. Also for the grammar's right-recursive
    /// rules (`$a = $b = …`, `@ @ …`), whose chains nest without a bracket: Ruby overflows its
    /// stack long before (at about 1,500 assignments).
    pub(crate) fn nested<R>(&mut self, parse: impl FnOnce(&mut Self) -> Option<R>) -> Option<R> {
        crate::deep::guarded_at_depth(self.depth, || {
            let result = if self.enter() { parse(self) } else { None };
            self.leave();
            result
        })
    }

    fn give_up(&mut self, code: IssueCode, message: &str) {
        self.events.push(Event::Error);
        let (offset, len) = self.current_span();
        self.raise_points.push(offset);
        self.diagnostics
            .push(Diagnostic::error(code, offset, len, message));
        self.gave_up = true;
        self.current_kind = EOF;
    }

    pub(crate) fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// After giving up: consume every remaining token (into the current node).
    pub(crate) fn bump_rest(&mut self) {
        self.gave_up = false;
        self.fuel = FUEL;
        self.current_kind = self.input.kind_at(self.raw_pos);
        while self.raw_pos < self.input.lexed.kinds.len() {
            self.bump_any();
        }
        self.gave_up = true;
        self.current_kind = EOF;
    }
}

/// An open node. Must be completed or abandoned.
pub(crate) struct Marker {
    pos: u32,
}

impl Marker {
    pub(crate) fn complete(self, p: &mut Parser<'_, '_>, kind: SyntaxKind) -> CompletedMarker {
        let index = p.event_index(self.pos);
        p.events[index] = Event::Start {
            kind,
            forward_parent: None,
        };
        p.events.push(Event::Finish);
        p.open_markers -= 1;
        CompletedMarker { pos: self.pos }
    }

    /// Drop the node; its tokens go to the parent.
    pub(crate) fn abandon(self, p: &mut Parser<'_, '_>) {
        if p.event_index(self.pos) == p.events.len() - 1 {
            p.events.pop();
        }
        p.open_markers -= 1;
    }
}

/// A finished node, which can still be wrapped by a new parent (`precede`).
#[derive(Clone, Copy)]
pub(crate) struct CompletedMarker {
    pos: u32,
}

impl CompletedMarker {
    /// The kind the node was completed with.
    pub(crate) fn kind(self, p: &Parser<'_, '_>) -> SyntaxKind {
        match p.events[p.event_index(self.pos)] {
            Event::Start { kind, .. } => kind,
            _ => ERROR,
        }
    }

    /// Start a new node that will become this node's parent.
    pub(crate) fn precede(self, p: &mut Parser<'_, '_>) -> Marker {
        let m = p.start();
        let index = p.event_index(self.pos);
        if let Event::Start { forward_parent, .. } = &mut p.events[index] {
            *forward_parent = std::num::NonZeroU32::new(m.pos - self.pos);
        }
        m
    }
}
