//! Golden tests for the lexer: every `test_data/lexer/{ok,err}/*.pp` (and `.epp`) file is lexed
//! and its tokens (`KIND@START..END "TEXT"`, TEXT as a JSON string literal) and diagnostics
//! (`severity[CODE]@START..END: message (args)`) are compared with the sibling `.tokens` file.
//! `ok` cases must have no error diagnostic, `err` cases at least one. Every case must cover
//! its input exactly. Set `UPDATE_EXPECT=1` to (re)write the expected files; review the diff.
//! (`tests/lexer/lexer_ruby_diff.rs` checks the same files against Ruby Puppet when it is
//! installed.)

use crate::lexer_util;

use std::fs;
use std::path::PathBuf;

use puppet_test_support::golden;

use puppet_syntax::lexer::lex;
use puppet_syntax::ParseOptions;

#[test]
fn lexer_golden_files() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("test_data/lexer");
    let mut failures = Vec::new();
    let mut count = 0;
    for (dir, expect_errors) in [("ok", false), ("err", true)] {
        let mut entries: Vec<_> = fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if ext != "pp" && ext != "epp" {
                continue;
            }
            count += 1;
            let source = fs::read_to_string(&path).unwrap();
            let tasks = path
                .file_stem()
                .is_some_and(|s| s.to_string_lossy().starts_with("tasks_mode"));
            let lexed = lex(&source, &ParseOptions::new().epp(ext == "epp").tasks(tasks));
            lexer_util::assert_covers(&source, &lexed);
            let has_errors = lexed.diagnostics.iter().any(|d| d.is_error());
            if has_errors != expect_errors {
                failures.push(format!(
                    "{}: expected {} errors",
                    path.display(),
                    if expect_errors { "some" } else { "no" }
                ));
            }
            if let Err(e) = golden::check(
                &path.with_extension("tokens"),
                &lexer_util::render(&source, &lexed),
            ) {
                failures.push(e);
            }
        }
    }
    assert!(
        count >= 40,
        "expected at least 40 golden lexer cases, found {count}"
    );
    assert!(
        failures.is_empty(),
        "{} of {count} golden cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
