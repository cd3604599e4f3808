//! Integration tests of the `puppet-parser` binary: exit codes, diagnostics on stderr, the CST
//! dump on stdout (whose token texts must rebuild the input), BOMs, invalid UTF-8, several files,
//! logging.

use std::path::Path;
use std::process::Output;

use puppet_test_support::cli::{capture, code, stderr, stdout, TempDir};

use crate::parser;

fn run<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    parser().run(args)
}

fn dump(files: &[&Path]) -> Output {
    let mut args: Vec<&std::ffi::OsStr> =
        vec!["dump".as_ref(), "--format".as_ref(), "cst".as_ref()];
    args.extend(files.iter().map(|p| p.as_os_str()));
    run(args)
}

/// Check the shape of a CST dump and rebuild the source from its token texts: every line is
/// `INDENT KIND@START..END` or `INDENT KIND@START..END "TEXT"`; the first line is the root at
/// depth 0; depth grows by at most one per line; tokens are contiguous and TEXT is
/// `END - START` bytes long.
fn rebuild_from_dump(dump: &str) -> String {
    let mut text = String::new();
    let mut prev_depth: Option<usize> = None;
    for (i, line) in dump.lines().enumerate() {
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        assert_eq!(indent % 2, 0, "odd indent on line {}: {line:?}", i + 1);
        let depth = indent / 2;
        match prev_depth {
            None => assert_eq!(depth, 0, "the root is not at depth 0"),
            Some(prev) => assert!(
                depth >= 1 && depth <= prev + 1,
                "bad depth on line {}: {line:?}",
                i + 1
            ),
        }
        let (head, token_text) = match trimmed.split_once(' ') {
            Some((head, json)) => {
                let s: String = serde_json::from_str(json)
                    .unwrap_or_else(|e| panic!("line {}: {e}: {line:?}", i + 1));
                (head, Some(s))
            }
            None => (trimmed, None),
        };
        let (kind, range) = head
            .split_once('@')
            .unwrap_or_else(|| panic!("no @ on line {}: {line:?}", i + 1));
        assert!(
            !kind.is_empty()
                && kind
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        );
        let (start, end) = range.split_once("..").unwrap();
        let (start, end): (usize, usize) = (start.parse().unwrap(), end.parse().unwrap());
        assert!(start <= end);
        if i == 0 {
            assert_eq!(start, 0, "the root starts at 0");
        }
        if let Some(t) = token_text {
            assert_eq!(
                start,
                text.len(),
                "token on line {} is not contiguous with the previous one",
                i + 1
            );
            assert_eq!(end - start, t.len(), "token length on line {}", i + 1);
            text.push_str(&t);
        }
        prev_depth = Some(depth);
    }
    text
}

/// Split a multi-file dump at its `--- FILE` lines.
fn split_files(out: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = Vec::new();
    for line in out.split_inclusive('\n') {
        if let Some(name) = line.strip_prefix("--- ") {
            files.push((name.trim_end_matches('\n').to_owned(), String::new()));
        } else {
            files
                .last_mut()
                .expect("output starts with a --- FILE line")
                .1
                .push_str(line);
        }
    }
    files
}

const CLEAN: &str = r#"# A small manifest with most token kinds.
class demo (
  String $greeting = 'hello',
  Integer[1, 10] $count = 3,
) {
  $items = ['a', "b-${greeting}", 0x1F, 1.5e3]
  $map = { 'k' => $count, default => undef }
  file { '/tmp/demo':
    ensure  => file,
    content => @("EOT"/L)
      Hello ${greeting} ☺ \
      world
      | EOT
  }
  if $count > 1 and $facts['os']['family'] =~ /^Deb/ {
    notice("count: ${count}")
  } else {
    $items.each |$i| { warning($i) }
  }
}
include demo
"#;

#[test]
fn clean_file_exits_0_and_the_dump_rebuilds_the_file() {
    let dir = TempDir::new();
    let path = dir.file("clean.pp", CLEAN);
    let out = dump(&[&path]);
    assert_eq!(code(&out), 0, "stderr: {}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "",
        "no diagnostics, no logs at the default level"
    );
    let dump = stdout(&out);
    assert!(!dump.starts_with("--- "), "one file: no header");
    assert!(dump
        .lines()
        .next()
        .unwrap()
        .ends_with(&format!("@0..{}", CLEAN.len())));
    assert_eq!(rebuild_from_dump(&dump), CLEAN);
}

