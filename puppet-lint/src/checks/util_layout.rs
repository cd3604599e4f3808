//! What the layout checks share: the source as puppet-lint's own lexer tokenises it (its token
//! types, its `NEWLINE`/`INDENT`/`WHITESPACE` split, a heredoc's text as one token followed by
//! the line break that ends it), and puppet-lint's `resource_indexes` (the span from a
//! resource title's `:` to the `;` or `}` that ends its body).
//!
//! The layout checks of puppet-lint and its plugins are written against that token stream;
//! their rules (which line opens a group, what the last token of a line is, where a resource
//! ends) are ported onto this view so that they agree with puppet-lint token for token.

use crate::checks::util::PL_TYPES as TYPES;
use puppet_syntax::SyntaxKind;

use crate::context::Context;
use crate::tokens::Ws;

/// A token type of puppet-lint's lexer (the ones the layout checks tell apart).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pl {
    /// A line break.
    Newline,
    /// The blanks that start a line.
    Indent,
    /// Blanks elsewhere (and those that start the file).
    Whitespace,
    /// `# …`.
    Comment,
    /// `/* … */`.
    MlComment,
    /// `@(TAG)`.
    HeredocOpen,
    /// A heredoc's text lines and its end line (without the line break that ends it).
    Heredoc,
    /// A bare word (`foo`, `foo::bar`, `foo-bar`).
    Name,
    /// A bare word right before `(`.
    FunctionName,
    /// A capitalised name that is not one of puppet-lint's `TYPE` names.
    Classref,
    /// `String`, `Integer`, `Class`, … (puppet-lint's `TYPE` token).
    Type,
    /// A variable.
    Variable,
    /// `"…${`.
    Dqpre,
    /// `}…${`.
    Dqmid,
    /// `}…"`.
    Dqpost,
    LBrace,
    RBrace,
    LBrack,
    RBrack,
    LParen,
    RParen,
    Colon,
    Semic,
    Comma,
    Equals,
    IsEqual,
    Farrow,
    Rshift,
    Match,
    NoMatch,
    Qmark,
    /// Chaining arrows `->` and `~>`.
    InEdge,
    /// Anything else.
    Other,
}

impl Pl {
    /// puppet-lint's formatting tokens (whitespace, line breaks, comments).
    pub fn is_formatting(self) -> bool {
        matches!(
            self,
            Pl::Newline | Pl::Indent | Pl::Whitespace | Pl::Comment | Pl::MlComment
        )
    }

    /// `{`, `[` or `(`.
    pub fn is_opener(self) -> bool {
        matches!(self, Pl::LBrace | Pl::LBrack | Pl::LParen)
    }

    /// `}`, `]` or `)`.
    pub fn is_closer(self) -> bool {
        matches!(self, Pl::RBrace | Pl::RBrack | Pl::RParen)
    }
}

/// One token of puppet-lint's view.
#[derive(Clone, Debug)]
pub struct PlTok {
    /// Its type.
    pub kind: Pl,
    /// The [`Context::tokens`] index it comes from (a heredoc's text and the line break that
    /// ends it come from one `HEREDOC_BODY`).
    pub tok: usize,
    /// Its bytes.
    pub start: u32,
    /// Its end.
    pub end: u32,
    /// 1-based line of its start.
    pub line: u32,
    /// 1-based character column of its start.
    pub column: u32,
}

