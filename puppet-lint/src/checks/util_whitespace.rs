//! The token stream the `manifest_whitespace_*` checks of puppet-lint-manifest_whitespace-check
//! look at, rebuilt from the CST: every token in the kinds these checks tell apart (puppet-lint's
//! `NEWLINE`, `INDENT`, `WHITESPACE`, `LBRACE`, `FUNCTION_NAME`, `TYPE`, …), with the walks they
//! use (`prev_non_space_token`, `next_non_space_token`, `is_single_space`).
//!
//! Where puppet-lint's token stream has tokens the CST has not (the line break after a heredoc's
//! end tag, the tokens of a heredoc's `${…}` expressions), they are made here. Where its regex lexer misreads Puppet, the CST's reading is
//! kept: the brackets of `$x['a']` are brackets (puppet-lint lexes `$x['a']` as one variable
//! token), a `/re/` is a regex wherever Puppet takes one.

use crate::checks::util::PL_TYPES as TYPES;
use puppet_diagnostics::{Indel, TextEdit};
use std::collections::VecDeque;
use std::rc::Rc;

use puppet_syntax::lexer::heredoc;
use puppet_syntax::{SyntaxKind, TextRange, TextSize};

use crate::context::{Context, Report};
use crate::tokens::Ws;

/// A token kind, in puppet-lint's terms (only the kinds these checks name; the rest are
/// [`Lk::Other`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lk {
    /// `NEWLINE`.
    Newline,
    /// `INDENT`: the blanks that start a line.
    Indent,
    /// `WHITESPACE`: blanks elsewhere (at the very start of the file too).
    Whitespace,
    /// `COMMENT` (`# …`).
    Comment,
    /// `MLCOMMENT` (`/* … */`).
    MlComment,
    /// `LBRACE` (any `{`).
    LBrace,
    /// `RBRACE`.
    RBrace,
    /// `LBRACK` (any `[`).
    LBrack,
    /// `RBRACK`.
    RBrack,
    /// `LPAREN` (any `(`).
    LParen,
    /// `RPAREN`.
    RParen,
    /// `FARROW`.
    FArrow,
    /// `COMMA`.
    Comma,
    /// `SEMIC`.
    Semic,
    /// `COLON`.
    Colon,
    /// `DOT`.
    Dot,
    /// `PIPE`.
    Pipe,
    /// `DQPRE`.
    DqPre,
    /// `DQMID`.
    DqMid,
    /// `DQPOST`.
    DqPost,
    /// `HEREDOC`: a heredoc's text and end tag (without the line break after it).
    Heredoc,
    /// `VARIABLE`.
    Variable,
    /// `CLASSREF`.
    ClassRef,
    /// `TYPE`: a core data type's name (`String`, `Hash`, …) or the `type` keyword.
    Type,
    /// `NAME`.
    Name,
    /// `FUNCTION_NAME`: a name right before `(`.
    FunctionName,
    /// `INHERITS`.
    Inherits,
    /// Anything else.
    Other,
}

/// One token of the stream.
#[derive(Clone, Copy, Debug)]
pub struct LTok {
    /// Its kind.
    pub kind: Lk,
    /// Its CST kind (`WHITESPACE` for the pieces of whitespace, `HEREDOC_BODY` for both halves
    /// of a heredoc's text).
    pub syntax: SyntaxKind,
    /// Its bytes.
    pub range: TextRange,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// The index of the [`Context::tokens`] token it comes from.
    pub src: usize,
    /// A line break no fix may remove: the one that ends a heredoc's header line (the text
    /// starts after it) or its end tag.
    pub pinned: bool,
}

impl LTok {
    /// Whether it is `WHITESPACE`, `INDENT` or `NEWLINE` (what `prev_non_space_token` skips).
    pub fn is_space(&self) -> bool {
        matches!(self.kind, Lk::Whitespace | Lk::Indent | Lk::Newline)
    }

    /// Whether it is a line break or the indentation after one.
    pub fn is_line_break(&self) -> bool {
        matches!(self.kind, Lk::Indent | Lk::Newline)
    }

