//! Property tests: for any input the lexer does not panic, its tokens cover the input exactly
//! (concatenating the token texts gives the input, `starts` is consistent, every token ends
//! on a character boundary), and heredoc text lexing does the same. Inputs are arbitrary
//! strings and strings over an alphabet dense in Puppet syntax (quotes, `${`, `@(`, EPP tags).

use crate::lexer_util;

use proptest::prelude::*;
use puppet_syntax::lexer::{heredoc, lex, EscapeSet};
use puppet_syntax::ParseOptions;

fn check(source: &str) {
    for epp in [false, true] {
        for tasks in [false, true] {
            let lexed = lex(source, &ParseOptions::new().epp(epp).tasks(tasks));
            lexer_util::assert_covers(source, &lexed);
            for span in &lexed.heredocs {
                assert!(span.body_start <= span.text_end && span.text_end <= span.body_end);
                assert!(span.body_end as usize <= source.len());
                let header = lexed.text(source, span.header as usize);
                if let Ok(h) = heredoc::parse_header(header) {
                    let body = &source[span.body_start as usize..span.body_end as usize];
                    let text = heredoc::process_body(&h, body, span.body_start);
                    let sub = text.lex(tasks);
                    lexer_util::assert_covers(&text.text, &sub);
                    let _ = text.to_global(0, text.text.len() as u32);
                    let _ = text.string_value();
                }
            }
        }
    }
    for escapes in [EscapeSet::NONE, EscapeSet::DQ] {
        let sub = heredoc::lex_heredoc_text(source, true, escapes, false);
        lexer_util::assert_covers(source, &sub);
    }
}

/// Fragments that combine into tricky Puppet.
const PIECES: &[&str] = &[
    "\"",
    "'",
    "$",
    "${",
    "}",
    "{",
    "[",
    "]",
    "(",
    ")",
    "@(",
    "@(\"E\")",
    "@(E:json/tL$)",
    "\nE\n",
    "|-E",
    "\n",
    " ",
    "\t",
    "\r\n",
    "\\",
    "/",
    "/*",
    "*/",
    "#",
    "<%",
    "<%=",
    "<%-",
    "<%#",
    "%>",
    "-%>",
    "<%%",
    "%%>",
    "::",
    ":",
    "a",
    "A",
    "x::y",
    "_",
    "-",
    "0x",
    "08",
    "1.5e",
    "é",
    "\u{a0}",
    "?",
    "=>",
    "\\u{41}",
    "\\u",
    "%",
    "*",
];

proptest! {
    // PROPTEST_CASES (test knob, default 2048) sets the number of cases. Failures are recorded
    // in (and replayed from) lexer_props.proptest-regressions beside this file: proptest's default
    // would look for them under tests/proptest-regressions/, as this file sits beside the
    // binary's main.rs.
    #![proptest_config(ProptestConfig {
        cases: puppet_test_support::knobs::number("PROPTEST_CASES") as u32,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_strings_are_covered(s in any::<String>()) {
        check(&s);
    }

    #[test]
    fn puppet_like_strings_are_covered(parts in proptest::collection::vec(proptest::sample::select(PIECES), 0..60)) {
        check(&parts.concat());
    }

    #[test]
    fn dense_alphabet_strings_are_covered(s in "[\"'$@(){}\\[\\]<%>#/*\\\\a-cA-C0-9_:|=\n\t .-]{0,120}") {
        check(&s);
    }
}
