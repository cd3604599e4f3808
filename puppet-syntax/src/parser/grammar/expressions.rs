//! The expression ladder of `egrammar.ra`:
//! `assignment` (right-assoc `=`, `+=`, `-=`) → `relationship` (left-assoc `->`, `~>`, `<-`, `<~`)
//! → `resource` (`@`/`@@` and `expr { bodies }`) → `expression` (Pratt loop below).
//!
//! The Pratt loop uses Puppet's precedence *levels* (1 = binds tightest), copied from the
//! `prechigh … preclow` table: postfix forms (call 4, `.` 6, `[` 8, collect 10) bind tighter than
//! the prefix operators (`!` 11, splat 12, unary minus 13), which bind tighter than every infix
//! operator. This reproduces the surprising parts too: `==` binds tighter than `<`, `=~` tighter
//! than `*`, `in` tighter than `=~`, and `-$a[1]` is `-($a[1])`.

use super::{atoms, control, resources, CLOSERS};
use crate::parser::{CompletedMarker, Parser};
use crate::syntax_kind::SyntaxKind::{self, *};

/// Every infix level is below this: the top-level expression accepts them all.
const LOWEST: u8 = 24;

/// Precedence level of an infix operator (lower binds tighter).
fn infix_level(kind: SyntaxKind) -> Option<u8> {
    Some(match kind {
        IN => 14,
        MATCH | NOMATCH => 15,
        TIMES | DIV | MODULO => 16,
        MINUS | PLUS => 17,
        LSHIFT | RSHIFT => 18,
        NOTEQUAL | ISEQUAL => 19,
        GREATEREQUAL | GREATERTHAN | LESSTHAN | LESSEQUAL => 20,
        QMARK => 21,
        AND => 22,
        OR => 23,
        _ => return None,
    })
}

// test assignment_right_assoc
// $a = $b = 1
// $c += 2
// $d -= [3]
// test assignment_looser_than_relationship
// $a = $b -> $c
// test_err assignment_missing_rhs
// $a = }
/// assignment := relationship ((EQUALS | APPENDS | DELETES) assignment)?
pub(crate) fn assignment(p: &mut Parser<'_, '_>) -> Option<CompletedMarker> {
    let lhs = relationship(p)?;
    if matches!(p.current(), EQUALS | APPENDS | DELETES) {
        let m = lhs.precede(p);
        p.bump_any();
        if p.nested(assignment).is_none() {
            expected_expression(p);
        }
        return Some(m.complete(p, ASSIGNMENT_EXPR));
    }
    Some(lhs)
}

// test relationship_chain
// Package['x'] -> Service['y'] ~> Exec['z'] <- File['a'] <~ File['b']
/// relationship := resource ((IN_EDGE | IN_EDGE_SUB | OUT_EDGE | OUT_EDGE_SUB) resource)*
fn relationship(p: &mut Parser<'_, '_>) -> Option<CompletedMarker> {
    let mut lhs = resource(p)?;
    while matches!(p.current(), IN_EDGE | IN_EDGE_SUB | OUT_EDGE | OUT_EDGE_SUB) {
        let m = lhs.precede(p);
        p.bump_any();
        if resource(p).is_none() {
            expected_expression(p);
        }
        lhs = m.complete(p, RELATIONSHIP_EXPR);
    }
    Some(lhs)
}

// test resource_virtual_exported
// @file { '/a': }
// @@file { '/b': }
// test resource_class_form
// class { 'apache': version => 1 }
// test resource_defaults_and_override
// File { mode => '0644' }
// File['/a'] { owner => root }
/// resource := AT resource | ATAT resource | CLASS resource_block | expression resource_block*
fn resource(p: &mut Parser<'_, '_>) -> Option<CompletedMarker> {
    if matches!(p.current(), AT | ATAT) {
        let m = p.start();
        p.bump_any();
        if p.nested(resource).is_none() {
            expected_expression(p);
        }
        return Some(m.complete(p, VIRTUAL_RESOURCE));
    }
    let mut lhs = if p.at(CLASS) && p.nth_at(1, LBRACE) {
        let m = p.start();
        p.bump(CLASS);
        resources::resource_block(p, true);
        m.complete(p, RESOURCE_EXPR)
    } else {
        expression(p)?
    };
    while p.at(LBRACE) {
        let m = lhs.precede(p);
        resources::resource_block(p, false);
        lhs = m.complete(p, RESOURCE_EXPR);
    }
    Some(lhs)
}

/// expression: the Pratt loop over Puppet's operator table.
pub(crate) fn expression(p: &mut Parser<'_, '_>) -> Option<CompletedMarker> {
    expr_bp(p, LOWEST + 1)
}

