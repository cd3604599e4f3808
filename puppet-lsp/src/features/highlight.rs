//! Document highlights: the uses of what is under the cursor in the same document, the
//! definitions marked as writes.

use lsp_types::{DocumentHighlight, DocumentHighlightKind, DocumentHighlightParams};

use crate::resolve::resolve;
use crate::state::{LspResult, Snapshot};

pub fn handle(
    s: &Snapshot,
    p: DocumentHighlightParams,
) -> LspResult<Option<Vec<DocumentHighlight>>> {
    let (view, reference) = s.reference_at(&p.text_document_position_params)?;
    let Some(reference) = reference else {
        return Ok(None);
    };
    let targets = resolve(s, &view, &reference);
    let mut found: Vec<DocumentHighlight> = if targets.is_empty() {
        // Unresolved (a fact, a typo): the same name in the same document.
        view.analysis
            .refs
            .iter()
            .filter(|r| r.kind == reference.kind && r.name == reference.name)
            .map(|r| DocumentHighlight {
                range: view.text.range(r.range),
                kind: Some(DocumentHighlightKind::TEXT),
            })
            .collect()
    } else {
        super::references::places(s, &view, &targets)
            .into_iter()
            .filter(|f| f.place.uri == view.uri)
            .map(|f| DocumentHighlight {
                range: view.text.range(f.place.range),
                kind: Some(if f.reference.definition {
                    DocumentHighlightKind::WRITE
                } else {
                    DocumentHighlightKind::READ
                }),
            })
            .collect()
    };
    found.dedup_by(|a, b| a.range == b.range);
    Ok(Some(found))
}
