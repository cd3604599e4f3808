//! The checks against puppet-lint 4.3.0 with the Vox Pupuli plugins on the corpus: every check
//! on, each problem compared on path, line, column, kind, check and message with the oracle's
//! recorded verdict (`test_data/corpus-oracle.tsv`, written by `scripts/lint-oracle-record`,
//! exact duplicates removed).
//!
//! Every difference is listed in `test_data/corpus-differences.tsv` with the kind of
//! puppet-lint mistake it is (`docs/lint/differences.md` documents each kind, with an example
//! and the upstream issue); the test fails when a difference is not listed, a listed one is
//! gone, or a kind is not documented. `UPDATE_EXPECT=1` rewrites the list, keeping the kinds of
//! the rows it had and marking new rows `unclassified` (which fails until they are classified).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use puppet_lint::checks::CHECKS;
use puppet_lint::{lint_source, LintOptions, Origin, ProblemKind};
use rayon::prelude::*;

const ORACLE: &str = "test_data/corpus-oracle.tsv";
const DIFFERENCES: &str = "test_data/corpus-differences.tsv";
const DOCUMENTED: &str = "../docs/lint/differences.md";

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Our problems on the corpus, as the oracle's rows are written.
fn our_rows(root: &Path) -> BTreeSet<String> {
    let files: Vec<_> = puppet_test_support::corpus::files_below(root, false)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "pp"))
        .collect();
    let options = LintOptions::all();
    files
        .par_iter()
        .flat_map_iter(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let name = path.to_string_lossy().into_owned();
            let rel = path
                .strip_prefix(root)
                .unwrap_or(path)
                .to_string_lossy()
                .into_owned();
            lint_source(&text, Some(&name), &options)
                .into_iter()
                .filter(|p| p.kind != ProblemKind::Ignored)
                .map(move |p| {
                    let message = p.message.replace('\t', "\\t").replace('\n', "\\n");
                    format!(
                        "{rel}\t{}\t{}\t{}\t{}\t{message}",
                        p.line,
                        p.column,
                        p.kind.as_str(),
                        p.check.name
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

fn check_of(row: &str) -> &str {
    row.split('\t').nth(4).unwrap_or("")
}

#[test]
fn the_checks_agree_with_puppet_lint_on_the_corpus() {
    let Some(root) = puppet_test_support::corpus::root() else {
        return;
    };
    let oracle_text =
        std::fs::read_to_string(manifest_dir().join(ORACLE)).expect("the recorded oracle");
    let implemented: BTreeSet<&str> = CHECKS.iter().map(|c| c.name).collect();
    let oracle: BTreeSet<String> = oracle_text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(str::to_string)
        .collect();
    let all_ours = our_rows(&root);
    // This project's own checks are not puppet-lint's: counted, not compared.
    let native: BTreeSet<&str> = CHECKS
        .iter()
        .filter(|c| c.origin == Origin::Native)
        .map(|c| c.name)
        .collect();
    let (native_rows, ours): (BTreeSet<String>, BTreeSet<String>) = all_ours
        .into_iter()
        .partition(|r| native.contains(check_of(r)));
    for check in &native {
        let n = native_rows.iter().filter(|r| check_of(r) == *check).count();
        println!("this project's check {check}: {n} problems on the corpus");
    }

    // The table, per check.
    let mut table: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    for row in &oracle {
        let entry = table.entry(check_of(row)).or_default();
        if ours.contains(row) {
            entry.0 += 1;
        } else {
            entry.1 += 1;
        }
    }
    for row in ours.difference(&oracle) {
        table.entry(check_of(row)).or_default().2 += 1;
    }
    println!(
        "corpus agreement with puppet-lint 4.3.0 + Vox Pupuli plugins ({} problems recorded):",
        oracle.len()
    );
    println!(
        "{:55} {:>7} {:>9} {:>9}",
        "check", "both", "lint only", "ours only"
    );
    let mut missing = Vec::new();
    for check in CHECKS
        .iter()
        .filter(|c| c.origin != Origin::Native)
        .map(|c| c.name)
        .chain(
            table
                .keys()
                .copied()
                .filter(|c| !implemented.contains(c))
                .collect::<Vec<_>>(),
        )
    {
        let (both, lint, us) = table.get(check).copied().unwrap_or_default();
        let note = if implemented.contains(check) {
            ""
        } else {
            "  (not implemented)"
        };
        if !implemented.contains(check) {
            missing.push(check);
        }
        println!("{check:55} {both:7} {lint:9} {us:9}{note}");
    }
    println!("checks not implemented yet: {}", missing.len());

    // The differences of the implemented checks, against the classified list.
    let mut actual: BTreeSet<(String, String)> = BTreeSet::new();
    for row in oracle
        .difference(&ours)
        .filter(|r| implemented.contains(check_of(r)))
    {
        actual.insert(("lint-only".to_string(), row.clone()));
    }
    for row in ours.difference(&oracle) {
        actual.insert(("ours-only".to_string(), row.clone()));
    }
    let recorded_text =
        std::fs::read_to_string(manifest_dir().join(DIFFERENCES)).unwrap_or_default();
    let mut recorded: HashMap<(String, String), String> = HashMap::new();
    for line in recorded_text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut parts = line.splitn(3, '\t');
        let (Some(side), Some(kind), Some(row)) = (parts.next(), parts.next(), parts.next()) else {
            panic!("{DIFFERENCES}: malformed line {line:?}");
        };
        recorded.insert((side.to_string(), row.to_string()), kind.to_string());
    }
    if puppet_test_support::golden::updating() {
        let mut out = String::from(
            "# Every difference between puppet-parser lint and puppet-lint 4.3.0 (+ Vox Pupuli plugins) on the corpus:\n\
             # side<TAB>kind<TAB>path line column kind check message. Kinds: docs/lint/differences.md.\n\
             # Checked by puppet-lint/tests/lint/corpus_agreement.rs; UPDATE_EXPECT=1 rewrites it (new rows: unclassified).\n",
        );
        for key in &actual {
            let kind = recorded.get(key).map_or("unclassified", String::as_str);
            out.push_str(&format!("{}\t{kind}\t{}\n", key.0, key.1));
        }
        std::fs::write(manifest_dir().join(DIFFERENCES), out).expect("write the differences");
        return;
    }
    let documented = std::fs::read_to_string(manifest_dir().join(DOCUMENTED)).unwrap_or_default();
    let mut problems = Vec::new();
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for key in &actual {
        match recorded.get(key) {
            None => problems.push(format!("new difference: {}\t{}", key.0, key.1)),
            Some(kind) if kind == "unclassified" || !documented.contains(&format!("`{kind}`")) => {
                problems.push(format!(
                    "difference of an undocumented kind {kind}: {}\t{}",
                    key.0, key.1
                ))
            }
            Some(kind) => *kinds.entry(kind).or_default() += 1,
        }
    }
    for key in recorded.keys() {
        if !actual.contains(key) {
            problems.push(format!(
                "listed difference is gone (run with UPDATE_EXPECT=1): {}\t{}",
                key.0, key.1
            ));
        }
    }
    println!("differences by kind:");
    for (kind, n) in &kinds {
        println!("  {kind:50} {n}");
    }
    assert!(
        problems.is_empty(),
        "{} problems (the first 50):\n{}",
        problems.len(),
        problems
            .iter()
            .take(50)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