    /// Whether it is a comment.
    pub fn is_comment(&self) -> bool {
        matches!(self.kind, Lk::Comment | Lk::MlComment)
    }

    /// Its start offset.
    pub fn start(&self) -> TextSize {
        self.range.start()
    }

    /// Its end offset.
    pub fn end(&self) -> TextSize {
        self.range.end()
    }
}

/// The kind of a token that is not whitespace; `call`: a `(` follows right after it.
fn classify(kind: SyntaxKind, text: &str, call: bool) -> Lk {
    match kind {
        SyntaxKind::COMMENT => Lk::Comment,
        SyntaxKind::ML_COMMENT => Lk::MlComment,
        SyntaxKind::LBRACE | SyntaxKind::SELBRACE => Lk::LBrace,
        SyntaxKind::RBRACE => Lk::RBrace,
        SyntaxKind::LBRACK | SyntaxKind::LISTSTART => Lk::LBrack,
        SyntaxKind::RBRACK => Lk::RBrack,
        SyntaxKind::LPAREN | SyntaxKind::WSLPAREN => Lk::LParen,
        SyntaxKind::RPAREN => Lk::RParen,
        SyntaxKind::FARROW => Lk::FArrow,
        SyntaxKind::COMMA => Lk::Comma,
        SyntaxKind::SEMIC => Lk::Semic,
        SyntaxKind::COLON => Lk::Colon,
        SyntaxKind::DOT => Lk::Dot,
        SyntaxKind::PIPE => Lk::Pipe,
        SyntaxKind::DQPRE => Lk::DqPre,
        SyntaxKind::DQMID => Lk::DqMid,
        SyntaxKind::DQPOST => Lk::DqPost,
        SyntaxKind::VARIABLE => Lk::Variable,
        SyntaxKind::INHERITS => Lk::Inherits,
        SyntaxKind::TYPE => Lk::Type,
        SyntaxKind::CLASSREF if is_type_name(text) => Lk::Type,
        SyntaxKind::CLASSREF => Lk::ClassRef,
        SyntaxKind::NAME | SyntaxKind::WORD if call => Lk::FunctionName,
        SyntaxKind::NAME | SyntaxKind::WORD => Lk::Name,
        SyntaxKind::HEREDOC_BODY => Lk::Heredoc,
        _ => Lk::Other,
    }
}

/// Pushes the tokens of a heredoc's text (`body`, the `HEREDOC_BODY` token; `header`, the
/// text of its `@(…)`): one `HEREDOC` token for text without interpolation, else the text's
/// segments and the tokens of its `${…}` expressions, as puppet-lint's lexer has them; then
/// the `NEWLINE` after the end tag.
fn heredoc(cx: &Context, toks: &mut Vec<LTok>, body: LTok, header: Option<&str>) {
    let text = cx.slice(body.range);
    let nl = if text.ends_with("\r\n") {
        2
    } else {
        usize::from(text.ends_with('\n'))
    };
    let end = body.range.end() - TextSize::from(nl as u32);
    let header = header.and_then(|h| heredoc::parse_header(h).ok());
    let mut spliced = false;
    if let Some(header) = header.filter(|h| h.interpolate) {
        let processed = heredoc::process_body(&header, text, body.start().into());
        let lexed = processed.lex(false);
        if lexed.kinds.len() > 1 {
            let start = toks.len();
            for j in 0..lexed.kinds.len() {
                let kind = lexed.kinds[j];
                let (local, len) = (lexed.starts[j], lexed.starts[j + 1] - lexed.starts[j]);
                let (at, len) = processed.to_global(local, len);
                let range = TextRange::at(TextSize::from(at), TextSize::from(len));
                if range.end() > end {
                    break;
                }
                if kind == SyntaxKind::WHITESPACE {
                    // Blanks and line breaks inside `${…}`.
                    whitespace(cx, toks, body, range);
                    continue;
                }
                let call = lexed.kinds.get(j + 1).is_some_and(|&k| {
                    lexed.starts[j + 1] == local + len
                        && matches!(k, SyntaxKind::LPAREN | SyntaxKind::WSLPAREN)
                });
                let (line, column) = cx.line_col(range.start());
                toks.push(LTok {
                    kind: classify(kind, cx.slice(range), call),
                    syntax: kind,
                    range,
                    line,
                    column,
                    src: body.src,
                    pinned: false,
                });
            }
            // The first segment starts the text, the last one ends with the end tag.
            if let Some(first) = toks.get_mut(start) {
                first.range = TextRange::new(body.start(), first.range.end().max(body.start()));
                (first.line, first.column) = (body.line, body.column);
            }
            spliced = toks.len() > start;
            if let Some(last) = toks.last_mut().filter(|_| spliced) {
                last.range = TextRange::new(last.range.start(), end.max(last.range.start()));
            }
        }
    }
    if !spliced {
        toks.push(LTok {
            range: TextRange::new(body.start(), end),
            ..body
        });
    }
    if nl > 0 {
        let (line, column) = cx.line_col(end);
        toks.push(LTok {
            kind: Lk::Newline,
            syntax: SyntaxKind::WHITESPACE,
            range: TextRange::new(end, body.range.end()),
            line,
            column,
            pinned: true,
            ..body
        });
    }
}

