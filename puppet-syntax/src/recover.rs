//! A best-effort model of a source with syntax errors, for the tools that must keep working
//! while code is being typed (a linter, a language server), never for Puppet.
//!
//! Puppet builds no model of a source with a syntax error, and neither does [`crate::parse`].
//! [`recover_model`] leaves out what the errors are in and parses again: each error's
//! statement (the innermost statement of a file or a `{ … }` block around the error; for an
//! error between statements, such as a missing `}` or an unfinished last statement, the
//! statement before it) is blanked — its bytes become spaces, its line breaks stay, so every
//! offset, line and column of the rest is the source's own — until the text parses, at most
//! [`MAX_ROUNDS`] times. What was left out is listed with the model.
//!
//! The model's [`Model::source`] is the blanked text. A [`RecoveredModel`] is its own type so
//! that it cannot be mistaken for Puppet's: it is not validated, not written to XPP and not
//! given to Ruby.

use rowan::{TextRange, TextSize};

use crate::model::Model;
use crate::options::ParseOptions;
use crate::parse::parse;
use crate::syntax::SyntaxNode;
use crate::syntax_kind::SyntaxKind;

/// The most parses one recovery makes.
pub const MAX_ROUNDS: usize = 16;

/// The most errors whose statements one round leaves out.
const ERRORS_PER_ROUND: usize = 256;

/// A model of a source with some statements left out (see the module documentation).
#[derive(Clone, Debug)]
pub struct RecoveredModel {
    model: Model,
    left_out: Vec<TextRange>,
}

impl RecoveredModel {
    /// The model of the source without the statements [`RecoveredModel::left_out`]; its
    /// offsets are the source's.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The byte ranges left out, in source order, none overlapping.
    pub fn left_out(&self) -> &[TextRange] {
        &self.left_out
    }

    /// Whether nothing was left out: the source has no syntax error, and this is the model
    /// Puppet would build.
    pub fn is_complete(&self) -> bool {
        self.left_out.is_empty()
    }
}

/// The model of `text`, leaving out the statements its syntax errors are in; `None` when no
/// model could be made (nothing parses in [`MAX_ROUNDS`] rounds). `options` as for
/// [`crate::parse`] (the model and CST are always made).
pub fn recover_model(text: &str, options: &ParseOptions) -> Option<RecoveredModel> {
    let options = options.clone().model(true).cst(true);
    let mut blanked = text.to_owned();
    let mut left_out: Vec<TextRange> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let result = parse(blanked.as_bytes(), &options);
        if let Some(model) = result.model {
            left_out.sort_by_key(|r| r.start());
            return Some(RecoveredModel { model, left_out });
        }
        let root = result.syntax_node()?;
        let end = TextSize::of(blanked.as_str());
        let mut progress = false;
        // (A binary file has tens of thousands of errors: a round takes the first ones.)
        for d in result
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .take(ERRORS_PER_ROUND)
        {
            let offset = TextSize::from(d.offset).min(end);
            let range =
                statement_around(&root, offset).unwrap_or_else(|| TextRange::new(offset, end));
            if blank(&mut blanked, range) {
                add_range(&mut left_out, range);
                progress = true;
            }
        }
        if !progress {
            // Every statement found is blank already: leave out the rest of the text from
            // the first error.
            let first = result.diagnostics.iter().find(|d| d.is_error())?;
            let range = TextRange::new(TextSize::from(first.offset).min(end), end);
            if !blank(&mut blanked, range) {
                return None;
            }
            add_range(&mut left_out, range);
        }
    }
    None
}

/// The statement to leave out for an error at `offset`: in the innermost statement list (the
/// file, a block) around the offset, the statement that holds it, or else the last one before
/// it; when the list has none before it, the statement the list belongs to.
fn statement_around(root: &SyntaxNode, offset: TextSize) -> Option<TextRange> {
    // The innermost block around the offset (inside its braces, or at the end of an unclosed
    // one), found from the token there up: the cost is the depth, not the tree.
    let token = root
        .token_at_offset(offset)
        .right_biased()
        .or_else(|| root.last_token())?;
    let container = token
        .parent_ancestors()
        .find(|n| {
            n.kind() == SyntaxKind::BLOCK
                && n.text_range().start() < offset
                && !closed_before(n, offset)
        })
        .unwrap_or_else(|| root.clone());
    let statements = || container.children();
    if let Some(holding) =
        statements().find(|n| n.text_range().start() <= offset && offset < n.text_range().end())
    {
        return Some(holding.text_range());
    }
    if let Some(before) = statements()
        .filter(|n| n.text_range().end() <= offset)
        .last()
    {
        return Some(before.text_range());
    }
    // The block's first statement is where the error is: leave out the statement the block
    // belongs to.
    let mut node = container;
    while let Some(parent) = node.parent() {
        if parent.kind() == SyntaxKind::BLOCK || parent.kind() == SyntaxKind::SOURCE_FILE {
            return Some(node.text_range());
        }
        node = parent;
    }
    None
}

