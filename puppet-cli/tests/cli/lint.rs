//! `puppet-parser lint`: puppet-lint's options and option files, its text and JSON outputs, exit
//! statuses, control comments, and `--fix` written in place.

use std::fs;

use puppet_test_support::cli::{capture, code, stderr, stdout, TempDir};

use super::parser;

/// A manifest with an error (trailing whitespace) and a warning (ensure => present).
const PROBLEMS: &str = "file { '/x': ensure => present }  \n";

fn lint_in(dir: &TempDir, args: &[&str]) -> std::process::Output {
    let mut command = parser().command();
    command
        .current_dir(&dir.0)
        .env("HOME", &dir.0)
        .env_remove("GITHUB_ACTION")
        .arg("lint")
        .args(args);
    capture(&mut command, None)
}

#[test]
fn text_output_and_exit_status_are_puppet_lints() {
    let dir = TempDir::new();
    dir.file("init.pp", PROBLEMS);
    let out = lint_in(
        &dir,
        &[
            "--only-checks",
            "trailing_whitespace,file_ensure",
            "init.pp",
        ],
    );
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "ERROR: trailing whitespace found on line 1 (check: trailing_whitespace)\n\
         WARNING: ensure set to present on file resource on line 1 (check: file_ensure)\n"
    );
    // Warnings alone: status 0, unless --fail-on-warnings.
    let out = lint_in(&dir, &["--only-checks", "file_ensure", "init.pp"]);
    assert_eq!(code(&out), 0);
    let out = lint_in(
        &dir,
        &[
            "--only-checks",
            "file_ensure",
            "--fail-on-warnings",
            "init.pp",
        ],
    );
    assert_eq!(code(&out), 1);
    // --error-level hides, but the status still counts everything.
    let out = lint_in(
        &dir,
        &[
            "--only-checks",
            "trailing_whitespace,file_ensure",
            "--error-level",
            "warning",
            "init.pp",
        ],
    );
    assert_eq!((code(&out), stdout(&out).lines().count()), (1, 1));
    // --log-format, and options applied in order.
    let out = lint_in(
        &dir,
        &[
            "--only-checks",
            "trailing_whitespace,file_ensure",
            "--no-trailing_whitespace-check",
            "--log-format",
            "%{path}:%{line}:%{column}: %{KIND} [%{check}] %{message}",
            "init.pp",
        ],
    );
    assert_eq!(
        stdout(&out),
        "init.pp:1:24: WARNING [file_ensure] ensure set to present on file resource\n"
    );
}

#[test]
fn json_is_one_array_per_file() {
    let dir = TempDir::new();
    dir.file("m/a.pp", PROBLEMS);
    dir.file("m/b.pp", "$x = 1\n");
    let out = lint_in(&dir, &["--json", "--only-checks", "file_ensure", "m"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let files = value.as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert!(files[1].as_array().unwrap().is_empty());
    let p = &files[0][0];
    assert_eq!(
        (
            p["check"].as_str(),
            p["line"].as_u64(),
            p["column"].as_u64()
        ),
        (Some("file_ensure"), Some(1), Some(24))
    );
    assert_eq!(
        (
            p["kind"].as_str(),
            p["KIND"].as_str(),
            p["path"].as_str(),
            p["filename"].as_str()
        ),
        (
            Some("warning"),
            Some("WARNING"),
            Some("m/a.pp"),
            Some("a.pp")
        )
    );
    assert!(p["fullpath"].as_str().unwrap().ends_with("/m/a.pp"));
}

#[test]
fn option_files_are_read_and_unknown_options_refused() {
    let dir = TempDir::new();
    dir.file("init.pp", PROBLEMS);
    dir.file(
        ".puppet-lint.rc",
        "--only-checks=trailing_whitespace,file_ensure\n--no-file_ensure-check\n",
    );
    let out = lint_in(&dir, &["init.pp"]);
    assert_eq!(
        stdout(&out),
        "ERROR: trailing whitespace found on line 1 (check: trailing_whitespace)\n"
    );
    // The command line comes after the option files.
    let out = lint_in(&dir, &["--file_ensure-check", "init.pp"]);
    assert_eq!(stdout(&out).lines().count(), 2);
    // --no-config skips them.
    let out = lint_in(
        &dir,
        &["--no-config", "--only-checks", "file_ensure", "init.pp"],
    );
    assert_eq!(stdout(&out).lines().count(), 1);
    dir.file(".puppet-lint.rc", "--no-such-option\n");
    let out = lint_in(&dir, &["init.pp"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains(".puppet-lint.rc") && stderr(&out).contains("--no-such-option"),
        "{}",
        stderr(&out)
    );
    let out = lint_in(
        &dir,
        &["--no-config", "--only-checks", "no_such_check", "init.pp"],
    );
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("unknown check 'no_such_check'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn control_comments_silence_and_show_ignored_shows() {
    let dir = TempDir::new();
    dir.file(
        "init.pp",
        "file { '/x': ensure => present } # lint:ignore:file_ensure legacy\n",
    );
    let out = lint_in(
        &dir,
        &["--no-config", "--only-checks", "file_ensure", "init.pp"],
    );
    assert_eq!((code(&out), stdout(&out)), (0, String::new()));
    let out = lint_in(
        &dir,
        &[
            "--no-config",
            "--only-checks",
            "file_ensure",
            "--show-ignored",
            "init.pp",
        ],
    );
    assert_eq!(stdout(&out), "IGNORED: ensure set to present on file resource on line 1 (check: file_ensure)\n  legacy\n");
}

#[test]
fn fix_rewrites_the_file_and_reports_fixed() {
    let dir = TempDir::new();
    let path = dir.file("init.pp", PROBLEMS);
    let out = lint_in(
        &dir,
        &[
            "--no-config",
            "--only-checks",
            "trailing_whitespace,file_ensure",
            "--fix",
            "init.pp",
        ],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "file { '/x': ensure => file }\n"
    );
    assert_eq!(
        stdout(&out),
        "FIXED: trailing whitespace found on line 1 (check: trailing_whitespace)\n\
         FIXED: ensure set to present on file resource on line 1 (check: file_ensure)\n"
    );
    // A file with syntax errors is reported and left as it is.
    let broken = dir.file("broken.pp", "file { '/x': ensure => }  \n");
    let out = lint_in(&dir, &["--no-config", "--fix", "broken.pp"]);
    assert_eq!(code(&out), 1);
    assert_eq!(
        fs::read_to_string(&broken).unwrap(),
        "file { '/x': ensure => }  \n"
    );
    assert!(stdout(&out).contains("(check: syntax)"), "{}", stdout(&out));
}

#[test]
fn list_checks_prints_the_table_in_order() {
    let dir = TempDir::new();
    let out = lint_in(&dir, &["--list-checks"]);
    let names: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(
        names.first().map(String::as_str),
        Some("arrow_on_right_operand_line")
    );
    assert!(names.len() >= 79);
    assert!(names.contains(&"version_comparison".to_string()));
}
