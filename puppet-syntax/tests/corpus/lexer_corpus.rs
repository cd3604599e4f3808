//! The lexer over every `.pp` and `.epp` file of the Puppet module corpus in
//! (`PUPPET_CORPUS`, default `/usr/share/puppet/modules.available`; skipped with a note when it
//! is not installed):
//! tokens must cover each file and no error may be reported. `lexer_throughput` (ignored by
//! default) measures the speed: `cargo test --release --test corpus lexer_corpus -- --ignored
//! --nocapture`.

use crate::lexer_util;

use std::path::PathBuf;
use std::time::Instant;

use puppet_syntax::lexer::lex;
use puppet_syntax::ParseOptions;
use puppet_test_support::corpus;

fn load(ext: &str) -> Vec<(PathBuf, String)> {
    corpus::files_with_extension(ext)
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|s| (p, s)))
        .collect()
}

#[test]
fn corpus_lexes_without_errors() {
    if corpus::root().is_none() {
        return;
    }
    let mut failures = Vec::new();
    let mut count = 0;
    for (ext, epp) in [("pp", false), ("epp", true)] {
        for (path, source) in load(ext) {
            count += 1;
            let lexed = lex(&source, &ParseOptions::new().epp(epp));
            lexer_util::assert_covers(&source, &lexed);
            for d in lexed.diagnostics.iter().filter(|d| d.is_error()) {
                failures.push(format!(
                    "{}: {} at {}: {}",
                    path.display(),
                    d.code,
                    d.offset,
                    d.message
                ));
            }
        }
    }
    eprintln!("lexed {count} corpus files");
    assert!(
        count > 1000,
        "expected the corpus to have more than 1000 files, found {count}"
    );
    assert!(
        failures.is_empty(),
        "{} errors:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
#[ignore = "benchmark: run in release mode with --ignored --nocapture"]
fn lexer_throughput() {
    if corpus::root().is_none() {
        return;
    }
    let files = load("pp");
    let bytes: usize = files.iter().map(|(_, s)| s.len()).sum();
    let joined: String = files
        .iter()
        .map(|(_, s)| s.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let options = ParseOptions::default();
    let mut best_files = f64::MAX;
    let mut best_joined = f64::MAX;
    let mut tokens = 0;
    for _ in 0..10 {
        let t = Instant::now();
        for (_, s) in &files {
            tokens += lex(s, &options).kinds.len();
        }
        best_files = best_files.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        tokens += lex(&joined, &options).kinds.len();
        best_joined = best_joined.min(t.elapsed().as_secs_f64());
    }
    let mb = bytes as f64 / 1e6;
    eprintln!(
        "{} files, {:.1} MB: per file {:.0} MB/s, one concatenated source {:.0} MB/s ({tokens} tokens lexed)",
        files.len(),
        mb,
        mb / best_files,
        joined.len() as f64 / 1e6 / best_joined
    );
}

/// Adversarial inputs must lex in linear time (Ruby is quadratic on some of them).
#[test]
fn adversarial_inputs_are_linear() {
    let n = 200_000;
    let cases: Vec<(&str, String, bool)> = vec![
        ("unclosed heredoc headers", "@(".repeat(n), false),
        ("escaped regexp ends", "/\\".repeat(n), false),
        ("open interpolations", "\"${".repeat(n), false),
        ("brackets", "x[".repeat(n), false),
        ("false dollars", "\"$".repeat(n), false),
        ("number errors after dots", "1.1x".repeat(n), false),
        (
            "heredoc headers on one line",
            format!("{}\n{}", "@(A)".repeat(n / 10), "A\n".repeat(n / 10)),
            false,
        ),
        (
            "nested heredoc text",
            "@(\"A\")\n${@(\"A\")\n".repeat(n / 100),
            false,
        ),
        ("epp comments", "<%#".repeat(n), true),
        ("epp literal tags", "<%%".repeat(n), true),
        ("colons", "::".repeat(n), false),
    ];
    for (name, source, epp) in cases {
        let t = Instant::now();
        let lexed = lex(&source, &ParseOptions::new().epp(epp));
        let elapsed = t.elapsed();
        assert_eq!(*lexed.starts.last().unwrap() as usize, source.len());
        assert!(
            elapsed.as_secs_f64() < 2.0,
            "{name}: {elapsed:?} for {} bytes",
            source.len()
        );
    }
}
