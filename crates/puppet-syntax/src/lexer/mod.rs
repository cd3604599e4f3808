//! The lexer: source text → `(kind, len)` tokens covering every byte, plus diagnostics.
//!
//! INTERFACE ONLY — the implementation is being written (see the files next to this one).

use crate::diagnostics::Diagnostic;
use crate::syntax_kind::SyntaxKind;

/// One token: its kind and byte length. Offsets are implied (tokens are contiguous).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    pub kind: SyntaxKind,
    pub len: u32,
}

/// What kind of source is lexed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LexOptions {
    /// Lex an EPP template (text mode first, `EPP_START` token at offset 0).
    pub epp: bool,
    /// Tasks mode: `plan` and `apply` are keywords.
    pub tasks: bool,
}

/// The result of lexing: tokens (covering the whole input, in order) and diagnostics.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    pub tokens: Vec<Token>,
    /// Byte offset of each token (same length as `tokens`, plus one final entry = input length).
    pub starts: Vec<u32>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Lex `text` into tokens covering every byte.
pub fn lex(text: &str, options: LexOptions) -> Lexed {
    let _ = (text, options);
    unimplemented!("lexer is being written")
}
