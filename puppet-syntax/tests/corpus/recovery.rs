//! The best-effort model of a source with syntax errors (`recover_model`), on mutants of the
//! corpus: it never panics, leaves out only whole ranges of the mutant, keeps the offsets of
//! the rest (every model node's span is inside the text), and gives a model for nearly every
//! mutant. The counts reach the log (`--show-output`).

use crate::mutants::{self, corpus_files, Rng};

use std::fs;
use std::panic::{self, AssertUnwindSafe};

use puppet_syntax::{parse, recover_model, ParseOptions};
use puppet_test_support::knobs;

#[test]
fn mutants_get_a_model_without_the_broken_statements() {
    let files = corpus_files();
    if files.is_empty() {
        return;
    }
    let mut rng = Rng(knobs::number("MUTATION_SEED"));
    let sample = knobs::number("MUTATION_FILES") as usize;
    let stride = (files.len() / sample.max(1)).max(1);
    let (mut broken, mut recovered, mut bytes, mut kept_bytes) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for path in files.iter().step_by(stride).take(sample) {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let epp = path.extension().is_some_and(|e| e == "epp");
        let options = ParseOptions::new().epp(epp);
        for _ in 0..4 {
            let Some((mutant, steps)) = mutants::mutant(&mut rng, &text, epp, 2, &[]) else {
                continue;
            };
            if parse(mutant.as_bytes(), &options).model.is_some() {
                continue;
            }
            broken += 1;
            bytes += mutant.len();
            let outcome =
                panic::catch_unwind(AssertUnwindSafe(|| recover_model(&mutant, &options)));
            let problem = match outcome {
                Err(_) => Some("recover_model panicked".to_owned()),
                Ok(None) => None,
                Ok(Some(r)) => {
                    recovered += 1;
                    let left_out: usize = r.left_out().iter().map(|r| usize::from(r.len())).sum();
                    kept_bytes += mutant.len() - left_out.min(mutant.len());
                    let model = r.model();
                    let outside = model.walk().find(|&id| {
                        let (offset, length) = model.span(id);
                        (offset + length) as usize > mutant.len()
                    });
                    (r.is_complete() || outside.is_some()).then(|| {
                        format!(
                            "complete: {}, node outside the text: {outside:?}",
                            r.is_complete()
                        )
                    })
                }
            };
            if let Some(problem) = problem {
                failures.push(format!(
                    "{} [{}]: {problem}",
                    path.display(),
                    steps.join(", ")
                ));
            }
        }
    }
    println!(
        "recovery: {recovered} of {broken} broken mutants got a model, keeping {:.1}% of their bytes",
        100.0 * kept_bytes as f64 / bytes.max(1) as f64
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(recovered * 10 >= broken * 9, "{recovered} of {broken}");
}
