//! The spaces between two tokens on one line: one around binary operators, `=`, `=>`, `+>`
//! and chaining arrows, after `,`, `:` and keywords, inside braces (`{ a => 1 }`, `{}` when
//! empty); none inside `()` and `[]`, before `,`, `;` and `:`, around `.`, after a prefix
//! operator or `@`, between a function's name and its `(`.
//!
//! Two spaces the lexer depends on are never added or removed: before a `[` that follows an
//! expression (`$a[1]` is an access, `$a [1]` a new list) and, in the other direction, between
//! tokens the source kept apart without a rule for them (kept as one space).

use puppet_syntax::{SyntaxKind, SyntaxKind::*};

use crate::breaks::{is_closer, is_opener};
use crate::tokens::{Gap, Tok, Tokens};

pub(crate) fn decide(t: &mut Tokens) {
    for i in 1..t.toks.len() {
        // (A chaining arrow moved past comments prints nothing where it was.)
        if !matches!(t.toks[i].gap, Gap::Space(_)) || t.toks[i].text.as_deref() == Some("") {
            continue;
        }
        let spaced = t.toks[i].gap_start < t.toks[i].start;
        let n = if t.toks[i - 1].comma_after {
            // After a comma the formatter adds.
            let comma = Tok {
                kind: COMMA,
                ..t.toks[i - 1].clone()
            };
            spaces(&comma, &t.toks[i], spaced, t.epp)
        } else {
            spaces(&t.toks[i - 1], &t.toks[i], spaced, t.epp)
        };
        t.toks[i].gap = Gap::Space(n);
    }
}

fn is_binary_operator(tok: &Tok) -> bool {
    match tok.kind {
        ISEQUAL | NOTEQUAL | MATCH | NOMATCH | EQUALS | APPENDS | DELETES | FARROW | PARROW
        | PLUS | DIV | MODULO | LSHIFT | RSHIFT | LESSTHAN | GREATERTHAN | LESSEQUAL
        | GREATEREQUAL | AND | OR | IN | QMARK | IN_EDGE | IN_EDGE_SUB | OUT_EDGE
        | OUT_EDGE_SUB => true,
        MINUS | TIMES => tok.parent == BINARY_EXPR,
        _ => false,
    }
}

/// Tokens after which a `[` is an access and a `(` may be a call: they end an operand.
pub(crate) fn ends_operand(kind: SyntaxKind) -> bool {
    !(is_opener(kind)
        || matches!(
            kind,
            COMMA
                | SEMIC
                | COLON
                | QMARK
                | NOT
                | AT
                | ATAT
                | PIPE
                | LCOLLECT
                | LLCOLLECT
                | EPP_CODE_START
                | RENDER_EXPR
                | EPP_START
        )
        || (kind.is_keyword()
            && !matches!(
                kind,
                BOOLEAN | DEFAULT | UNDEF | TYPE | ATTR | PRIVATE | PLAN | APPLY
            ))
        || is_operator_kind(kind))
}

pub(crate) fn is_operator_kind(kind: SyntaxKind) -> bool {
    matches!(
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
    )
}

fn is_prefix(tok: &Tok) -> bool {
    matches!(tok.kind, NOT | MINUS | TIMES) && tok.parent == PREFIX_EXPR
        || tok.kind == TIMES && tok.parent == PARAM
        || matches!(tok.kind, AT | ATAT)
}

fn spaces(a: &Tok, b: &Tok, spaced: bool, epp: bool) -> u32 {
    let keep = u32::from(spaced);
    // The lexer's whitespace rule for `[`: keep it exactly where it decides access or list.
    if matches!(b.kind, LBRACK | LISTSTART) && ends_operand(a.kind) {
        return keep;
    }
    if matches!(a.kind, EPP_CODE_START | RENDER_EXPR) {
        return if matches!(b.kind, EPP_CODE_END | EPP_END | EPP_END_TRIM) {
            keep
        } else {
            1
        };
    }
    if matches!(b.kind, EPP_CODE_END | EPP_END | EPP_END_TRIM) {
        return 1;
    }
    if matches!(a.kind, COMMENT) {
        return keep;
    }
    if matches!(b.kind, COMMENT | ML_COMMENT) || a.kind == ML_COMMENT {
        return 1;
    }
    if a.kind == HEREDOC_BODY {
        return keep;
    }
    if matches!(b.kind, COMMA | SEMIC) {
        return 0;
    }
    if b.kind == COLON {
        return 0;
    }
    if matches!(b.kind, RPAREN | RBRACK) {
        return 0;
    }
    if matches!(a.kind, COMMA | SEMIC | COLON) {
        return 1;
    }
    if matches!(a.kind, LPAREN | WSLPAREN | LBRACK | LISTSTART) {
        return 0;
    }
    if matches!(a.kind, LBRACE | SELBRACE) {
        return u32::from(b.kind != RBRACE);
    }
    // A parameter's name after its type (`String $x`, `Array *$rest`).
    if matches!(b.kind, VARIABLE | TIMES) && b.parent == PARAM && !is_prefix(a) && a.kind != PIPE {
        return 1;
    }
    if b.kind == RBRACE {
        return 1;
    }
    if matches!(b.kind, LBRACE | SELBRACE) {
        return 1;
    }
    if a.kind == PIPE || b.kind == PIPE {
        if epp && (a.grandparent == EPP_PARAMS || b.grandparent == EPP_PARAMS) {
            return keep;
        }
        let a_opens = a.kind == PIPE && a.parent == PARAM_LIST && a.first_in_parent;
        let a_closes = a.kind == PIPE && a.parent == PARAM_LIST && !a.first_in_parent;
        let b_opens = b.kind == PIPE && b.parent == PARAM_LIST && b.first_in_parent;
        let b_closes = b.kind == PIPE && b.parent == PARAM_LIST && !b.first_in_parent;
        return if b_closes && matches!(a.kind, RBRACE | RBRACK) {
            1 // |$x = {} | (a closing bracket is never followed by a bare `|`)
        } else if a_opens || b_closes {
            0 // |$x|
        } else if a_closes || b_opens {
            1 // .each |$x| {
        } else {
            keep
        };
    }
    if b.kind == LPAREN {
        return match b.parent {
            ARG_LIST => 0,
            PARAM_LIST if b.grandparent == FUNCTION_DEF => 0,
            PARAM_LIST => 1,
            _ if is_prefix(a) => 0,
            _ if is_binary_operator(a) || a.kind.is_keyword() && !ends_operand(a.kind) => 1,
            _ => keep,
        };
    }
    if a.kind == DOT || b.kind == DOT {
        return if a.kind == NUMBER { keep } else { 0 };
    }
    if is_prefix(a) {
        return 0;
    }
    if is_binary_operator(a) || is_binary_operator(b) {
        return 1;
    }
    if matches!(a.kind, LCOLLECT | LLCOLLECT) || matches!(b.kind, RCOLLECT | RRCOLLECT) {
        return if matches!(a.kind, LCOLLECT | LLCOLLECT) && matches!(b.kind, RCOLLECT | RRCOLLECT) {
            keep
        } else {
            1
        };
    }
    if matches!(b.kind, LCOLLECT | LLCOLLECT) || matches!(a.kind, RCOLLECT | RRCOLLECT) {
        return 1;
    }
    if is_closer(a.kind) && b.kind.is_keyword() {
        return 1;
    }
    if a.kind.is_keyword() && !ends_operand(a.kind) {
        return 1;
    }
    keep.min(1)
}