/// Pushes one piece of whitespace split as puppet-lint splits it.
fn whitespace(cx: &Context, toks: &mut Vec<LTok>, body: LTok, range: TextRange) {
    let text = cx.slice(range);
    let base = usize::from(range.start());
    let mut at = 0;
    let mut after_newline = false;
    while at < text.len() {
        let rest = &text[at..];
        let len = if rest.starts_with("\r\n") {
            2
        } else if rest.starts_with('\n') {
            1
        } else {
            rest.find(['\n', '\r']).unwrap_or(rest.len()).max(1)
        };
        let newline = rest.starts_with('\n') || rest.starts_with("\r\n");
        let piece = TextRange::at(
            TextSize::from((base + at) as u32),
            TextSize::from(len as u32),
        );
        let (line, column) = cx.line_col(piece.start());
        toks.push(LTok {
            kind: if newline {
                Lk::Newline
            } else if after_newline {
                Lk::Indent
            } else {
                Lk::Whitespace
            },
            syntax: SyntaxKind::WHITESPACE,
            range: piece,
            line,
            column,
            ..body
        });
        after_newline = newline;
        at += len;
    }
}

fn is_type_name(text: &str) -> bool {
    TYPES.iter().any(|t| {
        text.strip_prefix(t).is_some_and(|rest| {
            rest.is_empty() || !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')
        })
    })
}

/// The token stream of a source.
pub struct LintTokens<'a> {
    /// The tokens.
    pub toks: Rc<Vec<LTok>>,
    text: &'a str,
}

impl<'a> LintTokens<'a> {
    /// The stream of `cx`'s source.
    pub fn new(cx: &Context<'a>) -> LintTokens<'a> {
        // Made once a source, for the 16 checks of the group.
        LintTokens {
            toks: cx.memo(Self::build),
            text: cx.text,
        }
    }

    fn build(cx: &Context<'a>) -> Vec<LTok> {
        let mut toks = Vec::with_capacity(cx.tokens.len() + 8);
        // The headers whose heredoc texts are still to come, in order.
        let mut headers: VecDeque<usize> = VecDeque::new();
        for (i, t) in cx.tokens.iter().enumerate() {
            let kind = match t.ws {
                Some(Ws::Newline) => Lk::Newline,
                Some(Ws::Indent) if t.start() > 0 => Lk::Indent,
                Some(_) => Lk::Whitespace,
                None => {
                    let call = cx.tokens.get(i + 1).is_some_and(|n| {
                        n.start() == t.end()
                            && matches!(n.kind, SyntaxKind::LPAREN | SyntaxKind::WSLPAREN)
                    });
                    classify(t.kind, cx.text_of(i), call)
                }
            };
            let tok = LTok {
                kind,
                syntax: t.kind,
                range: t.range,
                line: t.line,
                column: t.column,
                src: i,
                pinned: false,
            };
            match t.kind {
                SyntaxKind::HEREDOC => headers.push_back(i),
                SyntaxKind::HEREDOC_BODY => {
                    if let Some(before) = toks
                        .last_mut()
                        .filter(|t: &&mut LTok| t.kind == Lk::Newline)
                    {
                        before.pinned = true;
                    }
                    let header = headers.pop_front().map(|h| cx.text_of(h));
                    heredoc(cx, &mut toks, tok, header);
                    continue;
                }
                _ => {}
            }
            toks.push(tok);
        }
        toks
    }

    /// The number of tokens.
    pub fn len(&self) -> usize {
        self.toks.len()
    }

    /// The kind of token `i`.
    pub fn kind(&self, i: usize) -> Lk {
        self.toks[i].kind
    }

    /// The text of token `i`.
    pub fn text(&self, i: usize) -> &'a str {
        let r = self.toks[i].range;
        &self.text[usize::from(r.start())..usize::from(r.end())]
    }

