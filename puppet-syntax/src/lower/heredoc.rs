//! Heredoc text: Ruby lexes the processed text of a heredoc (margin removed, final line break
//! trimmed) with a separate lexer and a `SubLocator`, parses it as a string, materialises the
//! nodes with text-local positions and then maps every offset back to the source
//! (`Factory.SUBLOCATE`). We do the same: lex and parse the processed text, lower it into the
//! same model (local positions, container-relative ones resolved locally), then map every node
//! of the text expression with `HeredocText::to_global`.

use super::{Lowering, UNPOSITIONED};
use crate::diagnostics::Diagnostic;
use crate::lexer::heredoc::{parse_header, process_body};
use crate::lexer::{HeredocSpan, Lexed};
use crate::model::{Model, NodeId};
use crate::parser::{self, process};

/// Lower the text of the heredoc whose `HEREDOC` token is `token` (header text `header_text`):
/// `(syntax, text_expr, diagnostics)`, or `None` when the header is unreadable.
///
/// An interpolated heredoc's text was already processed and lexed by the main lexer (which
/// reported its lexer diagnostics, mapped): that is reused; the others are one `STRING` token,
/// lexed here.
pub(super) fn lower_heredoc_text(
    source: &str,
    main: &Lexed,
    token: usize,
    header_text: &str,
    span: HeredocSpan,
    model: &mut Model,
) -> Option<(String, NodeId, Vec<Diagnostic>)> {
    let computed;
    let (header, text, lexed) = match main.heredoc_text(token) {
        Some(done) => (&done.header, &done.text, &done.lexed),
        None => {
            let header = parse_header(header_text).ok()?;
            let body = source.get(span.body_start as usize..span.body_end as usize)?;
            let text = process_body(&header, body, span.body_start);
            let lexed = text.lex(false);
            computed = (header, text, lexed);
            (&computed.0, &computed.1, &computed.2)
        }
    };
    let input = parser::Input::new(&text.text, lexed).heredoc(header.escapes);
    let mut output = parser::parse(&input);
    let mapped = |diagnostics: Vec<Diagnostic>| -> Vec<Diagnostic> {
        diagnostics
            .into_iter()
            .map(|mut d| {
                (d.offset, d.len) = text.to_global(d.offset, d.len);
                d
            })
            .collect()
    };
    let failed_at = |model: &mut Model, diagnostics| {
        Some((
            header.syntax.clone(),
            model.nop(span.body_start, 0),
            diagnostics,
        ))
    };
    if lexed.diagnostics.iter().any(Diagnostic::is_error) {
        // Reported by the main lexer, which lexed the text with the header, before Ruby's
        // parser reads any of it.
        return failed_at(model, mapped(output.diagnostics));
    }
    // Where the parser met its first syntax error in the text (its own offsets).
    let first_syntax_error = output
        .diagnostics
        .iter()
        .zip(&output.raise_points)
        .filter(|(d, _)| d.is_error())
        .map(|(_, &at)| at)
        .min();
    let mut lowering = Lowering::new(&text.text, lexed, model);
    lowering.heredoc_escapes = Some(header.escapes);
    process(&mut output.events, &mut lowering);
    if first_syntax_error.is_none() {
        lowering.settle_validation_crash();
    }
    // A grammar action of the text that fails (`$y {}` inside `${…}`) is Ruby's first error
    // when it is reduced before the parser reaches a syntax error, as in a file
    // (`parse::finish_lowering`). Ruby reports it at its offset in the text taken as an offset
    // of the file (its message's location does not go through the heredoc's `SubLocator`,
    // unlike a syntax error's), so it is kept there.
    let action_error_first = lowering.failed
        && !lowering.internal_failure
        && first_syntax_error.is_none_or(|at| lowering.action_error_end <= at);
    if action_error_first {
        let first = lowering.diagnostics.into_iter().find(Diagnostic::is_error);
        return failed_at(model, first.into_iter().collect());
    }
    if first_syntax_error.is_some() {
        return failed_at(model, mapped(output.diagnostics));
    }
    if lowering.failed {
        // An internal failure (a tree shape the lowering does not expect): ours to report.
        let diagnostics = mapped(std::mem::take(&mut lowering.diagnostics));
        drop(lowering);
        return failed_at(model, diagnostics);
    }
    let diagnostics = mapped(output.diagnostics);
    let Some(root) = lowering.finish() else {
        return failed_at(model, diagnostics);
    };
    let ids: Vec<NodeId> = model.walk_from(root).collect();
    for id in ids {
        let (offset, length) = model.span(id);
        if offset != UNPOSITIONED {
            let (offset, length) = text.to_global(offset, length);
            model.set_span(id, offset, length);
        }
    }
    Some((header.syntax.clone(), root, diagnostics))
}
