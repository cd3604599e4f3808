//! `puppet-parser xpp build|dump|check` on small environments made here: the layout under
//! `.xpp/modules/`, relative file names inside, incremental builds, orphans, files with errors,
//! modes, symlinked modules, and what `check` and `dump` report.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

use common::TempDir;
use puppet_syntax::xpp;

const BIN: &str = env!("CARGO_BIN_EXE_puppet-parser");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn code(out: &Output) -> i32 {
    out.status.code().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn environment() -> TempDir {
    let dir = TempDir::new();
    dir.file("manifests/site.pp", "include web\n");
    dir.file(
        "modules/web/manifests/init.pp",
        "class web($port = 80) { notice($port) }\n",
    );
    dir.file(
        "modules/web/functions/url.pp",
        "function web::url() { 'x' }\n",
    );
    dir.file("modules/web/templates/page.epp", "<%= $title %>\n");
    dir.file("modules/web/lib/ignored.pp", "this is not loaded\n");
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn build_writes_the_prfc_layout_with_relative_names() {
    let env = environment();
    let out = run(&["xpp", "build", s(&env.0), "--jobs", "2"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stderr(&out)
        .contains("xpp build: 4 files, 4 written, 0 up to date, 0 removed, 0 with errors"));
    let root = env.0.join(".xpp/modules");
    for (xpp_file, name, epp) in [
        ("environment/manifests/site.xpp", "manifests/site.pp", false),
        (
            "web/manifests/init.xpp",
            "modules/web/manifests/init.pp",
            false,
        ),
        (
            "web/functions/url.xpp",
            "modules/web/functions/url.pp",
            false,
        ),
        (
            "web/templates/page.xpp",
            "modules/web/templates/page.epp",
            true,
        ),
    ] {
        let bytes = std::fs::read(root.join(xpp_file)).unwrap();
        assert!(bytes
            .starts_with(b"application/vnd.puppet.pcore+msgpack; document-type=xpp; version=1; "));
        let source = std::fs::read(env.0.join(name)).unwrap();
        let file = xpp::read_xpp(&bytes, Some(&source)).unwrap();
        assert_eq!(file.result.file.as_deref(), Some(name));
        assert_eq!(
            file.header.get("epp"),
            Some(if epp { "true" } else { "false" })
        );
        assert!(file.result.model.is_some());
    }
    assert!(!root.join("web/lib").exists());
}

#[test]
fn second_build_is_incremental_and_orphans_go() {
    let env = environment();
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    let init = env.0.join(".xpp/modules/web/manifests/init.xpp");
    let before = std::fs::metadata(&init).unwrap().modified().unwrap();
    env.file(
        "modules/web/functions/url.pp",
        "function web::url() { 'y' }\n",
    );
    std::fs::remove_file(env.0.join("manifests/site.pp")).unwrap();
    let out = run(&["xpp", "build", s(&env.0)]);
    assert_eq!(code(&out), 0);
    assert!(
        stderr(&out)
            .contains("xpp build: 3 files, 1 written, 2 up to date, 1 removed, 0 with errors"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::metadata(&init).unwrap().modified().unwrap(),
        before
    );
    assert!(!env
        .0
        .join(".xpp/modules/environment/manifests/site.xpp")
        .exists());
    let check = run(&["xpp", "check", s(&env.0)]);
    assert_eq!(code(&check), 0, "{}", stdout(&check));
}

#[test]
fn a_file_with_errors_gets_its_xpp_and_exit_1() {
    let env = environment();
    let broken = env.file("modules/web/manifests/broken.pp", "$x = \n");
    std::fs::set_permissions(&broken, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = run(&["xpp", "build", s(&env.0), "--format", "json"]);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("1 with errors"));
    let xpp_path = env.0.join(".xpp/modules/web/manifests/broken.xpp");
    let mode = std::fs::metadata(&xpp_path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "the .xpp has the mode of its source");
    let dump = run(&["xpp", "dump", s(&xpp_path)]);
    assert_eq!(code(&dump), 1);
    let text = stdout(&dump);
    assert!(
        text.starts_with("format: application/vnd.puppet.pcore+json\ndocument-type: xpp\n"),
        "{text}"
    );
    assert!(text.contains("  modules/web/manifests/broken.pp:2:1: error[SYNTAX_ERROR]: Syntax error at end of input; expected an expression"), "{text}");
    assert!(text.contains("no model (the source has syntax errors)"));
}

#[test]
fn check_reports_stale_missing_orphaned_and_unreadable() {
    let env = environment();
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    env.file("modules/web/manifests/init.pp", "class web { }\n");
    env.file("modules/web/manifests/new.pp", "class web::new { }\n");
    env.file(".xpp/modules/old/manifests/x.xpp", "junk");
    env.file(
        ".xpp/modules/web/functions/url.xpp",
        "application/vnd.puppet.pcore+msgpack; document-type=xpp; version=1\n\ntruncated",
    );
    let out = run(&["xpp", "check", s(&env.0)]);
    assert_eq!(code(&out), 1);
    let report = stdout(&out);
    let root = env.0.join(".xpp/modules");
    for expected in [
        format!("stale: {}", root.join("web/manifests/init.xpp").display()),
        format!("missing: {}", root.join("web/manifests/new.xpp").display()),
        format!("orphaned: {}", root.join("old/manifests/x.xpp").display()),
        format!(
            "unreadable: {}",
            root.join("web/functions/url.xpp").display()
        ),
    ] {
        assert!(report.contains(&expected), "{expected}\n{report}");
    }
}

#[test]
fn modules_on_the_module_path_first_name_wins_symlinks_followed() {
    let env = environment();
    let elsewhere = TempDir::new();
    elsewhere.file("web/manifests/init.pp", "class web { 'shadowed' }\n");
    let real = TempDir::new();
    real.file("db/manifests/init.pp", "class db { }\n");
    std::os::unix::fs::symlink(real.0.join("db"), elsewhere.0.join("db")).unwrap();
    let modulepath = format!(
        "{}:{}",
        env.0.join("modules").display(),
        elsewhere.0.display()
    );
    let out = run(&["xpp", "build", s(&env.0), "--modulepath", &modulepath]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("xpp build: 5 files, 5 written"),
        "{}",
        stderr(&out)
    );
    let root = env.0.join(".xpp/modules");
    let db = std::fs::read(root.join("db/manifests/init.xpp")).unwrap();
    let file = xpp::read_xpp(&db, None).unwrap();
    // Outside the environment: the absolute name.
    assert_eq!(
        file.result.file.as_deref(),
        Some(s(&elsewhere.0.join("db/manifests/init.pp")))
    );
    let web = xpp::read_xpp(
        &std::fs::read(root.join("web/manifests/init.xpp")).unwrap(),
        None,
    )
    .unwrap();
    assert_eq!(
        web.result.file.as_deref(),
        Some("modules/web/manifests/init.pp")
    );
}
