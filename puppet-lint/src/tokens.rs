//! The source as puppet-lint's checks see it: every token of the CST in order, with the
//! whitespace split the way puppet-lint's lexer splits it — a `NEWLINE` per line break, the
//! `INDENT` that starts a line (but the first), `WHITESPACE` elsewhere — each token with its line, column and
//! the CST node that holds it.
//!
//! puppet-lint's checks are written against that token stream; ours keep its vocabulary where a
//! check's rule is about layout (a blank before `=>`, the indentation of a line), and use the
//! tree for everything else.

use puppet_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};
use rowan::{NodeOrToken, WalkEvent};

/// What a piece of whitespace is, in puppet-lint's terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ws {
    /// One line break (`\n` or `\r\n`).
    Newline,
    /// The blanks at the start of a line.
    Indent,
    /// Blanks anywhere else.
    Space,
}

/// One token: a CST token, or one piece of a CST whitespace token.
#[derive(Clone, Debug)]
pub struct Token {
    /// Its CST kind (`WHITESPACE` for each piece of whitespace).
    pub kind: SyntaxKind,
    /// For whitespace: which piece it is.
    pub ws: Option<Ws>,
    /// Its bytes.
    pub range: TextRange,
    /// 1-based line of its start.
    pub line: u32,
    /// 1-based column of its start, in characters (as puppet-lint and Puppet count).
    pub column: u32,
    /// The node that holds it (an index of [`Tokens::nodes`]).
    pub node: u32,
}

impl Token {
    /// Whether it is a line break.
    pub fn is_newline(&self) -> bool {
        self.ws == Some(Ws::Newline)
    }

    /// Whether it is the indentation of a line.
    pub fn is_indent(&self) -> bool {
        self.ws == Some(Ws::Indent)
    }

    /// Whether it is whitespace of any kind.
    pub fn is_whitespace(&self) -> bool {
        self.ws.is_some()
    }

    /// Whether it is a comment (`#`, `/* */`).
    pub fn is_comment(&self) -> bool {
        matches!(self.kind, SyntaxKind::COMMENT | SyntaxKind::ML_COMMENT)
    }

    /// Whether it is code: not whitespace, not a comment, not a heredoc's text.
    pub fn is_code(&self) -> bool {
        !self.is_whitespace() && !self.is_comment() && self.kind != SyntaxKind::HEREDOC_BODY
    }

    /// Its start offset.
    pub fn start(&self) -> u32 {
        self.range.start().into()
    }

    /// Its end offset.
    pub fn end(&self) -> u32 {
        self.range.end().into()
    }
}

/// The tokens and the nodes (in preorder) of one CST.
pub struct Tokens {
    /// Every token, whitespace split into pieces.
    pub tokens: Vec<Token>,
    /// Every node, in preorder (the root first).
    pub nodes: Vec<SyntaxNode>,
}

impl Tokens {
    /// Walks the tree once.
    pub fn collect(text: &str, root: &SyntaxNode) -> Tokens {
        let mut tokens = Vec::with_capacity(text.len() / 4 + 1);
        let mut nodes = Vec::with_capacity(text.len() / 8 + 1);
        let mut stack: Vec<u32> = Vec::new();
        // The line and the offset of its start, kept as the walk goes (columns in characters).
        let mut line = 1u32;
        let mut line_start = 0usize;
        // The last column counted, on the current line: (offset, column), so that a long line
        // is counted once, not once a token.
        let mut counted = (0usize, 1u32);
        for event in root.preorder_with_tokens() {
            match event {
                WalkEvent::Enter(NodeOrToken::Node(node)) => {
                    stack.push(nodes.len() as u32);
                    nodes.push(node);
                }
                WalkEvent::Leave(NodeOrToken::Node(_)) => {
                    stack.pop();
                }
                WalkEvent::Enter(NodeOrToken::Token(token)) => {
                    let node = stack.last().copied().unwrap_or(0);
                    let range = token.text_range();
                    let start: usize = range.start().into();
                    let end: usize = range.end().into();
                    let mut push = |kind, ws, from: usize, to: usize, line: u32, ls: usize| {
                        if counted.0 < ls || counted.0 > from {
                            counted = (ls, 1);
                        }
                        let column = counted.1 + text[counted.0..from].chars().count() as u32;
                        counted = (from, column);
                        tokens.push(Token {
                            kind,
                            ws,
                            range: TextRange::new(
                                TextSize::from(from as u32),
                                TextSize::from(to as u32),
                            ),
                            line,
                            column,
                            node,
                        });
                    };
                    if token.kind() == SyntaxKind::WHITESPACE {
                        let bytes = text.as_bytes();
                        let mut at = start;
                        while at < end {
                            if bytes[at] == b'\n'
                                || (bytes[at] == b'\r'
                                    && bytes.get(at + 1) == Some(&b'\n')
                                    && at + 1 < end)
                            {
                                let to = if bytes[at] == b'\r' { at + 2 } else { at + 1 };
                                push(
                                    SyntaxKind::WHITESPACE,
                                    Some(Ws::Newline),
                                    at,
                                    to,
                                    line,
                                    line_start,
                                );
                                line += 1;
                                line_start = to;
                                at = to;
                            } else {
                                let mut to = at;
                                while to < end
                                    && bytes[to] != b'\n'
                                    && !(bytes[to] == b'\r' && bytes.get(to + 1) == Some(&b'\n'))
                                {
                                    to += 1;
                                }
                                // (As puppet-lint's lexer has it: the blanks that start
                                // the file are not an indent.)
                                let ws = if at == line_start && line > 1 {
                                    Ws::Indent
                                } else {
                                    Ws::Space
                                };
                                push(SyntaxKind::WHITESPACE, Some(ws), at, to, line, line_start);
                                at = to;
                            }
                        }
                    } else {
                        push(token.kind(), None, start, end, line, line_start);
                        // Tokens that span lines (strings, comments, heredoc texts).
                        let piece = &text[start..end];
                        if let Some(last) = piece.rfind('\n') {
                            line += piece.bytes().filter(|&b| b == b'\n').count() as u32;
                            line_start = start + last + 1;
                        }
                    }
                }
                WalkEvent::Leave(NodeOrToken::Token(_)) => {}
            }
        }
        Tokens { tokens, nodes }
    }
}
