//! puppet-lint's verdict on the formatter's output, recorded (`test_data/lint-record.txt`, by
//! `scripts/fmt-lint-record`, which runs puppet-lint 4.3.0 and the Vox Pupuli layout checks):
//! the record must be of this formatter — the digest of the formatted corpus it names is
//! recomputed here — and must say that the formatted corpus has no layout problem, and that the
//! formatted tricky inputs have only the documented ones (docs/formatter.md, "puppet-lint").

use std::path::Path;

use puppet_fmt::{format, FormatOptions};
use puppet_test_support::corpus;
use sha2::{Digest, Sha256};

fn record() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/lint-record.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn field<'a>(record: &'a str, name: &str) -> &'a str {
    record
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(": "))
        .unwrap_or_else(|| panic!("the record has no {name}"))
}

#[test]
fn the_lint_record_is_of_this_formatter() {
    let files = corpus::files();
    if files.is_empty() {
        return;
    }
    let root = corpus::root_path();
    let mut named: Vec<(String, &Path)> = files
        .iter()
        .map(|p| {
            (
                p.strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
                p.as_path(),
            )
        })
        .collect();
    named.sort();
    let mut sha = Sha256::new();
    for (name, path) in &named {
        let bytes = std::fs::read(path).unwrap();
        let formatted = std::str::from_utf8(&bytes)
            .ok()
            .and_then(|text| format(text, &FormatOptions::for_path(name)).ok())
            .map_or(bytes.clone(), String::into_bytes);
        sha.update(name.as_bytes());
        sha.update([0]);
        sha.update(&formatted);
        sha.update([0]);
    }
    let digest: String = sha.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let record = record();
    assert_eq!(
        (
            field(&record, "formatted-corpus-sha256"),
            field(&record, "formatted-corpus-files")
        ),
        (digest.as_str(), named.len().to_string().as_str()),
        "the formatter's output changed since puppet-lint last saw it: run scripts/fmt-lint-record"
    );
}

#[test]
fn the_formatted_corpus_is_lint_clean_but_for_the_documented_cases() {
    let record = record();
    let (corpus, tricky) = record
        .split_once("## The formatted tricky inputs")
        .expect("the record has both sections");
    let total = |section: &str| {
        section
            .lines()
            .find_map(|l| l.strip_prefix("total"))
            .and_then(|l| l.split_whitespace().next()?.parse::<u32>().ok())
            .expect("a total line")
    };
    assert_eq!(
        total(corpus),
        0,
        "puppet-lint found layout problems in the formatted corpus"
    );
    // The cases docs/formatter.md documents: heredocs whose text cannot move, and a list that
    // starts a line after an expression.
    let problems: Vec<&str> = tricky.lines().filter(|l| l.contains(".pp:")).collect();
    assert!(
        problems.iter().all(|p| {
            p.starts_with("16-two-heredocs") && p.contains("strict_indent")
                || p.starts_with("17-heredoc-without-a-margin") && p.contains("strict_indent")
                || p.starts_with("23-whitespace-sensitive") && p.contains("opening_bracket_before")
        }),
        "undocumented problems: {problems:#?}"
    );
}
