//! Selection ranges (`textDocument/selectionRange`, "expand selection"): for each position, the
//! ranges a user steps out through, innermost first, as a chain of `parent` links.
//!
//! The chain starts at the token under the position: of the two tokens touching it, the one a
//! user means (a name, variable or literal before punctuation, punctuation before comments and
//! blanks; no token at all in blanks, which start at the enclosing node). Inside a string the
//! string's text without its quotes comes before the whole string. Then each enclosing node of
//! the CST whose range differs from the one before, up to the root. The CST is error tolerant,
//! so this works in a buffer that does not parse.

use lsp_types::{Position, SelectionRange};
use puppet_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};
use rowan::TokenAtOffset;

use crate::document::Text;
use SyntaxKind::*;

/// The longest chain returned. A CST may nest thousands of levels deep, and the chain is a
/// linked list that is dropped and serialized recursively; past this many ranges the chain
/// keeps its innermost ones and then the whole document.
const MAX_CHAIN: usize = 256;

/// One selection range chain per position of `positions`, in their order.
pub fn selection_ranges(
    root: &SyntaxNode,
    text: &Text,
    positions: &[Position],
) -> Vec<SelectionRange> {
    positions
        .iter()
        .map(|&position| chain(root, text, text.offset(position)))
        .collect()
}

/// The chain at byte `offset`.
fn chain(root: &SyntaxNode, text: &Text, offset: u32) -> SelectionRange {
    let root_range = root.text_range();
    let offset = TextSize::from(offset).clamp(root_range.start(), root_range.end());
    let mut ranges = Ranges::default();
    let start_node = match pick_token(root.token_at_offset(offset)) {
        Some(token) => {
            if token.kind() == STRING {
                // `'text'`: the text without its quotes first.
                if let Some(content) = quoted_content(token.text_range(), token.text(), '\'')
                    .or_else(|| quoted_content(token.text_range(), token.text(), '"'))
                {
                    if content.contains_inclusive(offset) {
                        ranges.push(content);
                    }
                }
            }
            let dq = token.parent().filter(|p| p.kind() == DQ_STRING);
            if let Some(dq) = &dq {
                // A segment of `"…${x}…"`: the part of it inside the quotes, in place of the
                // token (which holds a quote the string's text does not).
                if let Some(segment) = dq_content(dq)
                    .and_then(|content| content.intersect(token.text_range()))
                    .filter(|segment| !segment.is_empty() && segment.contains_inclusive(offset))
                {
                    ranges.push(segment);
                }
            } else if !matches!(token.kind(), WHITESPACE | EPP_TRIMMED) {
                // Comments, heredoc text and EPP tags are trivia to the parser, but text a user
                // selects.
                ranges.push(token.text_range());
            }
            token.parent()
        }
        None => Some(root.clone()),
    };
    for node in start_node.into_iter().flat_map(|node| node.ancestors()) {
        if node.kind() == DQ_STRING {
            if let Some(content) = dq_content(&node) {
                ranges.push(content);
            }
        }
        ranges.push(node.text_range());
    }
    ranges.push(root_range);
    ranges.into_selection(text)
}

/// The ranges of one chain, innermost first, each containing the one before.
#[derive(Default)]
struct Ranges(Vec<TextRange>);

impl Ranges {
    /// Adds `range` if it differs from the last one and contains it (an enclosing node always
    /// does; the check keeps the chain valid whatever the tree).
    fn push(&mut self, range: TextRange) {
        match self.0.last() {
            Some(last) if *last == range || !range.contains_range(*last) => {}
            _ => self.0.push(range),
        }
    }

    fn into_selection(self, text: &Text) -> SelectionRange {
        let mut ranges = self.0;
        if ranges.len() > MAX_CHAIN {
            let outermost = ranges.last().copied();
            ranges.truncate(MAX_CHAIN.saturating_sub(1));
            ranges.extend(outermost);
        }
        let mut chain: Option<SelectionRange> = None;
        let mut last_range = None;
        for range in ranges.iter().rev() {
            let range = text.range(*range);
            // Two byte ranges can be one client range (inside a character, past the end).
            if last_range == Some(range) {
                continue;
            }
            last_range = Some(range);
            chain = Some(SelectionRange {
                range,
                parent: chain.map(Box::new),
            });
        }
        chain.unwrap_or_else(|| SelectionRange {
            range: text.range(TextRange::empty(TextSize::from(0))),
            parent: None,
        })
    }
}

