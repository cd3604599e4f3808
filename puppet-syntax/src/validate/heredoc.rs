//! `check_HeredocExpression`: the syntax checkers Puppet runs on the *static* text of a heredoc
//! with a `:syntax` (`lib/puppet/pops/evaluator/external_syntax_support.rb`,
//! `lib/puppet/syntax_checkers/*.rb`).
//!
//! The checker for a syntax `a+b+c` is the first registered one of `a+b+c`, `b+c`, `c`;
//! registered are `json`, `base64`, `pp` and `epp`; other syntaxes are not checked. `pp` and
//! `epp` parse *and validate* the text (Ruby: `EvaluatingParser.singleton.parse_string`) with
//! the parser the front door hands in ([`SubParse`](super::SubParse)) and this validator, with
//! the same options but no file (so no location checks), and report the first error the way
//! Ruby's exception message shows it.
//!
//! Ruby raises the failure (`ParseErrorWithIssue`, issue `ILLEGAL_JSON`/`ILLEGAL_BASE64`/
//! `ILLEGAL_PP`/`ILLEGAL_EPP`, at the text's position) and validation stops; we report it as an
//! error diagnostic and continue.

use super::{base64, json, messages as msg, Checker};
use crate::diagnostics::{Diagnostic, IssueCode};
use crate::line_index::LineIndex;
use crate::model::{NodeId, NodeKind};
use crate::options::ParseOptions;

/// The registered syntax checkers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SyntaxChecker {
    Json,
    Base64,
    Pp,
    Epp,
}

/// `checker_for_syntax`: the most specific registered checker for `syntax`.
fn checker_for(syntax: &str) -> Option<SyntaxChecker> {
    // Ruby `syntax.split(/\+/)`: trailing empty segments are dropped.
    let mut segments: Vec<&str> = syntax.split('+').collect();
    while segments.last() == Some(&"") {
        segments.pop();
    }
    let mut start = 0;
    loop {
        let key = segments[start.min(segments.len())..].join("+");
        let found = match key.as_str() {
            "json" => Some(SyntaxChecker::Json),
            "base64" => Some(SyntaxChecker::Base64),
            "pp" => Some(SyntaxChecker::Pp),
            "epp" => Some(SyntaxChecker::Epp),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
        start += 1;
        if start >= segments.len() {
            return None;
        }
    }
}

impl Checker<'_> {
    /// `check_HeredocExpression`.
    pub(crate) fn check_heredoc(&mut self, syntax: Option<&str>, text_expr: NodeId) {
        let NodeKind::LiteralString { value } = self.model.kind(text_expr) else {
            return;
        };
        let Some(syntax) = syntax.filter(|s| !s.is_empty()) else {
            return;
        };
        let Some(checker) = checker_for(syntax) else {
            return;
        };
        let text = self.model.str(*value);
        let (code, result) = match checker {
            SyntaxChecker::Json => (IssueCode::ILLEGAL_JSON, json::check(text)),
            SyntaxChecker::Base64 => (IssueCode::ILLEGAL_BASE64, base64::check(text)),
            // Ruby raises ArgumentError for `x+pp` / `x+epp`: the checker insists on the exact name.
            SyntaxChecker::Pp if syntax != "pp" => (
                IssueCode::ILLEGAL_PP,
                Err(
                    "PP syntax checker: the syntax identifier must be a String, e.g. pp".to_owned(),
                ),
            ),
            SyntaxChecker::Epp if syntax != "epp" => (
                IssueCode::ILLEGAL_EPP,
                Err(
                    "EPP syntax checker: the syntax identifier must be a String, e.g. pp"
                        .to_owned(),
                ),
            ),
            SyntaxChecker::Pp => (
                IssueCode::ILLEGAL_PP,
                self.check_puppet(text, false)
                    .map_err(|m| format!("PP syntax checker: \"{m}\"")),
            ),
            SyntaxChecker::Epp => (
                IssueCode::ILLEGAL_EPP,
                self.check_puppet(text, true)
                    .map_err(|m| format!("EPP syntax checker: \"{m}\"")),
            ),
        };
        if let Err(message) = result {
            self.accept(
                code,
                text_expr,
                msg::illegal_heredoc_syntax(syntax, &message),
                Vec::new(),
            );
        }
    }

    /// Parses and validates `text` as Ruby's `EvaluatingParser#parse_string(text)` does;
    /// `Err` is the message of the exception Ruby would raise (cut to 500 characters, line breaks
    /// as `\n`).
    fn check_puppet(&self, text: &str, epp: bool) -> Result<(), String> {
        let (model, diagnostics) = (self.sub_parse)(text, epp);
        let result = match diagnostics.iter().find(|d| d.is_error()) {
            Some(error) => Err(with_location(text, error)),
            None => match &model {
                None => Ok(()),
                Some(model) => {
                    // Same release, `strict` and `tasks`, no file: no location checks.
                    let mut options = ParseOptions::new()
                        .tasks(self.options.tasks)
                        .release(self.options.release);
                    options.strict = self.options.strict;
                    let diagnostics = super::validate(model, &options, self.sub_parse);
                    let errors: Vec<&Diagnostic> =
                        diagnostics.iter().filter(|d| d.is_error()).collect();
                    let warnings = diagnostics.len() - errors.len();
                    match errors.as_slice() {
                        [] => Ok(()),
                        [only] => Err(with_location(text, only)),
                        _ if warnings > 0 => Err(format!(
                            "Language validation logged {} errors, and {warnings} warnings. Giving up",
                            errors.len()
                        )),
                        _ => Err(format!("Language validation logged {} errors. Giving up", errors.len())),
                    }
                }
            },
        };
        result.map_err(|m| {
            m.chars()
                .take(500)
                .collect::<String>()
                .replace("\r\n", "\\n")
                .replace('\n', "\\n")
        })
    }
}

/// The exception message Ruby shows for a diagnostic in a text without a file:
/// `message (line: L, column: C)`; a syntax error at the end of the input has no position.
/// Syntax errors use Puppet's own text (`Syntax error at 'x'`, from the `where` argument), not
/// our message, which may say more.
fn with_location(text: &str, d: &Diagnostic) -> String {
    let mut message = d.message.clone();
    if d.code == IssueCode::SYNTAX_ERROR {
        if let Some((_, where_)) = d.args.iter().find(|(name, _)| *name == "where") {
            message = format!("Syntax error at {where_}");
            if where_ == "end of input" {
                return message;
            }
        }
    }
    let (line, column) = LineIndex::new(text).line_col(text, d.offset.min(text.len() as u32));
    format!("{message} (line: {line}, column: {column})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_lookup() {
        assert_eq!(checker_for("json"), Some(SyntaxChecker::Json));
        assert_eq!(checker_for("data+json"), Some(SyntaxChecker::Json));
        assert_eq!(checker_for("json+"), Some(SyntaxChecker::Json));
        assert_eq!(checker_for("+json"), Some(SyntaxChecker::Json));
        assert_eq!(checker_for("x+pp"), Some(SyntaxChecker::Pp));
        assert_eq!(checker_for("json+x"), None);
        assert_eq!(checker_for("yaml"), None);
        assert_eq!(checker_for("+"), None);
    }
}
