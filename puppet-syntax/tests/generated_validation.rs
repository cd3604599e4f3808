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

mod diag_util;
mod gen;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use diag_util::{diagnostic_row, import_code, same_as_ruby, show_rows, Row};
use gen::ruby::{oracle_dir, AnswerCache};
use puppet_syntax::{parse_and_validate, LocationContext, ParseOptions};
use serde_json::Value;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

const ORACLE_SCRIPTS: [&str; 2] = [
    "scripts/oracle/validate_cases.rb",
    "scripts/oracle/import.rb",
];

#[test]
#[ignore = "needs Ruby Puppet; run by scripts/differential"]
fn generated_programs_validate_like_ruby() {
    let seed = env_number("PUPPET_GEN_SEED", gen::DEFAULT_SEED);
    let count = env_number("PUPPET_GEN_VALIDATE_COUNT", 10_000);
    let required = std::env::var_os("PUPPET_ORACLE_REQUIRED").is_some();

    let sources: Vec<(bool, String)> = (0..count)
        .map(|i| {
            let p = gen::program(seed, i);
            (p.epp, p.source())
        })
        .collect();
    let work = oracle_dir().join("generated-validation");
    let programs = work.join("programs");
    let modulepath = work.join("empty-modulepath");
    let files = write_programs(&programs, &sources);
    std::fs::create_dir_all(&modulepath).expect("module path directory");

    let start = Instant::now();
    let (records, cached) = match ruby_records(&files, &sources, &modulepath) {
        Ok(r) => r,
        Err(e) => {
            assert!(!required, "Ruby Puppet is needed: {e}");
            eprintln!("note: Ruby Puppet is not available ({e}); generated validation skipped");
            return;
        }
    };
    let ruby_time = start.elapsed();

    let options = ParseOptions::new().location(LocationContext::new(
        vec![modulepath.clone()],
        None,
        std::env::current_dir().expect("working directory"),
    ));
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
        let ours: Vec<Row> = result
            .diagnostics
            .iter()
            .filter(|d| {
                !matches!(
                    d.code.as_str(),
                    "UNRECOGNIZED_ESCAPE" | "ILLEGAL_UNICODE_ESCAPE"
                )
            })
            .map(diagnostic_row)
            .collect();
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
    assert!(
        failures.is_empty(),
        "{} generated programs validate differently from Ruby Puppet (the first 10):\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

/// Ruby's rows for one program and how ours are held against them.
struct Expected {
    rows: Vec<Row>,
    /// `exact`, `raised` (ours start with the rows, the raised one last) or `crashed` (ours
    /// hold the rows, then an error).
    mode: &'static str,
}

impl Expected {
    fn of(record: &Value) -> Expected {
        let row = |d: &Value, code: Option<&str>| -> Row {
            (
                code.or(d["issue"].as_str()).unwrap_or("").to_owned(),
                d["severity"].as_str().unwrap_or("error").to_owned(),
                d["line"].as_u64().unwrap_or(0),
                d["pos"].as_u64().unwrap_or(0),
                d["message"].as_str().unwrap_or("").to_owned(),
            )
        };
        let entries = |key: &str| record[key].as_array().cloned().unwrap_or_default();
        let mut rows: Vec<Row> = entries("diagnostics")
            .iter()
            .map(|d| row(d, None))
            .collect();
        rows.extend(entries("import").iter().map(|d| {
            let code = import_code(d["message"].as_str().unwrap_or(""));
            row(d, Some(code))
        }));
        let mut mode = "exact";
        if let Some(raised) = record.get("raised").filter(|r| !r.is_null()) {
            rows.push(row(raised, None));
            mode = "raised";
        } else if record.get("crash").is_some_and(|c| !c.is_null()) {
            mode = "crashed";
        }
        Expected { rows, mode }
    }

    fn matches(&self, ours: &[Row]) -> bool {
        let n = self.rows.len();
        let prefix = || self.rows.iter().zip(ours).all(|(r, o)| same_as_ruby(r, o));
        match self.mode {
            "exact" => ours.len() == n && prefix(),
            "raised" => ours.len() >= n && prefix(),
            _ => ours.len() > n && prefix() && ours[n].1 == "error",
        }
    }
}

/// Writes each program as `DIR/NNNNN.pp` (or `.epp`), after removing what an earlier run left;
/// returns the absolute paths, in order.
fn write_programs(dir: &Path, sources: &[(bool, String)]) -> Vec<PathBuf> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).expect("programs directory");
    let dir = dir.canonicalize().expect("programs directory");
    sources
        .iter()
        .enumerate()
        .map(|(i, (epp, src))| {
            let path = dir.join(format!("{i:05}.{}", if *epp { "epp" } else { "pp" }));
            std::fs::write(&path, src).expect("write a program");
            path
        })
        .collect()
}

/// Ruby's record of each file, from the cache when the same programs (at the same paths) were
/// validated by the same scripts before, else from one Ruby process per core.
fn ruby_records(
    files: &[PathBuf],
    sources: &[(bool, String)],
    modulepath: &Path,
) -> std::io::Result<(Vec<Value>, bool)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let scripts: Vec<Vec<u8>> = ORACLE_SCRIPTS
        .iter()
        .map(|script| std::fs::read(root.join(script)))
        .collect::<std::io::Result<_>>()?;
    let cache = AnswerCache::new("generated-validation", |eat| {
        for script in &scripts {
            eat(script);
        }
        for (file, (_, src)) in files.iter().zip(sources) {
            eat(file.as_os_str().as_encoded_bytes());
            eat(src.as_bytes());
            eat(&[0]);
        }
    });
    if let Some(records) = cache.read(files.len()) {
        return Ok((records, true));
    }

    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(jobs).max(1);
    let work = modulepath.parent().unwrap_or(modulepath);
    let mut children = Vec::new();
    for (k, part) in files.chunks(chunk).enumerate() {
        let list = work.join(format!("files-{k}.txt"));
        let names: Vec<String> = part
            .iter()
            .map(|f| f.to_string_lossy().into_owned())
            .collect();
        std::fs::write(&list, names.join("\n") + "\n")?;
        let child = Command::new("ruby")
            .arg(root.join(ORACLE_SCRIPTS[0]))
            .arg("--modulepath")
            .arg(modulepath)
            .stdin(std::fs::File::open(&list)?)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        children.push(child);
    }
    let mut records = Vec::with_capacity(files.len());
    for child in children {
        let output = child.wait_with_output()?;
        if !output.status.success() {
            return Err(std::io::Error::other(format!(
                "the oracle failed: {}",
                String::from_utf8_lossy(&output.stderr)
            )));
        }
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            records.push(serde_json::from_str(line).map_err(std::io::Error::other)?);
        }
    }
    if records.len() != files.len() {
        return Err(std::io::Error::other(format!(
            "the oracle answered {} of {} files",
            records.len(),
            files.len()
        )));
    }
    cache.write(&records);
    Ok((records, false))
}
