//! The client's folders read as Puppet code: each folder is an environment (its
//! `environment.conf`, `manifests/` and module path: the `modulePath` setting, else the
//! `environment.conf`'s, else `modules/` and `site/`), a module (`metadata.json` or
//! `manifests/`), or, failing both, a tree of Puppet files. Every file is parsed in parallel
//! (rayon) and kept as its definitions (the `puppet-workspace` index) and its references, not
//! as its tree, so that a large code base costs megabytes; open documents replace their file's
//! entry on every edit.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use puppet_workspace::cache::{FileId, Vfs};
use puppet_workspace::environment::{self, Environment};
use puppet_workspace::index::{Definition, DefinitionKind, Index, Source};
use puppet_workspace::module::ModuleDir;
use puppet_workspace::walk::{self, WalkOptions};
use rayon::prelude::*;

use crate::config::Config;
use crate::refs::Reference;

/// The indexed code of the client's folders.
#[derive(Default)]
pub struct Workspace {
    pub roots: Vec<PathBuf>,
    pub vfs: Arc<Vfs>,
    pub index: Index,
    /// Each file's references (definitions included).
    pub refs: HashMap<FileId, Arc<[Reference]>>,
    /// The files found on disk (open documents not saved yet are not among them).
    pub files: Vec<PathBuf>,
    /// The YAML files of the data directories (Hiera keys name class parameters).
    pub data_files: Vec<PathBuf>,
}

/// What indexing did, for the log and the benchmark.
#[derive(Debug, Default, Clone)]
pub struct IndexStats {
    pub files: usize,
    pub definitions: usize,
    pub references: usize,
    pub unreadable: usize,
    pub millis: u128,
}

/// One file's entry, as parsed.
type Indexed = (FileId, Vec<Definition>, Source, Vec<Reference>);

/// Where the Puppet files of a folder are.
fn sources_of(root: &Path, config: &Config) -> Vec<(PathBuf, bool)> {
    let walk_all = || -> Vec<(PathBuf, bool)> {
        let inputs = walk::collect(&[root.to_path_buf()], WalkOptions::default());
        inputs
            .files
            .into_iter()
            .map(|p| {
                let tasks = config.tasks || p.components().any(|c| c.as_os_str() == "plans");
                (p, tasks)
            })
            .collect()
    };
    // A module (its metadata.json) is read whole; so is a folder that is neither a module nor
    // an environment. The `modulePath` setting makes any folder an environment, whose module
    // path it is (a module's own files are read too).
    // (A module without metadata.json: manifests/ and nothing of an environment beside it.)
    let is_module = root.join("metadata.json").is_file()
        || (root.join("manifests").is_dir()
            && !root.join("environment.conf").is_file()
            && !root.join("modules").is_dir()
            && !root.join("site").is_dir());
    if config.module_path.is_none() && (is_module || !Environment::is_environment_dir(root)) {
        return walk_all();
    }
    let env = match &config.module_path {
        Some(entries) => {
            let entries = entries
                .iter()
                .map(|e| {
                    if e.is_absolute() {
                        e.clone()
                    } else {
                        root.join(e)
                    }
                })
                .collect();
            Environment::with_modulepath(root, entries)
        }
        None if root.join("environment.conf").is_file() => Environment::load(root, &[]),
        None => Environment::with_modulepath(root, vec![root.join("modules"), root.join("site")]),
    };
    let found = environment::sources(&env.dir, &env.modulepath, false);
    let mut sources: Vec<(PathBuf, bool)> = found
        .sources
        .into_iter()
        .map(|s| {
            let tasks = config.tasks || s.dir == ModuleDir::Plans;
            (s.path, tasks)
        })
        .collect();
    if is_module {
        sources.extend(walk_all());
    }
    sources
}

/// The Hiera data files of a folder: `data/**/*.yaml` of the environment and its modules.
fn data_files_of(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = files
        .iter()
        .filter_map(|f| {
            let manifests = f
                .ancestors()
                .find(|a| a.file_name().is_some_and(|n| n == "manifests"))?;
            Some(manifests.parent()?.join("data"))
        })
        .collect();
    roots.sort();
    roots.dedup();
    let mut found = Vec::new();
    for root in roots.iter().filter(|r| r.is_dir()) {
        let mut stack = vec![root.clone()];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                    found.push(path);
                }
            }
        }
    }
    found.sort();
    found
}

