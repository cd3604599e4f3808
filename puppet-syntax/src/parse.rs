//! The front door: [`parse`] takes the bytes of a source and one [`ParseOptions`], decodes them
//! (`source`), lexes and parses once, and feeds the same event stream to the lowering sink (the
//! Puppet model) and, when asked, to the CST builder; [`parse_and_validate`] also runs the
//! validator. The CLI, the C library and the gem call these and nothing below them.
//!
//! This is the last stage of the pipeline, so it is the one place that may wire the others
//! together: the validator's `pp`/`epp` heredoc checker gets its sub-parser from here.

use std::path::Path;
use std::sync::Arc;

use crate::diagnostics::Diagnostic;
use crate::lower::{ActionErrorAt, Lowering};
use crate::model::{Model, NodeId};
use crate::options::ParseOptions;
use crate::parser::{self, process};
use crate::source::Decoded;
use crate::syntax::{build_cst, Cst, SyntaxNode};
use crate::validate;
use crate::{Error, LineIndex};

/// The result of parsing one source: the text that was parsed, the Puppet model (absent when
/// the text has syntax errors or a grammar-action error, as Ruby raises then, or when it was
/// not asked for), the CST when asked for, and every diagnostic.
///
/// An input problem (`INVALID_UTF8`, a BOM other than UTF-8's) is an error, but the text
/// before it is still parsed, and its model and CST are kept (a partial tree is better than
/// none for a tool); callers that must not use such a tree check [`ParseResult::has_errors`].
///
/// Diagnostics are located (file, line, character column) once, here; the parser's come in
/// source order, the validator's (after [`ParseResult::validate`]) follow in Puppet's order.
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct ParseResult {
    /// The text that was lexed: the input, or its valid UTF-8 prefix (see `INVALID_UTF8`).
    pub text: Arc<str>,
    /// The file name from the options.
    pub file: Option<String>,
    /// The Puppet model (`Puppet::AST::Program`), when there was no error and it was asked for.
    pub model: Option<Model>,
    /// The lossless CST, when asked for ([`ParseOptions::cst`]).
    pub cst: Option<Cst>,
    /// Every diagnostic of the source, located.
    pub diagnostics: Vec<Diagnostic>,
}

impl ParseResult {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The bytes of heap memory this result holds, about: the text, the model
    /// ([`Model::heap_bytes`]) and the diagnostics. A CST is not counted: rowan shares its
    /// nodes and tokens with the other trees made through the same cache, so no one tree owns
    /// them. For a host with a garbage collector of its own, which only sees a small handle
    /// (the Ruby gem reports this to Ruby's, so that a loop of parses whose results are
    /// dropped does not grow without a collection).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        let diagnostics: usize = self
            .diagnostics
            .iter()
            .map(|d| {
                d.message.capacity()
                    + d.file.as_ref().map_or(0, String::capacity)
                    + d.args.capacity() * size_of::<(&str, String)>()
                    + d.args.iter().map(|(_, v)| v.capacity()).sum::<usize>()
            })
            .sum();
        self.text.len()
            + self.file.as_ref().map_or(0, String::capacity)
            + self.model.as_ref().map_or(0, Model::heap_bytes)
            + self.diagnostics.capacity() * size_of::<Diagnostic>()
            + diagnostics
    }

    /// The CST root, when it was requested.
    pub fn syntax_node(&self) -> Option<SyntaxNode> {
        self.cst.as_ref().map(Cst::syntax_node)
    }

    /// Runs the validator (Ruby's `Checker4_0`, or `TasksChecker` with `options.tasks`) on the
    /// model, if there is one, and appends its diagnostics (located). With a syntax error there
    /// is no model and nothing is validated, as in Ruby.
    ///
    /// Then, when no diagnostic so far is an error and [`ParseOptions::import_checks`] is on,
    /// what `puppet parser validate` does next:
    /// the import of the file's definitions (duplicate classes, defines and nodes, redefined
    /// functions, plans and type aliases, metaparameters as parameter names; see
    /// `validate/import`). Ruby never gets there after an error.
    pub fn validate(&mut self, options: &ParseOptions) {
        if let Some(model) = &self.model {
            let mut found = validate_model(model, options);
            let clean = !self
                .diagnostics
                .iter()
                .chain(&found)
                .any(Diagnostic::is_error);
            if clean && options.import_checks {
                found.extend(validate::import(model, options));
            }
            if !found.is_empty() {
                // (The line index is made on first use: most files have no diagnostic.)
                Diagnostic::locate_all(
                    &mut found,
                    model.file(),
                    model.source(),
                    model.line_index(),
                );
            }
            self.diagnostics.extend(found);
        }
    }
}

