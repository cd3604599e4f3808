//! The lossless CST: a rowan tree built from the parser's events and the lexer's tokens (trivia
//! included), so that the tree's text is byte-for-byte the input.

pub mod ast;
mod dump;
mod tree_builder;

pub use dump::{dump_cst, json_quote, json_string};

use crate::diagnostics::Diagnostic;
use crate::lexer::{self, LexOptions};
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

pub type SyntaxNode = rowan::SyntaxNode<PuppetLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<PuppetLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<PuppetLanguage>;

/// Options for parsing a source text.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ParseOptions {
    /// Parse an EPP template instead of a manifest.
    pub epp: bool,
    /// Tasks mode (`plan`, `apply` are keywords).
    pub tasks: bool,
}

/// A parsed CST plus the lexer and parser diagnostics (in source order).
#[derive(Clone, Debug)]
pub struct CstParse {
    green: rowan::GreenNode,
    diagnostics: Vec<Diagnostic>,
}

impl CstParse {
    pub fn syntax_node(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_error())
    }
}

/// Lex and parse `text` into a lossless CST.
pub fn parse_cst(text: &str, options: &ParseOptions) -> CstParse {
    let lex_options = LexOptions {
        epp: options.epp,
        tasks: options.tasks,
    };
    let (lexed, events, mut diagnostics) = parser::lex_and_parse(text, lex_options);
    let green = build_cst(text, &lexed, events);
    diagnostics.sort_by_key(|d| d.offset);
    CstParse { green, diagnostics }
}

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