/// Parse an expression whose infix operators all have a level below `limit`.
fn expr_bp(p: &mut Parser<'_, '_>, limit: u8) -> Option<CompletedMarker> {
    p.nested(|p| expr_bp_inner(p, limit))
}

// test expr_precedence_quirks
// $x = 1 < 2 == true
// $y = $a =~ $b + 1
// $z = !$a in $b
// test expr_arithmetic
// $x = 1 + 2 * 3 - 4 / 5 % 6 << 1 >> 2
// test expr_boolean
// $x = $a and $b or !$c
// test_err expr_missing_operand
// $x = 1 +
fn expr_bp_inner(p: &mut Parser<'_, '_>, limit: u8) -> Option<CompletedMarker> {
    let mut lhs = prefix_or_primary(p)?;
    loop {
        lhs = postfix(p, lhs);
        let kind = p.current();
        let Some(level) = infix_level(kind) else {
            break;
        };
        if level >= limit {
            break;
        }
        let m = lhs.precede(p);
        if kind == QMARK {
            p.bump(QMARK);
            control::selector_entries(p);
            lhs = m.complete(p, SELECTOR_EXPR);
        } else {
            p.bump_any();
            if expr_bp(p, level).is_none() {
                expected_expression(p);
            }
            lhs = m.complete(p, BINARY_EXPR);
        }
    }
    Some(lhs)
}

// test prefix_operators
// $x = -$a[1]
// $y = -2.abs
// $z = *$a + 1
// $w = !!$b
/// `!e`, `*e`, `-e`, or a primary expression.
fn prefix_or_primary(p: &mut Parser<'_, '_>) -> Option<CompletedMarker> {
    let level = match p.current() {
        NOT => 11,
        TIMES => 12,
        MINUS => 13,
        _ => return atoms::primary(p),
    };
    let m = p.start();
    p.bump_any();
    if expr_bp(p, level).is_none() {
        expected_expression(p);
    }
    Some(m.complete(p, PREFIX_EXPR))
}

// test postfix_calls
// $x = foo(1, 2,)
// $y = $a.b.c(1) |$v| { $v }
// $z = $h[1][a, 2]
// File <| tag == "a" |> { owner => root }
// File <<| |>>
// test postfix_call_with_lambda
// each($x) |$k, $v| { notice($k) }
// $x.each |$v| { }
// test postfix_space_before_paren_is_call
// foo (1)
// test postfix_line_start_paren_is_not_call
// foo
// (1)
// test postfix_access_vs_list
// $a[1]
// $a [1]
// test_err postfix_method_trailing_comma
// $x.foo(1,)
// test_err postfix_empty_access
// $a[]
/// Postfix forms, which bind tighter than every prefix and infix operator:
/// call `e(…)`, method call `e.name(…)`, access `e[…]`, collector `e <| … |>`.
fn postfix(p: &mut Parser<'_, '_>, mut lhs: CompletedMarker) -> CompletedMarker {
    loop {
        lhs = match p.current() {
            LPAREN => {
                let m = lhs.precede(p);
                atoms::arg_list(p, true);
                if p.at(PIPE) {
                    atoms::lambda(p);
                }
                m.complete(p, CALL_EXPR)
            }
            DOT => {
                let m = lhs.precede(p);
                p.bump(DOT);
                if matches!(p.current(), NAME | TYPE) {
                    p.bump_any();
                } else {
                    p.error_expected("a method name after '.'");
                }
                if p.at(LPAREN) {
                    // Ruby's `named_access LPAREN arguments RPAREN` has no trailing comma.
                    atoms::arg_list(p, false);
                }
                if p.at(PIPE) {
                    atoms::lambda(p);
                }
                m.complete(p, METHOD_CALL_EXPR)
            }
            LBRACK => {
                let m = lhs.precede(p);
                p.bump(LBRACK);
                atoms::access_args(p, true);
                p.expect(RBRACK);
                m.complete(p, ACCESS_EXPR)
            }
            LCOLLECT | LLCOLLECT => {
                let m = lhs.precede(p);
                resources::collect_query(p);
                if p.at(LBRACE) {
                    p.bump(LBRACE);
                    resources::attribute_operations(p);
                    p.expect(RBRACE);
                }
                m.complete(p, COLLECT_EXPR)
            }
            _ => return lhs,
        };
    }
}

/// Report a missing expression at the current token; consume it unless it closes something.
pub(super) fn expected_expression(p: &mut Parser<'_, '_>) {
    expected_expression_named(p, "an expression");
}

/// [`expected_expression`] where the expression has a name of its own ("a resource title").
pub(super) fn expected_expression_named(p: &mut Parser<'_, '_>, what: &str) {
    p.error_expected(what);
    if !p.at_ts(CLOSERS) && !p.at(LBRACE) {
        p.err_bump();
    }
}