/// Parses `source` (the bytes of a manifest, or of an EPP template with `options.epp`).
///
/// Never fails and never panics on any input: problems are [`Diagnostic`]s. A byte order mark
/// gives `ILLEGAL_BOM` (after one that is not UTF-8's nothing is parsed); bytes that are not
/// UTF-8 give `INVALID_UTF8` and only the valid prefix before them is parsed, so offsets keep
/// pointing at the input's bytes.
///
/// ```
/// use puppet_syntax::{parse, ParseOptions};
/// let result = parse(b"notice('hi')\n", &ParseOptions::new().file("x.pp"));
/// assert!(result.diagnostics.is_empty());
/// assert_eq!(puppet_syntax::pn::to_pn_string(result.model.as_ref().unwrap()),
///            r#"(invoke {:functor (qn "notice") :args ["hi"]})"#);
/// ```
pub fn parse(source: &[u8], options: &ParseOptions) -> ParseResult {
    parse_owned(Decoded::new(source), options)
}

/// [`parse`] of bytes the caller gives away, or of a source it decoded already
/// ([`Decoded`]): the bytes are freed as soon as the result's text is made from them, so a
/// large source is not held twice while it is parsed (the command line reads each file and
/// hands it over).
pub fn parse_owned(source: impl Into<Decoded>, options: &ParseOptions) -> ParseResult {
    let Decoded {
        text, diagnostics, ..
    } = source.into();
    parse_decoded(text, diagnostics, options)
}

/// [`parse_owned`], then [`ParseResult::validate`].
pub fn parse_and_validate_owned(source: impl Into<Decoded>, options: &ParseOptions) -> ParseResult {
    let mut result = parse_owned(source, options);
    result.validate(options);
    result
}

fn parse_decoded(
    text: Arc<str>,
    mut input_diagnostics: Vec<Diagnostic>,
    options: &ParseOptions,
) -> ParseResult {
    let mut result = parse_text(text, options);
    if !input_diagnostics.is_empty() {
        let text = &result.text;
        let own_index;
        let index = match &result.model {
            Some(m) => m.line_index(),
            None => {
                own_index = LineIndex::new(text);
                &own_index
            }
        };
        Diagnostic::locate_all(&mut input_diagnostics, options.file.as_deref(), text, index);
        input_diagnostics.append(&mut result.diagnostics);
        // Stable: at equal offsets the input's diagnostic comes first.
        input_diagnostics.sort_by_key(|d| d.offset);
        result.diagnostics = input_diagnostics;
    }
    result
}

/// [`parse`], then [`ParseResult::validate`]: the diagnostics `puppet parser validate` reports
/// for the source.
pub fn parse_and_validate(source: &[u8], options: &ParseOptions) -> ParseResult {
    let mut result = parse(source, options);
    result.validate(options);
    result
}

/// Reads the file at `path` and [`parse`]s it (with `options.file` set to `path` when it is
/// not set).
pub fn parse_file(path: &Path, options: &ParseOptions) -> Result<ParseResult, Error> {
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    if options.file.is_some() {
        return Ok(parse_owned(bytes, options));
    }
    let options = options.clone().file(path.display().to_string());
    Ok(parse_owned(bytes, &options))
}

