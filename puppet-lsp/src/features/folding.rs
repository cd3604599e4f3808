//! Folding ranges (`textDocument/foldingRange`): the regions of a manifest or template a user
//! folds away, found in the CST so that a buffer with syntax errors still folds.
//!
//! What folds:
//! * bracketed nodes: the blocks `{ … }` of classes, defined types, nodes, functions, plans,
//!   `if`/`unless`/`else`, case options and lambdas; `case` and selector bodies; resource
//!   expressions and collectors with their `{ … }`; array and hash literals; argument and
//!   parameter lists; type parameters (`Struct[{ … }]`);
//! * resource bodies (`title: attributes`), which have no brackets of their own;
//! * heredocs: the `@(TAG)` header's line to the line before the end tag;
//! * runs of two or more `#` comment lines, and `/* */` (and EPP `<%# %>`) comments spanning lines,
//!   as [`FoldingRangeKind::Comment`].
//!
//! Ranges are whole lines (no `startCharacter`/`endCharacter`): most clients (VS Code among them)
//! fold lines only. As rust-analyzer does, a bracketed region ends on the line before its closing
//! bracket, so that the `}` stays visible under the folded header; a region without a closing
//! bracket ends on its last line, or the line before when code follows it on that line (folding
//! that line would hide the code). A region that would fold no line is dropped, and two regions
//! on the same lines are reported once.

use std::collections::VecDeque;

use lsp_types::{FoldingRange, FoldingRangeKind};
use puppet_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextSize};
use rowan::NodeOrToken;

use crate::document::Text;
use SyntaxKind::*;