#[test]
fn syntax_error_exits_1_with_line_and_column() {
    let dir = TempDir::new();
    // Puppet: "Syntax error at '}' (line: 2, column: 20)"
    let src = "$a = 1\nclass x { $t = 1 + }\n";
    let path = dir.file("broken.pp", src);
    let out = dump(&[&path]);
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    let first = err.lines().next().expect("a diagnostic");
    assert!(
        first.starts_with(&format!("{}:2:20: error[SYNTAX_ERROR]: ", path.display())),
        "got: {err}"
    );
    // The tree is still printed, and still lossless.
    assert_eq!(rebuild_from_dump(&stdout(&out)), src);
}

#[test]
fn columns_count_characters() {
    let dir = TempDir::new();
    // Puppet: "Syntax error at ']' (line: 1, column: 17)": the smileys are 3 bytes, 1 column each.
    let path = dir.file("smile.pp", "$s = ['☺☺', 1 + ]\n");
    let out = dump(&[&path]);
    assert_eq!(code(&out), 1);
    assert!(
        stderr(&out).starts_with(&format!("{}:1:17: error[SYNTAX_ERROR]: ", path.display())),
        "{}",
        stderr(&out)
    );
}

#[test]
fn warnings_alone_exit_0() {
    let dir = TempDir::new();
    let path = dir.file("warn.pp", "$x = \"a\\q\"\nnotice($x)\n");
    let out = dump(&[&path]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains(": warning[UNRECOGNIZED_ESCAPE]: "), "{err}");
    assert!(err.starts_with(&format!("{}:1:", path.display())), "{err}");
}

#[test]
fn several_files_get_headers_in_order() {
    let dir = TempDir::new();
    let a = dir.file("a.pp", "notice('a')\n");
    let b = dir.file("b.pp", "$b = [1, 2]\n");
    let out = dump(&[&a, &b]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let files = split_files(&stdout(&out));
    assert_eq!(files.len(), 2);
    assert_eq!(files[0].0, a.display().to_string());
    assert_eq!(files[1].0, b.display().to_string());
    assert_eq!(rebuild_from_dump(&files[0].1), "notice('a')\n");
    assert_eq!(rebuild_from_dump(&files[1].1), "$b = [1, 2]\n");
}

#[test]
fn an_unreadable_file_gives_2_and_the_others_are_still_dumped() {
    let dir = TempDir::new();
    let a = dir.file("a.pp", "notice('a')\n");
    let missing = dir.0.join("missing.pp");
    let bad = dir.file("bad.pp", "class {\n");
    let out = dump(&[&a, &missing, &bad]);
    assert_eq!(code(&out), 2, "I/O errors win over syntax errors");
    let err = stderr(&out);
    assert!(
        err.contains(&format!("cannot read {}", missing.display())),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}:", bad.display())),
        "the syntax error is still reported: {err}"
    );
    let names: Vec<String> = split_files(&stdout(&out))
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(names, [a.display().to_string(), bad.display().to_string()]);
}

#[test]
fn exit_status_is_the_worst_of_all_files() {
    let dir = TempDir::new();
    let good = dir.file("good.pp", "$x = 1\n");
    let bad = dir.file("bad.pp", "$x = \n");
    assert_eq!(code(&dump(&[&good, &bad])), 1);
    assert_eq!(code(&dump(&[&bad, &good])), 1);
    assert_eq!(code(&dump(&[&good, &good])), 0);
    // A directory stands for its files (the worst of them decides).
    assert_eq!(code(&dump(&[&dir.0])), 1);
    assert_eq!(code(&dump(&[&good, &dir.0.join("missing.pp")])), 2);
}

#[test]
fn utf8_bom_is_reported_like_puppet() {
    let dir = TempDir::new();
    let src = "\u{feff}notice(1)\n";
    let path = dir.file("bom.pp", src);
    let out = dump(&[&path]);
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    let expected = format!(
        "{}:1:1: error[ILLEGAL_BOM]: Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source",
        path.display()
    );
    assert_eq!(
        err.lines()
            .filter(|l| l.contains("[ILLEGAL_BOM]"))
            .collect::<Vec<_>>(),
        [expected.as_str()],
        "{err}"
    );
    assert_eq!(
        rebuild_from_dump(&stdout(&out)),
        src,
        "the BOM stays in the tree"
    );
}

