//! The file walk: each real file once under its shortest name, links followed without loops,
//! and the ignore files of the walked tree.

use std::path::PathBuf;

use crate::common::TempTree;
use puppet_workspace::walk::{collect, Identity, NamedFiles, WalkOptions};

fn walk(tree: &TempTree, roots: &[&str], options: WalkOptions) -> Vec<String> {
    let roots: Vec<PathBuf> = roots.iter().map(|r| tree.join(r)).collect();
    let found = collect(&roots, options);
    assert!(found.problems.is_empty(), "{:?}", found.problems);
    tree.relative(&found.files)
}

fn with_ignores() -> WalkOptions {
    WalkOptions::default()
}

fn without_ignores() -> WalkOptions {
    WalkOptions {
        ignore_files: false,
    }
}

#[test]
fn finds_puppet_files_only_in_byte_order() {
    let tree = TempTree::new();
    tree.file("m/manifests/init.pp", "class m {}");
    tree.file("m/templates/t.epp", "x");
    tree.file("m/README.md", "x");
    tree.file("m/manifests/B.pp", "");
    let found = collect(&[tree.join("m")], with_ignores());
    assert!(found.had_directory);
    assert_eq!(
        tree.relative(&found.files),
        [
            "m/manifests/B.pp",
            "m/manifests/init.pp",
            "m/templates/t.epp"
        ]
    );
}

#[test]
fn a_link_back_into_the_tree_gives_each_file_once_under_its_own_name() {
    let tree = TempTree::new();
    tree.file("logrotate/manifests/init.pp", "");
    tree.link(
        "logrotate/spec/fixtures/modules/logrotate/manifests",
        "../../../../manifests",
    );
    assert_eq!(
        walk(&tree, &["logrotate"], with_ignores()),
        ["logrotate/manifests/init.pp"]
    );
}

#[test]
fn a_link_loop_ends_and_linked_directories_are_walked_once() {
    let tree = TempTree::new();
    tree.file("a/x.pp", "");
    tree.link("a/sub/loop", "..");
    tree.link("a/self", ".");
    tree.file("elsewhere/y.pp", "");
    tree.link("a/z1", "../elsewhere");
    tree.link("a/z2", "../elsewhere");
    assert_eq!(walk(&tree, &["a"], with_ignores()), ["a/x.pp", "a/z1/y.pp"]);
}

#[test]
fn overlapping_paths_give_each_file_once() {
    let tree = TempTree::new();
    tree.file("a/b/x.pp", "");
    assert_eq!(
        walk(&tree, &["a", "a/b", "a/b/x.pp"], with_ignores()),
        ["a/b/x.pp"]
    );
}

#[test]
fn missing_named_files_are_kept_and_broken_links_named_like_puppet_files_too() {
    let tree = TempTree::new();
    tree.dir("d");
    tree.link("d/broken.pp", "nowhere.pp");
    tree.link("d/broken-dir", "nowhere");
    let roots = [tree.join("d"), tree.join("missing.pp")];
    let found = collect(&roots, with_ignores());
    assert_eq!(tree.relative(&found.files), ["d/broken.pp", "missing.pp"]);
}

#[cfg(unix)]
#[test]
fn names_that_are_not_utf8_are_walked() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let tree = TempTree::new();
    let dir = tree.dir("d").join(OsStr::from_bytes(b"caf\xe9"));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(OsStr::from_bytes(b"\xff.pp")), "").unwrap();
    let found = collect(&[tree.join("d")], with_ignores());
    assert_eq!(found.files, [dir.join(OsStr::from_bytes(b"\xff.pp"))]);
}

#[test]
fn gitignore_rules_apply_inside_a_repository() {
    let tree = TempTree::new();
    tree.dir("repo/.git/info");
    tree.file(".gitignore", "*.pp\n"); // above the repository: not git's
    tree.file(
        "repo/.gitignore",
        "spec/fixtures/\n*.tmp.pp\n!keep.tmp.pp\n",
    );
    tree.file("repo/.git/info/exclude", "local.pp\n");
    tree.file("repo/manifests/init.pp", "");
    tree.file("repo/manifests/x.tmp.pp", "");
    tree.file("repo/manifests/keep.tmp.pp", "");
    tree.file("repo/manifests/local.pp", "");
    tree.file("repo/spec/fixtures/modules/m/manifests/init.pp", "");
    tree.file("repo/spec/classes/fixtures/ok.pp", ""); // `spec/fixtures/` is anchored
    tree.file("repo/sub/.gitignore", "/only_here.pp\n");
    tree.file("repo/sub/only_here.pp", "");
    tree.file("repo/sub/deeper/only_here.pp", "");
    assert_eq!(
        walk(&tree, &["repo"], with_ignores()),
        [
            "repo/manifests/init.pp",
            "repo/manifests/keep.tmp.pp",
            "repo/spec/classes/fixtures/ok.pp",
            "repo/sub/deeper/only_here.pp",
        ]
    );
    assert_eq!(walk(&tree, &["repo"], without_ignores()).len(), 8);
}

