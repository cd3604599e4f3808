//! Differential test against Ruby Puppet 7.23 on the Debian corpus: for every `.pp` and `.epp`
//! file (templates parsed as EPP), our PN
//! dump must equal `PNTransformer.transform(model).format` and our model nodes (class, offset,
//! length, in `_pcore_all_contents` pre-order) must equal Ruby's.
//!
//! Ruby's side is `target/oracle/corpus.jsonl`, written by `scripts/oracle-reference` (one Ruby
//! process for all files). Without it the test prints a note and passes, unless
//! `PUPPET_ORACLE_REQUIRED` is set (as `scripts/differential` does).
//!
//! `scripts/compare-with-ruby` points it (`PUPPET_ORACLE_JSONL`) at Ruby's view of any other
//! code base, where Ruby may reject files: for those our first error must be Ruby's (issue,
//! line, column and the token Puppet names). `PUPPET_ORACLE_TASKS` parses with `--tasks`, as
//! the oracle did. `PUPPET_ORACLE_RELEASE` (with `PUPPET_ORACLE_RUBY`): the release the oracle
//! is, whose rules our side applies where it validates (`puppet_test_support::oracle`).

use std::path::PathBuf;

use crate::diag_util::oracle_env;
use crate::diag_util::verdict::first_error_differs;
use puppet_syntax::{parse, parse_and_validate, ParseOptions};
use puppet_test_support::knobs;
use serde_json::Value;

fn oracle_path() -> PathBuf {
    oracle_env::answers_path("PUPPET_ORACLE_JSONL", "corpus.jsonl")
}

#[test]
fn corpus_pn_and_positions_equal_ruby() {
    let path = oracle_path();
    let Ok(jsonl) = std::fs::read_to_string(&path) else {
        assert!(
            !oracle_env::required(),
            "{} is missing: run scripts/oracle-reference",
            path.display()
        );
        eprintln!(
            "note: {} not found; run scripts/oracle-reference to enable this test",
            path.display()
        );
        return;
    };
    let tasks = knobs::is_set("PUPPET_ORACLE_TASKS");
    let (mut files, mut pn_same, mut locs_same, mut nodes) = (0usize, 0usize, 0usize, 0usize);
    let (mut rejected, mut rejected_alike) = (0usize, 0usize);
    let (mut crashed, mut crashed_reported) = (0usize, 0usize);
    let mut failures: Vec<String> = Vec::new();
    for line in jsonl.lines() {
        let record: Value = serde_json::from_str(line).expect("oracle line is JSON");
        let file = record["file"].as_str().unwrap_or_default().to_string();
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        files += 1;
        let epp = file.ends_with(".epp");
        let options = ParseOptions::new()
            .file(&file)
            .epp(epp)
            .tasks(tasks)
            .release(oracle_env::release());
        if let Some(crash) = record["oracle_crash"].as_str() {
            // Ruby failed with an internal error (invalid UTF-8, a `RegexpError`, a
            // `NoMethodError` on `class a::` at the end…): ours must be a clean error.
            crashed += 1;
            let result = parse_and_validate(&bytes, &options);
            if result.has_errors() {
                crashed_reported += 1;
            } else {
                failures.push(format!(
                    "{file}: Ruby crashed ({crash}); we report no error"
                ));
            }
            continue;
        }
        let Ok(source) = String::from_utf8(bytes) else {
            failures.push(format!("{file}: not UTF-8, yet Ruby did not fail"));
            continue;
        };
        if let Some(syntax) = record.get("syntax_error").filter(|s| !s.is_null()) {
            // Ruby rejected the file: so must we, with Ruby's first error.
            rejected += 1;
            let result = parse_and_validate(source.as_bytes(), &options);
            match first_error_differs(syntax, &result.diagnostics) {
                None => rejected_alike += 1,
                Some(difference) => failures.push(format!("{file}: {difference}")),
            }
            continue;
        }
        let result = parse(source.as_bytes(), &options);
        let Some(model) = result.model else {
            let diags: Vec<String> = result
                .diagnostics
                .iter()
                .map(|d| format!("{}@{}: {}", d.code, d.offset, d.message))
                .collect();
            failures.push(format!("{file}: no model: {}", diags.join("; ")));
            continue;
        };
        let (pn, ruby_fails) = puppet_syntax::pn::transform_noting_ruby_failure(&model);
        let ruby_fails = ruby_fails.map(|f| f.ruby_error(&model));
        match (record["pn"].as_str(), record["pn_crash"].as_str()) {
            (Some(expected), _) => {
                let ours = pn.to_pn_string();
                if ours == expected && ruby_fails.is_none() {
                    pn_same += 1;
                } else {
                    failures.push(format!(
                        "{file}: PN differs\n  ruby: {}\n  ours: {}{}",
                        clip(expected),
                        clip(&ours),
                        ruby_fails.map_or(String::new(), |e| format!(" (we say Ruby fails: {e})"))
                    ));
                }
            }
            // Ruby's PN transformer raised (e.g. captures-rest parameters): we know where and why
            // (`puppet-parser dump` reports it as PN_TRANSFORM_FAILED).
            (None, Some(crash)) if ruby_fails.as_deref() == Some(crash) => pn_same += 1,
            (None, crash) => failures.push(format!(
                "{file}: Ruby's PN transformer raised {crash:?}, we say {ruby_fails:?}"
            )),
        }
        let ours: Vec<(String, u64, u64)> = model
            .locs()
            .into_iter()
            .map(|(c, o, l)| (c.name().to_string(), o as u64, l as u64))
            .collect();
        let theirs: Vec<(String, u64, u64)> = record["locs"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|e| {
                        (
                            e[0].as_str().unwrap_or_default().to_string(),
                            e[1].as_u64().unwrap_or(u64::MAX),
                            e[2].as_u64().unwrap_or(u64::MAX),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        nodes += theirs.len();
        if ours == theirs {
            locs_same += 1;
        } else {
            let at = ours
                .iter()
                .zip(&theirs)
                .position(|(a, b)| a != b)
                .unwrap_or(ours.len().min(theirs.len()));
            failures.push(format!(
                "{file}: node positions differ at node {at}: ruby {:?}, ours {:?} ({} vs {} nodes)",
                theirs.get(at),
                ours.get(at),
                theirs.len(),
                ours.len()
            ));
        }
    }
    let parsed = files - rejected - crashed;
    eprintln!(
        "corpus differential: {files} files, {nodes} Ruby nodes; PN identical {pn_same}/{parsed}, positions identical {locs_same}/{parsed}; rejected by Ruby {rejected}, by us with the same first error {rejected_alike}/{rejected}; Ruby crashed on {crashed}, we report an error on {crashed_reported}/{crashed}"
    );
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(40).collect();
        panic!(
            "{} files differ from Ruby Puppet:\n{}",
            failures.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

fn clip(s: &str) -> String {
    if s.len() > 600 {
        format!(
            "{}…",
            &s[..s
                .char_indices()
                .take(600)
                .last()
                .map(|(i, _)| i)
                .unwrap_or(0)]
        )
    } else {
        s.to_string()
    }
}
