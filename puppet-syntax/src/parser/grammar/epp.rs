//! EPP templates: `EPP_START` (a zero-length token), optional `|params|`, then statements where
//! template text is `RENDER_STRING` and `<%= e %>` is a render expression.

use super::atoms::parameter_list;
use super::expressions::{assignment, expected_expression, expression};
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
// test_epp_err epp_render_block_then_arrow
// <%= { notice $x => 1 } %>
// <%= { $n, $m => 1 } %>
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
/// grammar has both (`RENDER_EXPR expression` and `RENDER_EXPR LBRACE statements RBRACE`), and
/// its LALR parser decides inside the braces, where the two part: after the first
/// `assignment` (a hash key, or the first statement), a hash when `=>` follows it, a block
/// otherwise (`<%= { notice $x => 1 } %>` then fails at `=>`, `<%= { $x } $y %>` at `$y`).
/// The first assignment is parsed on trial, then parsed again for real. Empty braces are a
/// hash (`<%= {} %>`, `<%= {}[1] %>`), and so is a keyword key (`<%= { type => 1 } %>`).
/// When the trial budget is spent (nested `<%= {` in pathological input), a `=>` directly
/// inside the braces decides.
fn looks_like_hash(p: &mut Parser<'_, '_>) -> bool {
    if p.nth_at(1, RBRACE) || matches!(p.nth(1), TYPE | FUNCTION) && p.nth_at(2, FARROW) {
        return true;
    }
    let Some(checkpoint) = p.checkpoint() else {
        return farrow_directly_inside(p);
    };
    p.bump(LBRACE);
    let _ = assignment(p);
    let hash = p.at(FARROW);
    p.rewind(checkpoint);
    hash
}

/// Whether a `=>` stands directly inside the braces that start at the current token (up to
/// the parser's trial allowance: past it, no).
fn farrow_directly_inside(p: &mut Parser<'_, '_>) -> bool {
    let mut depth = 0u32;
    let mut scanned = 0;
    let mut found = false;
    for kind in p.kinds_ahead().skip(1).take(p.trial_allowance()) {
        scanned += 1;
        match kind {
            LBRACE | SELBRACE | LBRACK | LISTSTART | LPAREN | WSLPAREN => depth += 1,
            RBRACE if depth == 0 => break,
            RBRACE | RBRACK | RPAREN => depth = depth.saturating_sub(1),
            FARROW if depth == 0 => {
                found = true;
                break;
            }
            _ => {}
        }
    }
    p.charge_trial(scanned);
    found
}
