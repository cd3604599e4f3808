//! Golden tests for the parser: every `test_data/parser/{ok,err}/*.pp` (and `.epp`) file and every
//! inline example in the grammar sources (`// test NAME` / `// test_err NAME` comment blocks in
//! `src/parser/grammar/*.rs`) is parsed, and its CST dump plus diagnostics are compared with the
//! sibling `.rast` file. `ok` cases must have no error, `err` cases at least one.
//! Set `UPDATE_EXPECT=1` to (re)write the expected files; review the diff.

use std::fs;
use std::path::{Path, PathBuf};

use puppet_test_support::golden;

use puppet_syntax::syntax::dump_cst;
use puppet_syntax::{parse, ParseOptions};

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn render(source: &str, epp: bool) -> (String, bool) {
    let options = ParseOptions::new().epp(epp).cst(true).model(false);
    let parse = parse(source.as_bytes(), &options);
    let root = parse.syntax_node().unwrap();
    let mut out = dump_cst(&root);
    assert_eq!(root.to_string(), source, "CST must reproduce the input");
    for d in &parse.diagnostics {
        out.push_str(&format!(
            "{}[{}]@{}..{}: {}\n",
            d.severity.as_str(),
            d.code,
            d.offset,
            d.offset + d.len,
            d.message
        ));
    }
    (out, parse.has_errors())
}

fn run_case(
    name: &str,
    source: &str,
    epp: bool,
    expect_errors: bool,
    rast: &Path,
    failures: &mut Vec<String>,
) {
    let (actual, has_errors) = render(source, epp);
    if has_errors != expect_errors {
        failures.push(format!(
            "{name}: expected {} errors\n{actual}",
            if expect_errors { "some" } else { "no" }
        ));
    }
    if let Err(e) = golden::check(rast, &actual) {
        failures.push(e);
    }
}

#[test]
fn parser_golden_files() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (dir, expect_errors) in [("ok", false), ("err", true)] {
        let dir = manifest_dir().join("test_data/parser").join(dir);
        let mut entries: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if ext != "pp" && ext != "epp" {
                continue;
            }
            let source = fs::read_to_string(&path).unwrap();
            count += 1;
            let name = path.display().to_string();
            run_case(
                &name,
                &source,
                ext == "epp",
                expect_errors,
                &path.with_extension("rast"),
                &mut failures,
            );
        }
    }
    assert!(count > 0, "no golden parser cases found");
    assert!(
        failures.is_empty(),
        "{} of {count} golden cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// An inline example: `// test NAME` (or `// test_err NAME`, `// test_epp NAME`,
/// `// test_epp_err NAME`) followed by
/// `// `-prefixed lines of Puppet source.
struct InlineTest {
    name: String,
    source: String,
    expect_errors: bool,
    epp: bool,
}

fn collect_inline_tests() -> Vec<InlineTest> {
    let grammar_dir = manifest_dir().join("src/parser/grammar");
    let mut files: Vec<_> = fs::read_dir(&grammar_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut tests = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        let mut lines = text.lines().map(str::trim_start).peekable();
        while let Some(line) = lines.next() {
            let Some(rest) = line.strip_prefix("// test") else {
                continue;
            };
            let (kind, name) = match rest.split_once(' ') {
                Some((kind, name)) => (kind, name.trim()),
                None => continue,
            };
            let (expect_errors, epp) = match kind {
                "" => (false, false),
                "_err" => (true, false),
                "_epp" => (false, true),
                "_epp_err" => (true, true),
                _ => panic!(
                    "{}: unknown inline test kind `// test{kind}`",
                    file.display()
                ),
            };
            let mut source = String::new();
            while let Some(next) = lines.peek() {
                let Some(code) = next.strip_prefix("//") else {
                    break;
                };
                if code.starts_with(" test") || code.starts_with('/') || code.starts_with('!') {
                    break;
                }
                source.push_str(code.strip_prefix(' ').unwrap_or(code));
                source.push('\n');
                lines.next();
            }
            tests.push(InlineTest {
                name: name.to_string(),
                source,
                expect_errors,
                epp,
            });
        }
    }
    tests
}

#[test]
fn parser_inline_grammar_examples() {
    let tests = collect_inline_tests();
    assert!(
        tests.len() >= 40,
        "expected inline examples on every grammar rule, found {}",
        tests.len()
    );
    let mut seen = std::collections::HashSet::new();
    let mut failures = Vec::new();
    for t in &tests {
        assert!(
            seen.insert(t.name.clone()),
            "duplicate inline test name {}",
            t.name
        );
        let dir = if t.expect_errors { "err" } else { "ok" };
        let base = manifest_dir()
            .join("test_data/parser/inline")
            .join(dir)
            .join(&t.name);
        let src_path = base.with_extension(if t.epp { "epp" } else { "pp" });
        if golden::updating() {
            fs::write(&src_path, &t.source).unwrap();
        }
        run_case(
            &t.name,
            &t.source,
            t.epp,
            t.expect_errors,
            &base.with_extension("rast"),
            &mut failures,
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} inline cases failed:\n{}",
        failures.len(),
        tests.len(),
        failures.join("\n")
    );
}
