//! Property test: corpus files broken at random token boundaries (a token deleted, duplicated
//! or copied elsewhere, one to three times) are formatted with the properties of
//! `properties::check` when they still parse, and refused, unchanged, when they do not.
//! 256 mutants a run.

use proptest::prelude::*;
use puppet_fmt::{format, FormatError, FormatOptions};

use crate::mutants::{corpus_files, mutate, token_spans, Rng};
use crate::properties::{self, Outcome};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mutants_format_to_the_same_program_or_are_refused(file in any::<prop::sample::Index>(), seed in any::<u64>(), edits in 1usize..=3) {
        let files = corpus_files();
        if files.is_empty() {
            return Ok(());
        }
        let path = &files[file.index(files.len())];
        let Ok(text) = std::fs::read_to_string(path) else { return Ok(()) };
        let epp = path.extension().is_some_and(|e| e == "epp");
        let mut rng = Rng::new(seed);
        let mut bytes = text.into_bytes();
        for _ in 0..edits {
            let current = String::from_utf8_lossy(&bytes).into_owned();
            let spans = token_spans(&current, epp);
            if spans.is_empty() {
                break;
            }
            bytes = mutate(&mut rng, current.as_bytes(), &spans, &[]).0;
        }
        let Ok(mutant) = String::from_utf8(bytes) else { return Ok(()) };
        let name = format!("{} (mutant of seed {seed})", path.display());
        let outcome = properties::check(&name, &mutant, epp).map_err(TestCaseError::fail)?;
        if outcome == Outcome::Refused {
            let refused = format(&mutant, &FormatOptions::new().epp(epp));
            prop_assert!(matches!(refused, Err(FormatError::Syntax(_))));
        }
    }
}
