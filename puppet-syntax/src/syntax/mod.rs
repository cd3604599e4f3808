//! The lossless CST: a rowan tree built from the parser's events and the lexer's tokens (trivia
//! included), so that the tree's text is byte-for-byte the input. [`crate::parse`] builds it
//! with [`ParseOptions::cst`](crate::ParseOptions::cst); [`ast`] has typed accessors and
//! [`dump_cst`] the text form.

pub mod ast;
mod dump;
mod tree_builder;

pub use dump::{dump_cst, write_cst};

use crate::lexer;
use crate::parser;
use crate::syntax_kind::SyntaxKind;
use tree_builder::{Green, PlainBuilder};

/// The rowan language tag for Puppet.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum PuppetLanguage {}

impl rowan::Language for PuppetLanguage {
    type Kind = SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_u16(raw.0).unwrap_or(SyntaxKind::ERROR)
    }
    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

/// A node of the CST.
pub type SyntaxNode = rowan::SyntaxNode<PuppetLanguage>;
/// A token of the CST (trivia included).
pub type SyntaxToken = rowan::SyntaxToken<PuppetLanguage>;
/// A node or a token of the CST.
pub type SyntaxElement = rowan::SyntaxElement<PuppetLanguage>;

/// The lossless CST of one parse: a rowan green tree (immutable, cheap to clone, shareable
/// between threads) that is released without recursion however deep it is.
#[derive(Clone, Debug)]
pub struct Cst {
    /// Always `Some` until dropped.
    green: Option<rowan::GreenNode>,
    depth: usize,
}

/// A CST deeper than this is released level by level instead of by rowan's recursive `Drop`,
/// which would need a stack frame per level (the parser accepts 8,192 levels of nesting, a few
/// CST nodes each).
const DEEP_TREE: usize = 256;

/// Parser nesting above which a CST is built without the node cache (see [`build_cst`]).
const DEEP_PARSE: u32 = 64;

impl Cst {
    /// The green root.
    pub fn green(&self) -> &rowan::GreenNode {
        self.green.as_ref().expect("a CST has a root until dropped")
    }

    /// A syntax-tree view of the root (rowan's red tree: parents, offsets, navigation).
    pub fn syntax_node(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green().clone())
    }

    /// How deeply nodes nest (the root alone is 1).
    pub fn depth(&self) -> usize {
        self.depth
    }
}

impl Drop for Cst {
    fn drop(&mut self) {
        let Some(root) = self.green.take() else {
            return;
        };
        if self.depth > DEEP_TREE {
            release_deep(root);
        }
    }
}

/// Releases a green tree level by level, however deep, instead of by rowan's recursive `Drop`.
fn release_deep(root: rowan::GreenNode) {
    // Each node's children are held by the work list before the node is released, so no
    // release cascades down the tree.
    let mut pending = vec![root];
    while let Some(node) = pending.pop() {
        pending.extend(
            node.children()
                .filter_map(|child| child.into_node())
                .map(|child| child.to_owned()),
        );
    }
}

/// Build the CST from parser events over `lexed` (trivia re-attached).
///
/// Green tokens and nodes are deduplicated through a per-thread `NodeCache` kept across parses:
/// a fresh cache per file spent a third of the CST time growing and dropping its hash tables.
/// The cache is replaced after `CACHE_RESET_BYTES` of input so a long-running process does not
/// keep every distinct token it ever saw.
///
/// A deeply nested parse (`parser_depth` above [`DEEP_PARSE`]) is built without the cache: the
/// cache rehashes each node's whole subtree, recursively, when it grows (quadratic in the
/// depth), and as the last owner of a long chain of nodes it would release them recursively
/// when it is dropped. A tree can be deep without deep nesting in the parser (a long chain
/// such as `1 + 2 + …` or `elsif`s): a cached build gives up at nodes nested deeper than
/// [`DEEP_TREE`] (the cache then holds none deeper), and the events are replayed into the
/// plain builder.
pub(crate) fn build_cst(
    text: &str,
    lexed: &lexer::Lexed,
    mut events: Vec<parser::Event>,
    parser_depth: u32,
) -> Cst {
    const CACHE_RESET_BYTES: usize = 64 << 20;
    thread_local! {
        static CACHE: std::cell::RefCell<(rowan::NodeCache, usize)> = Default::default();
    }
    let plain = |events: &mut Vec<parser::Event>| {
        build_with(text, lexed, events, Green::Plain(PlainBuilder::default()))
            .expect("a plain build never gives up")
    };
    if parser_depth > DEEP_PARSE {
        return plain(&mut events);
    }
    let cached = CACHE.with(|cell| {
        // Re-entered on this thread (cannot happen today): build without the cache.
        let mut guard = cell.try_borrow_mut().ok()?;
        let (cache, bytes) = &mut *guard;
        *bytes += text.len();
        if *bytes > CACHE_RESET_BYTES {
            *cache = rowan::NodeCache::default();
            *bytes = text.len();
        }
        let builder = rowan::GreenNodeBuilder::with_cache(cache);
        build_with(text, lexed, &mut events, Green::Cached(builder))
    });
    cached.unwrap_or_else(|| {
        parser::restore_forwarded(&mut events);
        plain(&mut events)
    })
}

/// The tree `events` make with `green`, or `None` when a cached build gave up (the events are
/// then as [`parser::process`] left them).
fn build_with(
    text: &str,
    lexed: &lexer::Lexed,
    events: &mut [parser::Event],
    green: Green<'_>,
) -> Option<Cst> {
    let mut builder = tree_builder::CstBuilder::new(text, lexed, green, DEEP_TREE);
    parser::process(events, &mut builder);
    let (green, depth) = builder.finish()?;
    Some(Cst {
        green: Some(green),
        depth,
    })
}
