//! Parser output: a flat list of events, turned into a tree (or a model) by a sink.
//!
//! `Start` events may carry a `forward_parent`: the distance to a later `Start` that must become
//! this node's parent (`CompletedMarker::precede`, used for left-recursive forms such as binary
//! operators and postfix calls). `process` resolves those links and feeds a `TreeSink`.

use std::num::NonZeroU32;

use crate::stack_list::StackList;
use crate::syntax_kind::SyntaxKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// Open a node. `kind == TOMBSTONE` for abandoned markers (see `Marker::abandon`).
    Start {
        kind: SyntaxKind,
        /// `NonZeroU32` (a distance is at least 1) keeps an event at 8 bytes.
        forward_parent: Option<NonZeroU32>,
    },
    /// Close the innermost open node.
    Finish,
    /// Consume the next non-trivia token, at index `raw` of the lexer's tokens (so that a
    /// sink that ignores trivia need not skip it).
    Token { raw: u32 },
    /// A syntax error, or a token with a lexer error, was found here: every node open at this
    /// point is incomplete or holds a mistake.
    Error,
    /// The statement list open here ends before the next token, which is a syntax error: Ruby
    /// reduces the list (its `transform_calls` action, which can fail) before it fails at that
    /// token.
    StatementListEnds,
    /// Placeholder left by an abandoned `Start`.
    Tombstone,
    /// A `Start` that [`process`] opened early, as a forward parent; [`restore_forwarded`]
    /// makes it a `Start` again, for a second replay.
    Forwarded {
        kind: SyntaxKind,
        forward_parent: Option<NonZeroU32>,
    },
}

const _: () = assert!(std::mem::size_of::<Event>() == 8);

/// Receives the tree shape: implemented by the CST builder and by the model builder.
pub trait TreeSink {
    fn start_node(&mut self, kind: SyntaxKind);
    /// The next non-trivia token, at index `raw` of the lexer's tokens (sinks that keep trivia
    /// attach the trivia before it themselves).
    fn token(&mut self, raw: u32);
    fn finish_node(&mut self);
    /// A node of `kind` around exactly the token at raw index `raw`: what `start_node`,
    /// `token` and `finish_node` do (a sink may take this common case in one step).
    fn leaf_node(&mut self, kind: SyntaxKind, raw: u32) {
        self.start_node(kind);
        self.token(raw);
        self.finish_node();
    }
    /// A mistake at this point (see [`Event::Error`]); the nodes open now are not well formed.
    fn error(&mut self) {}
    /// The statement list of the innermost open node ends here, before a syntax error (see
    /// [`Event::StatementListEnds`]).
    fn statement_list_ends(&mut self) {}
}

/// Takes the events of a streaming parse ([`parse_into`](super::parse_into)) batch by batch:
/// one dynamic call per batch (a top-level statement), and [`process`] monomorphized for the
/// sink inside it, so the sink's methods are inlined into the replay loop.
pub(crate) trait EventSink {
    fn take(&mut self, events: &mut [Event]);
}

impl<S: TreeSink> EventSink for S {
    fn take(&mut self, events: &mut [Event]) {
        process(events, self);
    }
}

/// Replay `events` into `sink`, resolving `forward_parent` chains.
///
/// Only the `Start` events a chain points to are overwritten (with `Forwarded`, so they are
/// not opened twice; [`restore_forwarded`] undoes that): every other event is read once, in
/// order, and left as it is.
pub(crate) fn process<S: TreeSink + ?Sized>(events: &mut [Event], sink: &mut S) {
    let mut i = 0;
    while i < events.len() {
        match events[i] {
            // A node opens after the chain of forward parents it points to, if any (most nodes
            // have none); a node around one token (half of all nodes) is handed over in one step.
            Event::Start {
                kind,
                forward_parent,
            } => {
                if let Some(distance) = forward_parent {
                    open_forward_parents(events, i, distance, sink);
                }
                if let [Event::Token { raw }, Event::Finish, ..] = events[i + 1..] {
                    sink.leaf_node(kind, raw);
                    i += 3;
                    continue;
                }
                sink.start_node(kind)
            }
            Event::Finish => sink.finish_node(),
            Event::Token { raw } => sink.token(raw),
            Event::Error => sink.error(),
            Event::StatementListEnds => sink.statement_list_ends(),
            Event::Tombstone | Event::Forwarded { .. } => {}
        }
        i += 1;
    }
}

/// Opens the chain of forward parents that the node started at `events[i]` points to (at
/// `distance` and on), outermost first, and marks the chain's later `Start`s `Forwarded`. The
/// node itself is opened by the caller.
fn open_forward_parents<S: TreeSink + ?Sized>(
    events: &mut [Event],
    i: usize,
    distance: NonZeroU32,
    sink: &mut S,
) {
    // Collect the chain (outermost last). Chains are short (an operator over a call over an
    // access…): they live on the stack, so a batch allocates nothing.
    let mut chain: StackList<SyntaxKind, 8> = StackList::new(SyntaxKind::EOF);
    let mut idx = i;
    let mut fp = Some(distance);
    while let Some(distance) = fp {
        idx += distance.get() as usize;
        fp = match events.get_mut(idx) {
            Some(event) => match *event {
                Event::Start {
                    kind,
                    forward_parent,
                } => {
                    *event = Event::Forwarded {
                        kind,
                        forward_parent,
                    };
                    chain.push(kind);
                    forward_parent
                }
                _ => None,
            },
            None => None,
        };
    }
    for &kind in chain.as_slice().iter().rev() {
        sink.start_node(kind);
    }
}

/// Undoes what [`process`] changed in `events` (its `Forwarded` marks), so that they can be
/// replayed again.
pub(crate) fn restore_forwarded(events: &mut [Event]) {
    for event in events {
        if let Event::Forwarded {
            kind,
            forward_parent,
        } = *event
        {
            *event = Event::Start {
                kind,
                forward_parent,
            };
        }
    }
}