/// Lexes and parses `text` once; the events feed the CST builder and the lowering. Without a
/// CST, the lowering takes the events as the parser makes them (one top-level statement at a
/// time), so they never all sit in memory.
fn parse_text(text: Arc<str>, options: &ParseOptions) -> ParseResult {
    let file = options.file.as_deref();
    let mut model = None;
    let mut raise_points;
    let read_twice;
    let mut action_error = None;
    let (cst, mut diagnostics) = if options.cst {
        let parser::Parsed {
            mut lexed,
            mut events,
            mut diagnostics,
            parser_raise_points,
            max_depth,
        } = parser::lex_and_parse(&text, options);
        raise_points = RaisePoints {
            lexer: std::mem::take(&mut lexed.raise_points),
            parser: parser_raise_points,
        };
        read_twice = lexed.replayed.first().map(|r| (r.1, r.2));
        // The CST builder takes the events when the model does not need them too.
        if options.model {
            let cst = build_cst(&text, &lexed, events.clone(), max_depth);
            let mut m = new_model(&text, file, &lexed);
            let mut lowering = Lowering::new(&text, &lexed, &mut m);
            process(&mut events, &mut lowering);
            let body;
            (body, action_error) = finish_lowering(lowering, &mut diagnostics, &raise_points);
            model = with_body(m, body);
            (Some(cst), diagnostics)
        } else {
            (
                Some(build_cst(&text, &lexed, events, max_depth)),
                diagnostics,
            )
        }
    } else {
        let mut lexed = crate::lexer::lex(&text, options);
        let mut diagnostics = std::mem::take(&mut lexed.diagnostics);
        raise_points = RaisePoints {
            lexer: std::mem::take(&mut lexed.raise_points),
            parser: Vec::new(),
        };
        read_twice = lexed.replayed.first().map(|r| (r.1, r.2));
        let input = parser::Input::with_lexer_diagnostics(&text, &lexed, &diagnostics);
        if options.model {
            let mut m = new_model(&text, file, &lexed);
            let mut lowering = Lowering::new(&text, &lexed, &mut m);
            let output = parser::parse_into(&input, &mut lowering);
            drop(input);
            diagnostics.extend(output.diagnostics);
            raise_points.parser = output.raise_points;
            let body;
            (body, action_error) = finish_lowering(lowering, &mut diagnostics, &raise_points);
            model = with_body(m, body);
        } else {
            let output = parser::parse(&input);
            diagnostics.extend(output.diagnostics);
            raise_points.parser = output.raise_points;
        }
        (None, diagnostics)
    };
    if let Some((start, end)) = read_twice {
        if !diagnostics.iter().any(Diagnostic::is_error) {
            diagnostics.push(read_twice_error(start, end));
            model = None;
        }
    }
    sort_in_raise_order(&mut diagnostics, &raise_points, action_error);
    if !diagnostics.is_empty() {
        let own_index;
        let index = match &model {
            Some(m) => m.line_index(),
            None => {
                own_index = LineIndex::new(&text);
                &own_index
            }
        };
        Diagnostic::locate_all(&mut diagnostics, file, &text, index);
    }
    ParseResult {
        text,
        file: options.file.clone(),
        model,
        cst,
        diagnostics,
    }
}

/// The error for text Ruby lexes twice (see `HEREDOC_BODY_READ_TWICE`), `start..end` being
/// the first token read again.
fn read_twice_error(start: u32, end: u32) -> Diagnostic {
    Diagnostic::error(
        crate::IssueCode::HEREDOC_BODY_READ_TWICE,
        start,
        end.saturating_sub(start),
        "A string, comment or regular expression on a heredoc's header line runs past the \
         heredoc's text: Puppet reads the text after the heredoc a second time from here. \
         End it on the header line",
    )
}

/// Where the lexer's and the parser's diagnostics were raised, in our token offsets (one per
/// diagnostic; `diagnostics` holds the lexer's first, then the parser's, then the lowering's).
struct RaisePoints {
    lexer: Vec<u32>,
    parser: Vec<u32>,
}

impl RaisePoints {
    /// Where diagnostic `i` was raised, and whether the lexer raised it; `None` for the
    /// lowering's.
    fn get(&self, i: usize) -> Option<(u32, bool)> {
        match self.lexer.get(i) {
            Some(&at) => Some((at, true)),
            None => self.parser.get(i - self.lexer.len()).map(|&at| (at, false)),
        }
    }
}

/// Puts `diagnostics` in the order Ruby raises them, so that the first error is Ruby's (Ruby
/// stops there): by raise point (a lowering diagnostic by offset), and a grammar action's
/// error (`action_error`: its index and where Ruby reduces, see [`ActionErrorAt`]) where Ruby
/// reduces.
fn sort_in_raise_order(
    diagnostics: &mut Vec<Diagnostic>,
    raise_points: &RaisePoints,
    action_error: Option<(usize, ActionErrorAt)>,
) {
    if diagnostics.len() < 2 {
        return;
    }
    // At one token Ruby reduces a construct that cannot go on (a closing bracket ends it: a
    // default reduction, made before the next token is asked for), then lexes the token (a
    // lexer error), then reduces what needed it as look-ahead (a grammar action's error), then
    // fails at it (a syntax error).
    let mut keyed: Vec<((u32, u8), Diagnostic)> = diagnostics
        .drain(..)
        .enumerate()
        .map(|(i, d)| {
            let key = match (action_error, raise_points.get(i)) {
                (Some((index, at)), _) if index == i => {
                    (at.token, if at.without_lookahead { 0 } else { 2 })
                }
                (_, Some((at, true))) => (at, 1),
                (_, Some((at, false))) => (at, 3),
                _ => (d.offset, 3),
            };
            (key, d)
        })
        .collect();
    keyed.sort_by_key(|(key, _)| *key);
    diagnostics.extend(keyed.into_iter().map(|(_, d)| d));
}

