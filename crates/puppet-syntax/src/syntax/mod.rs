//! The lossless CST: a rowan tree built from the parser's events and the lexer's tokens (trivia
//! included), so that the tree's text is byte-for-byte the input.

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
pub(crate) fn build_cst(
    text: &str,
    lexed: &lexer::Lexed,
    events: Vec<parser::Event>,
) -> rowan::GreenNode {
    let mut builder = tree_builder::CstBuilder::new(text, lexed);
    parser::process(events, &mut builder);
    builder.finish()
}
