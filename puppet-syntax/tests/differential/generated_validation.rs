//! Differential test of the validator on generated programs: `gen/` writes
//! `PUPPET_GEN_VALIDATE_COUNT` (default 10,000) valid programs from `PUPPET_GEN_SEED` (the
//! programs of `generated_programs.rs`, which compares their trees) as files under
//! `target/oracle/generated-validation/`, Ruby Puppet 7.23 validates them as `puppet parser
//! validate --modulepath` does (`scripts/oracle/validate_cases.rb` in module path mode, with an
//! empty module path: Checker4_0, the heredoc syntax checkers, then the import of the
//! definitions), one process per core, and our diagnostics must be Ruby's, in Ruby's order:
//! issue, severity, line, column (where Ruby has them) and message.
//!
//! Generated programs mix every construct with every other, which the snippet suite
//! (`validate_cases.rs`) and the corpus do not: its first run found five differences (the
//! value a syntax error names, a grammar action reduced before a syntax error, a missing
//! heredoc end tag raised before later errors, JSON after a stray `/`, `node ''` against the
//! main class), now cases of `test_data/validate/cases.txt`.
//!
//! As in `validate_corpus.rs`: Ruby's import messages get our issue codes (`import_code`); the
//! escape warnings Ruby's lexer logs outside the validator are not compared. Where Ruby's
//! validation raised (a heredoc checker's error), ours must start with the same rows; where it
//! crashed (`"${true}"`: Ruby's validator fails on a `QualifiedName` whose value is a boolean),
//! ours must hold Ruby's rows and then an error.
//!
//! Ruby's answers are cached in `target/oracle/generated-validation-*.jsonl`, keyed by the
//! programs and the oracle scripts. The test is `#[ignore]`d in a plain `cargo test`:
//! `scripts/differential` runs it (with `PUPPET_ORACLE_REQUIRED`, without which a missing Ruby
//! only prints a note).

use puppet_test_support::knobs;
use std::time::Instant;

use crate::diag_util::oracle::{validate_sources_with_ruby, RubyValidation};
use crate::diag_util::show_rows;
use crate::diag_util::verdict::{assert_no_failures, validation_rows, Expected};
use crate::gen;
use puppet_syntax::parse_and_validate;

#[test]
#[ignore = "needs Ruby Puppet; run by scripts/differential"]
fn generated_programs_validate_like_ruby() {
    let seed = knobs::number("PUPPET_GEN_SEED");
    let count = knobs::number("PUPPET_GEN_VALIDATE_COUNT");

    let sources: Vec<(bool, String)> = (0..count)
        .map(|i| {
            let p = gen::program(seed, i);
            (p.epp, p.source())
        })
        .collect();
    let Some(RubyValidation {
        files,
        records,
        cached,
        ruby_time,
        options,
    }) = validate_sources_with_ruby("generated-validation", &sources)
    else {
        return;
    };

    let start = Instant::now();
    let (mut compared, mut diagnostics, mut skipped) = (0, 0, 0);
    let mut failures = Vec::new();
    for ((file, (epp, source)), record) in files.iter().zip(&sources).zip(&records) {
        assert_eq!(
            record["file"].as_str(),
            file.to_str(),
            "Ruby's answers are out of step"
        );
        if record.get("syntax_error").is_some_and(|s| !s.is_null()) {
            // A generator question, which `generated_programs.rs` asks.
            skipped += 1;
            continue;
        }
        compared += 1;
        let file_options = options.clone().file(file.to_string_lossy()).epp(*epp);
        let result = parse_and_validate(source.as_bytes(), &file_options);
        let ours = validation_rows(&result.diagnostics);
        let expected = Expected::of(record);
        diagnostics += expected.rows.len();
        if !expected.matches(&ours) {
            failures.push(format!(
                "{}\n--- program\n{source}\n--- ruby ({}):{}\n--- ours:{}",
                file.display(),
                expected.mode,
                show_rows(&expected.rows),
                show_rows(&ours)
            ));
        }
    }
    eprintln!(
        "generated validation: {count} programs, seed {seed:#x}; Ruby {:.1} s{}; ours {:.2} s; \
         {compared} compared ({skipped} Ruby syntax errors skipped), {diagnostics} Ruby \
         diagnostics, {} differ",
        ruby_time.as_secs_f64(),
        if cached { " (cached answers)" } else { "" },
        start.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(compared > 0, "no program was compared");
    assert_no_failures(
        &failures,
        "generated programs validate differently from Ruby Puppet",
    );
}
