//! Corpus round-trip: every `.pp` and `.epp` file of the Debian `puppet-module-*` packages
//! (`/usr/share/puppet/modules.available`, about 1,920 manifests and 50 templates, all valid for
//! Ruby Puppet 7.23) must parse with zero error diagnostics, and the CST's text must be the file
//! byte for byte.
//!
//! `PUPPET_CORPUS=DIR` uses another directory. Without a corpus the test prints a note and passes,
//! except under `CI`, where the corpus is required (`scripts/install-deps` installs it).

use std::fs;
use std::path::{Path, PathBuf};

use puppet_syntax::{parse, ParseOptions};
use puppet_test_support::corpus;

struct Outcome {
    path: PathBuf,
    bytes: usize,
    problem: Option<String>,
}

fn check_file(path: &Path) -> Outcome {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            return Outcome {
                path: path.to_owned(),
                bytes: 0,
                problem: Some(format!("cannot read: {e}")),
            }
        }
    };
    let epp = path.extension().is_some_and(|e| e == "epp");
    let options = ParseOptions::new().epp(epp).cst(true).model(false);
    let parsed = std::panic::catch_unwind(|| parse(text.as_bytes(), &options));
    let parse = match parsed {
        Ok(parse) => parse,
        Err(payload) => {
            let reason = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            return Outcome {
                path: path.to_owned(),
                bytes: text.len(),
                problem: Some(format!("parse panicked: {reason}")),
            };
        }
    };
    let mut problems = Vec::new();
    let errors: Vec<_> = parse.diagnostics.iter().filter(|d| d.is_error()).collect();
    if !errors.is_empty() {
        for d in errors.iter().take(3) {
            problems.push(format!(
                "{}:{}: error[{}]: {}",
                d.line, d.column, d.code, d.message
            ));
        }
        if errors.len() > 3 {
            problems.push(format!("… and {} more errors", errors.len() - 3));
        }
    }
    let round_trip = parse.syntax_node().unwrap().to_string();
    if round_trip != text {
        let at = round_trip
            .bytes()
            .zip(text.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        problems.push(format!(
            "CST text differs from the file from byte {at} (CST {} bytes, file {} bytes)",
            round_trip.len(),
            text.len()
        ));
    }
    Outcome {
        path: path.to_owned(),
        bytes: text.len(),
        problem: (!problems.is_empty()).then(|| problems.join("\n    ")),
    }
}

#[test]
fn corpus_parses_without_errors_and_round_trips() {
    let Some(root) = corpus::root() else { return };
    let files = corpus::files_below(&root, false);
    assert!(
        !files.is_empty(),
        "no .pp/.epp files under {}",
        root.display()
    );

    // Panics are caught and reported per file; keep the default hook from printing each one.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    // Files are independent: spread them over the available cores.
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(files.len());
    let started = std::time::Instant::now();
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let files = &files;
                scope.spawn(move || {
                    files
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|p| check_file(p))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("worker thread"))
            .collect()
    });
    let elapsed = started.elapsed();
    std::panic::set_hook(default_hook);

    let count = |ext: &str| {
        files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == ext))
            .count()
    };
    let bytes: usize = outcomes.iter().map(|o| o.bytes).sum();
    let mut failures: Vec<&Outcome> = outcomes.iter().filter(|o| o.problem.is_some()).collect();
    failures.sort_by(|a, b| a.path.cmp(&b.path));
    println!(
        "corpus {}: {} files ({} .pp, {} .epp), {bytes} bytes, {} failed, {:.2} s on {threads} threads",
        root.display(),
        files.len(),
        count("pp"),
        count("epp"),
        failures.len(),
        elapsed.as_secs_f64()
    );
    if !failures.is_empty() {
        let shown: Vec<String> = failures
            .iter()
            .take(25)
            .map(|o| {
                format!(
                    "{}\n    {}",
                    o.path.display(),
                    o.problem.as_deref().unwrap()
                )
            })
            .collect();
        panic!(
            "{} of {} corpus files failed (first {} shown):\n{}",
            failures.len(),
            files.len(),
            shown.len(),
            shown.join("\n")
        );
    }
}
