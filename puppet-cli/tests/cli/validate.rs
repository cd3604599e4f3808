//! Integration tests of `puppet-parser validate`: formats, exit codes, directory walking, the
//! options (`--strict`, `--tasks`, `--modulepath`, `--jobs`), unreadable files, logging.

use std::fs;
use std::path::Path;
use std::process::Output;

use puppet_test_support::cli::{capture, stdout, TempDir};
use serde_json::Value;

use crate::parser;

fn validate_in(dir: &Path, args: &[&str]) -> Output {
    parser().run_in(dir, &[&["validate"], args].concat(), None)
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

#[test]
fn clean_files_exit_0_and_print_a_summary() {
    let dir = TempDir::new();
    dir.file("a.pp", "class a { notice('hi') }\n");
    let out = validate_in(&dir.0, &["a.pp"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "1 file validated: 0 errors, 0 warnings, 0 deprecations\n"
    );
}

#[test]
fn human_format_has_location_code_and_caret() {
    let dir = TempDir::new();
    dir.file("x.pp", "$a = 1\n$x = $Abc\n");
    let out = validate_in(&dir.0, &["x.pp"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "x.pp:2:6: error[ILLEGAL_VAR_NAME]: Illegal variable name, The given name 'Abc' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
    );
    assert!(lines.contains(&"2 | $x = $Abc"), "{text}");
    assert!(lines.contains(&"  |      ^^^^"), "{text}");
}

#[test]
fn columns_count_characters() {
    let dir = TempDir::new();
    dir.file("u.pp", "$x = '☺☺'; $y = $Abc\n");
    let out = validate_in(&dir.0, &["u.pp"]);
    assert!(
        stdout(&out).starts_with("u.pp:1:17: error[ILLEGAL_VAR_NAME]"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn warnings_alone_exit_0() {
    let dir = TempDir::new();
    dir.file("w.pp", "$x = { a => 1, a => 2 }\n");
    // Puppet 7's `strict` defaults to `warning`.
    let out = validate_in(&dir.0, &["--puppet-version", "7.23", "w.pp"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out)
        .starts_with("w.pp:1:18: warning[DUPLICATE_KEY]: The key 'a' is declared more than once"));
    assert!(stderr(&out).contains("0 errors, 1 warning, 0 deprecations"));
}

/// The default rules are the newest OpenVox 8's: type names are literal hash keys, class
/// parameter types must be literal (a deprecation), and `strict` defaults to `error`; Puppet
/// 7.23's rules report one warning for the same file.
#[test]
fn puppet_version_selects_the_rules() {
    let dir = TempDir::new();
    dir.file(
        "r.pp",
        "class x(Integer[0, 60*24] $a = 1) {}\n$h = {Foo=>1, 'foo'=>2}\n$k = {a => 1, a => 2}\n",
    );
    let newest = validate_in(&dir.0, &["r.pp"]);
    assert_eq!(newest.status.code(), Some(1));
    let text = stdout(&newest);
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("r.pp:")).collect();
    assert_eq!(
        rows,
        [
            "r.pp:1:27: deprecation[ILLEGAL_NONLITERAL_PARAMETER_TYPE]: The parameter '$a' must be a literal type, not a Puppet::Pops::Model::AccessExpression",
            "r.pp:2:20: error[DUPLICATE_KEY]: The key 'foo' is declared more than once",
            "r.pp:3:17: error[DUPLICATE_KEY]: The key 'a' is declared more than once",
        ]
    );
    let same = validate_in(&dir.0, &["--puppet-version", "openvox-8.28.1", "r.pp"]);
    assert_eq!(stdout(&same), stdout(&newest));
    let seven = validate_in(&dir.0, &["--puppet-version", "7.23.0", "r.pp"]);
    assert_eq!(seven.status.code(), Some(0));
    assert!(stdout(&seven).starts_with("r.pp:3:17: warning[DUPLICATE_KEY]"));
    assert!(stderr(&seven).contains("0 errors, 1 warning, 0 deprecations"));
    // 7.29.1: the parameter check follows `strict`.
    let step = validate_in(
        &dir.0,
        &["--puppet-version", "7.29.1", "--strict", "off", "r.pp"],
    );
    assert_eq!((step.status.code(), stdout(&step).as_str()), (Some(0), ""));
    let unknown = validate_in(&dir.0, &["--puppet-version", "9.0.0", "r.pp"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("Puppet 9.0.0 is not supported"),
        "{}",
        stderr(&unknown)
    );
    let newer = validate_in(&dir.0, &["--puppet-version", "8.29.0", "r.pp"]);
    assert_eq!(stdout(&newer), stdout(&newest));
    assert!(stderr(&newer).contains("validating with the rules of 8.28.1"));
}

/// With a module path, Puppet reads each module's `metadata.json` and reports one it cannot
/// parse: an error under Puppet 8's `strict` default, a warning under 7's, nothing with
/// `--strict off`. It is not counted among the files validated.
#[test]
fn unparsable_module_metadata_follows_strict() {
    let dir = TempDir::new();
    dir.file("modules/m/manifests/init.pp", "class m {}\n");
    dir.file("modules/m/metadata.json", "{\"name\": \"a-m\",}\n");
    dir.file("modules/good/metadata.json", "{\"name\": \"a-good\"}\n");
    dir.file("modules/Bad-Name/metadata.json", "{\n");
    let newest = validate_in(&dir.0, &["--modulepath", "modules", "modules/m"]);
    assert_eq!(newest.status.code(), Some(1));
    assert!(
        stdout(&newest).starts_with(
            "modules/m/metadata.json:1:1: error[INVALID_MODULE_METADATA]: m has an invalid and \
             unparsable metadata.json file. The parse error: unexpected token at '{\"name\": \"a-m\",}\\x0a'"
        ),
        "{}",
        stdout(&newest)
    );
    assert!(stderr(&newest).contains("1 file validated: 1 error"));
    let seven = validate_in(
        &dir.0,
        &[
            "--puppet-version",
            "7.23",
            "--modulepath",
            "modules",
            "modules/m",
        ],
    );
    assert_eq!(seven.status.code(), Some(0));
    assert!(stdout(&seven).contains("warning[INVALID_MODULE_METADATA]"));
    let off = validate_in(
        &dir.0,
        &["--strict", "off", "--modulepath", "modules", "modules/m"],
    );
    assert_eq!((off.status.code(), stdout(&off).as_str()), (Some(0), ""));
    // Without a module path, Puppet loads no module.
    let none = validate_in(&dir.0, &["modules/m"]);
    assert_eq!(none.status.code(), Some(0));
}

#[test]
fn strict_decides_duplicate_key() {
    let dir = TempDir::new();
    dir.file("w.pp", "$x = { a => 1, a => 2 }\n");
    let error = validate_in(&dir.0, &["--strict", "error", "w.pp"]);
    assert_eq!(error.status.code(), Some(1));
    assert!(stdout(&error).contains("error[DUPLICATE_KEY]"));
    let off = validate_in(&dir.0, &["--strict=off", "w.pp"]);
    assert_eq!(off.status.code(), Some(0));
    assert_eq!(stdout(&off), "");
}

#[test]
fn json_lines_with_all_fields_and_a_summary() {
    let dir = TempDir::new();
    dir.file(
        "j.pp",
        "$x = { a => 1, a => 2 }\nclass plan {}\n$y = $Abc\n",
    );
    let out = validate_in(&dir.0, &["--format", "json", "j.pp"]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "{}", stdout(&out));
    let first = &lines[0];
    let keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for key in [
        "file", "line", "column", "offset", "length", "severity", "issue", "message", "args",
    ] {
        assert!(keys.contains(&key), "missing {key} in {first}");
    }
    assert_eq!(first["file"], "j.pp");
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(1), Some(18))
    );
    assert_eq!(
        (first["offset"].as_u64(), first["length"].as_u64()),
        (Some(17), Some(2))
    );
    // Puppet 8's `strict` defaults to `error`.
    assert_eq!(first["severity"], "error");
    assert_eq!(first["issue"], "DUPLICATE_KEY");
    assert_eq!(first["args"]["key"], "a");
    assert_eq!(lines[1]["severity"], "deprecation");
    assert_eq!(lines[1]["issue"], "FUTURE_RESERVED_WORD");
    assert_eq!(lines[2]["issue"], "ILLEGAL_VAR_NAME");
    assert_eq!(
        lines[3],
        serde_json::json!({"summary": {"files": 1, "errors": 2, "warnings": 0, "deprecations": 1, "unreadable": 0, "internal_errors": 0, "omitted": 0}})
    );
    // The documented key order.
    assert!(stdout(&out)
        .lines()
        .next()
        .unwrap()
        .starts_with("{\"file\":\"j.pp\",\"line\":1,\"column\":18,\"offset\":17,"));
}

#[test]
fn directories_are_walked_for_pp_and_epp_in_sorted_order() {
    let dir = TempDir::new();
    dir.file("tree/b/z.pp", "$x = $Z\n");
    dir.file("tree/a.pp", "$x = $A\n");
    dir.file("tree/t.epp", "<%- |$a, $a| -%>\n");
    dir.file("tree/readme.md", "$x = $Ignored\n");
    let out = validate_in(&dir.0, &["--format", "json", "tree"]);
    let lines = json_lines(&out);
    let files: Vec<&str> = lines.iter().filter_map(|l| l["file"].as_str()).collect();
    assert_eq!(files, ["tree/a.pp", "tree/b/z.pp", "tree/t.epp"]);
    assert_eq!(lines[2]["issue"], "DUPLICATE_PARAMETER");
    assert_eq!(lines[3]["summary"]["files"], 3);
}

#[test]
fn no_path_means_the_current_directory() {
    let dir = TempDir::new();
    dir.file("sub/x.pp", "$x = $A\n");
    let out = validate_in(&dir.0, &["--format", "json"]);
    let lines = json_lines(&out);
    assert_eq!(lines[0]["file"], "./sub/x.pp");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn unreadable_files_exit_2_and_the_others_are_validated() {
    let dir = TempDir::new();
    dir.file("ok.pp", "$x = $A\n");
    let out = validate_in(&dir.0, &["missing.pp", "ok.pp"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("puppet-parser: cannot read missing.pp"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("ok.pp:1:6: error[ILLEGAL_VAR_NAME]"));
    assert!(stderr(&out).contains("1 file could not be read"));
}

#[test]
fn usage_errors_exit_2() {
    let dir = TempDir::new();
    let out = validate_in(&dir.0, &["--strict", "bogus"]);
    assert_eq!(out.status.code(), Some(2));
    let out = validate_in(&dir.0, &["--format", "xml"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn syntax_errors_are_errors() {
    let dir = TempDir::new();
    dir.file("s.pp", "class x($a = $b = 1) {}\n");
    let out = validate_in(&dir.0, &["s.pp"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with("s.pp:1:17: error[SYNTAX_ERROR]: Syntax error at '='"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn tasks_mode() {
    let dir = TempDir::new();
    dir.file(
        "p.pp",
        "class a {}\nplan p() { apply('h') { file { 'x': } } }\n",
    );
    let out = validate_in(&dir.0, &["--tasks", "p.pp"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.starts_with("p.pp:1:1: error[EXPRESSION_NOT_SUPPORTED_WHEN_SCRIPTING]: A Host Class Definition is only available when compiling a catalog"), "{text}");
    assert_eq!(text.matches("error[").count(), 1, "{text}");
    // Without --tasks, `plan` is not a keyword.
    let plain = validate_in(&dir.0, &["p.pp"]);
    assert!(
        stdout(&plain).contains("SYNTAX_ERROR") || stdout(&plain).contains("error["),
        "{}",
        stdout(&plain)
    );
}

#[test]
fn modulepath_enables_the_location_checks() {
    let dir = TempDir::new();
    dir.file(
        "modules/m/manifests/init.pp",
        "class m {}\nclass other {}\nnotice(1)\n",
    );
    dir.file("modules/m/manifests/sub/x.pp", "define m::sub::x {}\n");
    dir.file("modules/m/examples/e.pp", "class m::e {}\n");
    let plain = validate_in(&dir.0, &["modules"]);
    assert_eq!(plain.status.code(), Some(0), "{}", stdout(&plain));
    let out = validate_in(
        &dir.0,
        &["--format", "json", "--modulepath", "modules", "modules"],
    );
    let found: Vec<(String, String, u64)> = json_lines(&out)
        .iter()
        .filter(|l| l.get("issue").is_some())
        .map(|l| {
            (
                l["file"].as_str().unwrap().to_owned(),
                l["issue"].as_str().unwrap().to_owned(),
                l["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("modules/m/examples/e.pp", "ILLEGAL_DEFINITION_LOCATION", 1),
        (
            "modules/m/manifests/init.pp",
            "ILLEGAL_TOP_CONSTRUCT_LOCATION",
            3,
        ),
        (
            "modules/m/manifests/init.pp",
            "ILLEGAL_DEFINITION_LOCATION",
            2,
        ),
    ];
    let want: Vec<(String, String, u64)> = want
        .iter()
        .map(|(f, i, l)| (f.to_string(), i.to_string(), *l))
        .collect();
    assert_eq!(found, want);
    // Files under the environment's manifest are exempt.
    let exempt = validate_in(
        &dir.0,
        &[
            "--modulepath",
            "modules",
            "--manifest",
            "modules/m/examples",
            "modules/m/examples",
        ],
    );
    assert_eq!(exempt.status.code(), Some(0), "{}", stdout(&exempt));
}

#[test]
fn jobs_do_not_change_the_output() {
    let dir = TempDir::new();
    for i in 0..40 {
        dir.file(
            &format!("f{i:02}.pp"),
            format!("$x{i} = $A{i}\n$y = {{ a => 1, a => {i} }}\n"),
        );
    }
    let one = validate_in(&dir.0, &["--jobs", "1", "."]);
    let two = validate_in(&dir.0, &["-j", "2", "."]);
    let all = validate_in(&dir.0, &["."]);
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&one), stdout(&all));
    assert_eq!(stdout(&one).matches("error[ILLEGAL_VAR_NAME]").count(), 40);
}

#[test]
fn standard_input() {
    let out = capture(
        parser()
            .command()
            .args(["validate", "--format", "json", "-"]),
        Some(b"$x = $Abc\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["file"], "<stdin>");
}

#[test]
fn heredoc_checkers_and_bom() {
    let dir = TempDir::new();
    dir.file("h.pp", "$x = @(E:json)\n{\"a\":}\n|E\n$y = $Abc\n");
    dir.file("bom.pp", b"\xEF\xBB\xBF$x = 1\n");
    let out = validate_in(&dir.0, &["--format", "json", "h.pp", "bom.pp"]);
    let issues: Vec<String> = json_lines(&out)
        .iter()
        .filter_map(|l| l["issue"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(issues, ["ILLEGAL_BOM", "ILLEGAL_JSON", "ILLEGAL_VAR_NAME"]);
}

#[test]
fn json_logs_on_stderr() {
    let dir = TempDir::new();
    dir.file("a.pp", "notice(1)\n");
    let out = validate_in(
        &dir.0,
        &[
            "--log-level",
            "info",
            "--log-format",
            "json",
            "--format",
            "json",
            "a.pp",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let logs: Vec<Value> = stderr(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("log line is JSON"))
        .collect();
    assert!(
        logs.iter()
            .any(|l| l["message"] == "validate" && l["files"] == 1),
        "{logs:?}"
    );
    assert!(
        logs.iter()
            .any(|l| l["message"] == "validated" && l["errors"] == 0),
        "{logs:?}"
    );
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_followed_and_loops_end() {
    let dir = TempDir::new();
    dir.file("real/m/manifests/init.pp", "$x = $A\n");
    fs::create_dir_all(dir.0.join("modules")).unwrap();
    std::os::unix::fs::symlink(dir.0.join("real/m"), dir.0.join("modules/m")).unwrap();
    let out = validate_in(&dir.0, &["--format", "json", "modules"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["file"], "modules/m/manifests/init.pp");
    // A loop is not followed a second time (it is logged at debug level, see user_facing.rs)
    // and is no error: every file is still validated, once.
    std::os::unix::fs::symlink(dir.0.join("modules"), dir.0.join("real/m/back")).unwrap();
    let looped = validate_in(&dir.0, &["--format", "json", "modules"]);
    assert_eq!(looped.status.code(), Some(1), "{}", stderr(&looped));
    assert_eq!(stderr(&looped), "");
    assert_eq!(json_lines(&looped).len(), 2, "{}", stdout(&looped));
}

/// `--format sarif|github|codeclimate`: the same diagnostics for code scanning, GitHub Actions
/// and GitLab, the summary on stderr, the same exit status.
#[test]
fn sarif_github_and_codeclimate_formats() {
    let dir = TempDir::new();
    // '𝄞' counts 2 UTF-16 code units, 1 character: SARIF's columns are UTF-16.
    dir.file("a.pp", "$s = '𝄞' ; $x = $Abc\n");
    dir.file("b.pp", "$h = {k => 1, k => 2}\n");
    let summary = "2 files validated: 2 errors, 0 warnings, 0 deprecations\n";

    let out = validate_in(&dir.0, &["--format", "sarif", "a.pp", "b.pp"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), summary);
    let log: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["ruleId"], "ILLEGAL_VAR_NAME");
    let location = &results[0]["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "a.pp");
    assert_eq!(location["region"]["startLine"], 1);
    assert_eq!(location["region"]["startColumn"], 18, "a UTF-16 column");
    assert_eq!(log["runs"][0]["tool"]["driver"]["name"], "puppet-parser");

    let out = validate_in(&dir.0, &["--format", "github", "a.pp", "b.pp"]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("::error file=a.pp,line=1,col=17,endLine=1,endColumn=21,title=error[ILLEGAL_VAR_NAME]::"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("::error file=b.pp,line=1,col=17,"),
        "{}",
        lines[1]
    );

    let out = validate_in(&dir.0, &["--format", "codeclimate", "a.pp", "b.pp"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), summary);
    let issues: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let issues = issues.as_array().unwrap();
    assert_eq!(issues.len(), 2);
    assert_eq!(issues[1]["check_name"], "DUPLICATE_KEY");
    assert_eq!(issues[1]["location"]["path"], "b.pp");
    assert_eq!(issues[1]["severity"], "major");
    assert_eq!(issues[1]["fingerprint"].as_str().unwrap().len(), 32);
}