/// The folding ranges of the CST `root` of `text`, sorted by start line (outer regions first).
pub fn folding_ranges(root: &SyntaxNode, text: &Text) -> Vec<FoldingRange> {
    let mut folds = Folds {
        text,
        out: Vec::new(),
    };
    let mut comments = CommentRun::default();
    // Heredoc headers whose body has not been seen yet: bodies follow the header's line in
    // the order of their headers, so the oldest waiting header owns the next body.
    let mut headers: VecDeque<SyntaxToken> = VecDeque::new();
    // A preorder walk (iterative: the CST may be thousands of levels deep).
    for element in root.descendants_with_tokens() {
        let token = match element {
            NodeOrToken::Node(node) => {
                folds.node(&node);
                continue;
            }
            NodeOrToken::Token(token) => token,
        };
        match token.kind() {
            WHITESPACE => comments.whitespace(token.text()),
            COMMENT => comments.comment(&token, &mut folds),
            kind => {
                comments.flush(&mut folds);
                match kind {
                    ML_COMMENT | EPP_COMMENT => {
                        let start = folds.line(token.text_range().start());
                        let end = folds.end_line(&token);
                        folds.push(start, end, Some(FoldingRangeKind::Comment));
                    }
                    HEREDOC => headers.push_back(token),
                    HEREDOC_BODY => {
                        if let Some(header) = headers.pop_front() {
                            folds.heredoc(&header, &token);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    comments.flush(&mut folds);
    let mut out = folds.out;
    out.sort_by(|a, b| {
        a.start_line
            .cmp(&b.start_line)
            .then(b.end_line.cmp(&a.end_line))
    });
    out.dedup_by(|b, a| a.start_line == b.start_line && a.end_line == b.end_line);
    out
}

/// The folds found so far, and the line arithmetic they share.
struct Folds<'a> {
    text: &'a Text,
    out: Vec<FoldingRange>,
}

impl Folds<'_> {
    /// The line of byte `offset`.
    fn line(&self, offset: TextSize) -> u32 {
        self.text.position(offset.into()).line
    }

    /// The last line of `token` holding some of its text (a heredoc body ends with the end
    /// tag's line break, which belongs to the line of the end tag).
    fn last_line(&self, token: &SyntaxToken) -> u32 {
        self.line(content_end(token))
    }

    /// The last line a region ending with `token` may fold: its last line, or the line before
    /// when code follows the token on that line (a separator `,` or `;` is no code: it ends
    /// the region).
    fn end_line(&self, token: &SyntaxToken) -> u32 {
        let end = content_end(token);
        let line = self.line(end);
        let rest = self.text.text.get(usize::from(end)..).unwrap_or("");
        let code_follows = rest
            .chars()
            .take_while(|&c| c != '\n')
            .any(|c| !c.is_whitespace() && c != ',' && c != ';');
        if code_follows {
            line.saturating_sub(1)
        } else {
            line
        }
    }

    /// Records `start..=end` if it folds at least one line.
    fn push(&mut self, start: u32, end: u32, kind: Option<FoldingRangeKind>) {
        if end > start {
            self.out.push(FoldingRange {
                start_line: start,
                start_character: None,
                end_line: end,
                end_character: None,
                kind,
                collapsed_text: None,
            });
        }
    }

    /// The fold of `node`, if it is a kind that folds.
    fn node(&mut self, node: &SyntaxNode) {
        match node.kind() {
            BLOCK | CASE_EXPR | SELECTOR_EXPR | RESOURCE_EXPR | COLLECT_EXPR | ARRAY_EXPR
            | HASH_EXPR | ARG_LIST | PARAM_LIST | ACCESS_EXPR | PAREN_EXPR => self.bracketed(node),
            RESOURCE_BODY => {
                let (Some(first), Some(last)) = (first_significant(node), last_significant(node))
                else {
                    return;
                };
                let start = self.line(first.text_range().start());
                let end = self.end_line(&last);
                self.push(start, end, None);
            }
            _ => {}
        }
    }

    /// A node with an opening bracket among its own tokens: from the bracket's line to the
    /// line before its closing bracket (or, when the closing bracket is missing after a syntax
    /// error, to the node's last line).
    fn bracketed(&mut self, node: &SyntaxNode) {
        let mut tokens = node
            .children_with_tokens()
            .filter_map(|element| element.into_token());
        let Some(open) = tokens.find(|t| is_opening(t.kind())) else {
            // A selector without braces (`$x ? a => b`), a missing block: nothing to fold.
            return;
        };
        let close = node
            .children_with_tokens()
            .filter_map(|element| element.into_token())
            .filter(|t| is_closing(t.kind()) && t.text_range().start() > open.text_range().start())
            .last();
        let start = self.line(open.text_range().start());
        let end = match close {
            Some(close) => self.line(close.text_range().start()).saturating_sub(1),
            None => match last_significant(node) {
                Some(last) => self.end_line(&last),
                None => return,
            },
        };
        self.push(start, end, None);
    }

    /// A heredoc: from its header's line to the line before its end tag (the body's last
    /// line), so that the tag stays visible like a closing bracket.
    fn heredoc(&mut self, header: &SyntaxToken, body: &SyntaxToken) {
        let start = self.line(header.text_range().start());
        let end = self.last_line(body).saturating_sub(1);
        self.push(start, end, None);
    }
}

/// A run of `#` comments on consecutive lines, each the first thing on its line.
#[derive(Default)]
struct CommentRun {
    /// The first and the last comment of the run, and how many it has.
    run: Option<(SyntaxToken, SyntaxToken, u32)>,
    /// Line breaks since the last comment of the run.
    breaks: usize,
}

impl CommentRun {
    fn whitespace(&mut self, text: &str) {
        self.breaks = self
            .breaks
            .saturating_add(text.bytes().filter(|&b| b == b'\n').count());
    }

    fn comment(&mut self, token: &SyntaxToken, folds: &mut Folds<'_>) {
        let continues = self.breaks == 1 && self.run.is_some();
        self.breaks = 0;
        if continues {
            if let Some((_, last, count)) = &mut self.run {
                *last = token.clone();
                *count = count.saturating_add(1);
            }
            return;
        }
        self.flush(folds);
        // A comment after code on its line (`$x = 1 # why`) starts no run: folding it would
        // fold that code's line.
        if starts_its_line(&folds.text.text, token.text_range().start()) {
            self.run = Some((token.clone(), token.clone(), 1));
        }
    }

    fn flush(&mut self, folds: &mut Folds<'_>) {
        self.breaks = 0;
        if let Some((first, last, count)) = self.run.take() {
            if count >= 2 {
                let start = folds.line(first.text_range().start());
                let end = folds.last_line(&last);
                folds.push(start, end, Some(FoldingRangeKind::Comment));
            }
        }
    }
}

fn is_opening(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        LBRACE | SELBRACE | LBRACK | LISTSTART | LPAREN | WSLPAREN | PIPE
    )
}

fn is_closing(kind: SyntaxKind) -> bool {
    matches!(kind, RBRACE | RBRACK | RPAREN | PIPE)
}

/// Whether only blanks precede `offset` on its line.
fn starts_its_line(text: &str, offset: TextSize) -> bool {
    let before = text.get(..usize::from(offset)).unwrap_or("");
    let line_start = before.rfind('\n').map_or(0, |i| i.saturating_add(1));
    before
        .get(line_start..)
        .is_some_and(|prefix| prefix.chars().all(char::is_whitespace))
}

/// The end of `token`'s text without its trailing line breaks.
fn content_end(token: &SyntaxToken) -> TextSize {
    let text = token.text();
    let kept = text.trim_end_matches(['\n', '\r']).len();
    let start = token.text_range().start();
    start
        .checked_add(TextSize::try_from(kept).unwrap_or_default())
        .unwrap_or(start)
}

/// Tokens that make a region's extent: not trivia, except heredoc text, which is code.
fn is_significant(token: &SyntaxToken) -> bool {
    !token.kind().is_trivia() || token.kind() == HEREDOC_BODY
}

/// The first significant token of `node` (walking tokens, not the whole subtree).
fn first_significant(node: &SyntaxNode) -> Option<SyntaxToken> {
    let end = node.text_range().end();
    let mut token = node.first_token()?;
    while !is_significant(&token) {
        token = token.next_token()?;
        if token.text_range().start() >= end {
            return None;
        }
    }
    Some(token)
}

/// The last significant token of `node`.
fn last_significant(node: &SyntaxNode) -> Option<SyntaxToken> {
    let start = node.text_range().start();
    let mut token = node.last_token()?;
    while !is_significant(&token) {
        token = token.prev_token()?;
        if token.text_range().end() <= start {
            return None;
        }
    }
    Some(token)
}

/// `textDocument/foldingRange`.
pub fn handle(
    s: &crate::state::Snapshot,
    p: lsp_types::FoldingRangeParams,
) -> crate::state::LspResult<Option<Vec<FoldingRange>>> {
    let document = s.document(&p.text_document.uri)?;
    let analysis = s.analysis(&document);
    Ok(Some(folding_ranges(&analysis.root(), &document.text)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{Encoding, ParseOptions};

    /// `(start_line, end_line, is_comment)` of every fold of `src`.
    fn folds_with(src: &str, options: &ParseOptions) -> Vec<(u32, u32, bool)> {
        let result = puppet_syntax::parse(src.as_bytes(), &options.clone().cst(true));
        let root = result.syntax_node().unwrap();
        let text = Text::new(src.to_string(), Encoding::Utf16);
        folding_ranges(&root, &text)
            .into_iter()
            .map(|f| {
                assert_eq!((f.start_character, f.end_character), (None, None));
                (
                    f.start_line,
                    f.end_line,
                    f.kind == Some(FoldingRangeKind::Comment),
                )
            })
            .collect()
    }

    fn folds(src: &str) -> Vec<(u32, u32, bool)> {
        folds_with(src, &ParseOptions::new())
    }

    #[test]
    fn class_with_parameters_body_and_nested_blocks() {
        let src = "\
# The web server.
# Manages Apache.
class web (
  String $docroot = '/var/www',
  Integer $port = 80,
) {
  file { $docroot:
    ensure => directory,
    mode   => '0755',
  }
  if $port == 80 {
    notice('default port')
  } else {
    notice('other port')
  }
  $packages.each |$p| {
    package { $p: ensure => installed }
  }
}
";
        assert_eq!(
            folds(src),
            vec![
                (0, 1, true),   // the comment run
                (2, 4, false),  // the parameter list, `) {` visible
                (5, 17, false), // the class body, `}` visible
                (6, 8, false),  // the resource (and its body, reported once)
                (10, 11, false),
                (12, 13, false),
                (15, 16, false), // the lambda body
            ]
        );
    }

    #[test]
    fn case_selector_arrays_hashes_and_calls() {
        let src = "\
case $facts['os']['family'] {
  'RedHat', 'CentOS': {
    $pkg = 'httpd'
  }
  default: {
    $pkg = 'apache2'
  }
}
$mode = $kind ? {
  'a'     => '0644',
  default => '0600',
}
$list = [
  1,
  2, 3]
$hash = {
  'a' => 1,
}
notice(
  'x',
  'y',
)
$one = [1,
  2]
";
        assert_eq!(
            folds(src),
            vec![
                (0, 6, false),
                (1, 2, false),
                (4, 5, false),
                (8, 10, false),
                (12, 13, false), // `2, 3]` keeps its line
                (15, 16, false),
                (18, 20, false),
                // `$one = [1,\n  2]` would fold no line.
            ]
        );
    }

    #[test]
    fn heredocs_and_block_comments() {
        let src = "\
$motd = @(EOT)
  Welcome
  to the host
  | EOT
notice(@(A), @(B))
  a
  | A
  b1
  b2
  | B
/* A block
   comment */
$x = 1 # trailing
# not a run
$y = 2
";
        assert_eq!(
            folds(src),
            vec![
                (0, 2, false),  // `| EOT` stays visible
                (4, 8, false),  // `@(B)`: its body is the second one after the line
                (4, 5, false),  // `@(A)`
                (10, 11, true), // the block comment
            ]
        );
    }

    #[test]
    fn resource_bodies_fold_separately_in_a_multi_body_resource() {
        let src = "\
file {
  '/a':
    ensure => file,
    mode   => '0644';
  '/b':
    ensure => absent;
}
";
        assert_eq!(
            folds(src),
            vec![(0, 5, false), (1, 3, false), (4, 5, false)]
        );
    }

    #[test]
    fn broken_input_still_folds() {
        // The parameter list is never closed and the class body never ends.
        let src = "\
class broken(String $x {
  file { '/a':
    ensure =>
  }
  if $x {
    notice($x
";
        let found = folds(src);
        assert!(found.contains(&(0, 5, false)), "{found:?}"); // the unclosed body
        assert!(found.contains(&(1, 2, false)), "{found:?}");
        assert!(found.contains(&(4, 5, false)), "{found:?}"); // the unclosed `if`
                                                              // Every prefix, as while typing.
        for cut in (0..=src.len()).filter(|&cut| src.is_char_boundary(cut)) {
            assert!(folds(&src[..cut])
                .iter()
                .all(|&(start, end, _)| end > start));
        }
    }

    #[test]
    fn non_ascii_text_and_crlf_lines() {
        let src = "$e = {\r\n  'ü' => '😀',\r\n  'ö' => 1,\r\n}\r\n# ä\r\n# ß\r\n";
        assert_eq!(folds(src), vec![(0, 2, false), (4, 5, true)]);
    }

    #[test]
    fn epp_blocks_fold() {
        let src =
            "<%- | String $x = 'a' | -%>\n<% if $x { -%>\nyes\nmore\n<% } -%>\n<%#\n note\n%>\n";
        assert_eq!(
            folds_with(src, &ParseOptions::new().epp(true)),
            vec![(1, 3, false), (5, 7, true)]
        );
    }

    #[test]
    fn empty_and_deep_input() {
        assert!(folds("").is_empty());
        // Deep nesting is walked without recursion.
        let depth = 2_000;
        let src = format!("$a = {}1{}\n", "[\n".repeat(depth), "]".repeat(depth));
        let found = folds(&src);
        assert_eq!(found.first(), Some(&(0, depth as u32 - 1, false)));
    }
}