    /// puppet-lint's `is_single_space`: a `WHITESPACE` token that is one blank.
    pub fn is_single_space(&self, i: usize) -> bool {
        self.toks[i].kind == Lk::Whitespace && self.text(i) == " "
    }

    /// puppet-lint's `prev_non_space_token`: the last token before `i` that is not
    /// whitespace (a comment counts).
    pub fn prev_non_space(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| !self.toks[j].is_space())
    }

    /// puppet-lint's `next_non_space_token`.
    pub fn next_non_space(&self, i: usize) -> Option<usize> {
        (i + 1..self.toks.len()).find(|&j| !self.toks[j].is_space())
    }

    /// Whether a token between `from` and `to` (both excluded) is a line break.
    pub fn newline_between(&self, from: usize, to: usize) -> bool {
        self.toks[from + 1..to]
            .iter()
            .any(|t| t.kind == Lk::Newline)
    }

    /// What keeps the line structure of the whitespace between tokens `from` and `to` (only
    /// whitespace between them) when it has a line break: the last line break and the
    /// indentation before `to`.
    pub fn last_line_break(&self, from: usize, to: usize) -> Option<String> {
        let nl = (from + 1..to)
            .rev()
            .find(|&j| self.toks[j].kind == Lk::Newline)?;
        Some(
            self.text[usize::from(self.toks[nl].start())..usize::from(self.toks[to].start())]
                .to_string(),
        )
    }

    /// The edit that replaces everything between tokens `from` and `to` with `with`; none when
    /// that would join a heredoc's text to the line of its header or of what follows it.
    pub fn replace_between(&self, from: usize, to: usize, with: &str) -> Option<TextEdit> {
        if !with.contains('\n') && self.toks[from + 1..to].iter().any(|t| t.pinned) {
            return None;
        }
        let range = TextRange::new(self.toks[from].end(), self.toks[to].start());
        Some(TextEdit::single(if with.is_empty() {
            Indel::delete(range)
        } else {
            Indel::replace(range, with.to_string())
        }))
    }
}

/// A problem at token `i` of the stream.
pub fn report_at<'r>(
    report: &'r mut Report,
    lt: &LintTokens,
    i: usize,
    message: &str,
) -> &'r mut crate::problem::Problem {
    let t = &lt.toks[i];
    report.at_position(t.range, t.line, t.column, message)
}

/// The `RBRACE`/`RBRACK` rule's "after" tokens (the plugin's `after_bracket_tokens`).
pub fn is_after_bracket(kind: Lk) -> bool {
    matches!(
        kind,
        Lk::RBrack
            | Lk::RParen
            | Lk::Semic
            | Lk::Comma
            | Lk::Colon
            | Lk::Dot
            | Lk::Newline
            | Lk::DqMid
            | Lk::DqPost
            | Lk::LBrack
    )
}

