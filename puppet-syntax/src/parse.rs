//! The front door: `parse` lexes and parses a source text once and feeds the same event stream to
//! the lowering sink (the Puppet model) and, on request, to the CST builder.

use crate::diagnostics::Diagnostic;
use crate::lexer::LexOptions;
use crate::lower::Lowering;
use crate::model::Model;
use crate::parser::{self, process};
use crate::syntax::{build_cst, ParseOptions};
use crate::validate::{self, ValidateOptions};
use crate::LineIndex;

/// The result of parsing one source text: the Puppet model (absent when the text has syntax
/// errors or a grammar-action error, as Ruby raises then), the CST when asked for, and every
/// diagnostic in source order.
#[derive(Clone, Debug)]
pub struct ParseResult {
    pub model: Option<Model>,
    pub cst: Option<rowan::GreenNode>,
    pub diagnostics: Vec<Diagnostic>,
}

impl ParseResult {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The CST root, when it was requested.
    pub fn syntax_node(&self) -> Option<crate::SyntaxNode> {
        self.cst.clone().map(crate::SyntaxNode::new_root)
    }
}

/// Parse `text` (from `file`, if any) into the Puppet model; `with_cst` also builds the CST.
pub fn parse(
    text: &str,
    file: Option<&str>,
    options: &ParseOptions,
    with_cst: bool,
) -> ParseResult {
    let lex_options = LexOptions {
        epp: options.epp,
        tasks: options.tasks,
    };
    let (lexed, events, mut diagnostics) = parser::lex_and_parse(text, lex_options);
    let cst = with_cst.then(|| build_cst(text, &lexed, events.clone()));
    let mut model = None;
    if !diagnostics.iter().any(Diagnostic::is_error) {
        let mut m = Model::new(text, file);
        let mut lowering = Lowering::new(text, &lexed, &mut m);
        process(events, &mut lowering);
        let failed = lowering.failed;
        let lower_diagnostics = std::mem::take(&mut lowering.diagnostics);
        let body = lowering.finish();
        diagnostics.extend(lower_diagnostics);
        if !failed {
            if let Some(body) = body {
                m.set_body(Some(body));
                model = Some(m);
            }
        }
    }
    diagnostics.sort_by_key(|d| d.offset);
    if !diagnostics.is_empty() {
        let index = match &model {
            Some(m) => m.line_index().clone(),
            None => LineIndex::new(text),
        };
        for d in &mut diagnostics {
            d.locate(file, text, &index);
        }
    }
    ParseResult {
        model,
        cst,
        diagnostics,
    }
}

/// Parses `text` and, when that gives a model, validates it ([`validate::validate`]): the
/// diagnostics are in the order Puppet reports them — the parser's (syntax errors, lexer
/// warnings) first, in source order, then the validator's in validation order. With a syntax
/// error there is no model and nothing is validated, as in Ruby.
pub fn parse_and_validate(
    text: &str,
    file: Option<&str>,
    parse_options: &ParseOptions,
    validate_options: &ValidateOptions,
) -> ParseResult {
    let mut result = parse(text, file, parse_options, false);
    result.validate(validate_options);
    result
}

impl ParseResult {
    /// Runs the validator on the model (if any) and appends its diagnostics.
    pub fn validate(&mut self, options: &ValidateOptions) {
        if let Some(model) = &self.model {
            let mut found = validate::validate(model, options);
            for d in &mut found {
                d.locate(model.file(), model.source(), model.line_index());
            }
            self.diagnostics.extend(found);
        }
    }
}