/// The token a user means at a position touching one or two tokens.
fn pick_token(tokens: TokenAtOffset<SyntaxToken>) -> Option<SyntaxToken> {
    match tokens {
        TokenAtOffset::None => None,
        TokenAtOffset::Single(token) => Some(token),
        // On a tie, the token before: `$x|;` and `foo|(` mean the word, and a cursor after
        // a word (`$x|` at the end of a line) means it too.
        TokenAtOffset::Between(left, right) => Some(if rank(right.kind()) > rank(left.kind()) {
            right
        } else {
            left
        }),
    }
}

/// How much a user means a token of `kind` when the cursor touches it.
fn rank(kind: SyntaxKind) -> u8 {
    match kind {
        NAME | WORD | CLASSREF | VARIABLE => 5,
        _ if kind.is_keyword() => 5,
        NUMBER | STRING | REGEX | HEREDOC | HEREDOC_BODY | RENDER_STRING => 4,
        DQPRE | DQMID | DQPOST => 3,
        COMMENT | ML_COMMENT | EPP_COMMENT => 1,
        _ if kind.is_trivia() => 0,
        _ => 2,
    }
}

/// The range of `text` (at `range`) inside its `quote`s, when it starts and ends with one.
fn quoted_content(range: TextRange, text: &str, quote: char) -> Option<TextRange> {
    let inner = text.strip_prefix(quote)?.strip_suffix(quote)?;
    let start = range.start().checked_add(TextSize::of(quote))?;
    Some(TextRange::at(start, TextSize::of(inner)))
}

/// The range of an interpolated string without its quotes (without the opening one only, when
/// a syntax error cut the string short).
fn dq_content(dq: &SyntaxNode) -> Option<TextRange> {
    let range = dq.text_range();
    let first = dq.first_token()?;
    let last = dq.last_token()?;
    let quote = TextSize::of('"');
    let start = if first.text().starts_with('"') {
        range.start().checked_add(quote)?
    } else {
        range.start()
    };
    let end = if last.kind() == DQPOST && last.text().ends_with('"') {
        range.end().checked_sub(quote)?
    } else {
        range.end()
    };
    (start <= end).then(|| TextRange::new(start, end))
}

