//! The CST sink: replays parser events over the full token list (trivia included) and builds a
//! rowan green tree. Trivia before a node's first token stays in the parent (so comments and
//! blank lines sit between statements, not inside them); trivia at the end goes to the root.

use crate::lexer::Lexed;
use crate::parser::TreeSink;
use crate::syntax_kind::SyntaxKind;

pub(crate) struct CstBuilder<'a, 'c> {
    text: &'a str,
    lexed: &'a Lexed,
    /// Index of the next raw token (trivia included) to add.
    next: usize,
    depth: usize,
    builder: rowan::GreenNodeBuilder<'c>,
}

impl<'a, 'c> CstBuilder<'a, 'c> {
    /// A builder deduplicating tokens and nodes through `cache` (shared between parses).
    pub(crate) fn new(
        text: &'a str,
        lexed: &'a Lexed,
        cache: &'c mut rowan::NodeCache,
    ) -> CstBuilder<'a, 'c> {
        CstBuilder {
            text,
            lexed,
            next: 0,
            depth: 0,
            builder: rowan::GreenNodeBuilder::with_cache(cache),
        }
    }

    fn add_raw(&mut self, i: usize) {
        let tok = self.lexed.tokens[i];
        let start = self.lexed.starts[i] as usize;
        let text = &self.text[start..start + tok.len as usize];
        self.builder.token(tok.kind.into(), text);
    }

    fn flush_trivia(&mut self) {
        while self.next < self.lexed.tokens.len() && self.lexed.tokens[self.next].kind.is_trivia() {
            self.add_raw(self.next);
            self.next += 1;
        }
    }

    pub(crate) fn finish(self) -> rowan::GreenNode {
        self.builder.finish()
    }
}

impl TreeSink for CstBuilder<'_, '_> {
    fn start_node(&mut self, kind: SyntaxKind) {
        if self.depth > 0 {
            self.flush_trivia();
        }
        self.depth += 1;
        self.builder.start_node(kind.into());
    }

    fn token(&mut self) {
        self.flush_trivia();
        if self.next < self.lexed.tokens.len() {
            self.add_raw(self.next);
            self.next += 1;
        }
    }

    fn finish_node(&mut self) {
        self.depth -= 1;
        if self.depth == 0 {
            // The root: everything left (trailing trivia) belongs to it.
            while self.next < self.lexed.tokens.len() {
                self.add_raw(self.next);
                self.next += 1;
            }
        }
        self.builder.finish_node();
    }
}
