//! The Puppet grammar, one file per area:
//! - `mod.rs`: program, statement lists, blocks and the shared token sets;
//! - `expressions.rs`: the assignment → relationship → resource → expression ladder and the Pratt
//!   loop with Puppet's precedence table (§2.2 of the reference);
//! - `atoms.rs`: primary expressions (literals, strings, arrays, hashes, parentheses, lambdas,
//!   parameters, argument lists);
//! - `resources.rs`: resource bodies, attribute operations, collectors;
//! - `control.rs`: `if`, `unless`, `case`, selectors;
//! - `definitions.rs`: class, define, node, function, plan, type alias/definition, apply;
//! - `epp.rs`: EPP templates and render expressions.
//!
//! Conventions (as in rust-analyzer): a function named after a production parses exactly that
//! production and completes one node (or reports an error); `opt_*` functions may parse nothing.
//! Rules whose Ruby action does a *model* transformation (statement calls, resource shapes,
//! `name { … }` rewrites) are parsed as plain syntax here; the model builder applies the rewrite.

mod atoms;
mod control;
mod definitions;
mod epp;
mod expressions;
mod resources;

use super::{Parser, TokenSet};
use crate::syntax_kind::SyntaxKind::*;

pub(crate) use expressions::assignment;

/// Tokens that can start a statement (FIRST of `assignment`).
pub(super) const STATEMENT_FIRST: TokenSet = TokenSet::new(&[
    VARIABLE,
    NUMBER,
    BOOLEAN,
    DEFAULT,
    UNDEF,
    NAME,
    WORD,
    STRING,
    DQPRE,
    REGEX,
    CLASSREF,
    HEREDOC,
    LISTSTART,
    LBRACK,
    LBRACE,
    LPAREN,
    WSLPAREN,
    NOT,
    MINUS,
    TIMES,
    IF,
    UNLESS,
    CASE,
    CLASS,
    DEFINE,
    NODE,
    FUNCTION,
    TYPE,
    PLAN,
    APPLY,
    PRIVATE,
    ATTR,
    AT,
    ATAT,
    RENDER_STRING,
    RENDER_EXPR,
]);

/// Tokens that close a construct: an expression that fails here reports but does not consume.
pub(super) const CLOSERS: TokenSet = TokenSet::new(&[
    RBRACE,
    RBRACK,
    RPAREN,
    SEMIC,
    COMMA,
    FARROW,
    PARROW,
    COLON,
    PIPE,
    DQMID,
    DQPOST,
    EPP_END,
    EPP_END_TRIM,
    RCOLLECT,
    RRCOLLECT,
    EOF,
]);

/// Keywords accepted as attribute names (the `keyword` rule; not `true`/`false`).
pub(super) const ATTRIBUTE_KEYWORDS: TokenSet = TokenSet::new(&[
    AND, CASE, CLASS, DEFAULT, DEFINE, ELSE, ELSIF, IF, IN, INHERITS, NODE, OR, UNDEF, UNLESS,
    TYPE, ATTR, FUNCTION, PRIVATE, PLAN, APPLY,
]);

/// program := statements | epp_expression | ε
pub(crate) fn source_file(p: &mut Parser<'_, '_>) {
    p.start_root(SOURCE_FILE);
    if p.at(EPP_START) {
        epp::template(p);
    } else {
        statements(p, TokenSet::EMPTY);
    }
    if p.gave_up() {
        p.bump_rest();
    }
    p.finish_root();
}

// test statements_juxtaposed
// $a = 1 $b = 2
// notice($a); notice($b)
// test_err statements_trailing_semicolon
// notice(1);
// test_err statements_stray_tokens
// $a = 1 ) $b = 2
// ]
/// statements := syntactic_statement ((SEMIC)? syntactic_statement)*
///
/// Parses until EOF or a token in `end` (not consumed). Stray tokens become `ERROR` nodes.
pub(super) fn statements(p: &mut Parser<'_, '_>, end: TokenSet) {
    crate::deep::guarded_at_depth(p.depth, || {
        if !p.enter() {
            p.leave();
            return;
        }
        while !p.at(EOF) && !p.at_ts(end) {
            if p.at_ts(STATEMENT_FIRST) {
                let before = p.pos;
                syntactic_statement(p);
                if p.pos == before {
                    // Nothing could be parsed (the error is reported): skip the token.
                    p.err_bump();
                    continue;
                }
                // A top-level statement is complete: a streaming parse hands it over (a no-op
                // inside any node, where markers are open).
                p.flush();
                if p.eat(SEMIC) && (p.at(EOF) || p.at_ts(end)) {
                    // Puppet needs a statement after every `;` (`notice(1);` at the end is an error).
                    p.error_expected("a statement after ';'");
                }
            } else {
                // Ruby reduces the statements so far before it fails at this token (unless
                // the token follows a `;`, which waits for another statement): their
                // grammar action's error, if any, comes first.
                if !p.after(SEMIC) {
                    p.statement_list_ends();
                }
                if p.at(ELSIF) {
                    p.error_expected("a statement ('elsif' only follows the block of an 'if')");
                } else {
                    p.error_expected("a statement");
                }
                p.err_bump();
            }
        }
        if p.at(EOF) && end.contains(RBRACE) && !p.after(SEMIC) {
            // A block cut short by the end of the input: Ruby reduces its statements first.
            p.statement_list_ends();
        }
        p.leave();
    })
}

// test statement_call_comma_list
// notice a, b, "c"
// test_err statement_comma_without_expression
// notice a,
/// syntactic_statement := assignment (COMMA assignment)*
fn syntactic_statement(p: &mut Parser<'_, '_>) {
    let m = p.start();
    if assignment(p).is_none() {
        expressions::expected_expression(p);
    }
    if p.at(COMMA) {
        while p.eat(COMMA) {
            if p.at_ts(STATEMENT_FIRST) {
                assignment(p);
            } else {
                p.error_expected("an expression after ','");
                break;
            }
        }
        m.complete(p, COMMA_LIST);
    } else {
        m.abandon(p);
    }
}

// test block_empty_and_nested
// if $a { } else { if $b { notice(1) } }
// test_err block_unclosed
// if $a { notice(1)
/// `{ statements }` as a body (`BLOCK`). The braces are required; an empty body is fine.
pub(super) fn block(p: &mut Parser<'_, '_>) {
    let m = p.start();
    if p.expect(LBRACE) {
        statements(p, TokenSet::new(&[RBRACE]));
        p.expect(RBRACE);
    }
    m.complete(p, BLOCK);
}
