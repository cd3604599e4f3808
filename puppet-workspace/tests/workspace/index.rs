//! The index of definitions on the fixture environment `tests/fixtures/index_env`: what each
//! kind of definition gives, files with syntax errors, lookups, and the update of one file.

use std::path::{Path, PathBuf};

use crate::common::TempTree;
use puppet_syntax::ParseOptions;
use puppet_workspace::cache::{ParseCache, Vfs};
use puppet_workspace::environment::{self, Environment};
use puppet_workspace::index::{self, Definition, DefinitionKind, Index, Source};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/index_env")
}

struct Indexed {
    index: Index,
    vfs: Vfs,
    cache: ParseCache,
    envdir: PathBuf,
}

fn index_fixture() -> Indexed {
    let envdir = fixture();
    let env = Environment::load(&envdir, &[]);
    let sources = environment::sources(&envdir, &env.modulepath, false);
    let vfs = Vfs::new();
    let cache = ParseCache::new();
    let (index, problems) =
        index::build_environment(&sources, &vfs, &cache, &ParseOptions::default());
    assert!(problems.unreadable.is_empty());
    Indexed {
        index,
        vfs,
        cache,
        envdir,
    }
}

fn one<'a>(index: &'a Index, kind: DefinitionKind, name: &str) -> &'a Definition {
    let found = index.lookup(kind, name);
    assert_eq!(found.len(), 1, "{kind:?} {name}: {found:?}");
    found[0]
}

fn text_of(
    envdir: &Path,
    vfs: &Vfs,
    definition: &Definition,
    span: std::ops::Range<u32>,
) -> String {
    let _ = envdir;
    let path = vfs.path(definition.file).expect("interned");
    let source = std::fs::read_to_string(&*path).unwrap();
    source[span.start as usize..span.end as usize].to_owned()
}

#[test]
fn a_class_with_parameters_and_puppet_strings_documentation() {
    let indexed = index_fixture();
    let apache = one(&indexed.index, DefinitionKind::Class, "apache");
    let name_span = apache.name_span.clone().expect("name found");
    assert_eq!(
        text_of(&indexed.envdir, &indexed.vfs, apache, name_span),
        "apache"
    );
    let whole = text_of(&indexed.envdir, &indexed.vfs, apache, apache.span.clone());
    assert!(
        whole.starts_with("class apache (") && whole.ends_with('}'),
        "{whole}"
    );
    let params: Vec<(&str, Option<&str>, Option<&str>)> = apache
        .parameters
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.type_text.as_deref(),
                p.default_text.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        params,
        [
            (
                "service_ensure",
                Some("Enum['running', 'stopped']"),
                Some("'running'")
            ),
            ("modules", Some("Array[String]"), Some("['ssl', 'rewrite']")),
            ("plain", None, None),
        ]
    );
    let doc = apache.doc.as_ref().expect("documented");
    assert_eq!(doc.summary.as_deref(), Some("The Apache HTTP server"));
    assert_eq!(doc.text, "Installs and runs the Apache web server.");
    assert_eq!(
        doc.param("service_ensure"),
        Some("Whether the service runs.")
    );
    assert_eq!(doc.param("modules"), Some("The modules to load"));
    assert!(doc.raw.contains("@example\n  include apache"));
    let path = indexed.vfs.path(apache.file).unwrap();
    assert_eq!(
        &*path,
        indexed.envdir.join("modules/apache/manifests/init.pp")
    );
}

