//! `puppet-parser fmt`: in place (atomically, permissions kept, formatted files untouched),
//! `--check` and `--diff`, standard input, directories, files with syntax errors.

use std::fs;
use std::os::unix::fs::PermissionsExt;

use puppet_test_support::cli::{code, stderr, stdout, TempDir};

use super::parser;

const MESSY: &str = "file {'/x':\n      ensure=>file,\n  mode => \"0644\"}\n";
const TIDY: &str = "file { '/x':\n  ensure => file,\n  mode   => '0644',\n}\n";

#[test]
fn formats_files_in_place_keeping_their_permissions() {
    let dir = TempDir::new();
    let messy = dir.file("manifests/init.pp", MESSY);
    fs::set_permissions(&messy, fs::Permissions::from_mode(0o640)).unwrap();
    let tidy = dir.file("manifests/tidy.pp", TIDY);
    let before = fs::metadata(&tidy).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let out = parser().run_in(&dir.0, &["fmt", "manifests"], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(fs::read_to_string(&messy).unwrap(), TIDY);
    assert_eq!(
        fs::metadata(&messy).unwrap().permissions().mode() & 0o777,
        0o640
    );
    // A formatted file is not written at all.
    assert_eq!(fs::metadata(&tidy).unwrap().modified().unwrap(), before);
    assert_eq!(
        stderr(&out),
        "1 file reformatted, 1 file already formatted\n"
    );
    // No temporary file is left behind.
    let names: Vec<_> = fs::read_dir(dir.0.join("manifests"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn check_prints_a_diff_and_exits_1_without_writing() {
    let dir = TempDir::new();
    let messy = dir.file("a.pp", MESSY);
    let out = parser().run_in(&dir.0, &["fmt", "--check", "a.pp"], None);
    assert_eq!(code(&out), 1);
    assert_eq!(fs::read_to_string(&messy).unwrap(), MESSY);
    let diff = stdout(&out);
    assert!(diff.starts_with("--- a/a.pp\n+++ b/a.pp\n@@"), "{diff}");
    assert!(diff.contains("+  mode   => '0644',\n"), "{diff}");
    assert_eq!(
        stderr(&out),
        "1 file would be reformatted, 0 files already formatted\n"
    );
    // --diff: the same diff, status 0.
    let out = parser().run_in(&dir.0, &["fmt", "--diff", "a.pp"], None);
    assert_eq!((code(&out), stdout(&out)), (0, diff));
    // Formatted: nothing to say.
    dir.file("a.pp", TIDY);
    let out = parser().run_in(&dir.0, &["fmt", "--check", "a.pp"], None);
    assert_eq!((code(&out), stdout(&out).as_str()), (0, ""));
}

#[test]
fn standard_input_goes_to_standard_output() {
    let dir = TempDir::new();
    let out = parser().run_in(&dir.0, &["fmt", "-"], Some(MESSY));
    assert_eq!((code(&out), stdout(&out).as_str()), (0, TIDY));
    let out = parser().run_in(&dir.0, &["fmt", "--epp", "-"], Some("a <%=$x%> b\n"));
    assert_eq!(stdout(&out), "a <%= $x %> b\n");
    // With a syntax error the input goes through unchanged, and the error is reported.
    let broken = "class a {\n  $x = \n";
    let out = parser().run_in(&dir.0, &["fmt", "-"], Some(broken));
    assert_eq!((code(&out), stdout(&out).as_str()), (1, broken));
    assert!(
        stderr(&out).contains("<stdin>:3:1: error[SYNTAX_ERROR]"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_file_with_syntax_errors_is_left_alone_and_reported() {
    let dir = TempDir::new();
    let broken = dir.file("broken.pp", "class broken {\n  file { '/a':\n    ensure => file,\n\nservice { 'b': ensure => running }\n");
    let fine = dir.file("fine.pp", MESSY);
    let out = parser().run_in(&dir.0, &["fmt", "."], None);
    assert_eq!(code(&out), 1);
    assert_eq!(fs::read_to_string(&fine).unwrap(), TIDY);
    assert!(fs::read_to_string(&broken)
        .unwrap()
        .starts_with("class broken {\n  file { '/a':\n"));
    let err = stderr(&out);
    assert!(err.contains("broken.pp:6:1: error[SYNTAX_ERROR]"), "{err}");
    assert!(err.contains("broken.pp: not formatted: "), "{err}");
    assert!(
        err.ends_with(
            "1 file reformatted, 0 files already formatted, 1 file not formatted (errors)\n"
        ),
        "{err}"
    );
}

#[test]
fn mixing_standard_input_with_paths_is_a_usage_error() {
    let dir = TempDir::new();
    dir.file("a.pp", TIDY);
    let out = parser().run_in(&dir.0, &["fmt", "-", "a.pp"], None);
    assert_eq!(code(&out), 2);
}
