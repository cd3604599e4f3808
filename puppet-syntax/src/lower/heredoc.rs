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
    let input = parser::Input::new(&text.text, lexed);
    let mut output = parser::parse(&input);
    let mut diagnostics: Vec<Diagnostic> = output
        .diagnostics
        .into_iter()
        .map(|mut d| {
            (d.offset, d.len) = text.to_global(d.offset, d.len);
            d
        })
        .collect();
    if diagnostics.iter().any(Diagnostic::is_error)
        || lexed.diagnostics.iter().any(Diagnostic::is_error)
    {
        return Some((
            header.syntax.clone(),
            model.nop(span.body_start, 0),
            diagnostics,
        ));
    }
    let mut lowering = Lowering::new(&text.text, lexed, model);
    lowering.heredoc_escapes = Some(header.escapes);
    process(&mut output.events, &mut lowering);
    let failed = lowering.failed;
    diagnostics.append(&mut lowering.diagnostics);
    let root = lowering.finish()?;
    if failed {
        return Some((header.syntax.clone(), root, diagnostics));
    }
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
