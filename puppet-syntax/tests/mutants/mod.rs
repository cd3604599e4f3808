//! Mutants of real manifests, shared by the mutation test (`corpus/mutations.rs`: no panic, the CST
//! keeps every byte) and the mutant differential (`differential/mutant_validation.rs`: the first
//! error and the diagnostics are Ruby's): the Debian corpus, a deterministic generator, and edits
//! at the lexer's token boundaries.
#![allow(dead_code)]

use puppet_syntax::lexer::lex;
use puppet_syntax::ParseOptions;

// `rng/`, included once at the root of each test binary that includes this module.
pub use crate::rng::Rng;

/// The corpus's `.pp` and `.epp` files, sorted (empty, with a note, when it is not installed).
pub use puppet_test_support::corpus::files as corpus_files;

/// Byte spans of the tokens of `text` (from the lexer), non-empty ones only.
pub fn token_spans(text: &str, epp: bool) -> Vec<(usize, usize)> {
    let lexed = lex(text, &ParseOptions::new().epp(epp));
    lexed
        .starts
        .windows(2)
        .map(|w| (w[0] as usize, w[1] as usize))
        .filter(|(s, e)| e > s)
        .collect()
}

/// One random edit of `text`, given its token spans: delete a token, duplicate it, insert a
/// copy of another token of the file at a token boundary, or (when `fragments` is not empty)
/// insert one of `fragments` there. Returns the new text and what was done.
pub fn mutate(
    rng: &mut Rng,
    text: &[u8],
    spans: &[(usize, usize)],
    fragments: &[&str],
) -> (Vec<u8>, String) {
    let (start, end) = spans[rng.below(spans.len())];
    let mut out = Vec::with_capacity(text.len() + 64);
    let ops = if fragments.is_empty() { 3 } else { 4 };
    match rng.below(ops) {
        0 => {
            out.extend_from_slice(&text[..start]);
            out.extend_from_slice(&text[end..]);
            (out, format!("delete {start}..{end}"))
        }
        1 => {
            out.extend_from_slice(&text[..end]);
            out.extend_from_slice(&text[start..end]);
            out.extend_from_slice(&text[end..]);
            (out, format!("duplicate {start}..{end}"))
        }
        2 => {
            let at = spans[rng.below(spans.len())].0;
            out.extend_from_slice(&text[..at]);
            out.extend_from_slice(&text[start..end]);
            out.extend_from_slice(&text[at..]);
            (out, format!("insert {start}..{end} at {at}"))
        }
        _ => {
            let fragment = fragments[rng.below(fragments.len())];
            out.extend_from_slice(&text[..start]);
            out.extend_from_slice(fragment.as_bytes());
            out.extend_from_slice(&text[start..]);
            (out, format!("insert {fragment:?} at {start}"))
        }
    }
}

/// Applies 1 to `max_steps` edits of [`mutate`] to `text`, re-lexing after each so that every
/// cut is at a token boundary of the current text. `None` when an edit split a multi-byte
/// character (not a parser input: the parser takes `&str`) or left no token.
pub fn mutant(
    rng: &mut Rng,
    text: &str,
    epp: bool,
    max_steps: usize,
    fragments: &[&str],
) -> Option<(String, Vec<String>)> {
    let mut current = text.to_owned();
    let mut steps = Vec::new();
    for _ in 0..1 + rng.below(max_steps) {
        let spans = token_spans(&current, epp);
        if spans.is_empty() {
            return None;
        }
        let (next, step) = mutate(rng, current.as_bytes(), &spans, fragments);
        steps.push(step);
        current = String::from_utf8(next).ok()?;
    }
    Some((current, steps))
}
