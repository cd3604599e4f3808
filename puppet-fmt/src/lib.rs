//! `puppet-fmt`: a gofmt-style formatter for Puppet manifests and EPP templates.
//!
//! No options: the author's line breaks are kept (at most one blank line in a row), and
//! everything else is normalised: indentation (two spaces a level, in the model of the Vox
//! Pupuli `strict_indent` check), spacing inside lines, `=>` alignment, trailing commas of
//! multi-line lists, `/* */` comment lines to `#`, double quotes that quote nothing to single
//! quotes, trailing whitespace, one final newline. String and heredoc texts, comment texts,
//! EPP template text and regular expressions are never touched; the file's line ending is kept.
//!
//! # Where things live
//!
//! The formatter works on the lossless CST of `puppet-syntax`, flattened into a token list
//! (`tokens`): every token keeps its original range, so the result is a list of edits of the
//! original text as much as a new text. The passes run in pipeline order, each on the
//! decisions of the one before:
//!
//! 1. `breaks`: where lines break — the source's breaks, joined or split only where a rule
//!    says so (`) {`, `} else {`, chaining arrows, one entry per line in aligned lists,
//!    closing brackets of multi-line lists on their own line), and the trailing commas those
//!    lists get;
//! 2. `spacing`: the spaces between two tokens on one line;
//! 3. `indent`: the indentation of each line;
//! 4. `align`: the padding that aligns `=>` and parameter columns;
//! 5. `print`: the text (or the edits) and `verify`, the check that the output lexes to
//!    the same tokens as the input but for the normalisations above.
//!
//! A file with a syntax error is never formatted: [`fn@format`] returns its diagnostics.

mod align;
mod breaks;
mod indent;
mod print;
mod spacing;
mod tokens;
mod verify;

use puppet_syntax::{Diagnostic, ParseOptions};

pub use puppet_diagnostics::edit::{Indel, TextEdit};
pub use puppet_syntax::{TextRange, TextSize};

/// What is formatted: a manifest or an EPP template (and the file name its diagnostics carry).
#[derive(Clone, Debug, Default)]
pub struct FormatOptions {
    /// Format an EPP template: only the code inside its tags changes.
    pub epp: bool,
    /// The file name that diagnostics carry.
    pub file: Option<String>,
}

impl FormatOptions {
    /// Options for a manifest.
    pub fn new() -> FormatOptions {
        FormatOptions::default()
    }

    /// Options for a file, EPP when its name ends in `.epp`.
    pub fn for_path(path: &str) -> FormatOptions {
        FormatOptions {
            epp: path.ends_with(".epp"),
            file: Some(path.to_string()),
        }
    }

    /// Sets the EPP flag.
    pub fn epp(mut self, epp: bool) -> FormatOptions {
        self.epp = epp;
        self
    }

    /// Sets the file name.
    pub fn file(mut self, file: impl Into<String>) -> FormatOptions {
        self.file = Some(file.into());
        self
    }

    fn parse_options(&self) -> ParseOptions {
        // With the model: the errors Ruby's parser raises from its grammar actions (an illegal
        // comma-separated argument list, …) are found while it is built, and a file Puppet does not
        // parse is not formatted.
        let options = ParseOptions::new().epp(self.epp).cst(true);
        match &self.file {
            Some(file) => options.file(file.clone()),
            None => options,
        }
    }
}

/// Why a source was not formatted.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The source has syntax errors (or is not UTF-8): it is left as it is.
    #[error("{} syntax error{} (the file was not formatted)", .0.len(), if .0.len() == 1 { "" } else { "s" })]
    Syntax(Vec<Diagnostic>),
    /// The formatter's output did not lex to the same tokens as the input. This is a bug in
    /// the formatter; the source is left as it is.
    #[error("the formatted text would not be the same program ({0}); the file was not formatted")]
    Unverified(String),
}

/// Formats a whole source.
///
/// ```
/// use puppet_fmt::{format, FormatOptions};
/// let out = format("file {'/x':\n      ensure=>file,\n  mode => \"0644\"}\n", &FormatOptions::new()).unwrap();
/// assert_eq!(out, "file { '/x':\n  ensure => file,\n  mode   => '0644',\n}\n");
/// ```
pub fn format(source: &str, options: &FormatOptions) -> Result<String, FormatError> {
    let layout = layout(source, options)?;
    let edits = print::edits(&layout, None);
    checked(source, &layout, &edits, options)
}

/// Formats a whole source and returns the edits that turn it into the formatted text (empty
/// when it is formatted already).
pub fn format_edits(source: &str, options: &FormatOptions) -> Result<TextEdit, FormatError> {
    let layout = layout(source, options)?;
    let edits = print::edits(&layout, None);
    checked(source, &layout, &edits, options)?;
    Ok(edits)
}

/// Formats the statements that cover `range` (a byte range of `source`), for editors: the
/// range grows to the whole statements it touches (in the innermost block or file holding
/// it), and only edits inside them are returned. Indentation and alignment are those of the
/// whole file.
pub fn format_range(
    source: &str,
    range: TextRange,
    options: &FormatOptions,
) -> Result<TextEdit, FormatError> {
    let layout = layout(source, options)?;
    let covered = tokens::statement_cover(&layout.tokens, range);
    let edits = print::edits(&layout, Some(covered));
    checked(source, &layout, &edits, options)?;
    Ok(edits)
}

/// The text `edits` make of `source`, once `verify` has checked it is the same program.
fn checked(
    source: &str,
    layout: &print::Layout,
    edits: &TextEdit,
    options: &FormatOptions,
) -> Result<String, FormatError> {
    if edits.is_empty() {
        return Ok(source.to_string());
    }
    let output = edits
        .apply(source)
        .map_err(|e| FormatError::Unverified(e.to_string()))?;
    // The same tokens parse the same way: a parse of the output is only needed to check the
    // trailing commas the formatter added.
    let commas = layout.tokens.toks.iter().any(|t| t.comma_after);
    verify::same_program(source, &output, options.epp, commas).map_err(FormatError::Unverified)?;
    Ok(output)
}

/// Whether `source` is formatted already.
pub fn is_formatted(source: &str, options: &FormatOptions) -> Result<bool, FormatError> {
    Ok(format_edits(source, options)?.is_empty())
}

/// The parse and every pass's decisions.
fn layout<'s>(source: &'s str, options: &FormatOptions) -> Result<print::Layout<'s>, FormatError> {
    let parsed = puppet_syntax::parse(source.as_bytes(), &options.parse_options());
    if parsed.has_errors() || parsed.text.len() != source.len() {
        return Err(FormatError::Syntax(
            parsed
                .diagnostics
                .into_iter()
                .filter(Diagnostic::is_error)
                .collect(),
        ));
    }
    let cst = parsed.cst.as_ref().expect("the CST was asked for");
    let mut tokens = tokens::Tokens::collect(source, cst.green(), options.epp);
    tokens::rewrite_texts(&mut tokens);
    breaks::decide(&mut tokens);
    spacing::decide(&mut tokens);
    indent::decide(&mut tokens);
    align::decide(&mut tokens);
    Ok(print::Layout { tokens })
}

/// Offsets in edits are `TextSize`s of the original source.
fn size(offset: usize) -> TextSize {
    TextSize::from(offset as u32)
}
