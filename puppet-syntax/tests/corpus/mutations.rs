//! Mutation test: real manifests, broken on purpose. From a deterministic sample of the Debian
//! corpus, each mutant deletes, duplicates or inserts (a copy of another token of the same file)
//! one to three random tokens, using the lexer's token spans. For every mutant a CST-only `parse` must
//! not panic and the CST's text must equal the mutant byte for byte (error recovery keeps every
//! byte). Broken input is expected: diagnostics are not checked.
//!
//! A failing mutant is shrunk and written to `test_data/fuzz-failures/` (commit it): every file
//! there is replayed by `fuzz_failures_replay` on each run.
//!
//! Knobs: `MUTATION_SEED` (default fixed), `MUTATION_FILES` (files sampled, default 300),
//! `MUTATIONS_PER_FILE` (default 24), `PUPPET_CORPUS` (corpus directory).

use crate::mutants;

use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use mutants::{corpus_files, mutate, token_spans, Rng};
use puppet_syntax::{parse_and_validate, ParseOptions};
use puppet_test_support::knobs;

fn panic_reason(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned())
}

/// `None` when the input is handled correctly, else what went wrong.
fn check(text: &str, epp: bool) -> Option<String> {
    // The whole pipeline: CST, the lowering (which also runs on broken input, to find Ruby's
    // grammar-action errors before the first syntax error) and the validator.
    let options = ParseOptions::new().epp(epp).cst(true);
    match panic::catch_unwind(AssertUnwindSafe(|| {
        parse_and_validate(text.as_bytes(), &options)
    })) {
        Err(payload) => Some(format!("parse panicked: {}", panic_reason(&*payload))),
        Ok(parse) => {
            let round_trip = parse.syntax_node().unwrap().to_string();
            (round_trip != text).then(|| {
                let at = round_trip
                    .bytes()
                    .zip(text.bytes())
                    .take_while(|(a, b)| a == b)
                    .count();
                format!("CST text differs from the input from byte {at}")
            })
        }
    }
}

/// Shrink a failing input: drop line ranges, then single characters, while it still fails.
/// Bounded, so a slow failure cannot stall the suite.
fn shrink(text: &str, epp: bool) -> String {
    let mut current = text.to_owned();
    let mut budget = 3000usize;
    let fails = |s: &str, budget: &mut usize| {
        *budget = budget.saturating_sub(1);
        check(s, epp).is_some()
    };
    // Lines, in chunks of decreasing size.
    let mut chunk = current.lines().count().max(1) / 2;
    while chunk >= 1 && budget > 0 {
        let lines: Vec<&str> = current.split_inclusive('\n').collect();
        let mut i = 0;
        let mut shrunk = false;
        while i < lines.len() && budget > 0 {
            let candidate: String = lines[..i]
                .iter()
                .chain(lines[(i + chunk).min(lines.len())..].iter())
                .copied()
                .collect();
            if fails(&candidate, &mut budget) {
                current = candidate;
                shrunk = true;
                break;
            }
            i += chunk;
        }
        if !shrunk {
            chunk /= 2;
        }
    }
    // Characters.
    let mut i = 0;
    while budget > 0 {
        let chars: Vec<(usize, char)> = current.char_indices().collect();
        if i >= chars.len() {
            break;
        }
        let (at, c) = chars[i];
        let mut candidate = current.clone();
        candidate.replace_range(at..at + c.len_utf8(), "");
        if fails(&candidate, &mut budget) {
            current = candidate;
        } else {
            i += 1;
        }
    }
    current
}

fn failures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test_data/fuzz-failures")
}

/// Save a failing input as `test_data/fuzz-failures/<hash>.pp|.epp`; returns its path.
fn save_failure(text: &str, epp: bool) -> PathBuf {
    // FNV-1a: a stable name for the same input.
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    let dir = failures_dir();
    let _ = fs::create_dir_all(&dir);
    let path = dir.join(format!("{hash:016x}.{}", if epp { "epp" } else { "pp" }));
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn mutated_corpus_files_never_panic_and_round_trip() {
    let files = corpus_files();
    if files.is_empty() {
        return;
    }
    let seed = knobs::number("MUTATION_SEED");
    let sample = knobs::number("MUTATION_FILES") as usize;
    let per_file = knobs::number("MUTATIONS_PER_FILE") as usize;
    let mut rng = Rng(seed);

    // An even stride over the sorted list covers every module; a random offset per seed.
    let stride = (files.len() / sample.max(1)).max(1);
    let offset = rng.below(stride);
    let chosen: Vec<&PathBuf> = files
        .iter()
        .skip(offset)
        .step_by(stride)
        .take(sample)
        .collect();

    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let mut mutants = 0usize;
    let mut bytes = 0usize;
    let mut failures: Vec<String> = Vec::new();
    for path in &chosen {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let epp = path.extension().is_some_and(|e| e == "epp");
        let spans = match panic::catch_unwind(|| token_spans(&text, epp)) {
            Ok(spans) if !spans.is_empty() => spans,
            Ok(_) => continue,
            Err(payload) => {
                failures.push(format!(
                    "{}: lexer panicked: {}",
                    path.display(),
                    panic_reason(&*payload)
                ));
                continue;
            }
        };
        'mutants: for _ in 0..per_file {
            let mut mutant = text.clone();
            let mut steps = Vec::new();
            for step in 0..1 + rng.below(3) {
                // Re-lex after each step so every cut is at a token boundary of the current text.
                let current = if step == 0 {
                    spans.clone()
                } else {
                    match panic::catch_unwind(|| token_spans(&mutant, epp)) {
                        Ok(spans) if !spans.is_empty() => spans,
                        Ok(_) => break,
                        // parse lexes too: the check below reports (and saves) it.
                        Err(_) => break,
                    }
                };
                let (next, step) = mutate(&mut rng, mutant.as_bytes(), &current, &[]);
                steps.push(step);
                // A token boundary inside a multi-byte character gives invalid UTF-8: not a
                // parser input (the parser takes &str).
                match String::from_utf8(next) {
                    Ok(next) => mutant = next,
                    Err(_) => continue 'mutants,
                }
            }
            mutants += 1;
            bytes += mutant.len();
            if let Some(problem) = check(&mutant, epp) {
                if failures.len() < 10 {
                    let small = shrink(&mutant, epp);
                    let saved = save_failure(&small, epp);
                    failures.push(format!(
                        "{} [{}]: {problem}\n    shrunk to {} bytes, saved as {} (commit it)\n    {:?}",
                        path.display(),
                        steps.join(", "),
                        small.len(),
                        saved.display(),
                        small.chars().take(300).collect::<String>()
                    ));
                } else {
                    failures.push(format!(
                        "{} [{}]: {problem}",
                        path.display(),
                        steps.join(", ")
                    ));
                }
            }
        }
    }
    panic::set_hook(default_hook);
    println!(
        "mutations: seed {seed:#x}, {} files, {mutants} mutants, {bytes} bytes, {} failures",
        chosen.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} mutants failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fuzz_failures_replay() {
    let dir = failures_dir();
    let mut files: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    files.retain(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("pp" | "epp")));
    files.sort();
    let mut failures = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).unwrap();
        let epp = path.extension().is_some_and(|e| e == "epp");
        if let Some(problem) = check(&text, epp) {
            failures.push(format!("{}: {problem}", rel(path)));
        }
    }
    println!("fuzz-failures: {} regression inputs replayed", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn rel(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}