/// An empty model for `text`, its arenas sized from the token count (about 0.37 nodes per
/// token, trivia included, on the corpus), so that they rarely grow and are not oversized.
fn new_model(text: &Arc<str>, file: Option<&str>, lexed: &crate::lexer::Lexed) -> Model {
    Model::with_capacity(Arc::clone(text), file, lexed.kinds.len() * 2 / 5 + 16)
}

/// The model with its body, or none.
fn with_body(mut m: Model, body: Option<NodeId>) -> Option<Model> {
    let body = body?;
    m.set_body(Some(body));
    Some(m)
}

/// After the lowering saw every event: the program body (none after a syntax or grammar-action
/// error), and the lowering's diagnostics added to the lexer's and parser's `diagnostics`.
fn finish_lowering(
    mut lowering: Lowering<'_>,
    diagnostics: &mut Vec<Diagnostic>,
    raise_points: &RaisePoints,
) -> (Option<NodeId>, Option<(usize, ActionErrorAt)>) {
    // The first syntax error: Ruby stops there, so a grammar action is only reached (and can
    // only fail) for a construct that ends before it. A parser error counts at the token it
    // was raised at (our offsets, as `action_error_end` is), a lexer error at its offset.
    let first_syntax_error = diagnostics
        .iter()
        .enumerate()
        .filter(|(_, d)| d.is_error())
        .map(|(i, d)| match raise_points.get(i) {
            Some((at, false)) => at,
            _ => d.offset,
        })
        .min();
    if first_syntax_error.is_none() {
        lowering.settle_validation_crash();
    }
    let failed = lowering.failed;
    let action_error_before_syntax_error = !lowering.internal_failure
        && first_syntax_error.is_some_and(|at| lowering.action_error_end <= at);
    let lower_diagnostics = std::mem::take(&mut lowering.diagnostics);
    match first_syntax_error {
        None => {
            diagnostics.extend(lower_diagnostics);
            (lowering.finish().filter(|_| !failed), None)
        }
        // With syntax errors there is no model; the lowering only tells whether Ruby would
        // have failed in a grammar action first (its first error, so only that one), which
        // it raises when it reduces, at the token after the construct.
        Some(_) if failed && action_error_before_syntax_error => {
            let index = diagnostics.len();
            diagnostics.extend(lower_diagnostics.into_iter().take(1));
            (None, Some((index, lowering.action_error_raise_point())))
        }
        Some(_) => (None, None),
    }
}

/// The validator with its heredoc sub-parser: the text of a `pp`/`epp` heredoc is parsed here,
/// with the same `tasks` setting and no file, as Ruby's `EvaluatingParser#parse_string` does.
fn validate_model(model: &Model, options: &ParseOptions) -> Vec<Diagnostic> {
    let sub_parse = |text: &str, epp: bool| {
        let sub_options = ParseOptions::new().epp(epp).tasks(options.tasks);
        let result = parse_text(Arc::from(text), &sub_options);
        (result.model, result.diagnostics)
    };
    validate::validate(model, options, &sub_parse)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_bytes_counts_the_text_the_model_and_the_diagnostics() {
        let source = "$x = [1, 2, 3]\nnotice($x)\n".repeat(100);
        let mut result = parse(source.as_bytes(), &ParseOptions::new());
        let model = result.model.as_ref().expect("a model").heap_bytes();
        // At least a node per element: 100 × (assignment, array, 3 integers, call, name, var).
        assert!(model >= 800 * std::mem::size_of::<u32>() * 2, "{model}");
        assert_eq!(result.heap_bytes(), source.len() + model);
        result.model = None;
        assert_eq!(result.heap_bytes(), source.len());
        let broken = parse(b"$x = [1\n", &ParseOptions::new());
        assert!(broken.model.is_none() && !broken.diagnostics.is_empty());
        assert!(broken.heap_bytes() > 8 + std::mem::size_of::<Diagnostic>());
    }
}