/// `textDocument/selectionRange`.
pub fn handle(
    s: &crate::state::Snapshot,
    p: lsp_types::SelectionRangeParams,
) -> crate::state::LspResult<Option<Vec<SelectionRange>>> {
    let document = s.document(&p.text_document.uri)?;
    let analysis = s.analysis(&document);
    Ok(Some(selection_ranges(
        &analysis.root(),
        &document.text,
        &p.positions,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{Encoding, ParseOptions};

    /// The texts of the chain at the first `|` of `marked` (removed before parsing).
    fn chain_texts(marked: &str) -> Vec<String> {
        let at = marked.find('|').unwrap();
        let src = format!("{}{}", &marked[..at], &marked[at + 1..]);
        let result = puppet_syntax::parse(src.as_bytes(), &ParseOptions::new().cst(true));
        let root = result.syntax_node().unwrap();
        let text = Text::new(src.clone(), Encoding::Utf16);
        let position = text.position(at as u32);
        let mut chains = selection_ranges(&root, &text, &[position]);
        assert_eq!(chains.len(), 1);
        let mut out = Vec::new();
        let mut next = chains.pop();
        let mut previous: Option<lsp_types::Range> = None;
        while let Some(selection) = next {
            let range = text.text_range(selection.range);
            if let Some(inner) = previous {
                let inner = text.text_range(inner);
                assert!(range.contains_range(inner) && range != inner);
            }
            previous = Some(selection.range);
            out.push(src[range].to_string());
            next = selection.parent.map(|p| *p);
        }
        out
    }

    #[test]
    fn from_a_variable_out_to_the_file() {
        let src = "class foo(String $x = 'a') {\n  notice($|x)\n}\n";
        let chain = chain_texts(src);
        assert_eq!(
            chain,
            vec![
                "$x",
                "($x)",
                "notice($x)",
                "{\n  notice($x)\n}",
                "class foo(String $x = 'a') {\n  notice($x)\n}",
                "class foo(String $x = 'a') {\n  notice($x)\n}\n",
            ]
        );
    }

    #[test]
    fn a_string_selects_its_text_before_its_quotes() {
        let chain = chain_texts("file { '/tmp/|a': ensure => file }\n");
        assert_eq!(
            &chain[..3],
            &["/tmp/a", "'/tmp/a'", "'/tmp/a': ensure => file"]
        );
        let chain = chain_texts("$m = \"hi ${na|me} there\"\n");
        assert_eq!(
            &chain[..3],
            &["name", "hi ${name} there", "\"hi ${name} there\""]
        );
        let chain = chain_texts("$m = \"h|i ${name} there\"\n");
        assert_eq!(
            &chain[..3],
            &["hi ${", "hi ${name} there", "\"hi ${name} there\""]
        );
    }

    #[test]
    fn the_word_wins_over_punctuation_and_blanks() {
        // Between `$x` and `,`: the variable.
        assert_eq!(chain_texts("$a = [$x|, 1]\n")[0], "$x");
        // Between `(` and `'a'`: the string (its text only once inside the quotes).
        assert_eq!(chain_texts("notice(|'a')\n")[..2], ["'a'", "('a')"]);
        assert_eq!(chain_texts("notice('|a')\n")[..2], ["a", "'a'"]);
        // In blanks: the enclosing node.
        assert_eq!(chain_texts("$a = [1,  | 2]\n")[0], "[1,   2]");
        // A comment is selected whole.
        assert_eq!(chain_texts("# a com|ment\n$x = 1\n")[0], "# a comment");
        // Heredoc text is selected whole.
        assert_eq!(
            chain_texts("$t = @(E)\n  te|xt\n  | E\n")[0],
            "  text\n  | E\n"
        );
    }

    #[test]
    fn broken_input_and_several_positions() {
        let src = "class broken(String $x {\n  file { '/a':\n    ensure =>\n  }\n";
        assert!(
            chain_texts("class broken(String $|x {\n  file { '/a':\n    ensure =>\n  }\n")
                .starts_with(&["$x".to_string()])
        );
        let result = puppet_syntax::parse(src.as_bytes(), &ParseOptions::new().cst(true));
        let root = result.syntax_node().unwrap();
        let text = Text::new(src.to_string(), Encoding::Utf16);
        let positions = [
            Position::new(0, 0),
            Position::new(2, 6),
            Position::new(40, 0), // past the end
        ];
        let chains = selection_ranges(&root, &text, &positions);
        assert_eq!(chains.len(), 3);
        assert_eq!(
            chains[0].range,
            lsp_types::Range::new(Position::new(0, 0), Position::new(0, 5))
        );
        assert_eq!(chains[1].range.start, Position::new(2, 4)); // `ensure`
        assert_eq!(chains[1].range.end, Position::new(2, 10));
        // Every position of every prefix, as while typing (`chain_texts` checks the nesting).
        for cut in (0..=src.len()).filter(|&cut| src.is_char_boundary(cut)) {
            for at in 0..=cut {
                chain_texts(&format!("{}|{}", &src[..at], &src[at..cut]));
            }
        }
    }

    #[test]
    fn utf16_columns() {
        let src = "$s = 'é😀'; $x = 1\n";
        let result = puppet_syntax::parse(src.as_bytes(), &ParseOptions::new().cst(true));
        let root = result.syntax_node().unwrap();
        let text = Text::new(src.to_string(), Encoding::Utf16);
        // `$x` starts at UTF-16 column 12 (`é` is one unit, `😀` two).
        let chains = selection_ranges(&root, &text, &[Position::new(0, 13)]);
        assert_eq!(
            chains[0].range,
            lsp_types::Range::new(Position::new(0, 12), Position::new(0, 14))
        );
        // Inside the string: its text (columns 6..9), then the string (5..10).
        let chains = selection_ranges(&root, &text, &[Position::new(0, 6)]);
        assert_eq!(
            chains[0].range,
            lsp_types::Range::new(Position::new(0, 6), Position::new(0, 9))
        );
        let parent = chains[0].parent.as_deref().unwrap();
        assert_eq!(
            parent.range,
            lsp_types::Range::new(Position::new(0, 5), Position::new(0, 10))
        );
    }

    #[test]
    fn empty_and_deep_documents() {
        let empty = puppet_syntax::parse(b"", &ParseOptions::new().cst(true));
        let text = Text::new(String::new(), Encoding::Utf16);
        let chains = selection_ranges(&empty.syntax_node().unwrap(), &text, &[Position::new(3, 3)]);
        assert_eq!(chains[0].range, lsp_types::Range::default());
        assert!(chains[0].parent.is_none());

        let depth = 2_000;
        let src = format!("$a = {}1{}\n", "[".repeat(depth), "]".repeat(depth));
        let result = puppet_syntax::parse(src.as_bytes(), &ParseOptions::new().cst(true));
        let text = Text::new(src.clone(), Encoding::Utf16);
        let at = text.position(5 + depth as u32);
        let chains = selection_ranges(&result.syntax_node().unwrap(), &text, &[at]);
        let mut length = 0;
        let mut next = Some(&chains[0]);
        let mut outermost = None;
        while let Some(selection) = next {
            length += 1;
            outermost = Some(selection.range);
            next = selection.parent.as_deref();
        }
        assert_eq!(length, MAX_CHAIN);
        assert_eq!(
            outermost,
            Some(text.range(TextRange::up_to(TextSize::of(src.as_str()))))
        );
    }
}