#[test]
fn every_kind_of_definition_is_indexed() {
    let indexed = index_fixture();
    let index = &indexed.index;
    let inner = one(index, DefinitionKind::Class, "apache::inner");
    assert_eq!(
        text_of(
            &indexed.envdir,
            &indexed.vfs,
            inner,
            inner.name_span.clone().unwrap()
        ),
        "inner"
    );
    let ssl = one(index, DefinitionKind::DefinedType, "Apache::Vhost::SSL");
    assert_eq!(
        ssl.doc.as_ref().unwrap().summary.as_deref(),
        Some("An SSL virtual host")
    );
    assert_eq!(
        ssl.parameters[0].type_text.as_deref(),
        Some("Integer[1, 65535]")
    );
    assert_eq!(ssl.parameters[0].default_text.as_deref(), Some("443"));
    let url = one(index, DefinitionKind::Function, "apache::url");
    assert!(url.parameters[1].captures_rest);
    assert_eq!(url.parameters[1].name, "rest");
    assert_eq!(url.doc.as_ref().unwrap().param("host"), Some("The host"));
    let port = one(index, DefinitionKind::TypeAlias, "apache::port");
    assert_eq!(port.name, "Apache::Port");
    assert_eq!(port.doc.as_ref().unwrap().text, "A TCP port.");
    assert_eq!(
        text_of(&indexed.envdir, &indexed.vfs, port, port.span.clone()),
        "type Apache::Port = Integer[1, 65535]"
    );
    assert_eq!(
        text_of(
            &indexed.envdir,
            &indexed.vfs,
            port,
            port.name_span.clone().unwrap()
        ),
        "Apache::Port"
    );
    let deploy = one(index, DefinitionKind::Plan, "apache::deploy");
    assert_eq!(
        deploy.parameters[0].type_text.as_deref(),
        Some("TargetSpec")
    );
    for node in ["web01.example.com", "/^db\\d+$/", "default"] {
        one(index, DefinitionKind::Node, node);
    }
    // The template defines nothing; the environment has 7 manifests besides it.
    assert_eq!(index.file_count(), 8);
    assert!(index
        .lookup(DefinitionKind::Class, "apache::url")
        .is_empty());
    assert_eq!(index.lookup_any("apache::url").len(), 1);
}

#[test]
fn a_file_with_syntax_errors_is_indexed_from_its_cst() {
    let indexed = index_fixture();
    let broken = one(&indexed.index, DefinitionKind::Class, "broken");
    let entry = indexed.index.file(broken.file).unwrap();
    assert_eq!(entry.source, Source::Cst);
    assert_eq!(broken.parameters[0].name, "x");
    assert_eq!(broken.parameters[0].type_text.as_deref(), Some("String"));
    assert_eq!(broken.parameters[0].default_text.as_deref(), Some("'a'"));
    assert_eq!(broken.doc.as_ref().unwrap().text, "Half written.");
    let thing = one(&indexed.index, DefinitionKind::DefinedType, "broken::thing");
    assert_eq!(thing.doc.as_ref().unwrap().text, "Still indexed.");
    assert_eq!(
        text_of(
            &indexed.envdir,
            &indexed.vfs,
            thing,
            thing.name_span.clone().unwrap()
        ),
        "broken::thing"
    );
    let apache = one(&indexed.index, DefinitionKind::Class, "apache");
    assert_eq!(
        indexed.index.file(apache.file).unwrap().source,
        Source::Model
    );
}

#[test]
fn updating_one_file_replaces_its_definitions_only() {
    let mut indexed = index_fixture();
    let tree = TempTree::new();
    let path = tree.file("x.pp", "class first {}\nclass apache {}\n");
    let file = indexed.vfs.intern(&path);
    let options = ParseOptions::default();
    let bytes = std::fs::read(&path).unwrap();
    indexed
        .index
        .index_source(&indexed.cache, file, &path, &bytes, &options);
    assert_eq!(
        indexed.index.lookup(DefinitionKind::Class, "apache").len(),
        2
    );
    indexed
        .index
        .index_source(&indexed.cache, file, &path, b"class second {}\n", &options);
    assert!(indexed
        .index
        .lookup(DefinitionKind::Class, "first")
        .is_empty());
    assert_eq!(
        indexed.index.lookup(DefinitionKind::Class, "second").len(),
        1
    );
    assert_eq!(
        indexed.index.lookup(DefinitionKind::Class, "apache").len(),
        1
    );
    indexed.index.remove_file(file);
    assert!(indexed
        .index
        .lookup(DefinitionKind::Class, "second")
        .is_empty());
    assert!(indexed.index.file(file).is_none());
}

#[test]
fn building_again_parses_nothing_and_unreadable_files_are_reported() {
    let indexed = index_fixture();
    let (hits_before, misses_before) = indexed.cache.stats();
    assert_eq!(hits_before, 0);
    let envdir = &indexed.envdir;
    let env = Environment::load(envdir, &[]);
    let sources = environment::sources(envdir, &env.modulepath, false);
    let (again, _) = index::build_environment(
        &sources,
        &indexed.vfs,
        &indexed.cache,
        &ParseOptions::default(),
    );
    assert_eq!(indexed.cache.stats(), (misses_before, misses_before));
    assert_eq!(
        again.definitions().count(),
        indexed.index.definitions().count()
    );
    let (_, problems) = index::build(
        &[envdir.join("missing.pp")],
        &indexed.vfs,
        &indexed.cache,
        &ParseOptions::default(),
    );
    assert_eq!(problems.unreadable.len(), 1);
}
