//! Integration tests of the command as users meet it: control characters escaped in human
//! output, colour, `--max-errors`, one file count in both summaries, the warning for a missing
//! module path entry, exit statuses and examples in `--help`, directories for `dump`, and each
//! real file once whatever symbolic links lead to it.

use std::path::Path;
use std::process::{Command, Output};

use puppet_test_support::cli::{stdout, TempDir};
use serde_json::Value;

use crate::{parser, BIN};

/// Runs the command in `dir` with a neutral environment (no RUST_LOG, no NO_COLOR) plus `env`.
fn run_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = parser().command();
    command
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied());
    command.output().expect("run puppet-parser")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn has_raw_controls(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && c != '\n')
}

/// A line that retitles (`ESC ] 0 ; … BEL`) and clears (`ESC [ 2 J`) a terminal, with an error
/// after it.
const HOSTILE: &str = "notice(\"\u{1b}]0;pwned\u{7}\u{1b}[2J\") $x = $Abc\n";

#[test]
fn control_characters_in_the_source_line_are_escaped_and_the_caret_follows() {
    let dir = TempDir::new();
    dir.file("evil.pp", HOSTILE);
    let out = run_in(&dir.0, &["validate", "evil.pp"], &[]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(!has_raw_controls(&text), "{text:?}");
    let lines: Vec<&str> = text.lines().collect();
    let source = lines
        .iter()
        .find(|l| l.starts_with("1 | "))
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(
        *source,
        "1 | notice(\"\\x1b]0;pwned\\x07\\x1b[2J\") $x = $Abc"
    );
    let caret = lines[lines.iter().position(|l| l == source).unwrap() + 1];
    let at = caret.find('^').unwrap();
    assert_eq!(&source[at..at + 4], "$Abc", "{text}");
    assert_eq!(caret.matches('^').count(), 4, "{text}");
}

#[test]
fn the_token_of_a_syntax_error_is_escaped_in_validate_and_dump() {
    let dir = TempDir::new();
    // The start of an ELF binary (`/bin/ls`): Puppet's message quotes the DEL byte.
    dir.file("ls", b"\x7fELF\x02\x01\x01\x00\x00\x00");
    let out = run_in(&dir.0, &["validate", "ls"], &[]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(!has_raw_controls(&text), "{text:?}");
    assert!(
        text.starts_with("ls:1:1: error[SYNTAX_ERROR]: Syntax error at '\\x7f'"),
        "{text}"
    );
    let dumped = run_in(&dir.0, &["dump", "ls"], &[]);
    assert_eq!(dumped.status.code(), Some(1));
    let diagnostics = stderr(&dumped);
    assert!(!has_raw_controls(&diagnostics), "{diagnostics:?}");
    assert!(
        diagnostics.contains("Syntax error at '\\x7f'"),
        "{diagnostics}"
    );
    // JSON keeps Puppet's exact message (JSON escapes the byte its own way).
    let json = run_in(&dir.0, &["validate", "--format", "json", "ls"], &[]);
    assert_eq!(
        json_lines(&json)[0]["message"],
        "Syntax error at '\u{7f}'; expected a statement"
    );
}

#[test]
fn file_names_are_escaped_too() {
    let dir = TempDir::new();
    dir.file("tree/a\u{1b}[2J.pp", "$x = $Abc\n");
    let out = run_in(&dir.0, &["validate", "tree"], &[]);
    let text = stdout(&out);
    assert!(text.starts_with("tree/a\\x1b[2J.pp:1:6: error"), "{text}");
    assert!(!has_raw_controls(&text), "{text:?}");
}

#[test]
fn colour_follows_color_and_no_color() {
    let dir = TempDir::new();
    dir.file("x.pp", HOSTILE);
    let validate = |args: &[&str], env: &[(&str, &str)]| {
        let mut all = vec!["validate"];
        all.extend_from_slice(args);
        all.push("x.pp");
        stdout(&run_in(&dir.0, &all, env))
    };
    // Not a terminal: no colour by default.
    assert!(!validate(&[], &[]).contains('\u{1b}'));
    let always = validate(&["--color", "always"], &[]);
    assert!(
        always.contains("\u{1b}[1m\u{1b}[91merror[ILLEGAL_VAR_NAME]\u{1b}[0m"),
        "{always:?}"
    );
    // The input's own escape sequences stay escaped inside the colours.
    assert!(always.contains("\\x1b]0;pwned\\x07"), "{always:?}");
    assert!(!always.contains('\u{7}'));
    // A command-line choice overrides NO_COLOR.
    assert!(validate(&["--color=always"], &[("NO_COLOR", "1")]).contains('\u{1b}'));
    assert!(!validate(&["--color", "never"], &[]).contains('\u{1b}'));
    // Dump colours its diagnostics on stderr.
    dir.file("syntax.pp", "$x = )\n");
    let dumped = run_in(&dir.0, &["--color", "always", "dump", "syntax.pp"], &[]);
    assert!(
        stderr(&dumped).contains("\u{1b}[91m"),
        "{}",
        stderr(&dumped)
    );
}

/// `script` (util-linux) runs the command on a pseudo-terminal: colour by default there,
/// none with NO_COLOR.
#[cfg(target_os = "linux")]
#[test]
fn colour_on_a_terminal_unless_no_color() {
    let dir = TempDir::new();
    dir.file("x.pp", "$x = $Abc\n");
    let on_terminal = |no_color: Option<&str>| {
        let mut command = Command::new("script");
        command
            .args(["-qec", &format!("'{BIN}' validate x.pp"), "/dev/null"])
            .current_dir(&dir.0)
            .env("TERM", "xterm")
            .env_remove("NO_COLOR")
            .stdin(std::process::Stdio::null());
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let out = command.output().expect("run script(1)");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let coloured = on_terminal(None);
    assert!(
        coloured.contains("\u{1b}[91merror[ILLEGAL_VAR_NAME]"),
        "{coloured:?}"
    );
    let plain = on_terminal(Some("1"));
    assert!(plain.contains("error[ILLEGAL_VAR_NAME]"), "{plain:?}");
    assert!(!plain.contains("\u{1b}["), "{plain:?}");
}

#[test]
fn max_errors_per_file_with_a_count_of_the_rest() {
    let dir = TempDir::new();
    dir.file("many.pp", "$x = )\n".repeat(5));
    dir.file("few.pp", "$x = )\n");
    let out = run_in(
        &dir.0,
        &["validate", "--max-errors", "2", "many.pp", "few.pp"],
        &[],
    );
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert_eq!(text.matches("error[SYNTAX_ERROR]").count(), 3, "{text}");
    assert!(text.contains(
        "\nmany.pp: 3 more diagnostics not shown (3 errors, 0 warnings, 0 deprecations; --max-errors 2, 0 shows all)\n"
    ), "{text}");
    assert_eq!(
        stderr(&out),
        "2 files validated: 6 errors, 0 warnings, 0 deprecations; 3 diagnostics not shown (--max-errors 2)\n"
    );

    let json = run_in(
        &dir.0,
        &[
            "validate",
            "--format",
            "json",
            "--max-errors",
            "2",
            "many.pp",
        ],
        &[],
    );
    let lines = json_lines(&json);
    assert_eq!(lines.len(), 4, "{}", stdout(&json));
    assert_eq!(lines[2]["omitted"]["file"], "many.pp");
    assert_eq!(lines[2]["omitted"]["diagnostics"], 3);
    assert_eq!(lines[2]["omitted"]["errors"], 3);
    assert_eq!(lines[3]["summary"]["errors"], 5);
    assert_eq!(lines[3]["summary"]["omitted"], 3);

    let all = run_in(&dir.0, &["validate", "--max-errors", "0", "many.pp"], &[]);
    assert_eq!(stdout(&all).matches("error[SYNTAX_ERROR]").count(), 5);
    assert!(!stdout(&all).contains("not shown"));

    let dumped = run_in(&dir.0, &["dump", "--max-errors", "1", "many.pp"], &[]);
    let diagnostics = stderr(&dumped);
    assert_eq!(diagnostics.lines().count(), 2, "{diagnostics}");
    assert!(diagnostics.contains("many.pp: 4 more diagnostics not shown"));
}

#[test]
fn max_errors_defaults_to_a_thousand() {
    let dir = TempDir::new();
    dir.file("huge.pp", "$x = )\n".repeat(1003));
    let out = run_in(&dir.0, &["validate", "--format", "json", "huge.pp"], &[]);
    let lines = json_lines(&out);
    assert_eq!(
        lines.iter().filter(|l| l.get("issue").is_some()).count(),
        1000
    );
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["errors"], 1003);
    assert_eq!(summary["omitted"], 3);
}

#[test]
fn both_summaries_count_the_same_files() {
    let dir = TempDir::new();
    dir.file("ok.pp", "notice(1)\n");
    for (args, validated) in [(&["missing.pp"][..], 0), (&["missing.pp", "ok.pp"][..], 1)] {
        let mut human_args = vec!["validate"];
        human_args.extend_from_slice(args);
        let human = run_in(&dir.0, &human_args, &[]);
        assert_eq!(human.status.code(), Some(2));
        let summary = stderr(&human).lines().last().unwrap().to_owned();
        let files = if validated == 1 { "file" } else { "files" };
        assert_eq!(
            summary,
            format!("{validated} {files} validated: 0 errors, 0 warnings, 0 deprecations; 1 file could not be read")
        );
        let mut json_args = vec!["validate", "--format", "json"];
        json_args.extend_from_slice(args);
        let json = run_in(&dir.0, &json_args, &[]);
        let lines = json_lines(&json);
        let summary = &lines.last().unwrap()["summary"];
        assert_eq!(summary["files"], validated);
        assert_eq!(summary["unreadable"], 1);
    }
}

/// A module named as one of Puppet's own loaders makes Puppet fail on every file ("Internal
/// Error: Attempt to redefine loader named 'environment'"): one error, with a code, exit 1.
#[test]
fn a_module_named_as_a_puppet_loader_is_an_error() {
    let dir = TempDir::new();
    dir.file("modules/m/manifests/init.pp", "class m {}\n");
    for name in ["environment", "puppet_system"] {
        dir.file(&format!("site/{name}/manifests/init.pp"), "notice(1)\n");
        let out = run_in(
            &dir.0,
            &[
                "--log-format",
                "json",
                "validate",
                "--modulepath",
                "modules:site",
                "modules",
            ],
            &[],
        );
        assert_eq!(out.status.code(), Some(1), "{name}");
        let record = first_json_record(&out);
        assert_eq!(record["level"], "ERROR");
        assert_eq!(record["code"], "RESERVED_MODULE_NAME");
        assert_eq!(record["path"], format!("site/{name}"));
        assert!(
            record["message"]
                .as_str()
                .unwrap()
                .contains(&format!("Attempt to redefine loader named '{name}'")),
            "{record}"
        );
        std::fs::remove_dir_all(dir.0.join("site")).unwrap();
    }
    // Puppet's other names do not clash with a module (`production` is a Symbol there).
    dir.file("site/production/manifests/init.pp", "notice(1)\n");
    let out = run_in(
        &dir.0,
        &["validate", "--modulepath", "modules:site", "modules"],
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_missing_module_path_entry_is_warned_about() {
    let dir = TempDir::new();
    dir.file("modules/m/manifests/init.pp", "class m {}\n");
    let args = [
        "validate",
        "--modulepath",
        "modules:/nonexistent/modules",
        "modules",
    ];
    let out = run_in(&dir.0, &args, &[]);
    assert_eq!(out.status.code(), Some(0));
    let log = stderr(&out);
    let warnings: Vec<&str> = log.lines().filter(|l| l.contains("WARN")).collect();
    assert_eq!(warnings.len(), 1, "{}", stderr(&out));
    assert!(
        warnings[0].contains("module path entry does not exist")
            && warnings[0].contains("path=/nonexistent/modules"),
        "{}",
        warnings[0]
    );
    // The path is a field of the log record.
    let mut json_args = vec!["--log-format", "json"];
    json_args.extend_from_slice(&args);
    let json = run_in(&dir.0, &json_args, &[]);
    let record = first_json_record(&json);
    assert_eq!(record["level"], "WARN");
    assert_eq!(record["path"], "/nonexistent/modules");
    // A missing environment manifest too; a module path entry that is a file.
    let manifest = run_in(
        &dir.0,
        &[
            "validate",
            "--modulepath",
            "modules/m/manifests/init.pp",
            "--manifest",
            "site.pp",
            "modules",
        ],
        &[],
    );
    let log = stderr(&manifest);
    assert!(
        log.contains("module path entry is not a directory path=modules/m/manifests/init.pp"),
        "{log}"
    );
    assert!(
        log.contains("manifest does not exist path=site.pp"),
        "{log}"
    );
    // Entries that exist give no warning.
    let fine = run_in(
        &dir.0,
        &["validate", "--modulepath", "modules", "modules"],
        &[],
    );
    assert!(!stderr(&fine).contains("WARN"), "{}", stderr(&fine));
}

#[test]
fn help_shows_exit_statuses_and_examples() {
    let dir = TempDir::new();
    for args in [
        &["--help"][..],
        &["validate", "--help"],
        &["dump", "--help"],
        &["validate", "-h"],
    ] {
        let out = run_in(&dir.0, args, &[]);
        assert_eq!(out.status.code(), Some(0));
        let help = stdout(&out);
        assert!(
            help.contains("Exit status:\n  0  no file has an error"),
            "{help}"
        );
        assert!(help.contains("  2  usage error"), "{help}");
        let examples = help
            .split("Examples:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{help}"));
        assert_eq!(
            examples
                .lines()
                .filter(|l| l.starts_with("  puppet-parser "))
                .count(),
            2,
            "{help}"
        );
    }
}

#[test]
fn dump_accepts_directories() {
    let dir = TempDir::new();
    dir.file("tree/b/z.pp", "$z = 1\n");
    dir.file("tree/a.pp", "$a = 1\n");
    dir.file("tree/t.epp", "<%= $t %>\n");
    dir.file("tree/readme.md", "not puppet\n");
    let out = run_in(&dir.0, &["dump", "--format", "pn", "tree"], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "--- tree/a.pp\n(= (var \"a\") 1)\n--- tree/b/z.pp\n(= (var \"z\") 1)\n\
         --- tree/t.epp\n(lambda {:body [(epp (render (var \"t\")) (render-s \"\\n\"))]})\n"
    );
    // One file in a directory still gets its label: the output does not depend on the count.
    let one = run_in(&dir.0, &["dump", "--format", "pn", "tree/b"], &[]);
    assert_eq!(stdout(&one), "--- tree/b/z.pp\n(= (var \"z\") 1)\n");
}

#[cfg(unix)]
mod links {
    use super::*;
    use std::os::unix::fs::symlink;

    /// The files validated (JSON) and the debug log.
    fn validate_debug(dir: &Path, path: &str) -> (Output, Vec<String>, String) {
        let out = run_in(
            dir,
            &["--log-level", "debug", "validate", "--format", "json", path],
            &[],
        );
        let files = json_lines(&out)
            .iter()
            .filter_map(|l| l["file"].as_str().map(str::to_owned))
            .collect();
        let log = stderr(&out);
        (out, files, log)
    }

    #[test]
    fn a_link_back_into_the_tree_does_not_validate_a_file_twice() {
        // The shape of rodjek-logrotate's spec fixtures in the Debian corpus.
        let dir = TempDir::new();
        dir.file("m/manifests/init.pp", "$x = $A\n");
        dir.file("m/templates/t.epp", "<%= $x %>\n");
        std::fs::create_dir_all(dir.0.join("m/spec/fixtures/modules/m")).unwrap();
        for sub in ["manifests", "templates"] {
            symlink(
                format!("../../../../{sub}"),
                dir.0.join("m/spec/fixtures/modules/m").join(sub),
            )
            .unwrap();
        }
        let (out, files, log) = validate_debug(&dir.0, "m");
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(files, ["m/manifests/init.pp"], "{}", stdout(&out));
        assert_eq!(json_lines(&out).last().unwrap()["summary"]["files"], 2);
        assert!(
            log.contains("not following a link to a directory walked already")
                && log.contains("path=m/spec/fixtures/modules/m/manifests target=m/manifests"),
            "{log}"
        );
    }

    #[test]
    fn a_link_loop_ends_and_is_not_an_error() {
        let dir = TempDir::new();
        dir.file("tree/sub/x.pp", "$x = $A\n");
        symlink("..", dir.0.join("tree/sub/up")).unwrap();
        symlink("loop", dir.0.join("tree/loop")).unwrap(); // a link to itself
        let (out, files, log) = validate_debug(&dir.0, "tree");
        assert_eq!(out.status.code(), Some(1), "{log}");
        assert_eq!(files, ["tree/sub/x.pp"]);
        assert!(log.contains("path=tree/sub/up target=tree"), "{log}");
        assert!(log.contains("skipping a broken link"), "{log}");
    }

    #[test]
    fn each_real_file_once_under_its_most_direct_name() {
        let dir = TempDir::new();
        dir.file("real/x.pp", "$x = $A\n");
        dir.file("tree/own.pp", "$y = $B\n");
        std::fs::create_dir_all(dir.0.join("tree/links")).unwrap();
        symlink("../../real", dir.0.join("tree/links/b")).unwrap();
        symlink("../../real", dir.0.join("tree/links/a")).unwrap();
        symlink("../own.pp", dir.0.join("tree/links/own.pp")).unwrap();
        let (_, files, log) = validate_debug(&dir.0, "tree");
        assert_eq!(files, ["tree/links/a/x.pp", "tree/own.pp"]);
        assert!(
            log.contains("followed through another link path=tree/links/b target=tree/links/a"),
            "{log}"
        );
        assert!(
            log.contains(
                "skipping a second name of a file path=tree/links/own.pp same_as=tree/own.pp"
            ),
            "{log}"
        );
        // Overlapping PATH arguments and a file named twice: still once each.
        let out = run_in(
            &dir.0,
            &[
                "validate",
                "--format",
                "json",
                "tree",
                "tree/links",
                "./tree/own.pp",
                "real/x.pp",
            ],
            &[],
        );
        let lines = json_lines(&out);
        assert_eq!(
            lines.last().unwrap()["summary"]["files"],
            2,
            "{}",
            stdout(&out)
        );
        let dumped = run_in(&dir.0, &["dump", "--format", "pn", "tree", "real"], &[]);
        assert_eq!(
            stdout(&dumped).matches("--- ").count(),
            2,
            "{}",
            stdout(&dumped)
        );
    }

    /// Files named one by one (the streamed path of `validate`: each identified while it is
    /// read) give the files and names a walk gives: each real file once, under its first name
    /// in byte order; a missing file is reported once; a directory named like a manifest
    /// sends `validate` back to the walk, which finds the files in it.
    #[test]
    fn files_named_one_by_one_each_once() {
        let dir = TempDir::new();
        dir.file("real/x.pp", "$x = $A\n");
        dir.file("real/y.epp", "<%= $y %>\n");
        dir.file("dir.pp/inside.pp", "$z = $C\n");
        symlink("real/x.pp", dir.0.join("link.pp")).unwrap();
        symlink("real", dir.0.join("alias")).unwrap();
        let files_of = |args: &[&str]| {
            let mut all = vec!["--log-level", "debug", "validate", "--format", "json"];
            all.extend_from_slice(args);
            let out = run_in(&dir.0, &all, &[]);
            let lines = json_lines(&out);
            let files: Vec<String> = lines
                .iter()
                .filter_map(|l| l["file"].as_str().map(str::to_owned))
                .collect();
            (out, files, lines.last().unwrap()["summary"].clone())
        };
        let named = [
            "real/x.pp",
            "link.pp",
            "./real/x.pp",
            "alias/x.pp",
            "real//x.pp",
            "alias/y.epp",
            "real/y.epp",
            "missing.pp",
            "./missing.pp",
            "missing.pp",
        ];
        let (out, files, summary) = files_of(&named);
        // `./real/x.pp` comes first in byte order; `alias/y.epp` before `real/y.epp`.
        assert_eq!(files, ["./real/x.pp"], "{}", stdout(&out));
        assert_eq!(summary["files"], 2, "{}", stdout(&out));
        assert_eq!(summary["unreadable"], 2, "{}", stdout(&out));
        let log = stderr(&out);
        for (second, first) in [
            ("alias/x.pp", "./real/x.pp"),
            ("link.pp", "./real/x.pp"),
            ("real/x.pp", "./real/x.pp"),
            ("real//x.pp", "./real/x.pp"),
            ("real/y.epp", "alias/y.epp"),
        ] {
            let line = format!("skipping a second name of a file path={second} same_as={first}");
            assert!(log.contains(&line), "{line} in {log}");
        }
        assert_eq!(log.matches("cannot read ./missing.pp").count(), 1, "{log}");
        assert_eq!(log.matches("cannot read missing.pp").count(), 1, "{log}");

        // The same list through the walk (a directory among the paths) gives the same.
        let (walked, walked_files, walked_summary) = files_of(&[&named[..], &["alias"]].concat());
        assert_eq!(walked_files, files, "{}", stdout(&walked));
        assert_eq!(walked_summary, summary);

        // Canonical absolute names (the list `find /abs/dir` gives): each a different file,
        // unless one is named twice.
        let real = dir.0.canonicalize().unwrap().join("real");
        let x = real.join("x.pp").display().to_string();
        let y = real.join("y.epp").display().to_string();
        let (out, files, summary) = files_of(&[&y, &x]);
        assert_eq!(files, [x.as_str()], "{}", stdout(&out));
        assert_eq!(summary["files"], 2, "{}", stdout(&out));
        let (out, files, summary) = files_of(&[&x, &y, &x]);
        assert_eq!(files, [x.as_str()], "{}", stdout(&out));
        assert_eq!(summary["files"], 2, "{}", stdout(&out));
        let line = format!("skipping a second name of a file path={x} same_as={x}");
        assert!(stderr(&out).contains(&line), "{line} in {}", stderr(&out));

        // A directory named like a manifest: validated as a directory.
        let (out, files, summary) = files_of(&["dir.pp", "real/x.pp"]);
        assert_eq!(files, ["dir.pp/inside.pp", "real/x.pp"], "{}", stdout(&out));
        assert_eq!(summary["files"], 2);
        assert_eq!(summary["unreadable"], 0);
    }
}

/// The first JSON log record the command wrote to stderr (`--log-format json`).
fn first_json_record(out: &Output) -> Value {
    stderr(out)
        .lines()
        .find_map(|l| serde_json::from_str::<Value>(l).ok())
        .unwrap_or_else(|| panic!("no JSON log record in: {}", stderr(out)))
}