#[test]
fn gitignore_files_outside_a_repository_are_not_read_but_ignore_files_are() {
    let tree = TempTree::new();
    tree.file("plain/.gitignore", "a.pp\n");
    tree.file("plain/.ignore", "b.pp\n");
    tree.file("plain/a.pp", "");
    tree.file("plain/b.pp", "");
    assert_eq!(walk(&tree, &["plain"], with_ignores()), ["plain/a.pp"]);
}

#[test]
fn an_ignore_file_outranks_a_gitignore_file() {
    let tree = TempTree::new();
    tree.dir("repo/.git");
    tree.file("repo/.gitignore", "vendor/\n");
    tree.file("repo/.ignore", "!vendor/\n");
    tree.file("repo/vendor/v.pp", "");
    assert_eq!(walk(&tree, &["repo"], with_ignores()), ["repo/vendor/v.pp"]);
}

#[test]
fn the_rules_of_the_repository_apply_to_a_walked_subdirectory() {
    let tree = TempTree::new();
    tree.dir("repo/.git");
    tree.file("repo/.gitignore", "/modules/m/generated/\nbuild/\n");
    tree.file("repo/modules/m/manifests/init.pp", "");
    tree.file("repo/modules/m/generated/g.pp", "");
    tree.file("repo/modules/m/build/b.pp", "");
    assert_eq!(
        walk(&tree, &["repo/modules/m"], with_ignores()),
        ["repo/modules/m/manifests/init.pp"]
    );
}

#[test]
fn named_files_and_directories_are_taken_even_when_ignored() {
    let tree = TempTree::new();
    tree.dir("repo/.git");
    tree.file("repo/.gitignore", "ignored/\nskip.pp\n");
    tree.file("repo/ignored/i.pp", "");
    tree.file("repo/skip.pp", "");
    assert_eq!(
        walk(&tree, &["repo/ignored", "repo/skip.pp"], with_ignores()),
        ["repo/ignored/i.pp", "repo/skip.pp"]
    );
    assert_eq!(walk(&tree, &["repo"], with_ignores()), Vec::<String>::new());
}

#[test]
fn an_ignored_link_is_not_followed_and_a_nested_repository_stops_outer_gitignores() {
    let tree = TempTree::new();
    tree.dir("repo/.git");
    tree.file("repo/.gitignore", "linked\nnested.pp\n");
    tree.file("outside/o.pp", "");
    tree.link("repo/linked", "../outside");
    tree.dir("repo/inner/.git");
    tree.file("repo/inner/nested.pp", "");
    tree.file("repo/nested.pp", "");
    assert_eq!(
        walk(&tree, &["repo"], with_ignores()),
        ["repo/inner/nested.pp"]
    );
    assert_eq!(
        walk(&tree, &["repo"], without_ignores()),
        ["repo/inner/nested.pp", "repo/linked/o.pp", "repo/nested.pp"]
    );
}

#[test]
fn a_broken_ignore_file_does_not_stop_the_walk() {
    let tree = TempTree::new();
    // A pattern that is not a glob, then bytes that are not UTF-8.
    std::fs::create_dir_all(tree.join("d")).unwrap();
    std::fs::write(tree.join("d/.ignore"), b"skip.pp\n[\n\xff\xfe\n").unwrap();
    tree.file("d/skip.pp", "");
    tree.file("d/keep.pp", "");
    tree.dir("e/.ignore"); // a directory, not a file
    tree.file("e/x.pp", "");
    let found = walk(&tree, &["d", "e"], with_ignores());
    // The lines read before the bad ones still apply.
    assert_eq!(found, ["d/keep.pp", "e/x.pp"]);
}

#[test]
fn named_files_are_identified_while_read_with_the_same_answer_as_the_walk() {
    let tree = TempTree::new();
    tree.file("a/x.pp", "");
    tree.link("b", "a");
    let paths = vec![
        tree.join("b/x.pp"),
        tree.join("a/x.pp"),
        tree.join("a/missing.pp"),
    ];
    let named = NamedFiles::of(&paths).expect("all named like Puppet files");
    let identities: Vec<Identity> = named.paths.iter().map(|p| named.identify(p)).collect();
    assert_eq!(identities[0], Identity::File(None));
    let keep = named.first_names(&identities).expect("no directory");
    let kept: Vec<PathBuf> = named
        .paths
        .iter()
        .zip(keep)
        .filter(|(_, keep)| *keep)
        .map(|(p, _)| p.clone())
        .collect();
    assert_eq!(tree.relative(&kept), ["a/missing.pp", "a/x.pp"]);
    assert!(NamedFiles::of(&[tree.join("a")]).is_none());
}