#[test]
fn utf16_and_utf32_boms_do_not_panic() {
    let dir = TempDir::new();
    for (name, bytes, shown) in [
        (
            "le16.pp",
            &b"\xFF\xFEn\x00o\x00"[..],
            "UTF-16 Byte Order mark at beginning of input: [FF FE]",
        ),
        (
            "be16.pp",
            &b"\xFE\xFF\x00n\x00o"[..],
            "UTF-16 Byte Order mark at beginning of input: [FE FF]",
        ),
        (
            "le32.pp",
            &b"\xFF\xFE\x00\x00n\x00\x00\x00"[..],
            "UTF-32 Byte Order mark at beginning of input: [FF FE 0 0]",
        ),
    ] {
        let path = dir.file(name, bytes);
        let out = dump(&[&path]);
        assert_eq!(code(&out), 1, "{name}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(&format!(
                "{}:1:1: error[ILLEGAL_BOM]: Illegal {shown}",
                path.display()
            )),
            "{name}: {err}"
        );
        assert!(
            !err.contains("INVALID_UTF8"),
            "one diagnostic for the encoding: {err}"
        );
        assert_eq!(
            rebuild_from_dump(&stdout(&out)),
            "",
            "nothing is parsed after a non-UTF-8 BOM"
        );
    }
}

#[test]
fn invalid_utf8_is_a_diagnostic_at_the_first_bad_byte() {
    let dir = TempDir::new();
    let path = dir.file("latin1.pp", b"$x = 1\n$y = 'caf\xE9'\n$z = 2\n");
    let out = dump(&[&path]);
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{}:2:10: error[INVALID_UTF8]: ", path.display())),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // Only the valid prefix is parsed.
    assert_eq!(rebuild_from_dump(&stdout(&out)), "$x = 1\n$y = 'caf");
}

/// Where Puppet's own `dump --format pn|json` fails (its PN transformer raises), ours prints the
/// PN and reports the error Ruby raises, at the parameter, and exits 1; the CST is not PN.
#[test]
fn a_pn_puppet_cannot_dump_is_printed_with_an_error() {
    let dir = TempDir::new();
    let path = dir.file("splat.pp", "notice(1)\nfunction f(*$a) {}\n");
    for (format, printed) in [
        ("pn", "(function {:name \"f\" :params {:a {:splat true}}})"),
        ("json", "{\"^\":[\"function\",{\"#\":[\"name\",\"f\",\"params\",{\"#\":[\"a\",{\"#\":[\"splat\",true]}]}]}]}"),
    ] {
        let out = run(["dump".as_ref(), "--format".as_ref(), format.as_ref(), path.as_os_str()]);
        assert_eq!(code(&out), 1, "{format}");
        assert!(stdout(&out).contains(printed), "{format}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(
            err.contains(&format!(
                "{}:2:13: error[PN_TRANSFORM_FAILED]: Puppet cannot dump this as PN \
                 (NoMethodError: undefined method `Literal' for Puppet::Pops::PN:Module)",
                path.display()
            )),
            "{err}"
        );
    }
    let out = dump(&[&path]);
    assert_eq!(code(&out), 0);
    assert!(!stderr(&out).contains("PN_TRANSFORM_FAILED"));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(code(&run(["dump"])), 2, "no FILE");
    assert_eq!(
        code(&run(["dump", "--format", "nope", "x.pp"])),
        2,
        "unknown format"
    );
    assert_eq!(code(&run(["frobnicate"])), 2, "unknown subcommand");
    assert_eq!(code(&run::<[&str; 0], &str>([])), 2, "no subcommand");
    assert_eq!(code(&run(["--log-format", "xml", "dump", "x.pp"])), 2);
    assert_eq!(code(&run(["--help"])), 0);
}

