//! Where lines break. The source's line breaks stay, blank lines collapse to one, and a few
//! rules join or split lines:
//!
//! - a `{` alone on its line after a header joins it (`) {`, `else {`, `file {`), unless a
//!   comment, a `,` or a `:` comes before it;
//! - `else` and `elsif` join the `}` before them;
//! - a chaining arrow (`->`, `~>`, `<-`, `<~`) that ends a line moves to the start of the right
//!   operand's line (past any comments between them);
//! - a value goes on its `=>`'s line, a parent class on `inherits`' line, and a list after an
//!   operator on the operator's line;
//! - a comment right after `[` goes to the next line;
//! - in a multi-line hash, selector, resource body or collector block every entry starts a line
//!   (their arrows are aligned);
//! - the closing bracket of a multi-line list starts a line (unless it closes together with a
//!   bracket that does: `})`), and the list's last element gets a trailing comma where Puppet's
//!   grammar takes one (not inside type brackets, not before `;`).
//!
//! Nothing here moves a line break across a heredoc's header and its text, and nothing puts a
//! `(` or `[` at the start of a line (where it would lex differently).

use puppet_syntax::{SyntaxKind, SyntaxKind::*};

use crate::tokens::{Gap, Tokens, NONE};

pub(crate) fn decide(t: &mut Tokens) {
    base(t);
    if t.epp {
        return;
    }
    joins(t);
    structure(t);
    heredoc_guard(t);
    blank_lines(t);
}

pub(crate) fn is_opener(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        LBRACE | SELBRACE | LBRACK | LISTSTART | LPAREN | WSLPAREN
    )
}

pub(crate) fn is_closer(kind: SyntaxKind) -> bool {
    matches!(kind, RBRACE | RBRACK | RPAREN)
}

fn is_comment(kind: SyntaxKind) -> bool {
    matches!(kind, COMMENT | ML_COMMENT)
}

fn is_epp_text(kind: SyntaxKind) -> bool {
    matches!(kind, RENDER_STRING | EPP_TRIMMED | EPP_COMMENT | EPP_START)
}

/// The source's breaks: line starts where the source has a line break, the rest on one line.
fn base(t: &mut Tokens) {
    for i in 0..t.toks.len() {
        let gap = if t.toks[i].kind == HEREDOC_BODY {
            Gap::BodyBreak
        } else if t.toks[i].in_string {
            Gap::Verbatim
        } else if t.epp {
            if i == 0 || is_epp_text(t.toks[i].kind) || is_epp_text(t.toks[i - 1].kind) {
                Gap::Verbatim
            } else if t.toks[i].breaks_before > 0 {
                Gap::Trimmed
            } else {
                Gap::Space(0)
            }
        } else if i == 0 {
            Gap::Lines(0)
        } else if t.toks[i].breaks_before > 0 {
            Gap::Lines(t.toks[i].breaks_before.min(2))
        } else {
            Gap::Space(0)
        };
        t.toks[i].gap = gap;
    }
}

