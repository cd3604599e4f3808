//! The Debian module path (`/usr/share/puppet/modules`, a directory of links to the modules
//! of the `puppet-module-*` packages): module discovery, the sources of an environment using
//! it, and the index of them all. Each module's files must define what Puppet's loaders expect
//! from their paths. Skipped (with a note) where the packages are not installed.

use std::path::Path;

use puppet_syntax::ParseOptions;
use puppet_workspace::cache::{ParseCache, Vfs};
use puppet_workspace::environment;
use puppet_workspace::index::{self, normalize_name, DefinitionKind, Source};
use puppet_workspace::module::expected_name;

const MODULE_PATH: &str = "/usr/share/puppet/modules";

#[test]
fn the_debian_modules_define_what_their_paths_say() {
    let modulepath = Path::new(MODULE_PATH);
    if !modulepath.is_dir() {
        eprintln!("{MODULE_PATH} is not installed: nothing to check");
        return;
    }
    let envdir = std::env::temp_dir().join("puppet-workspace-no-environment");
    let sources = environment::sources(&envdir, &[modulepath.to_path_buf()], false);
    assert!(sources.problems.is_empty(), "{:?}", sources.problems);
    assert!(sources.modules.modules.len() > 50);
    let vfs = Vfs::new();
    let cache = ParseCache::new();
    let (index, problems) =
        index::build_environment(&sources, &vfs, &cache, &ParseOptions::default());
    assert!(problems.unreadable.is_empty());
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for source in &sources.sources {
        let Some(expected) = expected_name(&source.module, source.dir, &source.inside_dir) else {
            continue;
        };
        let file = vfs.lookup(&source.path).expect("indexed");
        let entry = index.file(file).expect("indexed");
        assert_ne!(entry.source, Source::None, "{}", source.path.display());
        let kinds = DefinitionKind::loaded_from(source.dir);
        if kinds.is_empty() {
            continue;
        }
        checked += 1;
        let defines = entry
            .definitions
            .iter()
            .any(|d| kinds.contains(&d.kind) && normalize_name(&d.name) == expected);
        if !defines {
            mismatches.push(format!(
                "{} does not define {expected}",
                source.path.display()
            ));
        }
    }
    eprintln!("{checked} files checked: {mismatches:#?}");
    assert!(checked > 1000, "{checked}");
    assert!(mismatches.len() * 100 <= checked, "{mismatches:#?}");
}
