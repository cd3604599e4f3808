//! libFuzzer target `lint`: any bytes through the linter with every check on, and through
//! `--fix`: no panic, and a fixed text parses whenever the input did (the input is left as
//! it is when it does not).

#![no_main]

use puppet_lint::{fix, lint_full, parse_for_lint, LintOptions};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let options = LintOptions::all();
    let parsed = puppet_syntax::parse(data, &puppet_syntax::ParseOptions::new().cst(true));
    let _ = lint_full(&parsed, &options);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parses = !parse_for_lint(text, None).has_errors();
    let outcome = fix(text, None, &options);
    if parses {
        assert!(
            !parse_for_lint(&outcome.text, None).has_errors(),
            "the fixed text does not parse"
        );
    } else {
        assert_eq!(outcome.text, text);
    }
});