/// The two `closing_*_after` checks: after a closing brace or bracket comes one of the
/// "after" tokens, or whitespace and something else.
pub fn closing_after(cx: &Context, report: &mut Report, close: Lk, message: &str) {
    let lt = LintTokens::new(cx);
    for i in 0..lt.len() {
        if lt.kind(i) != close {
            continue;
        }
        let n = i + 1;
        if n >= lt.len() || is_after_bracket(lt.kind(n)) {
            continue;
        }
        if lt.kind(n) == Lk::Whitespace {
            let Some(nc) = lt.next_non_space(i) else {
                continue;
            };
            if !is_after_bracket(lt.kind(nc)) {
                continue;
            }
            let problem = report_at(report, &lt, n, message);
            // The blanks go, up to the line break or the punctuation; not before a `[`, where
            // they make a new list of what would be an access.
            if lt.kind(n + 1) == Lk::Newline || lt.kind(nc) != Lk::LBrack {
                problem.fix(TextEdit::single(Indel::delete(lt.toks[n].range)));
            }
        } else {
            // `}}`, `}->`, `]{`: a blank between them.
            report_at(report, &lt, n, message).fix(TextEdit::single(Indel::insert(
                lt.toks[n].start(),
                " ".to_string(),
            )));
        }
    }
}

/// The `*_single_space_before` rules: the first name after the keyword at `k` comes right
/// after one blank. The fix makes the whitespace between them one blank (not across a comment).
pub fn single_space_before_name(lt: &LintTokens, report: &mut Report, k: usize, message: &str) {
    let Some(name) = (k + 1..lt.len()).find(|&j| matches!(lt.kind(j), Lk::Name | Lk::FunctionName))
    else {
        return;
    };
    let n = k + 1;
    if name == k + 2 && lt.is_single_space(n) {
        return;
    }
    let problem = report_at(report, lt, n, message);
    if lt.toks[n..name].iter().all(LTok::is_space) {
        if let Some(edit) = lt.replace_between(k, name, " ") {
            problem.fix(edit);
        }
    }
}

/// The `CLASS`/`DEFINE` keyword of each class, then of each defined type (puppet-lint's
/// `class_indexes + defined_type_indexes`), as indexes of the stream.
pub fn definition_keywords(cx: &Context, lt: &LintTokens) -> Vec<usize> {
    let mut out = Vec::new();
    for (kind, keyword) in [
        (SyntaxKind::CLASS_DEF, SyntaxKind::CLASS),
        (SyntaxKind::DEFINE_DEF, SyntaxKind::DEFINE),
    ] {
        for node in cx.nodes_of(kind) {
            let Some(token) = node
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .find(|t| t.kind() == keyword)
            else {
                continue;
            };
            let start = token.text_range().start();
            let i = lt.toks.partition_point(|t| t.start() < start);
            if lt.toks.get(i).is_some_and(|t| t.start() == start) {
                out.push(i);
            }
        }
    }
    out
}

/// Whether a token of this kind ends an operand: after it, a `[` without a blank before it is
/// an access and one with a blank starts a new list (the formatter's rule, which keeps that
/// blank as it is).
pub fn ends_operand(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    let opener = matches!(
        kind,
        LBRACE | SELBRACE | LBRACK | LISTSTART | LPAREN | WSLPAREN
    );
    let punctuation = matches!(
        kind,
        COMMA | SEMIC | COLON | QMARK | NOT | AT | ATAT | PIPE | LCOLLECT | LLCOLLECT
    );
    let keyword = kind.is_keyword()
        && !matches!(
            kind,
            BOOLEAN | DEFAULT | UNDEF | TYPE | ATTR | PRIVATE | PLAN | APPLY
        );
    let operator = matches!(
        kind,
        ISEQUAL
            | NOTEQUAL
            | MATCH
            | NOMATCH
            | EQUALS
            | APPENDS
            | DELETES
            | FARROW
            | PARROW
            | PLUS
            | MINUS
            | TIMES
            | DIV
            | MODULO
            | LSHIFT
            | RSHIFT
            | LESSTHAN
            | GREATERTHAN
            | LESSEQUAL
            | GREATEREQUAL
            | AND
            | OR
            | IN
            | IN_EDGE
            | IN_EDGE_SUB
            | OUT_EDGE
            | OUT_EDGE_SUB
            | DOT
            | TILDE
    );
    !(opener || punctuation || keyword || operator)
}
