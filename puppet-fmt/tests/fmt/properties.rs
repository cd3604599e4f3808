//! Idempotent, the same program, the same validation: on the corpus, Puppet's spec strings and
//! generated programs.

use std::path::Path;

use puppet_fmt::{format, FormatError, FormatOptions};
use puppet_syntax::{parse, parse_and_validate, pn, ParseOptions};
use puppet_test_support::{corpus, knobs};
use rayon::prelude::*;

use crate::gen;

/// What formatting one source did.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Unchanged,
    Changed,
    /// A syntax error: not formatted.
    Refused,
}

fn pn_of(text: &str, epp: bool) -> Option<String> {
    let result = parse(text.as_bytes(), &ParseOptions::new().epp(epp));
    result.model.as_ref().map(pn::to_pn_string)
}

fn codes_of(text: &str, epp: bool) -> Vec<String> {
    let result = parse_and_validate(text.as_bytes(), &ParseOptions::new().epp(epp));
    result
        .diagnostics
        .iter()
        .map(|d| d.code.as_str().to_string())
        .collect()
}

/// Formats `text` and checks the properties; the error says which failed.
pub fn check(name: &str, text: &str, epp: bool) -> Result<Outcome, String> {
    let options = FormatOptions::new().epp(epp).file(name);
    let out = match format(text, &options) {
        Ok(out) => out,
        Err(FormatError::Syntax(_)) => {
            if !parse(text.as_bytes(), &ParseOptions::new().epp(epp)).has_errors() {
                return Err(format!("{name}: refused without a syntax error"));
            }
            return Ok(Outcome::Refused);
        }
        Err(e) => return Err(format!("{name}: {e}")),
    };
    let again =
        format(&out, &options).map_err(|e| format!("{name}: the output does not format: {e}"))?;
    if again != out {
        return Err(format!(
            "{name}: not idempotent\n{}",
            puppet_test_support::golden::diff(&out, &again)
        ));
    }
    if out == text {
        return Ok(Outcome::Unchanged);
    }
    if pn_of(text, epp) != pn_of(&out, epp) {
        return Err(format!(
            "{name}: the PN changed\n{}",
            puppet_test_support::golden::diff(text, &out)
        ));
    }
    if codes_of(text, epp) != codes_of(&out, epp) {
        return Err(format!(
            "{name}: the issue codes changed: {:?} became {:?}",
            codes_of(text, epp),
            codes_of(&out, epp)
        ));
    }
    Ok(Outcome::Changed)
}

fn report(results: Vec<Result<Outcome, String>>, what: &str) -> [usize; 3] {
    let mut counts = [0usize; 3];
    let mut failures = Vec::new();
    for result in results {
        match result {
            Ok(Outcome::Unchanged) => counts[0] += 1,
            Ok(Outcome::Changed) => counts[1] += 1,
            Ok(Outcome::Refused) => counts[2] += 1,
            Err(e) => failures.push(e),
        }
    }
    println!(
        "{what}: {} unchanged, {} changed, {} not formatted (syntax errors), {} failures",
        counts[0],
        counts[1],
        counts[2],
        failures.len()
    );
    if !failures.is_empty() {
        let shown: Vec<_> = failures.iter().take(5).cloned().collect();
        panic!(
            "{} of {what} failed:\n{}",
            failures.len(),
            shown.join("\n\n")
        );
    }
    counts
}

fn is_epp(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "epp")
}

#[test]
fn corpus_files_format_to_the_same_program() {
    let files = corpus::files();
    if files.is_empty() {
        return;
    }
    let results: Vec<_> = files
        .par_iter()
        .map(|path| {
            let name = path.display().to_string();
            match std::fs::read_to_string(path) {
                Ok(text) => check(&name, &text, is_epp(path)),
                Err(_) => Ok(Outcome::Refused),
            }
        })
        .collect();
    let counts = report(results, "corpus files");
    assert!(counts[1] > 0, "the corpus has files that are not formatted");
}

#[test]
fn puppet_spec_strings_format_to_the_same_program() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puppet-syntax/test_data/puppet-spec/strings.jsonl");
    let Ok(lines) = std::fs::read_to_string(&path) else {
        panic!("{} is missing", path.display());
    };
    let sources: Vec<String> = lines
        .lines()
        .filter_map(|line| serde_json::from_str::<String>(line).ok())
        .collect();
    let results: Vec<_> = sources
        .par_iter()
        .enumerate()
        .filter(|(_, text)| !parse(text.as_bytes(), &ParseOptions::new()).has_errors())
        .map(|(i, text)| check(&format!("spec string {i}"), text, false))
        .collect();
    let counts = report(results, "spec strings that parse");
    assert!(counts[0] + counts[1] > 10_000);
}

#[test]
fn generated_programs_format_to_the_same_program() {
    let seed = knobs::number("PUPPET_GEN_SEED");
    let count = knobs::number("PUPPET_GEN_COUNT").min(3_000);
    let results: Vec<_> = (0..count)
        .into_par_iter()
        .map(|i| {
            let program = gen::program(seed, i);
            check(
                &format!("program {i} of seed {seed}"),
                &program.source(),
                program.epp,
            )
        })
        .collect();
    report(results, "generated programs");
}
