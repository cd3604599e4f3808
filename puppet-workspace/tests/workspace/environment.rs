//! Environments, modules and the module path on fixture trees: discovery as Puppet does it,
//! `environment.conf`, the sources of an environment and their `.xpp` locations.

use std::path::{Path, PathBuf};

use crate::common::TempTree;
use puppet_syntax::ParseOptions;
use puppet_workspace::environment::{self, Environment, ENVIRONMENT_MODULE};
use puppet_workspace::module::{expected_name, ModuleDir, ModulePath};

#[test]
fn the_module_path_keeps_the_first_module_of_a_name_and_only_module_names() {
    let tree = TempTree::new();
    tree.file("first/web/manifests/init.pp", "class web {}");
    tree.file("second/web/manifests/init.pp", "class web {}");
    tree.file("second/db/manifests/init.pp", "class db {}");
    tree.dir("second/Not-A-Module");
    tree.file("second/file_not_dir", "");
    tree.dir("second/environment");
    tree.file("elsewhere/linked/manifests/init.pp", "");
    tree.link("second/linked", "../elsewhere/linked");
    let modules = ModulePath::discover(&[
        tree.join("first"),
        tree.join("second"),
        tree.join("missing"),
    ]);
    let names: Vec<&str> = modules.modules.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["web", "db", "linked"]);
    assert_eq!(modules.find("web").unwrap().dir, tree.join("first/web"));
    assert_eq!(modules.find("db").unwrap().entry, 1);
    assert_eq!(modules.shadowed.len(), 1);
    assert_eq!(modules.shadowed[0].dir, tree.join("second/web"));
    assert_eq!(modules.reserved, [tree.join("second/environment")]);
    assert_eq!(modules.entries.len(), 3);
    assert!(modules.entries[2].metadata.is_none());
}

#[test]
fn expected_names_follow_puppets_loaders() {
    let cases: [(ModuleDir, &str, Option<&str>); 9] = [
        (ModuleDir::Manifests, "init.pp", Some("apache")),
        (
            ModuleDir::Manifests,
            "vhost/ssl.pp",
            Some("apache::vhost::ssl"),
        ),
        (ModuleDir::Functions, "init.pp", Some("apache::init")),
        (ModuleDir::Functions, "a/b.pp", Some("apache::a::b")),
        (ModuleDir::Types, "Port.pp", Some("apache::port")),
        (ModuleDir::Plans, "init.pp", Some("apache")),
        (ModuleDir::Plans, "deploy.pp", Some("apache::deploy")),
        (ModuleDir::Templates, "x.epp", None),
        (ModuleDir::Manifests, "notes.txt", None),
    ];
    for (dir, inside, expected) in cases {
        assert_eq!(
            expected_name("apache", dir, Path::new(inside)).as_deref(),
            expected,
            "{dir:?} {inside}"
        );
    }
}

#[test]
fn a_file_is_located_in_its_module_and_directory() {
    let tree = TempTree::new();
    tree.file("modules/apache/manifests/vhost/ssl.pp", "");
    let modules = ModulePath::discover(&[tree.join("modules")]);
    let found = modules
        .locate(&tree.join("modules/apache/manifests/vhost/ssl.pp"))
        .expect("in a module");
    assert_eq!(found.module.name, "apache");
    assert_eq!(found.dir, ModuleDir::Manifests);
    assert_eq!(found.inside_dir, Path::new("vhost/ssl.pp"));
    assert_eq!(found.expected_name().as_deref(), Some("apache::vhost::ssl"));
    assert!(modules
        .locate(&tree.join("modules/apache/lib/x.pp"))
        .is_none());
    assert!(modules.locate(&tree.join("other/x.pp")).is_none());
}

#[test]
fn environment_directories_are_recognised() {
    let tree = TempTree::new();
    tree.dir("a/manifests");
    tree.dir("b/modules");
    tree.file("c/environment.conf", "");
    tree.dir("d/lib");
    for (dir, is_env) in [("a", true), ("b", true), ("c", true), ("d", false)] {
        assert_eq!(
            Environment::is_environment_dir(&tree.join(dir)),
            is_env,
            "{dir}"
        );
    }
}

#[test]
fn the_default_module_path_is_the_modules_directory_then_the_base_module_path() {
    let tree = TempTree::new();
    tree.dir("env/manifests");
    let base = vec![PathBuf::from("/etc/puppet/code/modules")];
    let env = Environment::load(&tree.join("env"), &base);
    assert_eq!(env.modulepath, [tree.join("env/modules"), base[0].clone()]);
    assert_eq!(env.manifest, tree.join("env/manifests"));
    assert!(env.problems.is_empty());
}

