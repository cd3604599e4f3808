//! Conditionals: `if`/`elsif`/`else`, `unless`/`else`, `case`, and selector entries.

use super::atoms::comma_separated;
use super::block;
use super::expressions::{expected_expression, expression};
use crate::parser::{CompletedMarker, Parser};
use crate::syntax_kind::SyntaxKind::*;

// test if_elsif_else
// if $a { 1 } elsif $b { 2 } elsif $c { } else { 3 }
// test_err if_missing_block
// if $a notice(1)
/// if_expression := IF expression block (ELSIF … | ELSE block)?
/// An `elsif` is a nested `IF_EXPR` that starts at the `elsif` keyword, inside the one before.
/// The chain is read in a loop, not a call per `elsif`: Ruby Puppet accepts more than 20,000
/// of them in one `if`, which is no nesting a user sees (so no level of [`MAX_DEPTH`]), and
/// a call per level would overflow the stack.
///
/// [`MAX_DEPTH`]: crate::parser::MAX_DEPTH
pub(super) fn if_expr(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let outer = p.start();
    if_clause(p);
    // The `elsif`s, innermost last (no allocation without one).
    let mut elsifs = Vec::new();
    while p.at(ELSIF) {
        let m = p.start();
        if_clause(p);
        elsifs.push(m);
    }
    if p.at(ELSE) {
        else_clause(p);
    }
    for m in elsifs.into_iter().rev() {
        m.complete(p, IF_EXPR);
    }
    outer.complete(p, IF_EXPR)
}

/// `IF`/`ELSIF` expression block.
fn if_clause(p: &mut Parser<'_, '_>) {
    p.bump_any(); // IF or ELSIF
    if expression(p).is_none() {
        expected_expression(p);
    }
    block(p);
}

// test unless_else
// unless $a { 1 } else { 2 }
// test_err unless_elsif
// unless $a { } elsif $b { }
/// unless_expression := UNLESS expression block (ELSE block)?  (`elsif` is not allowed: like
/// Ruby's parser, this ends the `unless` before it, and the `elsif` is then an error wherever
/// it stands, after the statements before it were reduced)
pub(super) fn unless_expr(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    p.bump(UNLESS);
    if expression(p).is_none() {
        expected_expression(p);
    }
    block(p);
    if p.at(ELSE) {
        else_clause(p);
    }
    m.complete(p, UNLESS_EXPR)
}

fn else_clause(p: &mut Parser<'_, '_>) {
    let m = p.start();
    p.bump(ELSE);
    block(p);
    m.complete(p, ELSE_CLAUSE);
}

// test case_options
// case $x { 'a', /b/: { 1 } default: { } }
// test_err case_missing_colon
// case $x { 1 { } }
/// case_expression := CASE expression LBRACE case_option+ RBRACE
pub(super) fn case_expr(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    p.bump(CASE);
    if expression(p).is_none() {
        expected_expression(p);
    }
    if p.expect(LBRACE) {
        if p.at(RBRACE) {
            p.error_expected("a case option");
        }
        while !p.at(RBRACE) && !p.at(EOF) {
            let before = p.pos;
            case_option(p);
            if p.pos == before {
                p.err_bump();
            }
        }
        p.expect(RBRACE);
    }
    m.complete(p, CASE_EXPR)
}

/// case_option := expression (COMMA expression)* COLON block
fn case_option(p: &mut Parser<'_, '_>) {
    let m = p.start();
    loop {
        if expression(p).is_none() {
            expected_expression(p);
            break;
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(COLON);
    block(p);
    m.complete(p, CASE_OPTION);
}

// test selector_forms
// $x = $y ? { 1 => a, default => b, }
// $z = $y ? a => b
// test_err selector_missing_arrow
// $x = $y ? { 1 a }
// test_err selector_without_entries
// $x = $y ? { }
/// selector_entries := selector_entry | SELBRACE selector_entry (COMMA selector_entry)* COMMA? RBRACE
pub(super) fn selector_entries(p: &mut Parser<'_, '_>) {
    if p.at(SELBRACE) {
        p.bump(SELBRACE);
        if p.at(RBRACE) {
            p.error_expected("a selector entry");
        }
        comma_separated(p, RBRACE, selector_entry);
        p.expect(RBRACE);
    } else if !selector_entry(p) {
        expected_expression(p);
    }
}

/// selector_entry := expression FARROW expression
fn selector_entry(p: &mut Parser<'_, '_>) -> bool {
    let m = p.start();
    if expression(p).is_none() {
        m.abandon(p);
        return false;
    }
    p.expect(FARROW);
    if expression(p).is_none() {
        expected_expression(p);
    }
    m.complete(p, SELECTOR_ENTRY);
    true
}
