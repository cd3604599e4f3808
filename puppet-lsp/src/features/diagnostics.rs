//! The diagnostics of a document version: every syntax error the parser found (it goes on
//! after each), the validator's issues for the configured release, and the lint problems
//! (when the document parses). Each has a stable code: Puppet's issue code (source `puppet`)
//! or the check's name (source `puppet-lint`).

use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString};
use puppet_lint::ProblemKind;
use puppet_syntax::{Severity, TextRange, TextSize};

use crate::analysis::Analysis;
use crate::document::Text;

/// The diagnostics of `analysis` (of `text`).
pub fn diagnostics(text: &Text, analysis: &Analysis) -> Vec<Diagnostic> {
    let len = text.text.len() as u32;
    let mut found: Vec<Diagnostic> = analysis
        .parse
        .diagnostics
        .iter()
        .map(|d| {
            let start = d.offset.min(len);
            let end = d.offset.saturating_add(d.len).min(len);
            Diagnostic {
                range: text.range(TextRange::new(TextSize::from(start), TextSize::from(end))),
                severity: Some(match d.severity {
                    Severity::Error => DiagnosticSeverity::ERROR,
                    Severity::Warning => DiagnosticSeverity::WARNING,
                    Severity::Deprecation => DiagnosticSeverity::INFORMATION,
                }),
                code: Some(NumberOrString::String(d.code.as_str().to_string())),
                source: Some("puppet".into()),
                message: d.message.clone(),
                tags: (d.severity == Severity::Deprecation)
                    .then(|| vec![lsp_types::DiagnosticTag::DEPRECATED]),
                ..Diagnostic::default()
            }
        })
        .collect();
    found.extend(analysis.lint.iter().map(|p| Diagnostic {
        range: text.range(p.range),
        severity: Some(match p.kind {
            ProblemKind::Error => DiagnosticSeverity::ERROR,
            _ => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(p.check.name.to_string())),
        source: Some("puppet-lint".into()),
        message: p.message.clone(),
        ..Diagnostic::default()
    }));
    found
}
