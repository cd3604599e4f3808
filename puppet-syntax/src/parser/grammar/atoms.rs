//! Primary expressions and the small lists they are made of: literals, double-quoted strings,
//! heredocs, arrays, hashes, parentheses, argument lists, access keys, lambdas and parameters.

use super::expressions::{assignment, expected_expression, expression};
use super::{control, definitions, epp, CLOSERS};
use crate::parser::{CompletedMarker, Parser, TokenSet};
use crate::syntax_kind::SyntaxKind::{self, *};

/// Single-token expressions (`LITERAL` nodes).
const LITERAL_TOKENS: TokenSet = TokenSet::new(&[
    VARIABLE, NUMBER, BOOLEAN, DEFAULT, UNDEF, NAME, WORD, STRING, REGEX, CLASSREF, PRIVATE, ATTR,
]);

// test primary_literals
// $x = [1, 0x1F, 017, 1.5e3, true, false, undef, default, 'sq', "dq", bare-word, /re/, Type, name]
// test primary_reserved_words
// $x = private
// $y = attr
// test primary_type_call
// type(1)
// test primary_heredoc
// $x = @(END)
//   text
//   END
// notice($x)
// test_err heredoc_in_heredoc_text
// $x = @("A")
//   ${@(B)} tail
//   b
//   |B
//   |A
/// primary_expression (plus `TYPE LPAREN`, the start of a call to `type(...)`).
/// Returns `None` without consuming anything when the current token cannot start one.
pub(super) fn primary(p: &mut Parser<'_, '_>) -> Option<CompletedMarker> {
    let kind = p.current();
    if LITERAL_TOKENS.contains(kind) {
        return Some(literal(p));
    }
    Some(match kind {
        RENDER_STRING => {
            let m = p.start();
            p.bump(RENDER_STRING);
            while p.at_text_continuation() {
                p.bump(RENDER_STRING);
            }
            m.complete(p, LITERAL)
        }
        DQPRE => dq_string(p),
        HEREDOC => {
            let m = p.start();
            p.bump(HEREDOC);
            m.complete(p, HEREDOC_EXPR)
        }
        LISTSTART | LBRACK => array(p),
        LBRACE => hash(p),
        LPAREN | WSLPAREN => {
            let m = p.start();
            p.bump_any();
            if assignment(p).is_none() {
                expected_expression(p);
            }
            p.expect(RPAREN);
            m.complete(p, PAREN_EXPR)
        }
        IF => control::if_expr(p),
        UNLESS => control::unless_expr(p),
        CASE => control::case_expr(p),
        CLASS | DEFINE | PLAN | NODE | FUNCTION | APPLY => definitions::definition(p),
        TYPE if p.nth_at(1, LPAREN) => literal(p),
        TYPE if p.nth_at(1, CLASSREF) => definitions::type_alias_or_definition(p),
        TYPE => {
            // Ruby's grammar takes `type` and fails at the token after it.
            let m = p.start();
            p.bump_any();
            p.error_expected("'(' or a type name after 'type'");
            m.complete(p, ERROR)
        }
        RENDER_EXPR => epp::render_expr(p),
        _ => return None,
    })
}

fn literal(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    p.bump_any();
    m.complete(p, LITERAL)
}

// test dq_string_interpolation
// $x = "a${b}c$d e${f[1]} ${g.h} ${$i + 1}"
// test dq_string_nested
// $x = "${"a${b}"}"
// test_err dq_string_empty_interpolation
// $x = "a${}b"
/// dq_string := DQPRE assignment (DQMID assignment)* DQPOST
fn dq_string(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    p.bump(DQPRE);
    loop {
        if assignment(p).is_none() {
            expected_expression(p);
        }
        match p.current() {
            DQMID => p.bump(DQMID),
            DQPOST => {
                p.bump(DQPOST);
                break;
            }
            _ => {
                p.error_expected("the rest of the string");
                break;
            }
        }
    }
    m.complete(p, DQ_STRING)
}

// test array_forms
// $x = [1, a => 2, 3,]
// $y = []
// $z = [type, function]
// test_err array_unclosed
// $x = [1, 2
/// array := (LISTSTART | LBRACK) (collection_entry (COMMA collection_entry)* COMMA?)? RBRACK
fn array(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    p.bump_any();
    comma_separated(p, RBRACK, collection_entry);
    p.expect(RBRACK);
    m.complete(p, ARRAY_EXPR)
}

// test hash_forms
// $x = { a => 1, "b" => [2], type => 3, }
// $y = {}
// test_err hash_missing_arrow
// $x = { a 1 }
/// hash := LBRACE (hashpair (COMMA hashpair)* COMMA?)? RBRACE
pub(super) fn hash(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    p.bump(LBRACE);
    comma_separated(p, RBRACE, hashpair);
    p.expect(RBRACE);
    m.complete(p, HASH_EXPR)
}

