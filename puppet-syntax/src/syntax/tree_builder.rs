//! The CST sink: replays parser events over the full token list (trivia included) and builds a
//! rowan green tree. Trivia before a node's first token stays in the parent (so comments and
//! blank lines sit between statements, not inside them); trivia at the end goes to the root.
//!
//! Two ways to make green nodes: rowan's `GreenNodeBuilder` with a `NodeCache` that interns
//! small nodes and tokens (fast and compact on real code), and [`PlainBuilder`], which makes
//! every node directly. The cache hashes a node's whole subtree to intern it, which is
//! quadratic in the depth of the tree, so deeply nested input takes the plain builder: known
//! from the start when the parser nested deeply, found during the build for long chains
//! (`1 + 2 + …`, `elsif`s), where a cached build gives up and the events are replayed.

use rowan::{GreenNode, GreenToken, NodeOrToken};

use crate::lexer::Lexed;
use crate::parser::TreeSink;
use crate::syntax_kind::SyntaxKind;

/// Where green nodes are made.
pub(crate) enum Green<'c> {
    /// rowan's builder, interning through a cache.
    Cached(rowan::GreenNodeBuilder<'c>),
    /// Every node made directly, for deep trees.
    Plain(PlainBuilder),
}

/// A green tree builder without interning: a stack of open nodes over one list of children.
#[derive(Default)]
pub(crate) struct PlainBuilder {
    /// The open nodes: kind and where their children start in `children`.
    open: Vec<(SyntaxKind, usize)>,
    children: Vec<NodeOrToken<GreenNode, GreenToken>>,
}

impl Green<'_> {
    fn start_node(&mut self, kind: SyntaxKind) {
        match self {
            Green::Cached(builder) => builder.start_node(kind.into()),
            Green::Plain(plain) => plain.open.push((kind, plain.children.len())),
        }
    }

    fn token(&mut self, kind: SyntaxKind, text: &str) {
        match self {
            Green::Cached(builder) => builder.token(kind.into(), text),
            Green::Plain(plain) => plain
                .children
                .push(NodeOrToken::Token(GreenToken::new(kind.into(), text))),
        }
    }

    fn finish_node(&mut self) {
        match self {
            Green::Cached(builder) => builder.finish_node(),
            Green::Plain(plain) => {
                let Some((kind, first)) = plain.open.pop() else {
                    return;
                };
                let node = GreenNode::new(kind.into(), plain.children.drain(first..));
                plain.children.push(NodeOrToken::Node(node));
            }
        }
    }

    fn finish(self) -> GreenNode {
        match self {
            Green::Cached(builder) => builder.finish(),
            Green::Plain(mut plain) => match plain.children.pop() {
                Some(NodeOrToken::Node(root)) => root,
                // The parser always completes a root node; an empty one keeps this total.
                _ => GreenNode::new(SyntaxKind::SOURCE_FILE.into(), std::iter::empty()),
            },
        }
    }
}

pub(crate) struct CstBuilder<'a, 'c> {
    text: &'a str,
    lexed: &'a Lexed,
    /// Index of the next raw token (trivia included) to add.
    next: usize,
    depth: usize,
    /// The deepest node nesting seen (for [`super::Cst`]'s release).
    max_depth: usize,
    /// Nodes nested deeper than this are not made with the cache: the build gives up (see
    /// [`CstBuilder::finish`]).
    cached_depth_limit: usize,
    gave_up: bool,
    builder: Green<'c>,
}

impl<'a, 'c> CstBuilder<'a, 'c> {
    /// A builder over `lexed` making nodes with `builder`; a cached one gives up at nodes
    /// nested deeper than `cached_depth_limit`.
    pub(crate) fn new(
        text: &'a str,
        lexed: &'a Lexed,
        builder: Green<'c>,
        cached_depth_limit: usize,
    ) -> CstBuilder<'a, 'c> {
        CstBuilder {
            text,
            lexed,
            next: 0,
            depth: 0,
            max_depth: 0,
            cached_depth_limit,
            gave_up: false,
            builder,
        }
    }

    fn add_raw(&mut self, i: usize) {
        let text = &self.text[self.lexed.range(i)];
        self.builder.token(self.lexed.kinds[i], text);
    }

    fn flush_trivia(&mut self) {
        while self.next < self.lexed.kinds.len() && self.lexed.kinds[self.next].is_trivia() {
            self.add_raw(self.next);
            self.next += 1;
        }
    }

    /// The tree and its depth, or `None` when a cached build gave up: the tree nests deeper
    /// than the limit, and the cache would rehash (recursively) and keep such tall nodes.
    /// The cache then holds only nodes below the limit, and the events can be replayed into
    /// a plain builder ([`crate::parser::restore_forwarded`]).
    pub(crate) fn finish(self) -> Option<(GreenNode, usize)> {
        if !self.gave_up {
            return Some((self.builder.finish(), self.max_depth));
        }
        if let Green::Plain(plain) = self.builder {
            // What was built after giving up can be deep.
            for child in plain.children {
                if let NodeOrToken::Node(node) = child {
                    super::release_deep(node);
                }
            }
        }
        None
    }

    /// Gives up a cached build (see [`CstBuilder::finish`]): rowan's builder, and the nodes it
    /// held, none deeper than the limit, are released now. The rest of the events go to a
    /// plain builder whose tree is thrown away, so that the common path tests nothing more.
    #[cold]
    #[inline(never)]
    fn give_up(&mut self) {
        self.gave_up = true;
        self.builder = Green::Plain(PlainBuilder::default());
    }
}

impl TreeSink for CstBuilder<'_, '_> {
    fn start_node(&mut self, kind: SyntaxKind) {
        if self.depth > 0 {
            self.flush_trivia();
        }
        self.depth += 1;
        if self.depth > self.max_depth {
            self.max_depth = self.depth;
            if self.depth > self.cached_depth_limit && matches!(self.builder, Green::Cached(_)) {
                self.give_up();
            }
        }
        self.builder.start_node(kind);
    }

    fn token(&mut self, raw: u32) {
        self.flush_trivia();
        debug_assert_eq!(self.next, raw as usize);
        if self.next < self.lexed.kinds.len() {
            self.add_raw(self.next);
            self.next += 1;
        }
    }

    fn finish_node(&mut self) {
        self.depth -= 1;
        if self.depth == 0 {
            // The root: everything left (trailing trivia) belongs to it.
            while self.next < self.lexed.kinds.len() {
                self.add_raw(self.next);
                self.next += 1;
            }
        }
        self.builder.finish_node();
    }
}