impl Workspace {
    /// Indexes `roots` as `config` says, in parallel on the current rayon pool.
    pub fn build(roots: Vec<PathBuf>, config: &Config) -> (Workspace, IndexStats) {
        let started = Instant::now();
        let mut inputs: Vec<(PathBuf, bool)> =
            roots.iter().flat_map(|r| sources_of(r, config)).collect();
        inputs.sort();
        inputs.dedup_by(|a, b| a.0 == b.0);
        let vfs = Arc::new(Vfs::new());
        let base = config.parse_options();
        let parsed: Vec<Option<Indexed>> = inputs
            .par_iter()
            .map(|(path, tasks)| {
                let file = vfs.intern(path);
                let bytes = match std::fs::read(path) {
                    Ok(bytes) => bytes,
                    Err(err) => {
                        log::warn!(path = path.to_string_lossy().as_ref(); "cannot index the file: {err}");
                        return None;
                    }
                };
                let epp = path.extension().is_some_and(|e| e == "epp");
                let options = base
                    .clone()
                    .file(path.to_string_lossy())
                    .epp(epp)
                    .tasks(*tasks);
                let result = puppet_syntax::parse(&bytes, &options);
                let (definitions, source, refs) = crate::analysis::index_parts(&result, file, epp);
                Some((file, definitions, source, refs))
            })
            .collect();
        let mut workspace = Workspace {
            roots,
            vfs,
            ..Workspace::default()
        };
        let mut stats = IndexStats::default();
        for entry in parsed {
            let Some((file, definitions, source, refs)) = entry else {
                stats.unreadable += 1;
                continue;
            };
            stats.files += 1;
            stats.definitions += definitions.len();
            stats.references += refs.len();
            workspace.index.update_file(file, definitions, source);
            workspace.refs.insert(file, refs.into());
        }
        workspace.files = inputs.into_iter().map(|(p, _)| p).collect();
        workspace.data_files = data_files_of(&workspace.files);
        stats.millis = started.elapsed().as_millis();
        (workspace, stats)
    }

    /// Replaces the entry of `file` (a document's new version, or a file changed on disk).
    pub fn update(
        &mut self,
        file: FileId,
        definitions: Vec<Definition>,
        source: Source,
        refs: Vec<Reference>,
    ) {
        self.index.update_file(file, definitions, source);
        self.refs.insert(file, refs.into());
    }

    /// Replaces the entry of a document's file with what its analysis found.
    pub fn update_entry(&mut self, entry: crate::analysis::IndexEntry) {
        let file = self.vfs.intern(&entry.path);
        let definitions = entry
            .definitions
            .into_iter()
            .map(|mut d| {
                d.file = file;
                d
            })
            .collect();
        self.update(file, definitions, entry.source, entry.refs);
    }

    /// Reads `path` from disk and indexes it again (or forgets it when it is gone).
    pub fn refresh_from_disk(&mut self, path: &Path, config: &Config) {
        let file = self.vfs.intern(path);
        match std::fs::read(path) {
            Ok(bytes) => {
                let epp = path.extension().is_some_and(|e| e == "epp");
                let tasks = config.tasks || path.components().any(|c| c.as_os_str() == "plans");
                let options = config
                    .parse_options()
                    .file(path.to_string_lossy())
                    .epp(epp)
                    .tasks(tasks);
                let result = puppet_syntax::parse(&bytes, &options);
                let (definitions, source, refs) = crate::analysis::index_parts(&result, file, epp);
                self.update(file, definitions, source, refs);
                if !self.files.iter().any(|f| f == path) {
                    self.files.push(path.to_path_buf());
                }
            }
            Err(_) => {
                self.index.remove_file(file);
                self.refs.remove(&file);
                self.files.retain(|f| f != path);
            }
        }
    }

    /// The definitions of `kind` named `name`.
    pub fn lookup(&self, kind: DefinitionKind, name: &str) -> Vec<&Definition> {
        self.index.lookup(kind, name)
    }

    /// The path of `file`.
    pub fn path(&self, file: FileId) -> Option<PathBuf> {
        self.vfs.path(file).map(|p| p.to_path_buf())
    }
}
