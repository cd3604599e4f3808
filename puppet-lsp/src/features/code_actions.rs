//! Code actions from the linter: the fix of each problem under the cursor (checked to leave a
//! document that still parses), a `# lint:ignore:<check>` comment for its line, and
//! `source.fixAll`: every fix `puppet-parser lint --fix` would make (its rounds and checks).

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeActionResponse,
    TextEdit, WorkspaceEdit,
};
use puppet_syntax::{TextRange, TextSize};

use crate::document::Text;
use crate::state::{LspResult, Snapshot};

fn workspace_edit(uri: &lsp_types::Url, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// One edit replacing what differs between `old` and `new` (their common ends kept).
pub fn minimal_edit(text: &Text, new: &str) -> Option<TextEdit> {
    let old = text.text.as_str();
    if old == new {
        return None;
    }
    let mut prefix = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let max_suffix = old.len().min(new.len()) - prefix;
    let mut suffix = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(max_suffix)
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix) {
        suffix -= 1;
    }
    let range = TextRange::new(
        TextSize::from(prefix as u32),
        TextSize::from((old.len() - suffix) as u32),
    );
    Some(TextEdit::new(
        text.range(range),
        new[prefix..new.len() - suffix].to_string(),
    ))
}

fn wants(only: &Option<Vec<CodeActionKind>>, kind: &CodeActionKind) -> bool {
    match only {
        None => true,
        Some(kinds) => kinds.iter().any(|k| kind.as_str().starts_with(k.as_str())),
    }
}

pub fn handle(s: &Snapshot, p: CodeActionParams) -> LspResult<Option<CodeActionResponse>> {
    let document = s.document(&p.text_document.uri)?;
    let analysis = s.analysis(&document);
    let text = &document.text;
    let range = text.text_range(p.range);
    let mut actions = Vec::new();
    let only = p.context.only.clone();
    if wants(&only, &CodeActionKind::QUICKFIX) {
        for problem in &analysis.lint {
            let touches =
                problem.range.start() <= range.end() && range.start() <= problem.range.end();
            if !touches {
                continue;
            }
            if let Some(fix) = &problem.fix {
                let fixed = fix.apply(&text.text).ok();
                let parses = fixed.as_ref().is_some_and(|t| {
                    let options = s.config.parse_options().epp(document.epp);
                    !puppet_syntax::parse(t.as_bytes(), &options.cst(false)).has_errors()
                });
                if parses {
                    let edits = super::formatting::to_lsp_edits(text, fix);
                    actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                        title: format!("Fix {}: {}", problem.check.name, problem.message),
                        kind: Some(CodeActionKind::QUICKFIX),
                        edit: Some(workspace_edit(&document.uri, edits)),
                        is_preferred: Some(true),
                        ..CodeAction::default()
                    }));
                }
            }
            // `# lint:ignore:<check>` at the end of the problem's line.
            let line = text
                .lines
                .line(problem.range.start().into())
                .saturating_sub(1);
            if let Some(span) = text.lines.line_range(line, text.text.len() as u32) {
                let line_text = &text.text[span.start as usize..span.end as usize];
                let content = line_text.trim_end_matches(['\n', '\r']);
                let end = span.start + content.len() as u32;
                let comment = if content.trim().is_empty() { "" } else { " " };
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("Ignore {} on this line", problem.check.name),
                    kind: Some(CodeActionKind::QUICKFIX),
                    edit: Some(workspace_edit(
                        &document.uri,
                        vec![TextEdit::new(
                            text.range(TextRange::empty(TextSize::from(end))),
                            format!("{comment}# lint:ignore:{}", problem.check.name),
                        )],
                    )),
                    ..CodeAction::default()
                }));
            }
        }
    }
    if wants(&only, &CodeActionKind::SOURCE_FIX_ALL)
        && analysis.lint.iter().any(|p| p.fix.is_some())
    {
        let outcome = puppet_lint::fix(&text.text, Some(&document.display_path()), &s.config.lint);
        if let Some(edit) = minimal_edit(text, &outcome.text) {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!(
                    "Fix all auto-fixable lint problems ({})",
                    outcome.fixed.len()
                ),
                kind: Some(CodeActionKind::SOURCE_FIX_ALL),
                edit: Some(workspace_edit(&document.uri, vec![edit])),
                ..CodeAction::default()
            }));
        }
    }
    Ok(Some(actions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_edits_keep_the_common_ends() {
        let text = Text::new("abc😀def".to_string(), puppet_syntax::Encoding::Utf16);
        let edit = minimal_edit(&text, "abc😀xdef").unwrap();
        assert_eq!(edit.new_text, "x");
        assert_eq!(edit.range.start, lsp_types::Position::new(0, 5));
        assert!(minimal_edit(&text, "abc😀def").is_none());
    }
}
