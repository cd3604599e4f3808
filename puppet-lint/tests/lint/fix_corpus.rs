//! `--fix` on every corpus manifest, with every check that is on by default:
//!
//! * the fixed text parses;
//! * it is a fixed point: fixing it again changes nothing;
//! * its PN (what Puppet evaluates) is the original's unless a fix that changes the program on
//!   purpose ([`FixKind::Meaning`]) was applied;
//! * linting it again finds no problem that has a fix, but for fixes that were refused.

use puppet_lint::{fix, lint_source, FixKind, LintOptions, ProblemKind};
use puppet_syntax::{parse, pn, ParseOptions};
use rayon::prelude::*;

fn pn_of(text: &str) -> Option<String> {
    let parsed = parse(text.as_bytes(), &ParseOptions::new());
    parsed.model.as_ref().map(pn::to_pn_string)
}

#[test]
fn fixes_on_the_corpus_parse_converge_and_keep_the_program() {
    let files: Vec<_> = puppet_test_support::corpus::files_with_extension("pp");
    if files.is_empty() {
        return;
    }
    let options = LintOptions::default();
    let results: Vec<Result<(usize, usize, bool), String>> = files
        .par_iter()
        .map(|path| {
            let Ok(text) = std::fs::read_to_string(path) else {
                return Ok((0, 0, false));
            };
            let name = path.to_string_lossy();
            let outcome = fix(&text, Some(&name), &options);
            if !outcome.changed(&text) {
                return Ok((0, outcome.refused.len(), false));
            }
            let before = pn_of(&text);
            let after = pn_of(&outcome.text);
            if after.is_none() {
                return Err(format!("{name}: the fixed text does not parse"));
            }
            let meaning = outcome
                .fixed
                .iter()
                .any(|p| p.check.fix == FixKind::Meaning);
            if !meaning && before != after {
                return Err(format!("{name}: layout fixes changed the PN"));
            }
            let again = fix(&outcome.text, Some(&name), &options);
            if again.text != outcome.text {
                return Err(format!("{name}: a second --fix changed the text again"));
            }
            let refused: Vec<_> = outcome
                .refused
                .iter()
                .map(|r| r.problem.check.name)
                .collect();
            let left = lint_source(&outcome.text, Some(&name), &options);
            if let Some(p) = left.iter().find(|p| {
                p.fix.is_some()
                    && p.kind != ProblemKind::Ignored
                    && !refused.contains(&p.check.name)
            }) {
                return Err(format!(
                    "{name}:{}:{}: still fixable after --fix: {} ({})",
                    p.line, p.column, p.message, p.check.name
                ));
            }
            Ok((outcome.fixed.len(), outcome.refused.len(), true))
        })
        .collect();
    let mut failures = Vec::new();
    let (mut fixed, mut refused, mut changed) = (0, 0, 0);
    for r in results {
        match r {
            Ok((f, r, c)) => {
                fixed += f;
                refused += r;
                changed += c as usize;
            }
            Err(e) => failures.push(e),
        }
    }
    println!(
        "lint --fix on the corpus: {} files, {changed} changed, {fixed} problems fixed, {refused} fixes refused",
        files.len()
    );
    assert!(
        failures.is_empty(),
        "{} files:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