fn joins(t: &mut Tokens) {
    for b in 1..t.toks.len() {
        let a = b - 1;
        if !matches!(t.toks[b].gap, Gap::Lines(_)) {
            continue;
        }
        let (ak, bk) = (t.toks[a].kind, t.toks[b].kind);
        if is_comment(ak) || ak == HEREDOC_BODY {
            continue;
        }
        let join = match bk {
            LBRACE | SELBRACE => {
                !matches!(ak, COMMA | COLON | SEMIC)
                    && match t.toks[b].parent {
                        BLOCK | RESOURCE_EXPR | CASE_EXPR | SELECTOR_EXPR | COLLECT_EXPR => true,
                        // A hash is joined to what it is the value of, never to a statement
                        // before it (a hash at a statement's start would become a resource's
                        // body).
                        HASH_EXPR => matches!(
                            ak,
                            EQUALS | FARROW | PARROW | APPENDS | DELETES | LPAREN | WSLPAREN
                        ),
                        _ => false,
                    }
            }
            ELSE | ELSIF => ak == RBRACE,
            // A list after an operator (`$x in` / `['a', 'b']`): a `[` that starts a line is a
            // list start either way.
            LISTSTART => crate::spacing::is_operator_kind(ak) && ak != DOT,
            _ => false,
        } || match ak {
            // A value goes on its arrow's line; a class's parent on `inherits`' line.
            FARROW => !matches!(bk, WSLPAREN | HEREDOC_BODY),
            INHERITS => true,
            _ => false,
        };
        if join {
            t.toks[b].gap = Gap::Space(0);
        }
    }
    // Chaining arrows at a line's end go to the start of the next line.
    for a in 1..t.toks.len().saturating_sub(1) {
        let b = a + 1;
        let tok = &t.toks[a];
        if !matches!(tok.kind, IN_EDGE | IN_EDGE_SUB | OUT_EDGE | OUT_EDGE_SUB)
            || tok.parent != RELATIONSHIP_EXPR
            || !matches!(tok.gap, Gap::Space(_))
        {
            continue;
        }
        let n = match t.toks[b].gap {
            Gap::Lines(n) => n,
            // A comment on the arrow's line, then the operand on a line of its own.
            Gap::Space(_) if is_comment(t.toks[b].kind) => 1,
            _ => continue,
        };
        if t.toks[a - 1].kind == HEREDOC_BODY {
            continue;
        }
        // Comments between the arrow and its right operand: the arrow goes past them, to the
        // start of the operand's line (`}` / `# why` / `-> file { …`).
        let mut k = b;
        while k < t.toks.len() && is_comment(t.toks[k].kind) {
            k += 1;
        }
        if k == t.toks.len()
            || matches!(t.toks[k].kind, WSLPAREN | LISTSTART | HEREDOC_BODY)
            || !matches!(t.toks[k].gap, Gap::Lines(_))
        {
            continue;
        }
        if k == b {
            t.toks[a].gap = Gap::Lines(n);
            t.toks[b].gap = Gap::Space(0);
        } else {
            let moved = format!("{} {}", t.text(a), t.out_text(k));
            t.toks[k].text = Some(moved.into_boxed_str());
            t.toks[a].text = Some("".into());
            t.toks[a].gap = Gap::Space(0);
        }
    }
    // A comment right after `[` goes to the next line (`[ # c` and `[# c` are both flagged).
    for b in 1..t.toks.len() {
        if is_comment(t.toks[b].kind)
            && matches!(t.toks[b - 1].kind, LBRACK | LISTSTART)
            && matches!(t.toks[b].gap, Gap::Space(_))
        {
            t.toks[b].gap = Gap::Lines(1);
        }
    }
}

fn structure(t: &mut Tokens) {
    for n in 0..t.nodes.len() {
        let entries: Option<SyntaxKind> = match t.nodes[n].kind {
            HASH_EXPR => Some(KEYED_ENTRY),
            SELECTOR_EXPR => Some(SELECTOR_ENTRY),
            RESOURCE_EXPR | COLLECT_EXPR => Some(ATTRIBUTE_OP),
            ARRAY_EXPR | ARG_LIST | PARAM_LIST | ACCESS_EXPR | BLOCK | CASE_EXPR => None,
            _ => continue,
        };
        let (open, close) = (t.nodes[n].open, t.nodes[n].close);
        if open == NONE || close == NONE || open >= close {
            continue;
        }
        let (open, close) = (open as usize, close as usize);
        if !t.breaks_between(open, close) || t.toks[open].in_string {
            continue;
        }
        if let Some(entry) = entries {
            break_entries(t, n, entry);
        }
        let closer_breaks = matches!(t.toks[close].gap, Gap::Space(_)) && !hugged(t, close);
        if closer_breaks {
            t.toks[close].gap = Gap::Lines(1);
        }
        if matches!(t.toks[close].gap, Gap::Lines(_)) && takes_trailing_comma(t, n) {
            add_trailing_comma(t, n, close);
        }
    }
}

