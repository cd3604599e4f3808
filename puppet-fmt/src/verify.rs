//! The formatter's guarantee, checked on every run: the formatted text lexes to the same
//! tokens as the source, whitespace aside, but for the normalisations the formatter makes —
//! a trailing comma before a closing bracket, `"…"` that quotes nothing special as `'…'`,
//! comments without trailing blanks and `/* */` comment lines as `#` lines — and a `[` that
//! starts a list after a bracket or comma whichever way it lexes. The tokens decide the parse
//! (Puppet's lexer settles everything whitespace decides), so the same tokens are the same
//! program.

use std::borrow::Cow;

use puppet_syntax::lexer::{lex, Lexed};
use puppet_syntax::{ParseOptions, SyntaxKind, SyntaxKind::*};

/// Whether `output` is `source` formatted: the same tokens but for the normalisations.
pub(crate) fn same_program(
    source: &str,
    output: &str,
    epp: bool,
    reparse: bool,
) -> Result<(), String> {
    let parse_options = ParseOptions::new().epp(epp);
    let before = lex(source, &parse_options);
    let after = lex(output, &parse_options);
    let codes = |lexed: &Lexed| lexed.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
    if codes(&before) != codes(&after) {
        return Err("the output's lexer diagnostics differ".to_string());
    }
    // The trailing commas added must be ones the grammar takes.
    let parsed = reparse
        .then(|| puppet_syntax::parse(output.as_bytes(), &parse_options.clone().model(false)));
    if let Some(parsed) = parsed.filter(|p| p.has_errors()) {
        return Err(format!(
            "the output does not parse: {}",
            parsed.diagnostics[0].message
        ));
    }
    let (code_a, comments_a) = split(source, &before);
    let (code_b, comments_b) = split(output, &after);
    if comments_a != comments_b {
        let at = comments_a.iter().zip(&comments_b).position(|(a, b)| a != b);
        return Err(format!(
            "comments differ (at comment {})",
            at.unwrap_or(comments_a.len().min(comments_b.len()))
        ));
    }
    let (mut i, mut j) = (0, 0);
    while i < code_a.len() || j < code_b.len() {
        let a = code_a.get(i);
        let b = code_b.get(j);
        if let (Some(a), Some(b)) = (a, b) {
            if a == b || lists_alike(a, b, i.checked_sub(1).map(|k| code_a[k].0)) {
                i += 1;
                j += 1;
                continue;
            }
        }
        // An added trailing comma: a comma in the output before a closing bracket.
        if let (Some((COMMA, _)), Some(next)) = (b, code_b.get(j + 1)) {
            if matches!(next.0, RBRACK | RBRACE | RPAREN) && a.is_some_and(|a| a.0 == next.0) {
                j += 1;
                continue;
            }
        }
        let at = |code: &[(SyntaxKind, Cow<str>)], k: usize| {
            code.get(k).map_or("the end".to_string(), |(kind, text)| {
                format!("{} {text:?}", kind.name())
            })
        };
        return Err(format!(
            "token {} became {}",
            at(&code_a, i),
            at(&code_b, j)
        ));
    }
    Ok(())
}

/// `[` starting a list lexes as `LISTSTART` after whitespace and `LBRACK` after a bracket or a
/// comma; both start a list there.
fn lists_alike(
    a: &(SyntaxKind, Cow<str>),
    b: &(SyntaxKind, Cow<str>),
    before: Option<SyntaxKind>,
) -> bool {
    matches!((a.0, b.0), (LISTSTART, LBRACK) | (LBRACK, LISTSTART))
        && before.is_some_and(|k| !crate::spacing::ends_operand(k))
}

type Code<'a> = Vec<(SyntaxKind, Cow<'a, str>)>;

/// The tokens that are not whitespace or comments (strings normalised), and the comments'
/// lines.
fn split<'a>(text: &'a str, lexed: &Lexed) -> (Code<'a>, Vec<Cow<'a, str>>) {
    let mut code = Vec::with_capacity(lexed.kinds.len());
    let mut comments = Vec::new();
    for i in 0..lexed.kinds.len() {
        let kind = lexed.kinds[i];
        let token = lexed.text(text, i);
        match kind {
            WHITESPACE => {}
            COMMENT => comments.push(Cow::Borrowed(token.trim_end_matches([' ', '\t', '\r']))),
            ML_COMMENT => comments.extend(
                crate::tokens::comment_lines(token)
                    .into_iter()
                    .map(Cow::Owned),
            ),
            HEREDOC_BODY => {
                // At the end of the file, the end line gets its line break; the margin may
                // move (compared as Puppet's margin rule leaves the text).
                let body = token
                    .strip_suffix('\n')
                    .map_or(token, |b| b.strip_suffix('\r').unwrap_or(b));
                let value = match crate::indent::without_margin(body) {
                    Cow::Borrowed(_) => Cow::Borrowed(body),
                    Cow::Owned(text) => Cow::Owned(text),
                };
                code.push((kind, value))
            }
            STRING if token.starts_with('"') => code.push((
                kind,
                crate::tokens::single_quoted(token).map_or(Cow::Borrowed(token), Cow::Owned),
            )),
            _ => code.push((kind, Cow::Borrowed(token))),
        }
    }
    (code, comments)
}