#[test]
fn environment_conf_sets_the_module_path_and_manifest() {
    let tree = TempTree::new();
    tree.dir("env/site/a");
    tree.dir("env/site/b");
    tree.file("env/site/not_a_dir_but_matches", "");
    tree.file(
        "env/environment.conf",
        "# comment\nmodulepath = site/*:modules:$basemodulepath:/abs/mods:$codedir/x\n\
         manifest = site.pp\nenvironment_timeout = 0\nbogus = 1\n[agent]\nmodulepath = ignored\n",
    );
    let base = vec![PathBuf::from("/base1"), PathBuf::from("/base2")];
    let env = Environment::load(&tree.join("env"), &base);
    assert_eq!(
        env.modulepath,
        [
            tree.join("env/site/a"),
            tree.join("env/site/b"),
            tree.join("env/site/not_a_dir_but_matches"),
            tree.join("env/modules"),
            PathBuf::from("/base1"),
            PathBuf::from("/base2"),
            PathBuf::from("/abs/mods"),
        ]
    );
    assert_eq!(env.manifest, tree.join("env/site.pp"));
    assert_eq!(env.problems.len(), 2, "{:?}", env.problems);
}

#[test]
fn an_unreadable_or_binary_environment_conf_does_not_panic() {
    let tree = TempTree::new();
    std::fs::create_dir_all(tree.join("env")).unwrap();
    std::fs::write(
        tree.join("env/environment.conf"),
        b"\xff\xfe\x00modulepath\n=\n",
    )
    .unwrap();
    let env = Environment::load(&tree.join("env"), &[]);
    assert_eq!(env.modulepath, [tree.join("env/modules")]);
    tree.dir("env2/environment.conf");
    let env2 = Environment::load(&tree.join("env2"), &[]);
    assert_eq!(env2.problems.len(), 1);
}

#[test]
fn the_sources_of_an_environment_and_their_xpp_locations() {
    let tree = TempTree::new();
    tree.file("env/manifests/site.pp", "");
    tree.file("env/manifests/nodes/web.pp", "");
    tree.file("env/modules/web/manifests/init.pp", "");
    tree.file("env/modules/web/functions/url.pp", "");
    tree.file("env/modules/web/types/port.pp", "");
    tree.file("env/modules/web/plans/init.pp", "");
    tree.file("env/modules/web/templates/page.epp", "");
    tree.file("env/modules/web/templates/not_a_template.pp", "");
    tree.file("env/modules/web/lib/ignored.pp", "");
    tree.file("env/modules/web/tasks/run.sh", "");
    tree.link("env/modules/web/manifests/loop", ".");
    let envdir = tree.join("env");
    let env = Environment::load(&envdir, &[]);
    let found = environment::sources(&envdir, &env.modulepath, false);
    assert!(found.problems.is_empty());
    let listed: Vec<String> = found
        .sources
        .iter()
        .map(|s| format!("{}:{}:{}", s.module, s.dir.name(), s.inside_dir.display()))
        .collect();
    assert_eq!(
        listed,
        [
            "environment:manifests:nodes/web.pp",
            "environment:manifests:site.pp",
            "web:functions:url.pp",
            "web:manifests:init.pp",
            "web:plans:init.pp",
            "web:templates:page.epp",
            "web:types:port.pp",
        ]
    );
    assert!(found.sources.iter().any(|s| s.is_epp()));
    let xpp = |path: &str| environment::xpp_location(&envdir, &found.modules, &tree.join(path));
    assert_eq!(
        xpp("env/modules/web/manifests/init.pp"),
        Some(tree.join("env/.xpp/modules/web/manifests/init.xpp"))
    );
    assert_eq!(
        xpp("env/manifests/nodes/web.pp"),
        Some(tree.join(&format!(
            "env/.xpp/modules/{ENVIRONMENT_MODULE}/manifests/nodes/web.xpp"
        )))
    );
    assert_eq!(
        xpp("env/modules/web/templates/page.epp"),
        Some(tree.join("env/.xpp/modules/web/templates/page.xpp"))
    );
    assert_eq!(xpp("env/modules/web/templates/not_a_template.pp"), None);
    assert_eq!(xpp("env/modules/web/lib/ignored.pp"), None);
    assert_eq!(xpp("elsewhere/x.pp"), None);
    // The same answers from (directory, name) pairs, as the Ruby gem has the modules.
    let web = tree.join("env/modules/web");
    let pairs = [(web.as_path(), "web")];
    for path in [
        "env/modules/web/manifests/init.pp",
        "env/manifests/site.pp",
        "env/modules/web/templates/not_a_template.pp",
        "env/modules/web/lib/ignored.pp",
        "env/modules/web",
    ] {
        assert_eq!(
            environment::xpp_location_in(&envdir, pairs, &tree.join(path)),
            xpp(path),
            "{path}"
        );
    }
}

#[test]
fn broken_metadata_is_reported_and_missing_metadata_is_not() {
    let tree = TempTree::new();
    tree.file(
        "modules/good/metadata.json",
        r#"{"name": "me-good", "version": "1.0.0"}"#,
    );
    tree.file("modules/bad/metadata.json", "{\"name\": ");
    tree.dir("modules/none");
    let modules = ModulePath::discover(&[tree.join("modules")]);
    let options = ParseOptions::default();
    let problem = |name: &str| {
        modules
            .find(name)
            .unwrap()
            .metadata_problem("metadata.json", &options)
    };
    assert!(problem("good").is_none());
    assert!(problem("none").is_none());
    let (text, diagnostic) = problem("bad").expect("a JSON error");
    assert_eq!(text, b"{\"name\": ");
    assert_eq!(diagnostic.code.as_str(), "INVALID_MODULE_METADATA");
}