/// hashpair := hash_entry FARROW hash_entry (a `KEYED_ENTRY`).
fn hashpair(p: &mut Parser<'_, '_>) -> bool {
    let m = p.start();
    if !hash_entry(p) {
        m.abandon(p);
        return false;
    }
    p.expect(FARROW);
    if !hash_entry(p) {
        expected_expression(p);
    }
    m.complete(p, KEYED_ENTRY);
    true
}

/// hash_entry := assignment | TYPE | FUNCTION (the keywords are plain strings here).
fn hash_entry(p: &mut Parser<'_, '_>) -> bool {
    if matches!(p.current(), TYPE | FUNCTION)
        && matches!(p.nth(1), FARROW | COMMA | RBRACE | RBRACK | RPAREN)
    {
        literal(p);
        return true;
    }
    assignment(p).is_some()
}

/// collection_entry := argument | TYPE | FUNCTION
fn collection_entry(p: &mut Parser<'_, '_>) -> bool {
    entry_or_hashpair(p, hash_entry)
}

// test_err argument_keyword
// notice(type)
// f(function, 1)
// $x.f(type)
/// argument := assignment | hashpair (an unfolded hash entry). A `type`/`function` keyword is
/// a hash pair's key here (`f(type => 1)`), never an argument on its own: Ruby's `argument`
/// has no `collection_entry_keyword`, so `f(type)` fails at the `)`.
fn argument(p: &mut Parser<'_, '_>) -> bool {
    entry_or_hashpair(p, |p| keyword_key(p) || assignment(p).is_some())
}

/// A `type`/`function` keyword as a hash pair's key (`type => 1`): a plain string.
fn keyword_key(p: &mut Parser<'_, '_>) -> bool {
    if matches!(p.current(), TYPE | FUNCTION) && p.nth_at(1, FARROW) {
        literal(p);
        return true;
    }
    false
}

/// `first` (an argument or access key), completed into a `KEYED_ENTRY` when `=>` follows.
fn entry_or_hashpair(p: &mut Parser<'_, '_>, first: fn(&mut Parser<'_, '_>) -> bool) -> bool {
    let m = p.start();
    if !first(p) {
        m.abandon(p);
        return false;
    }
    if p.at(FARROW) {
        p.bump(FARROW);
        if !hash_entry(p) {
            expected_expression(p);
        }
        m.complete(p, KEYED_ENTRY);
    } else {
        m.abandon(p);
    }
    true
}

// test access_hash_keys
// $x = Struct[{a => Integer}]
// $y = $h[a => 1]
// test_err parameter_type_trailing_comma
// define d(Enum['a', 'b', ] $x) { }
// function f() >> Array[String, ] { }
// type A[1, ] = Integer
/// access_arg := expression | hashpair; at least one. A trailing comma is allowed after an
/// expression (`$a[1,]`, Ruby's `endcomma`) but not in a parameter's type or a return type
/// (`parameter_type: type LBRACK access_args RBRACK`), where Ruby fails at the `]`.
pub(super) fn access_args(p: &mut Parser<'_, '_>, trailing_comma: bool) {
    if p.at(RBRACK) {
        p.error_expected("an expression");
        return;
    }
    comma_separated(p, RBRACK, |p| entry_or_hashpair(p, access_key));
    if !trailing_comma && p.at(RBRACK) && p.after(COMMA) {
        p.error_expected("an expression");
    }
}

// test_err access_relationship_without_farrow
// $x = $h['a' -> 'b']
// $y = Optional[Integer = ]
/// An access key: an expression, or the key of a hash pair, which is a `hash_entry`: an
/// assignment, relationship or resource expression too, or a `type`/`function` keyword.
/// Racc cannot tell the two apart before the `=>`, so for anything wider than an expression
/// it wants `=>` next and fails at the token after it.
fn access_key(p: &mut Parser<'_, '_>) -> bool {
    if keyword_key(p) {
        return true;
    }
    let Some(key) = assignment(p) else {
        return false;
    };
    let only_a_hash_key = matches!(
        key.kind(p),
        ASSIGNMENT_EXPR | RELATIONSHIP_EXPR | RESOURCE_EXPR | VIRTUAL_RESOURCE
    );
    if only_a_hash_key && !p.at(FARROW) {
        p.error_expected("'=>'");
    }
    true
}

