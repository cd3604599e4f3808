//! Differential test of the XPP JSON writer against Ruby Puppet 7.23 on the Debian corpus: for
//! every `.pp` and `.epp` file (templates parsed as EPP), the Pcore JSON of our `Program`
//! (`xpp::program_to_pcore_json`) must be byte for byte what Ruby's
//! `Serialization::Serializer` (`JSON::Writer`, `type_by_reference: true`) writes for Puppet's
//! own parse of the file with the same file string.
//!
//! Ruby's side is `target/oracle/pcore.jsonl`, written by `scripts/oracle-pcore` (one Ruby
//! process for all files). Without it the test prints a note and passes, unless
//! `PUPPET_ORACLE_REQUIRED` is set (as `scripts/differential` does). Another Ruby Puppet's
//! (`PUPPET_ORACLE_RELEASE`) is in `target/oracle/release-RELEASE/`
//! (`puppet_test_support::oracle`).

use puppet_test_support::oracle as oracle_env;

use std::path::PathBuf;

use puppet_syntax::{parse, xpp, ParseOptions};
use puppet_test_support::knobs;
use serde_json::Value;

fn oracle_path() -> PathBuf {
    oracle_env::answers_path("PUPPET_PCORE_ORACLE_JSONL", "pcore.jsonl")
}

/// The first byte where `a` and `b` differ, with some context of each.
fn first_difference(a: &str, b: &str) -> String {
    let at = a
        .bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let context = |s: &str| {
        let bytes = &s.as_bytes()[at.saturating_sub(80)..(at + 80).min(s.len())];
        String::from_utf8_lossy(bytes).into_owned()
    };
    format!(
        "at byte {at}\n  ruby: …{}…\n  ours: …{}…",
        context(a),
        context(b)
    )
}

#[test]
fn corpus_program_pcore_json_equals_ruby() {
    let path = oracle_path();
    let Ok(jsonl) = std::fs::read_to_string(&path) else {
        assert!(
            !oracle_env::required(),
            "{} is missing: run scripts/oracle-pcore",
            path.display()
        );
        eprintln!(
            "note: {} not found; run scripts/oracle-pcore to enable this test",
            path.display()
        );
        return;
    };
    let tasks = knobs::is_set("PUPPET_ORACLE_TASKS");
    let (mut files, mut same, mut bytes, mut rejected) = (0usize, 0usize, 0usize, 0usize);
    let mut failures: Vec<String> = Vec::new();
    for line in jsonl.lines() {
        let record: Value = serde_json::from_str(line).expect("oracle line is JSON");
        let file = record["file"].as_str().unwrap_or_default().to_string();
        let Ok(source) = std::fs::read(&file) else {
            continue;
        };
        files += 1;
        let epp = file.ends_with(".epp");
        let result = parse(
            &source,
            &ParseOptions::new()
                .file(&file)
                .epp(epp)
                .tasks(tasks)
                .release(oracle_env::release()),
        );
        let ours = result
            .model
            .as_ref()
            .map(xpp::program_to_pcore_json)
            .transpose();
        match (record["pcore"].as_str(), ours) {
            (Some(expected), Ok(Some(ours))) if expected == ours => {
                same += 1;
                bytes += ours.len();
            }
            // Both parsers reject the file (which error comes first is corpus_model.rs's test).
            (None, Ok(None)) if record["error"].as_str().is_some() => rejected += 1,
            // Both serializers refuse the Program (an Integer beyond 64 bits).
            (None, Err(_))
                if record["error"]
                    .as_str()
                    .is_some_and(|e| e.contains("SerializationError")) =>
            {
                rejected += 1
            }
            // Ruby failed with an internal error (invalid UTF-8, a `RegexpError`…) where we
            // give a clean error, possibly with a partial model (`corpus_model.rs` checks it).
            (None, _)
                if record["error"]
                    .as_str()
                    .is_some_and(|e| !e.starts_with("Puppet::Parse"))
                    && result.has_errors() =>
            {
                rejected += 1
            }
            // Ruby's parser builds a model its validator then crashes on (`foo { * => 1 }`,
            // Ruby's Pcore here is of that parse): ours gives a clean error and no model.
            (Some(_), Ok(None))
                if result.diagnostics.iter().any(|d| {
                    d.is_error()
                        && d.message
                            .starts_with("'* =>' in a resource body without a title")
                }) =>
            {
                rejected += 1
            }
            (Some(expected), Ok(Some(ours))) => failures.push(format!(
                "{file}: differs {}",
                first_difference(expected, &ours)
            )),
            (expected, ours) => failures.push(format!(
                "{file}: ruby {:?}, ours {:?}",
                expected.map(|_| "pcore").or(record["error"].as_str()),
                ours.map(|o| o.map(|_| "pcore"))
            )),
        }
    }
    eprintln!(
        "xpp corpus: {same} of {} files byte-identical to Ruby's Pcore JSON ({bytes} bytes); {rejected} rejected by both parsers or serializers",
        files - rejected
    );
    for failure in failures.iter().take(10) {
        eprintln!("{failure}");
    }
    assert!(files > 0, "no corpus file was readable");
    assert!(failures.is_empty(), "{} files differ", failures.len());
}
