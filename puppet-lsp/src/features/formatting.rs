//! Formatting from `puppet-fmt`: the document, a range (the statements it touches), and on
//! type (after `}` the block it closes, after a newline the line before). A document that does
//! not parse is left as it is (the formatter refuses to guess), with no edit.

use lsp_types::{
    DocumentFormattingParams, DocumentOnTypeFormattingParams, DocumentRangeFormattingParams,
    TextEdit,
};
use puppet_fmt::{FormatError, FormatOptions};
use puppet_syntax::{TextRange, TextSize};

use crate::document::{Document, Text};
use crate::state::{LspResult, Snapshot};

fn options(document: &Document) -> FormatOptions {
    FormatOptions::for_path(&document.display_path()).epp(document.epp)
}

/// The protocol's edits of the formatter's.
pub fn to_lsp_edits(text: &Text, edit: &puppet_diagnostics::TextEdit) -> Vec<TextEdit> {
    edit.indels()
        .iter()
        .map(|indel| TextEdit::new(text.range(indel.delete), indel.insert.clone()))
        .collect()
}

fn result(
    text: &Text,
    edit: Result<puppet_diagnostics::TextEdit, FormatError>,
) -> Option<Vec<TextEdit>> {
    match edit {
        Ok(edit) => Some(to_lsp_edits(text, &edit)),
        Err(err) => {
            log::debug!("not formatted: {err}");
            None
        }
    }
}

pub fn handle_document(
    s: &Snapshot,
    p: DocumentFormattingParams,
) -> LspResult<Option<Vec<TextEdit>>> {
    let document = s.document(&p.text_document.uri)?;
    if !s.config.format_enabled {
        return Ok(None);
    }
    let edit = puppet_fmt::format_edits(&document.text.text, &options(&document));
    Ok(result(&document.text, edit))
}

pub fn handle_range(
    s: &Snapshot,
    p: DocumentRangeFormattingParams,
) -> LspResult<Option<Vec<TextEdit>>> {
    let document = s.document(&p.text_document.uri)?;
    if !s.config.format_enabled {
        return Ok(None);
    }
    let range = document.text.text_range(p.range);
    let edit = puppet_fmt::format_range(&document.text.text, range, &options(&document));
    Ok(result(&document.text, edit))
}

pub fn handle_on_type(
    s: &Snapshot,
    p: DocumentOnTypeFormattingParams,
) -> LspResult<Option<Vec<TextEdit>>> {
    let position = p.text_document_position;
    let document = s.document(&position.text_document.uri)?;
    if !s.config.format_enabled {
        return Ok(None);
    }
    let text = &document.text;
    let offset = text.offset(position.position);
    // After `}`: its line; after a newline: the line before (the one just finished).
    let line = text.lines.line(offset).saturating_sub(1);
    let line = if p.ch == "\n" {
        line.saturating_sub(1)
    } else {
        line
    };
    let Some(span) = text.lines.line_range(line, text.text.len() as u32) else {
        return Ok(None);
    };
    let range = TextRange::new(TextSize::from(span.start), TextSize::from(span.end));
    let edit = puppet_fmt::format_range(&text.text, range, &options(&document));
    Ok(result(text, edit))
}
