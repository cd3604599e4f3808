//! The lossless CST: a rowan tree built from the parser's events and the lexer's tokens (trivia
//! included), so that the tree's text is byte-for-byte the input. [`crate::parse`] builds it
//! with [`ParseOptions::cst`](crate::ParseOptions::cst); [`ast`] has typed accessors and
//! [`dump_cst`] the text form.

pub mod ast;
mod dump;
mod tree_builder;

pub use dump::dump_cst;

use crate::lexer;
use crate::parser;
use crate::syntax_kind::SyntaxKind;

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

/// Build the green tree from parser events over `lexed` (trivia re-attached).
///
/// Green tokens and nodes are deduplicated through a per-thread `NodeCache` kept across parses:
/// a fresh cache per file spent a third of the CST time growing and dropping its hash tables.
/// The cache is replaced after `CACHE_RESET_BYTES` of input so a long-running process does not
/// keep every distinct token it ever saw.
pub(crate) fn build_cst(
    text: &str,
    lexed: &lexer::Lexed,
    events: Vec<parser::Event>,
) -> rowan::GreenNode {
    const CACHE_RESET_BYTES: usize = 64 << 20;
    thread_local! {
        static CACHE: std::cell::RefCell<(rowan::NodeCache, usize)> = Default::default();
    }
    CACHE.with(|cell| {
        let Ok(mut guard) = cell.try_borrow_mut() else {
            // Re-entered on this thread (cannot happen today): use a private cache.
            let mut cache = rowan::NodeCache::default();
            return build_with_cache(text, lexed, events, &mut cache);
        };
        let (cache, bytes) = &mut *guard;
        *bytes += text.len();
        if *bytes > CACHE_RESET_BYTES {
            *cache = rowan::NodeCache::default();
            *bytes = text.len();
        }
        build_with_cache(text, lexed, events, cache)
    })
}

fn build_with_cache(
    text: &str,
    lexed: &lexer::Lexed,
    events: Vec<parser::Event>,
    cache: &mut rowan::NodeCache,
) -> rowan::GreenNode {
    let mut builder = tree_builder::CstBuilder::new(text, lexed, cache);
    parser::process(events, &mut builder);
    builder.finish()
}