/// Whether `block` ends with its `}` at or before `offset` (an error right after a closed
/// block is not inside it).
fn closed_before(block: &SyntaxNode, offset: TextSize) -> bool {
    block.text_range().end() <= offset
        && block
            .last_token()
            .is_some_and(|t| t.kind() == SyntaxKind::RBRACE)
}

/// Replaces the bytes of `range` in `text` with spaces, keeping line breaks; whether anything
/// changed.
fn blank(text: &mut String, range: TextRange) -> bool {
    let (start, end) = (usize::from(range.start()), usize::from(range.end()));
    let Some(part) = text.get(start..end) else {
        return false;
    };
    if part.bytes().all(|b| matches!(b, b' ' | b'\n' | b'\r')) {
        return false;
    }
    let spaces: String = part
        .bytes()
        .map(|b| {
            if matches!(b, b'\n' | b'\r') {
                b as char
            } else {
                ' '
            }
        })
        .collect();
    text.replace_range(start..end, &spaces);
    true
}

/// Adds `range` to the ranges left out, merging those it overlaps.
fn add_range(ranges: &mut Vec<TextRange>, mut range: TextRange) {
    ranges.retain(|other| {
        let overlaps = other.start() <= range.end() && range.start() <= other.end();
        if overlaps {
            range = range.cover(*other);
        }
        !overlaps
    });
    ranges.push(range);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ModelClass;

    fn recovered(text: &str) -> RecoveredModel {
        recover_model(text, &ParseOptions::new()).expect("a model")
    }

    fn left_out<'a>(text: &'a str, r: &RecoveredModel) -> Vec<&'a str> {
        r.left_out()
            .iter()
            .map(|range| &text[usize::from(range.start())..usize::from(range.end())])
            .collect()
    }

    fn classes(r: &RecoveredModel) -> Vec<ModelClass> {
        let model = r.model();
        model.walk().map(|id| model.class(id)).collect()
    }

    #[test]
    fn a_clean_source_is_complete() {
        let r = recovered("notice('x')\n");
        assert!(r.is_complete());
    }

    #[test]
    fn an_unfinished_call_in_a_class_leaves_the_class() {
        let text = "class a {\n  $x = 1\n  notice(\n}\nnotice('ok')\n";
        let r = recovered(text);
        assert_eq!(left_out(text, &r), ["notice("]);
        let found = classes(&r);
        assert!(
            found.contains(&ModelClass::HostClassDefinition),
            "{found:?}"
        );
        assert!(
            found.contains(&ModelClass::AssignmentExpression),
            "{found:?}"
        );
        // Offsets are the source's.
        let model = r.model();
        let call = model
            .walk()
            .find(|&id| model.class(id) == ModelClass::CallNamedFunctionExpression)
            .unwrap();
        assert_eq!(
            model.offset(call) as usize,
            text.find("notice('ok')").unwrap()
        );
    }

    #[test]
    fn an_unfinished_last_statement_and_an_unclosed_block() {
        let text = "$a = 1\n$y = [1,\n";
        let r = recovered(text);
        assert_eq!(left_out(text, &r), ["$y = [1,"]);
        let text = "class b {\n  $x = 1\n";
        let r = recovered(text);
        assert!(!r.is_complete());
        let text = "$ok = 1\nclass c {\n";
        let r = recovered(text);
        assert!(classes(&r).contains(&ModelClass::AssignmentExpression));
    }

    #[test]
    fn lexer_errors_and_garbage_never_fail_badly() {
        for text in [
            "\"unclosed\n$a = 1\n",
            "}}}}",
            "class {",
            "@(END)\nx\n",
            "\u{0}\u{1}ELF",
            "",
            "<% x",
        ] {
            let r = recover_model(text, &ParseOptions::new());
            if let Some(r) = r {
                for range in r.left_out() {
                    assert!(usize::from(range.end()) <= text.len());
                }
            }
        }
        let epp = recover_model("<%= $x + %>\ntext\n", &ParseOptions::new().epp(true));
        assert!(epp.is_some());
    }
}
