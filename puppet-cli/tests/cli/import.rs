//! `puppet-parser validate` reports what `puppet parser validate` reports after validation,
//! importing the file's definitions (the library's `validate/import`): duplicate definitions
//! named by the file's absolute path (Ruby expands the manifest's path), redefined entities,
//! metaparameters as parameter names, type mappings Puppet's type system refuses; standard
//! input has no file; nothing after a validation error. The expected texts are Ruby Puppet
//! 7.23's (`puppet parser validate` run on the same files).

use std::path::Path;
use std::process::Output;

use puppet_test_support::cli::{stdout, TempDir};

use crate::parser;

fn validate_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    parser().run_in(dir, &[&["validate"], args].concat(), stdin)
}

#[test]
fn a_duplicate_class_names_the_expanded_path() {
    let dir = TempDir::new();
    dir.file("sub/x.pp", "class a {}\nclass a {}\n");
    let out = validate_in(&dir.0, &["--format", "json", "sub/../sub/x.pp"], None);
    assert_eq!(out.status.code(), Some(1));
    // Ruby: the working directory as `getcwd` gives it, the path expanded lexically.
    let cwd = std::fs::canonicalize(&dir.0).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().next().unwrap()).expect("one JSON diagnostic");
    assert_eq!(json["issue"], "DUPLICATE_DEFINITION");
    assert_eq!(json["severity"], "error");
    assert_eq!(
        (json["line"].as_u64(), json["column"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(
        json["message"],
        format!(
            "Class 'a' is already defined (file: {}/sub/x.pp, line: 1); cannot redefine",
            cwd.display()
        )
    );
}

#[test]
fn standard_input_has_no_file() {
    let dir = TempDir::new();
    let out = validate_in(
        &dir.0,
        &["-"],
        Some("class a {}\nclass a {}\ndefine d {}\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with(
            "<stdin>:2:1: error[DUPLICATE_DEFINITION]: Class 'a' is already defined (line: 1); cannot redefine\n"
        ),
        "{}",
        stdout(&out)
    );
    let out = validate_in(&dir.0, &["-"], Some("define d {}\ndefine d {}\n"));
    assert!(
        stdout(&out).starts_with(
            "<stdin>:2:1: error[REDEFINED_ENTITY]: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/d'. Originally set at string:?line=1&pos=1.\n"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_metaparameter_with_a_default_is_a_warning_at_the_parameter() {
    let dir = TempDir::new();
    dir.file("pool.pp", "define ceph::pool(\n  $tag = 'x',\n) {}\n");
    let out = validate_in(&dir.0, &["pool.pp"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).starts_with(
            "pool.pp:2:3: warning[METAPARAM_PARAMETER_WITH_DEFAULT]: tag is a metaparam; this value will inherit to all contained resources in the ceph::pool definition\n"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn nothing_is_imported_after_a_validation_error() {
    let dir = TempDir::new();
    dir.file("x.pp", "class C {}\nclass a {}\nclass a($notify) {}\n");
    let out = validate_in(&dir.0, &["--format", "json", "x.pp"], None);
    assert_eq!(out.status.code(), Some(1));
    let issues: Vec<String> = stdout(&out)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["issue"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(issues, ["ILLEGAL_DEFINITION_NAME"]);
}

#[test]
fn a_type_mapping_for_another_runtime_is_refused_as_puppet_refuses_it() {
    let dir = TempDir::new();
    dir.file(
        "m.pp",
        "type Runtime[ruby, 'Ok'] = A::B\ntype Runtime[rubyx, 'it\\'s'] = A::B\n",
    );
    let out = validate_in(&dir.0, &["m.pp"], None);
    assert_eq!(out.status.code(), Some(1));
    // Ruby's message (`puppet parser validate`), raised without a position: ours is at the
    // mapping.
    assert!(
        stdout(&out).starts_with(
            "m.pp:2:6: error[INVALID_TYPE_MAPPING]: First argument of type mapping is incorrect, expects a Runtime[ruby, undef] value, got Runtime[rubyx, 'it\\'s']\n"
        ),
        "{}",
        stdout(&out)
    );
}
