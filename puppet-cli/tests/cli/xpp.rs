//! `puppet-parser xpp build|dump|check` on small environments made here: the layout under
//! `.xpp/modules/`, relative file names inside, incremental builds, orphans, files with errors,
//! modes, symlinked modules, and what `check` and `dump` report.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Output;

use puppet_syntax::xpp;
use puppet_test_support::cli::{code, stderr, TempDir};

use crate::parser;

fn run(args: &[&str]) -> Output {
    parser().run(args)
}

/// Standard output (invalid UTF-8 replaced).
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

/// `xpp dump --format pn|json` says, as `dump` does, where Puppet's own dump would fail.
#[test]
fn xpp_dump_reports_a_pn_puppet_cannot_dump() {
    let env = environment();
    env.file(
        "modules/web/functions/all.pp",
        "function web::all(*$a) { $a }\n",
    );
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    let xpp_path = env.0.join(".xpp/modules/web/functions/all.xpp");
    for format in ["pn", "json"] {
        let out = run(&["xpp", "dump", "--format", format, s(&xpp_path)]);
        assert_eq!(code(&out), 1, "{format}");
        assert!(stdout(&out).contains("splat"), "{}", stdout(&out));
        assert!(
            stderr(&out).contains(
                "modules/web/functions/all.pp:1:20: error[PN_TRANSFORM_FAILED]: Puppet cannot dump this as PN"
            ),
            "{}",
            stderr(&out)
        );
    }
    assert_eq!(code(&run(&["xpp", "dump", s(&xpp_path)])), 0, "text");
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

/// A module named `environment` is skipped, with a warning: the name is the environment's own
/// in `.xpp`, and Puppet cannot load such a module (its own loader has the name).
#[test]
fn a_module_named_environment_is_skipped_with_a_warning() {
    let env = environment();
    env.file(
        "modules/environment/manifests/init.pp",
        "class environment { }\n",
    );
    let out = run(&["xpp", "build", s(&env.0)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let log = stderr(&out);
    assert!(
        log.contains("WARN") && log.contains("code=RESERVED_MODULE_NAME"),
        "{log}"
    );
    assert!(log.contains("xpp build: 4 files, 4 written"), "{log}");
    assert!(!env
        .0
        .join(".xpp/modules/environment/manifests/init.xpp")
        .exists());
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

#[test]
fn tasks_and_strict_are_recorded_and_decide_freshness() {
    let env = environment();
    env.file("modules/web/plans/deploy.pp", "plan web::deploy() { }\n");
    env.file(
        "modules/web/functions/dup.pp",
        "function web::dup() { {a => 1, a => 2} }\n",
    );
    let strict = ["--tasks", "--strict", "error"];
    let build = |flags: &[&str]| run(&[&["xpp", "build", s(&env.0)][..], flags].concat());
    let out = build(&strict);
    // In tasks mode the plan parses and the class is an error; the duplicate key is an error
    // under strict=error.
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("6 files, 6 written, 0 up to date, 0 removed, 2 with errors"),
        "{}",
        stderr(&out)
    );
    let header = |name: &str| {
        let bytes = std::fs::read(env.0.join(".xpp/modules/web").join(name)).unwrap();
        xpp::read_header(&bytes).unwrap()
    };
    assert_eq!(header("plans/deploy.xpp").get("tasks"), Some("true"));
    assert_eq!(header("plans/deploy.xpp").get("errors"), Some("0"));
    assert_eq!(header("manifests/init.xpp").get("errors"), Some("1"));
    assert_eq!(header("functions/dup.xpp").get("strict"), Some("error"));
    assert_eq!(header("functions/dup.xpp").get("errors"), Some("1"));
    let again = build(&strict);
    assert!(
        stderr(&again).contains("6 files, 0 written, 6 up to date"),
        "{}",
        stderr(&again)
    );
    let check = run(&[&["xpp", "check", s(&env.0)][..], &strict].concat());
    assert_eq!(code(&check), 0, "{}", stdout(&check));
    // Other settings: every file is stale, and rebuilt.
    let check = run(&["xpp", "check", s(&env.0)]);
    assert_eq!(code(&check), 1);
    assert!(
        stdout(&check).contains("(tasks differs)"),
        "{}",
        stdout(&check)
    );
    let out = build(&["--strict", "off"]);
    assert!(
        stderr(&out).contains("6 files, 6 written, 0 up to date, 0 removed, 1 with errors"),
        "{}",
        stderr(&out)
    );
    assert_eq!(header("plans/deploy.xpp").get("tasks"), Some("false"));
    assert_eq!(header("plans/deploy.xpp").get("errors"), Some("1"));
    assert_eq!(header("manifests/init.xpp").get("errors"), Some("0"));
    assert_eq!(header("functions/dup.xpp").get("strict"), Some("off"));
    assert_eq!(header("functions/dup.xpp").get("errors"), Some("0"));
}

#[test]
fn directories_emptied_by_orphan_removal_go_only_inside_xpp() {
    let env = environment();
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    env.file(".xpp/modules/old/manifests/deep/x.xpp", "junk");
    env.file(".xpp/modules/web/manifests/gone.xpp", "junk");
    std::fs::create_dir_all(env.0.join(".xpp/modules/web/kept")).unwrap();
    std::fs::create_dir_all(env.0.join("modules/empty/manifests")).unwrap();
    let out = run(&["xpp", "build", s(&env.0)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stderr(&out).contains("2 removed"), "{}", stderr(&out));
    let root = env.0.join(".xpp/modules");
    assert!(!root.join("old").exists());
    assert!(!root.join("web/manifests/gone.xpp").exists());
    assert!(root.join("web/manifests/init.xpp").exists());
    // Empty before the build, not emptied by it; and nothing outside .xpp is touched.
    assert!(root.join("web/kept").is_dir());
    assert!(env.0.join("modules/empty/manifests").is_dir());
}

#[test]
fn a_torn_xpp_is_not_up_to_date() {
    let env = environment();
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    let init = env.0.join(".xpp/modules/web/manifests/init.xpp");
    let bytes = std::fs::read(&init).unwrap();
    // The envelope survives, the payload does not (what a crash mid-write can leave).
    std::fs::write(&init, &bytes[..bytes.len() - 3]).unwrap();
    let out = run(&["xpp", "build", s(&env.0)]);
    assert!(
        stderr(&out).contains("4 files, 1 written, 3 up to date"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&init).unwrap(), bytes);
}

/// Sets the modification time of `path` to `seconds_ago` seconds before now.
fn set_age(path: &Path, seconds_ago: u64) -> std::time::SystemTime {
    let time = std::time::SystemTime::now() - std::time::Duration::from_secs(seconds_ago);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(time)
        .unwrap();
    time
}

fn nanos(time: std::time::SystemTime) -> String {
    time.duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
        .to_string()
}

/// Sources whose time is safely in the past get their size and time recorded, and a build
/// trusts them as make does: a source changed behind its back, size and time put back, is
/// not read (and `check` agrees); another time makes the build compare the digest.
#[test]
fn unchanged_size_and_time_are_trusted_without_reading_the_source() {
    let env = environment();
    let init = env.0.join("modules/web/manifests/init.pp");
    let mut times = Vec::new();
    for source in [
        "manifests/site.pp",
        "modules/web/manifests/init.pp",
        "modules/web/functions/url.pp",
        "modules/web/templates/page.epp",
    ] {
        times.push(set_age(&env.0.join(source), 3600));
    }
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    let xpp_path = env.0.join(".xpp/modules/web/manifests/init.xpp");
    let header = xpp::read_header(&std::fs::read(&xpp_path).unwrap()).unwrap();
    let size = std::fs::metadata(&init).unwrap().len().to_string();
    assert_eq!(header.get("source-size"), Some(size.as_str()));
    assert_eq!(
        header.get("source-mtime-ns"),
        Some(nanos(times[1]).as_str())
    );
    // Same size, same time, other bytes: trusted (the source is not read).
    env.file(
        "modules/web/manifests/init.pp",
        "class web($port = 81) { notice($port) }\n",
    );
    std::fs::File::options()
        .write(true)
        .open(&init)
        .unwrap()
        .set_modified(times[1])
        .unwrap();
    let out = run(&["xpp", "build", s(&env.0)]);
    assert!(
        stderr(&out).contains("4 files, 0 written, 4 up to date"),
        "{}",
        stderr(&out)
    );
    let check = run(&["xpp", "check", s(&env.0)]);
    assert_eq!(code(&check), 0, "{}", stdout(&check));
    // Another time: the digest decides, and the file is built again.
    set_age(&init, 1800);
    let check = run(&["xpp", "check", s(&env.0)]);
    assert!(
        stdout(&check).contains("(source-sha256 differs)"),
        "{}",
        stdout(&check)
    );
    let out = run(&["xpp", "build", s(&env.0)]);
    assert!(
        stderr(&out).contains("4 files, 1 written, 3 up to date"),
        "{}",
        stderr(&out)
    );
    let file = xpp::read_xpp(
        &std::fs::read(&xpp_path).unwrap(),
        Some(&std::fs::read(&init).unwrap()),
    )
    .unwrap();
    assert!(puppet_syntax::pn::to_pn_string(file.result.model.as_ref().unwrap()).contains("81"));
}

/// A source whose bytes did not change but whose time did (a `touch`) is up to date: the
/// build rewrites the envelope alone with the new time, keeping the payload.
#[test]
fn a_touched_source_only_gets_its_envelope_rewritten() {
    let env = environment();
    let url = env.0.join("modules/web/functions/url.pp");
    set_age(&url, 3600);
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    let xpp_path = env.0.join(".xpp/modules/web/functions/url.xpp");
    let before = std::fs::read(&xpp_path).unwrap();
    let touched = set_age(&url, 600);
    let out = run(&["xpp", "build", s(&env.0)]);
    assert!(
        stderr(&out).contains("4 files, 0 written, 4 up to date"),
        "{}",
        stderr(&out)
    );
    let after = std::fs::read(&xpp_path).unwrap();
    let header = xpp::read_header(&after).unwrap();
    assert_eq!(header.get("source-mtime-ns"), Some(nanos(touched).as_str()));
    let payload = |bytes: &[u8]| {
        let at = bytes.windows(2).position(|w| w == b"\n\n").unwrap();
        bytes[at + 2..].to_vec()
    };
    assert_eq!(payload(&after), payload(&before));
    assert_ne!(after, before);
    assert!(xpp::read_xpp(&after, Some(&std::fs::read(&url).unwrap())).is_ok());
}

/// A source changed within the last seconds gets no size and time (a change in the same
/// timestamp tick could go unseen): the next build decides by its digest.
#[test]
fn a_recent_source_records_no_time() {
    let env = environment();
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    let bytes = std::fs::read(env.0.join(".xpp/modules/web/manifests/init.xpp")).unwrap();
    let header = xpp::read_header(&bytes).unwrap();
    assert_eq!(header.get("source-size"), None);
    assert_eq!(header.get("source-mtime-ns"), None);
    assert!(header.get("source-sha256").is_some());
}

/// Runs `xpp build ARGS ENV` and checks that its summary line contains `summary`.
fn build_says(env: &Path, args: &[&str], summary: &str) {
    let mut all = vec!["xpp", "build"];
    all.extend_from_slice(args);
    all.push(s(env));
    let out = run(&all);
    assert!(stderr(&out).contains(summary), "{}", stderr(&out));
}

/// Sets the modification time of every file and directory under `dir` (itself included) to an
/// hour ago: settled, as `state.rs` asks before it trusts metadata.
fn settle(dir: &Path) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.file_name().is_some_and(|n| n == ".xpp") {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            settle(&path);
        } else {
            set_age(&path, 3600);
        }
    }
    let time = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::open(dir)
        .unwrap()
        .set_modified(time)
        .unwrap();
}

fn build_state(env: &Path) -> String {
    String::from_utf8(std::fs::read(env.join(".xpp/build-state")).unwrap()).unwrap()
}

/// With settled sources and directories, the build state lets a build with nothing to do
/// trust every `.xpp` on its metadata: an `.xpp` changed behind its back with its size and
/// time put back is not read (as `make` trusts times); any other change is seen.
#[test]
fn the_build_state_trusts_metadata_and_sees_every_change() {
    let env = environment();
    settle(&env.0);
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    let state = build_state(&env.0);
    assert!(
        state.starts_with("puppet-parser xpp build-state 1\n"),
        "{state}"
    );
    assert!(state.contains("\nwatched "), "the walk is kept: {state}");
    assert!(state.ends_with("\nend 4\n"), "{state}");
    let init = env.0.join(".xpp/modules/web/manifests/init.xpp");
    let source = env.0.join("modules/web/manifests/init.pp");
    // A written `.xpp` of a settled source carries the source's time.
    let source_time = std::fs::metadata(&source).unwrap().modified().unwrap();
    assert_eq!(
        std::fs::metadata(&init).unwrap().modified().unwrap(),
        source_time
    );
    build_says(&env.0, &[], "4 files, 0 written, 4 up to date");
    // Nothing listed: the walk the state kept is used.
    let out = run(&["--log-level", "debug", "xpp", "build", s(&env.0)]);
    assert!(
        stderr(&out).contains("state=true walked=false"),
        "{}",
        stderr(&out)
    );

    // Same size, same time, other bytes: trusted, not read.
    let good = std::fs::read(&init).unwrap();
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x55;
    std::fs::write(&init, &bad).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&init)
        .unwrap()
        .set_modified(source_time)
        .unwrap();
    build_says(&env.0, &[], "4 files, 0 written, 4 up to date");
    // Any other time: read, found torn, built again.
    set_age(&init, 60);
    build_says(&env.0, &[], "4 files, 1 written, 3 up to date");
    assert_eq!(std::fs::read(&init).unwrap(), good);

    // A new source in a watched directory: the directory's time changes, the walk runs again.
    env.file("modules/web/manifests/extra.pp", "class web::extra {}\n");
    build_says(&env.0, &[], "5 files, 1 written, 4 up to date");
    // A source removed: its `.xpp` is an orphan, found from the state.
    settle(&env.0);
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    std::fs::remove_file(env.0.join("modules/web/manifests/extra.pp")).unwrap();
    build_says(&env.0, &[], "4 files, 0 written, 4 up to date, 1 removed");
    assert!(!env.0.join(".xpp/modules/web/manifests/extra.xpp").exists());
    // A source changed (size and time): built again.
    settle(&env.0);
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    env.file(
        "modules/web/functions/url.pp",
        "function web::url() { 'changed' }\n",
    );
    build_says(&env.0, &[], "4 files, 1 written, 3 up to date");
    // The `.xpp` removed by hand: written again.
    std::fs::remove_file(&init).unwrap();
    build_says(&env.0, &[], "4 files, 1 written, 3 up to date");
    let check = run(&["xpp", "check", s(&env.0)]);
    assert_eq!(code(&check), 0, "{}", stdout(&check));
}

/// Other settings, a damaged state or none at all: the build decides the long way, and the
/// result is the same.
#[test]
fn a_state_for_other_settings_or_damaged_is_not_used() {
    let env = environment();
    settle(&env.0);
    assert_eq!(code(&run(&["xpp", "build", s(&env.0)])), 0);
    let state_path = env.0.join(".xpp/build-state");
    // Built for tasks mode: every file is stale, whatever the state says.
    build_says(&env.0, &["--tasks"], "4 files, 4 written");
    assert!(build_state(&env.0).contains("tasks=true"));
    // Cut short: ignored; the tree is listed, an orphan still found.
    let bytes = std::fs::read(&state_path).unwrap();
    std::fs::write(&state_path, &bytes[..bytes.len() / 2]).unwrap();
    std::fs::remove_file(env.0.join("modules/web/templates/page.epp")).unwrap();
    build_says(
        &env.0,
        &["--tasks"],
        "3 files, 0 written, 3 up to date, 1 removed",
    );
    assert!(build_state(&env.0).ends_with("\nend 3\n"));
    // Gone: the same.
    std::fs::remove_file(&state_path).unwrap();
    build_says(&env.0, &["--tasks"], "3 files, 0 written, 3 up to date");
    assert!(state_path.exists());
}