// test arg_list_unfolded_hash
// foo(1, a => 1, b => 2, 3)
// test_err arg_list_unclosed
// foo(1, 2
/// `( arguments )` of a call; `trailing_comma` says whether `f(a,)` is allowed.
pub(super) fn arg_list(p: &mut Parser<'_, '_>, trailing_comma: bool) {
    let m = p.start();
    p.bump(LPAREN);
    if !p.at(RPAREN) {
        loop {
            if !argument(p) {
                expected_expression(p);
                break;
            }
            if !p.at(COMMA) {
                break;
            }
            if p.nth_at(1, RPAREN) && trailing_comma {
                p.bump(COMMA);
                break;
            }
            p.bump(COMMA);
        }
    }
    p.expect(RPAREN);
    m.complete(p, ARG_LIST);
}

/// Elements separated by commas up to `closer` (not consumed), with an optional trailing comma.
/// A missing comma between two elements is reported and parsing goes on.
pub(super) fn comma_separated(
    p: &mut Parser<'_, '_>,
    closer: SyntaxKind,
    mut element: impl FnMut(&mut Parser<'_, '_>) -> bool,
) {
    while !p.at(closer) && !p.at(EOF) {
        if !element(p) {
            expected_expression(p);
            if p.at_ts(CLOSERS) && !p.at(COMMA) {
                break;
            }
        }
        if p.at(closer) {
            break;
        }
        if p.at(COMMA) {
            p.bump(COMMA);
            continue;
        }
        if p.at_ts(CLOSERS) || p.at(LBRACE) {
            break;
        }
        p.error_expected(&format!("',' or '{}'", closer.fixed_text().unwrap_or("?")));
        if p.at_new_line() {
            // Probably an unclosed bracket: let the statement level resynchronise.
            break;
        }
    }
}

// test lambda_forms
// $x.map |$a, Integer $b = 1, *$c| >> String { "${a}" }
// $x.each || { }
/// lambda := PIPE parameters? PIPE (RSHIFT type)? LBRACE statements? RBRACE
pub(super) fn lambda(p: &mut Parser<'_, '_>) {
    let m = p.start();
    parameter_list(p, PIPE, PIPE);
    opt_return_type(p);
    super::block(p);
    m.complete(p, LAMBDA_EXPR);
}

/// `>> Type` or `>> Type[args]`.
pub(super) fn opt_return_type(p: &mut Parser<'_, '_>) {
    if p.at(RSHIFT) {
        let m = p.start();
        p.bump(RSHIFT);
        parameter_type(p, false);
        m.complete(p, RETURN_TYPE);
    }
}

// test parameter_list_forms
// define d(String $a, Optional[Integer] $b = 1, $c,) { }
// class c () { }
// test_err parameter_list_missing_variable
// define d(String) { }
/// A parameter list between `open` and `close` (`( … )` or `| … |`), trailing comma allowed.
pub(super) fn parameter_list(p: &mut Parser<'_, '_>, open: SyntaxKind, close: SyntaxKind) {
    let m = p.start();
    if open == LPAREN && p.at(WSLPAREN) {
        p.bump(WSLPAREN);
    } else {
        p.expect(open);
    }
    while !p.at(close) && !p.at(EOF) {
        if !parameter(p) {
            p.err_recover("a parameter", TokenSet::new(&[close, LBRACE, RBRACE]));
            if !p.at(COMMA) {
                break;
            }
        }
        if p.at(close) {
            break;
        }
        if !p.eat(COMMA) {
            p.error_expected(&format!("',' or '{}'", close.fixed_text().unwrap_or("?")));
            if !matches!(p.current(), VARIABLE | CLASSREF | TIMES)
                || p.at_new_line() && close == PIPE
            {
                break;
            }
        }
    }
    p.expect(close);
    m.complete(p, PARAM_LIST);
}

/// parameter := (type | type[args])? TIMES? VARIABLE (EQUALS expression)?
fn parameter(p: &mut Parser<'_, '_>) -> bool {
    if !matches!(p.current(), CLASSREF | TIMES | VARIABLE) {
        return false;
    }
    let m = p.start();
    if p.at(CLASSREF) {
        parameter_type(p, false);
    }
    p.eat(TIMES);
    if !p.eat(VARIABLE) {
        p.error_expected("a parameter variable (`$name`)");
    }
    if p.eat(EQUALS) && expression(p).is_none() {
        expected_expression(p);
    }
    m.complete(p, PARAM);
    true
}

/// parameter_type := CLASSREF | CLASSREF LBRACK access_args RBRACK; `trailing_comma`: the
/// right side of a type alias, which has Ruby's `endcomma` before the `]`.
pub(super) fn parameter_type(p: &mut Parser<'_, '_>, trailing_comma: bool) {
    if !p.at(CLASSREF) {
        p.error_expected("a type");
        return;
    }
    let t = literal(p);
    if p.at(LBRACK) {
        let m = t.precede(p);
        p.bump(LBRACK);
        access_args(p, trailing_comma);
        p.expect(RBRACK);
        m.complete(p, ACCESS_EXPR);
    }
}
