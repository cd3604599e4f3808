//! Definitions: `class`, `define`, `plan`, `function`, `node`, `type` aliases/definitions and
//! `apply`. Class-name stacking (`class a { class b {} }` → `a::b`) is a model concern.

use super::atoms::{arg_list, hash, opt_return_type, parameter_list, parameter_type, primary};
use super::block;
use super::expressions::expected_expression;
use crate::diagnostics::IssueCode;
use crate::parser::{CompletedMarker, Parser};
use crate::syntax_kind::SyntaxKind::*;

// test class_definition
// class a::b(String $x = "y") inherits a { include c }
// class d inherits default { }
// test define_definition
// define a::b($x) { notice($x) }
// test function_definition
// function a::f(Integer $x) >> Array[Integer] { [$x] }
// test node_definition
// node 'a', b.c.d, 192.168.0.1, /re/, default inherits x { }
// test_err node_name_trailing_dot
// node a.b., c { }
// test_err class_quoted_name
// class 'x' { }
// test_err class_missing_body
// class x notice(1)
/// class / define / plan / function / node / apply, chosen by the current keyword.
pub(super) fn definition(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    let keyword = p.current();
    p.bump_any();
    let kind = match keyword {
        CLASS => {
            classname(p);
            opt_parameter_list(p);
            if p.at(INHERITS) {
                let inherits = p.start();
                p.bump(INHERITS);
                if p.at(DEFAULT) {
                    p.bump(DEFAULT);
                } else {
                    classname(p);
                }
                inherits.complete(p, INHERITS_CLAUSE);
            }
            block(p);
            CLASS_DEF
        }
        DEFINE | PLAN => {
            classname(p);
            opt_parameter_list(p);
            block(p);
            if keyword == DEFINE {
                DEFINE_DEF
            } else {
                PLAN_DEF
            }
        }
        FUNCTION => {
            classname(p);
            opt_parameter_list(p);
            opt_return_type(p);
            block(p);
            FUNCTION_DEF
        }
        NODE => {
            node_rest(p);
            NODE_DEF
        }
        _ => {
            // APPLY LPAREN arguments endcomma RPAREN: `arguments` is one or more, so
            // `apply()` is a syntax error at `)`.
            if p.at(LPAREN) && p.nth_at(1, RPAREN) {
                let m = p.start();
                p.bump(LPAREN);
                expected_expression(p);
                p.bump(RPAREN);
                m.complete(p, ARG_LIST);
            } else if p.at(LPAREN) {
                arg_list(p, true);
            } else {
                p.error_expected("'('");
            }
            block(p);
            APPLY_EXPR
        }
    };
    m.complete(p, kind)
}

/// classname := NAME | WORD | CLASSREF (a quoted string or `class` is a grammar-action error).
fn classname(p: &mut Parser<'_, '_>) {
    match p.current() {
        NAME | WORD | CLASSREF => p.bump_any(),
        CLASS | STRING => {
            let (offset, len) = p.current_span();
            let message = if p.at(CLASS) {
                "'class' keyword not allowed at this location"
            } else {
                "A quoted string is not valid as a name here"
            };
            p.error_at(IssueCode::PARSE_ERROR, offset, len, message);
            p.err_bump();
        }
        _ => p.error_expected("a name"),
    }
}

/// parameter_list := nil | (LPAREN | WSLPAREN) parameters? COMMA? RPAREN
fn opt_parameter_list(p: &mut Parser<'_, '_>) {
    if matches!(p.current(), LPAREN | WSLPAREN) {
        parameter_list(p, LPAREN, RPAREN);
    }
}

/// NODE hostname (COMMA hostname)* COMMA? (INHERITS hostname)? block
fn node_rest(p: &mut Parser<'_, '_>) {
    loop {
        if !hostname(p) {
            p.error_expected("a host name");
            break;
        }
        if !p.eat(COMMA) {
            break;
        }
        if matches!(p.current(), LBRACE | INHERITS) {
            break; // trailing comma
        }
    }
    if p.at(INHERITS) {
        let m = p.start();
        p.bump(INHERITS);
        if !hostname(p) {
            p.error_expected("a host name");
        }
        m.complete(p, INHERITS_CLAUSE);
    }
    block(p);
}

/// hostname := dotted_name | STRING | WORD | dq_string | heredoc | DEFAULT | REGEX
fn hostname(p: &mut Parser<'_, '_>) -> bool {
    match p.current() {
        NAME | NUMBER => {
            let m = p.start();
            p.bump_any();
            // Ruby shifts every `.` after a name here (`dotted_name DOT name_or_number`), so
            // a missing name is reported at the token after the dot.
            while p.eat(DOT) {
                if !matches!(p.current(), NAME | NUMBER) {
                    p.error_expected("a name or number");
                    break;
                }
                p.bump_any();
            }
            m.complete(p, DOTTED_NAME);
            true
        }
        STRING | WORD | DQPRE | HEREDOC | DEFAULT | REGEX => primary(p).is_some(),
        _ => false,
    }
}

// test type_alias_forms
// type A = Integer
// type B = Variant[A, String]
// type B2 = Variant[A, String, ]
// type C = Object { a => 1 }
// type D = { a => 1 }
// type E = [1, 2]
// type Runtime[ruby, "X"] = Integer
// test type_definition
// type T inherits U { }
// test_err type_alias_missing_rhs
// type A =
// test type_alias_access_then_resource
// type A = Integer[1] { a => 1 }
/// `type Name = …` (alias), `type Runtime[…] = …` (mapping), `type Name (inherits P)? { … }`.
/// Ruby's alias takes a hash after a plain type (`type A = Object { … }`) but not after one
/// with arguments (`type_alias_lhs EQUALS type LBRACK access_args RBRACK` ends there): a `{`
/// after `Integer[1]` starts a resource on the alias, as after any expression.
pub(super) fn type_alias_or_definition(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    p.bump(TYPE);
    let plain_name = !p.nth_at(1, LBRACK);
    parameter_type(p, false);
    if p.at(EQUALS) {
        p.bump(EQUALS);
        match p.current() {
            CLASSREF => {
                let with_arguments = p.nth_at(1, LBRACK);
                parameter_type(p, true);
                if p.at(LBRACE) && !with_arguments {
                    hash(p);
                }
            }
            LBRACE => {
                hash(p);
            }
            LISTSTART | LBRACK => {
                primary(p);
            }
            _ => expected_expression(p),
        }
        return m.complete(p, TYPE_ALIAS);
    }
    if plain_name && matches!(p.current(), INHERITS | LBRACE) {
        if p.eat(INHERITS) {
            p.expect(CLASSREF);
        }
        block(p);
        return m.complete(p, TYPE_DEF);
    }
    p.error_expected("'=' after the type name");
    m.complete(p, TYPE_ALIAS)
}