/// Whether the closer at `close` shares its line only with closers that start it (`})`).
fn hugged(t: &Tokens, close: usize) -> bool {
    let mut i = close;
    while i > 0 {
        i -= 1;
        if !is_closer(t.toks[i].kind) {
            return false;
        }
        if matches!(t.toks[i].gap, Gap::Lines(_)) {
            return true;
        }
    }
    false
}

/// Every entry of a multi-line aligned list starts a line.
fn break_entries(t: &mut Tokens, n: usize, entry: SyntaxKind) {
    let bodies: Vec<usize> = if t.nodes[n].kind == RESOURCE_EXPR {
        t.children_of(n, RESOURCE_BODY).collect()
    } else {
        vec![n]
    };
    for body in bodies {
        let firsts: Vec<usize> = t
            .children_of(body, entry)
            .filter_map(|c| t.span(c).map(|(first, _)| first))
            .collect();
        for first in firsts {
            if matches!(t.toks[first].gap, Gap::Space(_))
                && !matches!(t.toks[first].kind, LBRACK | LISTSTART | LPAREN | WSLPAREN)
            {
                t.toks[first].gap = Gap::Lines(1);
            }
        }
    }
}

fn takes_trailing_comma(t: &Tokens, n: usize) -> bool {
    let parent = match t.nodes[n].parent {
        NONE => SOURCE_FILE,
        p => t.nodes[p as usize].kind,
    };
    let fits = match t.nodes[n].kind {
        ARRAY_EXPR | HASH_EXPR | SELECTOR_EXPR | RESOURCE_EXPR | COLLECT_EXPR => true,
        // A function call takes one, a method call (`$x.each(…)`) does not.
        ARG_LIST => parent == CALL_EXPR,
        PARAM_LIST => matches!(parent, CLASS_DEF | DEFINE_DEF | FUNCTION_DEF | PLAN_DEF),
        _ => false,
    };
    // Type parameters take none (Puppet 5.2 rejected one in a type alias).
    fits && !t.in_access(n)
}

fn add_trailing_comma(t: &mut Tokens, n: usize, close: usize) {
    let last = match t.nodes[n].kind {
        RESOURCE_EXPR => t
            .children_of(n, RESOURCE_BODY)
            .last()
            .and_then(|body| t.children_of(body, ATTRIBUTE_OP).last()),
        COLLECT_EXPR => t.children_of(n, ATTRIBUTE_OP).last(),
        SELECTOR_EXPR => t.children_of(n, SELECTOR_ENTRY).last(),
        HASH_EXPR => t.children_of(n, KEYED_ENTRY).last(),
        PARAM_LIST => t.children_of(n, PARAM).last(),
        _ => t.children(n).last(),
    };
    let Some((_, end)) = last.and_then(|last| t.span(last)) else {
        return;
    };
    // Only when the closer comes next (comments aside): not after a comma, not before `;`.
    let mut k = end + 1;
    while k < close && is_comment(t.toks[k].kind) {
        k += 1;
    }
    if k == close {
        t.toks[end].comma_after = true;
    }
}

/// A heredoc's text starts at the first line break after its header: no line break is added
/// on a line whose heredoc text has not come yet.
fn heredoc_guard(t: &mut Tokens) {
    let mut pending = false;
    for i in 0..t.toks.len() {
        match t.toks[i].gap {
            Gap::BodyBreak => pending = false,
            Gap::Lines(_) if pending && t.toks[i].breaks_before == 0 => {
                t.toks[i].gap = Gap::Space(0);
            }
            _ => {}
        }
        if t.toks[i].kind == HEREDOC {
            pending = true;
        }
    }
}

/// At most one blank line; none at the start, after an opening bracket or before a closing one.
fn blank_lines(t: &mut Tokens) {
    for i in 0..t.toks.len() {
        let Gap::Lines(n) = t.toks[i].gap else {
            continue;
        };
        let n = if i == 0 {
            0
        } else if n >= 2
            && (is_opener(t.toks[i - 1].kind)
                || is_closer(t.toks[i].kind)
                || (t.toks[i - 1].kind == HEREDOC_BODY && n > 2))
        {
            1
        } else {
            n
        };
        t.toks[i].gap = Gap::Lines(n);
    }
}
