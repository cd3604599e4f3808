//! EPP templates: `EPP_START` (a zero-length token), optional `|params|`, then statements where
//! template text is `RENDER_STRING` and `<%= e %>` is a render expression.

use super::atoms::parameter_list;
use super::expressions::{expected_expression, expression};
use super::statements;
use crate::parser::{CompletedMarker, Parser, TokenSet};
use crate::syntax_kind::SyntaxKind::*;

// test_epp epp_template
// <%- | $a, String $b = "x" | -%>
// Hello <%= $a %>!
// <% $b.each |$v| { -%>
// v=<%= $v %>
// <% } -%>
//
// test_epp epp_comment_and_literals
// a <%# comment %> b <%% literal %%> c
/// epp_expression := EPP_START epp_parameters_list? statements?
pub(super) fn template(p: &mut Parser<'_, '_>) {
    p.bump(EPP_START);
    if p.at(PIPE) {
        let m = p.start();
        parameter_list(p, PIPE, PIPE);
        m.complete(p, EPP_PARAMS);
    }
    statements(p, TokenSet::EMPTY);
}

// test_epp epp_render_block
// <%= { $x } %> <%= {a => 1} %>
// test_epp epp_render_hash_expression
// <%= {  }[1] %> <%= { 1 > 1 != 1 => 1, 1 => 1, } %> <%= { $y = [1] $y } %>
// test_epp_err epp_render_block_then_more
// <%= { $x } $y %>
// test_epp_err epp_text_run_in_a_hash
// <% if $v {{%>
//   <%# the text around this comment is one token %>
//   <%= $k -%> y
/// RENDER_EXPR (expression | LBRACE statements RBRACE) (EPP_END | EPP_END_TRIM)
pub(super) fn render_expr(p: &mut Parser<'_, '_>) -> CompletedMarker {
    let m = p.start();
    p.bump(RENDER_EXPR);
    if p.at(LBRACE) && !looks_like_hash(p) {
        let b = p.start();
        p.bump(LBRACE);
        statements(p, TokenSet::new(&[RBRACE]));
        p.expect(RBRACE);
        b.complete(p, BLOCK);
    } else if expression(p).is_none() {
        expected_expression(p);
    }
    if !p.eat(EPP_END) && !p.eat(EPP_END_TRIM) {
        p.error_expected("'%>'");
    }
    m.complete(p, RENDER_EXPR_NODE)
}

/// Whether `<%= {` opens a hash (an expression) rather than a block of statements. Ruby's
/// grammar has both (`RENDER_EXPR expression` and `RENDER_EXPR LBRACE statements RBRACE`) and
/// its LALR parser decides inside the braces: they hold a hash when a `=>` stands directly
/// inside them (hash entries; a block's `=>` are all nested in further brackets), and a block
/// when they close without one (`<%= { $x } $y %>` then fails at `$y`). Empty braces are a
/// hash (`<%= {} %>`, `<%= {}[1] %>`).
fn looks_like_hash(p: &mut Parser<'_, '_>) -> bool {
    if p.nth_at(1, RBRACE) {
        return true;
    }
    let mut depth = 0u32;
    let mut n = 1;
    loop {
        match p.nth(n) {
            EOF => return false,
            LBRACE | SELBRACE | LBRACK | LISTSTART | LPAREN | WSLPAREN => depth += 1,
            RBRACE if depth == 0 => return false,
            RBRACE | RBRACK | RPAREN => depth = depth.saturating_sub(1),
            FARROW if depth == 0 => return true,
            _ => {}
        }
        n += 1;
    }
}