#[test]
fn epp_by_extension_or_flag() {
    let dir = TempDir::new();
    let src = "<%- | String $x | -%>\nHello <%= $x %>!\n<%# a comment %>\n";
    let path = dir.file("t.epp", src);
    let out = dump(&[&path]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(rebuild_from_dump(&stdout(&out)), src);

    let txt = dir.file("t.txt", src);
    let flagged = run([
        OsStrLike::s("dump"),
        OsStrLike::s("--epp"),
        OsStrLike::p(&txt),
    ]);
    assert_eq!(code(&flagged), 0, "{}", stderr(&flagged));
    assert_eq!(
        stdout(&flagged),
        stdout(&out),
        "--epp parses like the .epp extension"
    );
}

#[test]
fn tasks_flag_makes_plan_a_keyword() {
    let dir = TempDir::new();
    let src = "plan demo::deploy(TargetSpec $targets) {\n  run_task('demo::x', $targets)\n}\n";
    let path = dir.file("plan.pp", src);
    let out = run([
        OsStrLike::s("dump"),
        OsStrLike::s("--tasks"),
        OsStrLike::p(&path),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let tree = stdout(&out);
    assert_eq!(rebuild_from_dump(&tree), src);
    assert!(
        tree.contains(r#"PLAN@0..4 "plan""#),
        "plan is a keyword token: {tree}"
    );
    // Without --tasks, `plan` is an ordinary name.
    let plain = dump(&[&path]);
    assert!(
        !stdout(&plain).contains(r#"PLAN@0..4"#),
        "{}",
        stdout(&plain)
    );
}

#[test]
fn stdin_is_read_for_dash() {
    let out = capture(parser().command().args(["dump", "-"]), Some(b"$x = [1,\n"));
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).starts_with("<stdin>:"), "{}", stderr(&out));
    assert_eq!(rebuild_from_dump(&stdout(&out)), "$x = [1,\n");
}

#[test]
fn json_logs_go_to_stderr_and_parse() {
    let dir = TempDir::new();
    let path = dir.file("a.pp", "notice('a')\n");
    let plain = dump(&[&path]);
    let logged = run([
        OsStrLike::s("--log-level"),
        OsStrLike::s("debug"),
        OsStrLike::s("--log-format"),
        OsStrLike::s("json"),
        OsStrLike::s("dump"),
        OsStrLike::p(&path),
    ]);
    assert_eq!(code(&logged), 0, "{}", stderr(&logged));
    assert_eq!(stdout(&logged), stdout(&plain), "logs never reach stdout");
    let err = stderr(&logged);
    let mut saw_file = false;
    for line in err.lines() {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
        for key in ["ts", "level", "target", "message"] {
            assert!(v.get(key).is_some(), "{key} missing in {line}");
        }
        saw_file |= v.get("file").and_then(|f| f.as_str()) == Some(path.to_str().unwrap());
    }
    assert!(saw_file, "a debug line names the file: {err}");
}

/// Mixed `&str` / `&Path` arguments.
enum OsStrLike<'a> {
    S(&'a str),
    P(&'a Path),
}

impl<'a> OsStrLike<'a> {
    fn s(s: &'a str) -> Self {
        OsStrLike::S(s)
    }
    fn p(p: &'a Path) -> Self {
        OsStrLike::P(p)
    }
}

impl AsRef<std::ffi::OsStr> for OsStrLike<'_> {
    fn as_ref(&self) -> &std::ffi::OsStr {
        match self {
            OsStrLike::S(s) => s.as_ref(),
            OsStrLike::P(p) => p.as_os_str(),
        }
    }
}

/// `dump --format pn|json` prints exactly what `puppet parser dump` prints (expected strings
/// taken from Ruby Puppet 7.23 for the same file).
#[test]
fn pn_and_json_dumps_match_puppet() {
    let dir = TempDir::new();
    let file = dir.file("d.pp", "file { \"/a\": ensure => present }\nnotice hello\n");
    let out = run(["dump", "--format", "pn", file.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "(block (resource {:type (qn \"file\") :bodies [{:title \"/a\" :ops [(=> \"ensure\" (qn \"present\"))]}]}) \
         (invoke {:functor (qn \"notice\") :args [(qn \"hello\")]}))\n"
    );
    let out = run(["dump", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).starts_with(
        "{\"^\":[\"block\",{\"^\":[\"resource\",{\"#\":[\"type\",{\"^\":[\"qn\",\"file\"]}"
    ));
    let broken = dir.file("e.pp", "$x = \n");
    let out = run(["dump", "--format", "pn", broken.to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("error[SYNTAX_ERROR]"),
        "{}",
        stderr(&out)
    );
}
