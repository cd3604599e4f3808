//! What a check sees ([`Context`]: the text, its tree, tokens and model, the options) and how it
//! tells what it found ([`Report`]).

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::rc::Rc;

use puppet_diagnostics::TextEdit;
use puppet_syntax::model::Model;
use puppet_syntax::{LineIndex, SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

use crate::check::Check;
use crate::problem::{Problem, ProblemKind};
use crate::tokens::{Token, Tokens};
use crate::LintOptions;

/// One source, as every check sees it.
pub struct Context<'a> {
    /// The text.
    pub text: &'a str,
    /// The file's path as it was given (puppet-lint's `path`), when there is one.
    pub path: Option<&'a str>,
    /// The CST's root.
    pub root: SyntaxNode,
    /// The Puppet model, when the source parses.
    pub model: Option<&'a Model>,
    /// Every token, whitespace split as puppet-lint splits it.
    pub tokens: Vec<Token>,
    /// Every node, in preorder.
    pub nodes: Vec<SyntaxNode>,
    /// Line starts.
    pub index: LineIndex,
    /// The options of the run.
    pub options: &'a LintOptions,
    /// Views of the source that several checks share, made once ([`Context::memo`]).
    memo: RefCell<Vec<(TypeId, Rc<dyn Any>)>>,
}

impl<'a> Context<'a> {
    /// The context of a parsed source.
    pub fn new(
        text: &'a str,
        path: Option<&'a str>,
        root: SyntaxNode,
        model: Option<&'a Model>,
        options: &'a LintOptions,
    ) -> Context<'a> {
        let Tokens { tokens, nodes } = Tokens::collect(text, &root);
        Context {
            text,
            path,
            root,
            model,
            tokens,
            nodes,
            index: LineIndex::new(text),
            options,
            memo: RefCell::new(Vec::new()),
        }
    }

    /// The view of the source that `build` makes, made on the first call for its type and
    /// shared by every later caller (puppet-lint's token stream, its resource list, …).
    pub fn memo<T: 'static>(&self, build: impl FnOnce(&Context<'a>) -> T) -> Rc<T> {
        let key = TypeId::of::<T>();
        let found = self
            .memo
            .borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| Rc::clone(v));
        if let Some(value) = found.and_then(|v| v.downcast::<T>().ok()) {
            return value;
        }
        let value = Rc::new(build(self));
        self.memo
            .borrow_mut()
            .push((key, Rc::clone(&value) as Rc<dyn Any>));
        value
    }

    /// The nodes of one kind, in preorder.
    pub fn nodes_of(&self, kind: SyntaxKind) -> impl Iterator<Item = &SyntaxNode> + '_ {
        self.nodes.iter().filter(move |n| n.kind() == kind)
    }

    /// The text of token `i`.
    pub fn text_of(&self, i: usize) -> &'a str {
        let r = self.tokens[i].range;
        &self.text[usize::from(r.start())..usize::from(r.end())]
    }

    /// The text of a range.
    pub fn slice(&self, range: TextRange) -> &'a str {
        &self.text[usize::from(range.start())..usize::from(range.end())]
    }

    /// The index of the token that starts at `offset`, or of the first token after it.
    pub fn token_at(&self, offset: TextSize) -> usize {
        self.tokens.partition_point(|t| t.range.start() < offset)
    }

    /// The index of a CST token in [`Context::tokens`].
    pub fn index_of(&self, token: &SyntaxToken) -> usize {
        self.token_at(token.text_range().start())
    }

    /// The next token after `i` that is code (not whitespace or a comment).
    pub fn next_code(&self, i: usize) -> Option<usize> {
        (i + 1..self.tokens.len()).find(|&j| self.tokens[j].is_code())
    }

    /// The last token before `i` that is code.
    pub fn prev_code(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| self.tokens[j].is_code())
    }

    /// The next token after `i` that is not whitespace (a comment counts).
    pub fn next_non_ws(&self, i: usize) -> Option<usize> {
        (i + 1..self.tokens.len()).find(|&j| !self.tokens[j].is_whitespace())
    }

    /// The last token before `i` that is not whitespace.
    pub fn prev_non_ws(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| !self.tokens[j].is_whitespace())
    }

    /// The node that holds token `i`.
    pub fn node_of(&self, i: usize) -> &SyntaxNode {
        &self.nodes[self.tokens[i].node as usize]
    }

    /// 1-based line and character column of an offset.
    pub fn line_col(&self, offset: TextSize) -> (u32, u32) {
        line_col(self.text, &self.index, &self.tokens, offset)
    }

    /// The text of line `line` (1-based), without its line break.
    pub fn line_text(&self, line: u32) -> &'a str {
        let starts = self.index.line_starts();
        let Some(&start) = starts.get(line as usize - 1) else {
            return "";
        };
        let end = starts
            .get(line as usize)
            .map_or(self.text.len(), |&e| e as usize);
        self.text[start as usize..end].trim_end_matches(['\n', '\r'])
    }
}

/// The line and column of `offset`, counted from the start of the token it is in (whose
/// column is known), not from the start of its line: many problems on one long line cost
/// no more than the line.
fn line_col(text: &str, index: &LineIndex, tokens: &[Token], offset: TextSize) -> (u32, u32) {
    let at = tokens.partition_point(|t| t.range.start() <= offset);
    if let Some(token) = at.checked_sub(1).map(|i| &tokens[i]) {
        let from = usize::from(token.range.start());
        let to = usize::from(offset).min(text.len());
        let piece = text.get(from..to).unwrap_or("");
        if !piece.contains('\n') {
            return (token.line, token.column + piece.chars().count() as u32);
        }
    }
    index.line_col(text, offset.into())
}

/// Where a check puts what it finds.
pub struct Report<'r> {
    pub(crate) check: &'static Check,
    pub(crate) problems: &'r mut Vec<Problem>,
    pub(crate) text: &'r str,
    pub(crate) index: &'r LineIndex,
    pub(crate) tokens: &'r [Token],
}

impl Report<'_> {
    /// A problem at `range`, positioned at its start.
    pub fn at(&mut self, range: TextRange, message: impl Into<String>) -> &mut Problem {
        let (line, column) = line_col(self.text, self.index, self.tokens, range.start());
        self.at_position(range, line, column, message)
    }

    /// A problem at token `i` of the context.
    pub fn at_token(&mut self, cx: &Context, i: usize, message: impl Into<String>) -> &mut Problem {
        let t = &cx.tokens[i];
        self.at_position(t.range, t.line, t.column, message)
    }

    /// A problem at `range` whose position puppet-lint gives otherwise (`140chars` reports
    /// column 140 of the line).
    pub fn at_position(
        &mut self,
        range: TextRange,
        line: u32,
        column: u32,
        message: impl Into<String>,
    ) -> &mut Problem {
        self.problems.push(Problem {
            check: self.check,
            kind: ProblemKind::from(self.check.level),
            message: message.into(),
            range,
            line,
            column,
            fix: None,
            reason: None,
        });
        self.problems.last_mut().expect("just pushed")
    }
}

impl Problem {
    /// Attaches the edit that resolves it.
    pub fn fix(&mut self, edit: TextEdit) -> &mut Problem {
        if !edit.is_empty() {
            self.fix = Some(edit);
        }
        self
    }
}
