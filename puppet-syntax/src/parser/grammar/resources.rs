//! Resource bodies (`{ title: attr => v; … }` and the untitled `{ attr => v }` used by defaults,
//! overrides and the `name { … }` rewrite), attribute operations, and collector queries.

use super::expressions::{expected_expression, expected_expression_named, expression};
use super::ATTRIBUTE_KEYWORDS;
use crate::parser::{Parser, TokenSet};
use crate::syntax_kind::SyntaxKind::*;

// test resource_bodies
// file { 'a': ensure => present, mode => '0644', ; 'b': ; }
// test resource_untitled
// foo { a => 1 }
// File { }
// test resource_splat
// file { 'a': * => $h }
// test_err resource_missing_comma
// file { 'a': ensure => present mode => 1 }
// notice(1)
// test_err resource_missing_colon
// file { 'a' ensure => present }
// test resource_leading_comma
// notify { 'a':, message => 'b' }
// File { 'title': , }
// File { , mode => '0644' }
// notify { 'b': , ; 'c':, x => 1, }
// test_err resource_double_comma
// notify { 'a': ,, x => 1 }
// test_err attribute_without_arrow
// case File <| |> { default: {} }
// file { 'a': mode }
// file { 'b': * }
// test_err resource_keyword_after_brace
// foo { inherits '::apache': }
// test_err class_resource_without_title
// class { }
// class { host => 1 }
/// `{ … }` after a resource type expression, or after `class` (`class_form`). Titled bodies
/// (`title: ops`) are separated by `;`; an untitled body is just attribute operations. Which
/// model node this becomes (resource, defaults, override) is decided by the model builder, as
/// Ruby's `resource_shape` does. Ruby's grammar has no untitled form after `class`
/// (`CLASS LBRACE resource_bodies`), so `class { }` fails at the `}`.
pub(super) fn resource_block(p: &mut Parser<'_, '_>, class_form: bool) {
    p.bump(LBRACE);
    if !class_form
        && (p.at(RBRACE)
            || at_attribute_operation(p)
            || at_leading_comma(p)
            || ATTRIBUTE_ONLY_KEYWORDS.contains(p.current()))
    {
        let m = p.start();
        attribute_operations(p);
        m.complete(p, RESOURCE_BODY);
    } else {
        loop {
            titled_body(p);
            if !p.eat(SEMIC) || p.at(RBRACE) {
                break;
            }
        }
    }
    p.expect(RBRACE);
}

/// Keywords that are attribute names but cannot start an expression (a title): after `{` Ruby
/// takes them as the first attribute's name and fails at the token after them if no arrow
/// follows.
const ATTRIBUTE_ONLY_KEYWORDS: TokenSet = TokenSet::new(&[AND, ELSE, ELSIF, IN, INHERITS, OR]);

/// resource_body := expression COLON attribute_operations COMMA?
fn titled_body(p: &mut Parser<'_, '_>) {
    let m = p.start();
    if expression(p).is_none() {
        expected_expression_named(p, "a resource title");
    }
    p.expect(COLON);
    attribute_operations(p);
    m.complete(p, RESOURCE_BODY);
}

/// Is the current token the start of `name => v`, `name +> v` or `* => v`?
fn at_attribute_operation(p: &mut Parser<'_, '_>) -> bool {
    attribute_operation_at(p, 0)
}

/// Does an attribute operation start `n` tokens ahead?
fn attribute_operation_at(p: &mut Parser<'_, '_>, n: usize) -> bool {
    let first = p.nth(n);
    let second = p.nth(n + 1);
    match first {
        TIMES => second == FARROW,
        NAME => matches!(second, FARROW | PARROW),
        k if ATTRIBUTE_KEYWORDS.contains(k) => matches!(second, FARROW | PARROW),
        _ => false,
    }
}

// test attribute_keyword_names
// foo { 'a': class => 1, unless => 2, plus +> 3 }
// test_err attribute_boolean_name
// foo { 'a': true => 1 }
/// Is the current token a comma that may open an attribute list? Ruby's grammar
/// (`attribute_operations: | attribute_operation | attribute_operations COMMA
/// attribute_operation`, then `endcomma`) lets the empty list be followed by `, op` or by the
/// final comma: `notify { 'a':, message => 'b' }`, `File { 'a': , }`.
/// A comma cannot start an expression, so Ruby takes it as this comma whatever follows.
fn at_leading_comma(p: &mut Parser<'_, '_>) -> bool {
    p.at(COMMA)
}

/// attribute_operations := COMMA? (attribute_operation (COMMA attribute_operation)*)? COMMA? Stops before `}` or `;`. A missing comma
/// between two operations is reported and skipped.
pub(super) fn attribute_operations(p: &mut Parser<'_, '_>) {
    if at_leading_comma(p) {
        p.bump(COMMA);
    }
    // Inside the list Ruby's grammar takes any name or keyword as an attribute name (and `*`
    // as a splat), so a missing arrow is reported at the token after the name, as Ruby does.
    while at_attribute_name(p) {
        attribute_operation(p);
        if p.eat(COMMA) {
            continue;
        }
        if at_attribute_operation(p) {
            p.error_expected("',' between attribute operations");
            continue;
        }
        break;
    }
    if !matches!(p.current(), RBRACE | SEMIC | EOF) {
        p.error_expected("an attribute operation, ';' or '}'");
        // Skip to the end of the body, keeping nested braces balanced.
        let m = p.start();
        let mut depth = 0u32;
        while !p.at(EOF) {
            match p.current() {
                LBRACE | SELBRACE => depth += 1,
                RBRACE if depth == 0 => break,
                RBRACE => depth -= 1,
                SEMIC if depth == 0 => break,
                _ => {}
            }
            p.bump_any();
        }
        m.complete(p, ERROR);
    }
}

/// Can the current token start an attribute operation once the parser is inside an attribute
/// list: `NAME`, a keyword (Ruby's `attribute_name`) or `*`?
fn at_attribute_name(p: &mut Parser<'_, '_>) -> bool {
    matches!(p.current(), NAME | TIMES) || ATTRIBUTE_KEYWORDS.contains(p.current())
}

/// attribute_operation := (NAME | keyword) (FARROW | PARROW) expression | TIMES FARROW expression
fn attribute_operation(p: &mut Parser<'_, '_>) {
    let m = p.start();
    let splat = p.at(TIMES);
    p.bump_any(); // the name, keyword or `*`
    let arrow = if splat {
        p.eat(FARROW)
    } else {
        p.eat(FARROW) || p.eat(PARROW)
    };
    if !arrow {
        p.error_expected(if splat { "'=>'" } else { "'=>' or '+>'" });
    } else if expression(p).is_none() {
        expected_expression(p);
    }
    m.complete(p, ATTRIBUTE_OP);
}

// test collect_queries
// User <| title == 'a' and (groups != 'b' or uid == 1) |>
// File <<| tag == x |>> -> Service <| |>
/// collect_query := LCOLLECT expression? RCOLLECT | LLCOLLECT expression? RRCOLLECT
pub(super) fn collect_query(p: &mut Parser<'_, '_>) {
    let m = p.start();
    let close = if p.at(LCOLLECT) { RCOLLECT } else { RRCOLLECT };
    p.bump_any();
    if !p.at(close) && expression(p).is_none() {
        expected_expression(p);
    }
    p.expect(close);
    m.complete(p, COLLECT_QUERY);
}
