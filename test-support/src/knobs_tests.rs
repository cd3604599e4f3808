//! Checks of the table of test knobs ([`crate::knobs`]): its rows are well formed, unknown
//! names are refused, and `docs/contributing.md` holds the table as it is now.

use crate::knobs::{self, Kind, Scope, KNOBS};

#[test]
fn names_are_sorted_and_unique_and_number_defaults_parse() {
    for pair in KNOBS.windows(2) {
        assert!(
            pair[0].name < pair[1].name,
            "{} and {} are out of order",
            pair[0].name,
            pair[1].name
        );
    }
    for knob in KNOBS {
        assert!(
            !knob.what.is_empty() && !knob.read_by.is_empty(),
            "{}",
            knob.name
        );
        // A default in words (`the number of cores`) is computed by the test (`number_or`).
        if knob.kind == Kind::Number && knob.default.starts_with(|c: char| c.is_ascii_digit()) {
            knobs::default_number(knob);
        }
    }
}

#[test]
fn numbers_are_decimal_or_hexadecimal() {
    assert_eq!(knobs::parse_number("10_000"), Some(10_000));
    assert_eq!(knobs::parse_number("0x5EED_0012"), Some(0x5EED_0012));
    assert_eq!(knobs::parse_number("ten"), None);
}

#[test]
#[should_panic(expected = "is not in the table")]
fn an_unknown_name_is_refused() {
    knobs::is_set("PUPPET_NO_SUCH_KNOB");
}

#[test]
#[should_panic(expected = "scripts only")]
fn a_script_knob_is_refused() {
    knobs::is_set("VALGRIND");
}

#[test]
fn contributing_md_holds_the_current_table() {
    let path = crate::oracle::workspace_root().join("docs/contributing.md");
    let document = std::fs::read_to_string(&path).expect("docs/contributing.md");
    let expected = knobs::splice_markdown(&document).expect("the test-knobs markers");
    assert!(
        document == expected,
        "the table of test knobs in docs/contributing.md is out of date: run \
         `cargo xtask test-knobs --markdown`\n{}",
        crate::golden::diff(&document, &expected)
    );
}

/// The `.rs` files below `dir`.
fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The test sources of puppet-syntax and puppet-cli read no environment variable but through
/// this table, and every name they read is in it (checked here too, because the tests that
/// need Ruby are ignored in a plain `cargo test` and would only panic when run).
#[test]
fn test_sources_read_only_knobs_of_the_table() {
    let root = crate::oracle::workspace_root();
    let mut files = Vec::new();
    for dir in ["puppet-syntax/tests", "puppet-cli/tests"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "found only {} test sources", files.len());
    // Calls whose first argument is a string literal; others are checked when they run.
    let readers = [
        "knobs::var(",
        "knobs::is_set(",
        "knobs::number(",
        "knobs::number_or(",
        "knobs::text(",
        "answers_path(",
    ];
    let mut problems = Vec::new();
    let mut names = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let shown = file.strip_prefix(&root).unwrap().display();
        for forbidden in ["env::var(", "env::var_os(", "env::vars("] {
            if text.contains(forbidden) {
                problems.push(format!("{shown} calls {forbidden}…): read knobs instead"));
            }
        }
        for reader in readers {
            for (at, _) in text.match_indices(reader) {
                let Some(rest) = text[at + reader.len()..].trim_start().strip_prefix('"') else {
                    continue;
                };
                let name = &rest[..rest.find('"').unwrap_or(0)];
                names += 1;
                if !KNOBS
                    .iter()
                    .any(|k| k.name == name && k.scope != Scope::Scripts)
                {
                    problems.push(format!("{shown} reads {name:?}, which the table lacks"));
                }
            }
        }
    }
    assert!(
        names > 30,
        "found only {names} knob reads: has the reading changed?"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
