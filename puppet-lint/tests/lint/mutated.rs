//! Property test: corpus files broken at random token boundaries (a token deleted, duplicated
//! or copied elsewhere, one to three times) are linted with every check on without a panic,
//! and `--fix` on them leaves a text that parses whenever the mutant did (and the mutant as it
//! is when it did not). 128 mutants a run.

use proptest::prelude::*;
use puppet_lint::{fix, lint_source, parse_for_lint, LintOptions};

use crate::mutants::{corpus_files, mutate, token_spans, Rng};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn mutants_lint_and_fix_without_breaking(file in any::<prop::sample::Index>(), seed in any::<u64>(), edits in 1usize..=3) {
        let files: Vec<_> = corpus_files().into_iter().filter(|p| p.extension().is_some_and(|e| e == "pp")).collect();
        if files.is_empty() {
            return Ok(());
        }
        let path = &files[file.index(files.len())];
        let Ok(text) = std::fs::read_to_string(path) else { return Ok(()) };
        let mut rng = Rng::new(seed);
        let mut bytes = text.into_bytes();
        for _ in 0..edits {
            let current = String::from_utf8_lossy(&bytes).into_owned();
            let spans = token_spans(&current, false);
            if spans.is_empty() {
                break;
            }
            bytes = mutate(&mut rng, current.as_bytes(), &spans, &[]).0;
        }
        let Ok(mutant) = String::from_utf8(bytes) else { return Ok(()) };
        let name = path.to_string_lossy().into_owned();
        let options = LintOptions::all();
        let problems = lint_source(&mutant, Some(&name), &options);
        let parses = !parse_for_lint(&mutant, Some(&name)).has_errors();
        if !parses {
            prop_assert!(problems.iter().all(|p| p.check.name == "syntax"));
        }
        let outcome = fix(&mutant, Some(&name), &options);
        if parses {
            prop_assert!(!parse_for_lint(&outcome.text, Some(&name)).has_errors(), "{name} (seed {seed}): the fixed mutant does not parse");
        } else {
            prop_assert_eq!(&outcome.text, &mutant);
        }
    }
}

/// The inputs the `lint` fuzz target keeps (`puppet-syntax/test_data/libfuzzer/lint/`), as
/// plain tests: what `fuzz/fuzz_targets/lint.rs` checks.
#[test]
fn fuzz_regressions_lint_and_fix_without_breaking() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puppet-syntax/test_data/libfuzzer/lint");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("the kept inputs").flatten() {
        let data = std::fs::read(entry.path()).unwrap();
        let options = LintOptions::all();
        let parsed = puppet_syntax::parse(&data, &puppet_syntax::ParseOptions::new().cst(true));
        let _ = puppet_lint::lint_full(&parsed, &options);
        if let Ok(text) = std::str::from_utf8(&data) {
            let parses = !parse_for_lint(text, None).has_errors();
            let outcome = fix(text, None, &options);
            if parses {
                assert!(
                    !parse_for_lint(&outcome.text, None).has_errors(),
                    "{}",
                    entry.path().display()
                );
            } else {
                assert_eq!(outcome.text, text);
            }
        }
        seen += 1;
    }
    assert!(seen > 0);
}