fn is_pl_type(text: &str) -> bool {
    TYPES.iter().any(|t| {
        text.strip_prefix(t).is_some_and(|rest| {
            !rest
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })
}

/// The source as puppet-lint's lexer has it (made once a source, for every check that asks).
pub fn pl_tokens(cx: &Context) -> std::rc::Rc<Vec<PlTok>> {
    cx.memo(|cx| pl_tokens_with(cx, true))
}

/// The source as puppet-lint's lexer has it; with `accesses` false, a variable's `[…]`
/// accesses stay brackets (puppet-lint's lexer takes them into the variable's token, and
/// `$x[$y[0]]` leaves it a `]` that closes a bracket opened before).
pub fn pl_tokens_with(cx: &Context, accesses: bool) -> Vec<PlTok> {
    let mut out = Vec::with_capacity(cx.tokens.len());
    let bytes = cx.text.as_bytes();
    let mut skip_to = 0;
    for (i, t) in cx.tokens.iter().enumerate() {
        if i < skip_to {
            continue;
        }
        let kind = match t.ws {
            Some(Ws::Newline) => Pl::Newline,
            Some(Ws::Indent) if t.start() > 0 => Pl::Indent,
            Some(_) => Pl::Whitespace,
            None => match t.kind {
                SyntaxKind::COMMENT => Pl::Comment,
                SyntaxKind::ML_COMMENT => Pl::MlComment,
                SyntaxKind::HEREDOC => Pl::HeredocOpen,
                SyntaxKind::HEREDOC_BODY => {
                    // The text, then the line break that ends its end line.
                    let text = cx.text_of(i);
                    let nl = if text.ends_with("\r\n") {
                        2
                    } else if text.ends_with('\n') {
                        1
                    } else {
                        0
                    };
                    let split = t.end() - nl;
                    out.push(PlTok {
                        kind: Pl::Heredoc,
                        tok: i,
                        start: t.start(),
                        end: split,
                        line: t.line,
                        column: t.column,
                    });
                    if nl > 0 {
                        let body = &text[..text.len() - nl as usize];
                        let line = t.line + body.bytes().filter(|&b| b == b'\n').count() as u32;
                        let last = body.rfind('\n').map_or(0, |p| p + 1);
                        let column = if last == 0 {
                            t.column + body.chars().count() as u32
                        } else {
                            body[last..].chars().count() as u32 + 1
                        };
                        out.push(PlTok {
                            kind: Pl::Newline,
                            tok: i,
                            start: split,
                            end: t.end(),
                            line,
                            column,
                        });
                    }
                    continue;
                }
                SyntaxKind::NAME | SyntaxKind::WORD => {
                    if bytes.get(t.end() as usize) == Some(&b'(') {
                        Pl::FunctionName
                    } else {
                        Pl::Name
                    }
                }
                SyntaxKind::CLASSREF => {
                    if is_pl_type(cx.text_of(i)) {
                        Pl::Type
                    } else {
                        Pl::Classref
                    }
                }
                SyntaxKind::VARIABLE => {
                    // puppet-lint's variable token takes the `[…]` accesses right after it on
                    // its line (`$x['a'][0]` is one token, `$x[$y[0]]` is `$x[$y[0]` and `]`).
                    let end = if accesses {
                        variable_end(cx.text, t)
                    } else {
                        t.end()
                    };
                    let mut last = i;
                    while cx.tokens.get(last + 1).is_some_and(|n| n.end() <= end) {
                        last += 1;
                    }
                    if last > i {
                        out.push(PlTok {
                            kind: Pl::Variable,
                            tok: i,
                            start: t.start(),
                            end: cx.tokens[last].end(),
                            line: t.line,
                            column: t.column,
                        });
                        // (The loop goes on after the tokens taken.)
                        skip_to = last + 1;
                        continue;
                    }
                    Pl::Variable
                }
                SyntaxKind::DQPRE => Pl::Dqpre,
                SyntaxKind::DQMID => Pl::Dqmid,
                SyntaxKind::DQPOST => Pl::Dqpost,
                SyntaxKind::LBRACE | SyntaxKind::SELBRACE => Pl::LBrace,
                SyntaxKind::RBRACE => Pl::RBrace,
                SyntaxKind::LBRACK | SyntaxKind::LISTSTART => Pl::LBrack,
                SyntaxKind::RBRACK => Pl::RBrack,
                SyntaxKind::LPAREN | SyntaxKind::WSLPAREN => Pl::LParen,
                SyntaxKind::RPAREN => Pl::RParen,
                SyntaxKind::COLON => Pl::Colon,
                SyntaxKind::SEMIC => Pl::Semic,
                SyntaxKind::COMMA => Pl::Comma,
                SyntaxKind::EQUALS => Pl::Equals,
                SyntaxKind::ISEQUAL => Pl::IsEqual,
                SyntaxKind::FARROW => Pl::Farrow,
                SyntaxKind::RSHIFT => Pl::Rshift,
                SyntaxKind::MATCH => Pl::Match,
                SyntaxKind::NOMATCH => Pl::NoMatch,
                SyntaxKind::QMARK => Pl::Qmark,
                SyntaxKind::IN_EDGE | SyntaxKind::IN_EDGE_SUB => Pl::InEdge,
                _ => Pl::Other,
            },
        };
        out.push(PlTok {
            kind,
            tok: i,
            start: t.start(),
            end: t.end(),
            line: t.line,
            column: t.column,
        });
    }
    out
}

/// Where puppet-lint's lexer ends a variable token (`\$name(\[.+?\])*`): after the `[…]`
/// groups that follow it directly, each up to the first `]` on its line.
fn variable_end(text: &str, t: &crate::tokens::Token) -> u32 {
    let bytes = text.as_bytes();
    let mut pos = t.end() as usize;
    if !text[t.start() as usize..pos].starts_with('$') {
        return pos as u32;
    }
    while bytes.get(pos) == Some(&b'[') {
        // `.+?`: at least one character, none of them a line break.
        if matches!(bytes.get(pos + 1), None | Some(b'\n')) {
            break;
        }
        let from = pos + 2;
        match bytes[from.min(bytes.len())..]
            .iter()
            .position(|&b| b == b']' || b == b'\n')
        {
            Some(k) if bytes[from + k] == b']' => pos = from + k + 1,
            _ => break,
        }
    }
    pos as u32
}

/// The next code token after `i` (puppet-lint's `next_code_token`).
pub fn next_code(pl: &[PlTok], i: usize) -> Option<usize> {
    (i + 1..pl.len()).find(|&j| !pl[j].kind.is_formatting())
}

/// The last code token before `i` (puppet-lint's `prev_code_token`).
pub fn prev_code(pl: &[PlTok], i: usize) -> Option<usize> {
    (0..i).rev().find(|&j| !pl[j].kind.is_formatting())
}

/// For each bracket, the index of its partner (brackets of any kind nest as a stack; a closer
/// that does not close the innermost opener is left unmatched).
pub fn partners(pl: &[PlTok]) -> Vec<Option<usize>> {
    let mut partner = vec![None; pl.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (i, t) in pl.iter().enumerate() {
        if t.kind.is_opener() {
            stack.push(i);
        } else if t.kind.is_closer() {
            let opener = match t.kind {
                Pl::RBrace => Pl::LBrace,
                Pl::RBrack => Pl::LBrack,
                _ => Pl::LParen,
            };
            if let Some(&o) = stack.last() {
                if pl[o].kind == opener {
                    stack.pop();
                    partner[o] = Some(i);
                    partner[i] = Some(o);
                }
            }
        }
    }
    partner
}

/// puppet-lint's `next_token_of(kinds)`: the first token after `i` of one of `kinds`, with
/// bracketed blocks skipped.
pub fn next_token_of(
    pl: &[PlTok],
    partner: &[Option<usize>],
    i: usize,
    kinds: &[Pl],
) -> Option<usize> {
    let mut j = i + 1;
    while j < pl.len() {
        if kinds.contains(&pl[j].kind) {
            return Some(j);
        }
        if pl[j].kind.is_opener() {
            j = partner[j]?;
        }
        j += 1;
    }
    None
}

/// One entry of puppet-lint's `resource_indexes`: a resource body from its title's `:` to the
/// `;` or `}` that ends it (indexes of the [`pl_tokens`]).
#[derive(Clone, Copy, Debug)]
pub struct PlResource {
    /// The title's `:`.
    pub colon: usize,
    /// The `;` or `}` that ends the body.
    pub end: usize,
}

/// puppet-lint's `resource_indexes`, with one of its quirks (the scan stops at a title inside
/// the body of the resource before it) and without the other: a `:` whose backwards scan
/// (`classref?`) meets a resource reference before a bare word is still a title when the tree
/// says so (`Class['a'] -> class { 'b': }`; docs/lint/differences.md, skipped-resources).
pub fn pl_resources(cx: &Context, pl: &[PlTok], partner: &[Option<usize>]) -> Vec<PlResource> {
    let mut out = Vec::new();
    let mut marker = 0usize;
    // The last bare word or resource reference before each token (puppet-lint's `classref?`
    // walks back to it).
    let mut last_word: Option<Pl> = None;
    for colon in 0..pl.len() {
        if pl[colon].kind != Pl::Colon {
            if matches!(pl[colon].kind, Pl::Name | Pl::Classref) {
                last_word = Some(pl[colon].kind);
            }
            continue;
        }
        match next_code(pl, colon) {
            Some(n) if pl[n].kind != Pl::LBrace => {}
            _ => continue,
        }
        // puppet-lint drops a title whose backwards scan meets a resource reference first
        // (`require => File['x']; 'b': …`): we do not, when the tree says it is a title.
        if last_word == Some(Pl::Classref)
            && !crate::checks::util::is_resource_title(cx, pl[colon].tok)
        {
            continue;
        }
        if colon < marker {
            break;
        }
        let Some(end) = next_token_of(pl, partner, colon, &[Pl::Semic, Pl::RBrace]) else {
            // puppet-lint raises a syntax error here.
            break;
        };
        marker = end;
        out.push(PlResource { colon, end });
    }
    out
}

/// The number of characters of `text`.
pub fn chars(text: &str) -> u32 {
    text.chars().count() as u32
}

/// puppet-lint's `LineLengthCheck`: every line (the text split at `\n`, a `\r` before it
/// counted) longer than `max` characters, reported at column `max`, unless it holds `://` or
/// `template(`.
pub fn line_length(cx: &Context, report: &mut crate::context::Report, max: u32) {
    let mut start = 0usize;
    for (n, line) in cx.text.split('\n').enumerate() {
        let range = puppet_syntax::TextRange::new(
            (start as u32).into(),
            ((start + line.len()) as u32).into(),
        );
        start += line.len() + 1;
        if line.contains("://") || line.contains("template(") {
            continue;
        }
        if line.len() as u32 > max && chars(line) > max {
            report.at_position(
                range,
                n as u32 + 1,
                max,
                format!("line has more than {max} characters"),
            );
        }
    }
}
