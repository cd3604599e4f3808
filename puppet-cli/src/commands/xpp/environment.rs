//! What `xpp build` and `xpp check` look at: every source Puppet can load from an environment
//! and where its `.xpp` goes (`puppet_workspace::environment`: the environment's own
//! `manifests/**/*.pp` as module `environment`, and each module's `manifests/`, `functions/`,
//! `types/`, `plans/` and `templates/`, modules found on the module path as Puppet finds them).
//!
//! A source `M/<dir>/x.pp` (or `x.epp`) of module `M` gets
//! `ENVDIR/.xpp/modules/M/<dir>/x.xpp`. The file name recorded inside is relative to the
//! environment when the source is under it (`modules/M/manifests/x.pp`), absolute otherwise.
//!
//! The walk also says which directories its answer depends on ([`Watched`]): those it listed,
//! the module directories whose subdirectories it looked for, and the module path entries. As
//! long as none of them changed (a directory's modification time changes whenever an entry is
//! added, removed or renamed in it), the same walk finds the same files: `state.rs` keeps them
//! so that a build with nothing to do lists no directory.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::report::escape_path;
use puppet_workspace::environment::{self as workspace, EnvironmentSources};
use rayon::prelude::*;

use super::state::FileId;

pub use puppet_workspace::environment::{xpp_root, ENVIRONMENT_MODULE};

/// One source and its `.xpp`.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file to read.
    pub path: PathBuf,
    /// The file name recorded in the XPP (and used in diagnostics).
    pub name: String,
    /// Where its `.xpp` goes.
    pub xpp: PathBuf,
    /// Parsed as an EPP template.
    pub epp: bool,
    /// The file's metadata, taken during the walk (through the directory it is in: cheaper than
    /// a `stat` of its whole path later), when it could be.
    pub metadata: Option<std::fs::Metadata>,
}

impl Source {
    /// The source at `path`, whose `.xpp` is `xpp`, in environment `envdir`.
    pub fn new(
        path: PathBuf,
        xpp: PathBuf,
        envdir: &Path,
        metadata: Option<std::fs::Metadata>,
    ) -> Source {
        let name = match path.strip_prefix(envdir) {
            Ok(relative) => relative.display().to_string(),
            Err(_) => path.display().to_string(),
        };
        Source {
            epp: path.extension().is_some_and(|e| e == "epp"),
            xpp,
            path,
            name,
            metadata,
        }
    }
}

/// A path the walk's answer depends on, and what it was then: a directory (its identity, with
/// its modification time) or nothing (a tree that did not exist, in a directory not watched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watched {
    pub path: PathBuf,
    pub id: Option<FileId>,
}

/// What a walk of the environment found.
pub struct Walk {
    /// Every loadable source, sorted by `.xpp` path.
    pub sources: Vec<Source>,
    /// The problems met (unreadable directories), as messages.
    pub problems: Vec<String>,
    /// What the answer depends on (see the module docs).
    pub watched: Vec<Watched>,
}

/// Every loadable source of the environment (see [`Walk`]). The modules are walked in
/// parallel (on the current rayon pool): the walk is all system calls, and it comes before the
/// build.
pub fn sources(envdir: &Path, modulepath: &[PathBuf]) -> Walk {
    let mut watched = Vec::new();
    let environment_manifests = envdir.join("manifests");
    if !environment_manifests.exists() {
        // Its parent, the environment, changes whenever `.xpp` is made: the path is watched.
        watched.push(Watched {
            path: environment_manifests,
            id: None,
        });
    }
    let EnvironmentSources {
        sources: found,
        modules,
        problems,
        listed,
    } = workspace::sources(envdir, modulepath, true);
    for entry in &modules.entries {
        watched.push(Watched {
            path: entry.dir.clone(),
            id: entry.metadata.as_ref().and_then(FileId::of),
        });
    }
    for reserved in &modules.reserved {
        // PRFC-23 keeps `environment` for the environment's own files, and Puppet cannot load
        // a module named as one of its own loaders either.
        log::warn!(
            code = "RESERVED_MODULE_NAME",
            path = escape_path(reserved).as_ref();
            "module skipped: its name is that of one of Puppet's own loaders (Puppet fails on \
             every file with such a module on the module path; '{ENVIRONMENT_MODULE}' is also \
             the name of the environment's own files in .xpp); rename the module"
        );
    }
    // A module's subdirectories are looked for, not listed: their coming or going changes it.
    for module in &modules.modules {
        watched.push(Watched {
            path: module.dir.clone(),
            id: FileId::of(&module.metadata),
        });
    }
    watched.extend(listed.iter().map(|(path, metadata)| Watched {
        path: path.clone(),
        id: FileId::of(metadata),
    }));
    let mut out: Vec<Source> = found
        .into_iter()
        .map(|source| {
            let xpp = workspace::xpp_path(envdir, &source.module, source.dir, &source.inside_dir);
            Source::new(source.path, xpp, envdir, source.metadata)
        })
        .collect();
    // By bytes: a comparison of path components costs more than the rest of a build with
    // nothing to do (the order only needs to be fixed, and equal paths side by side).
    out.sort_unstable_by(|a, b| a.xpp.as_os_str().cmp(b.xpp.as_os_str()));
    out.dedup_by(|a, b| a.xpp == b.xpp);
    Walk {
        sources: out,
        problems,
        watched,
    }
}

/// Every `.xpp` file under the `.xpp` tree (for finding orphans).
pub fn existing_xpp_files(envdir: &Path) -> Vec<PathBuf> {
    workspace::walk_tree(&xpp_root(envdir), "xpp", false)
        .files
        .into_iter()
        .map(|(path, _)| path)
        .collect()
}

/// What [`settle_xpp_tree`] found.
pub struct XppTree {
    /// Every directory of the tree (the root as absent when there is none), each with its
    /// identity taken after it was listed and its time settled.
    pub dirs: Vec<Watched>,
    /// Every `.xpp` file in it, by the bytes of its path.
    pub files: HashSet<Vec<u8>>,
}

/// Lists the `.xpp` tree of `envdir` (symbolic links are not followed: the tree is ours) for
/// the build state, giving each directory whose modification time is not settled (a build
/// just wrote in it) one `2 × RACY_MARGIN` in the past, so that it can be watched at once.
/// Each directory is settled first, then listed, then its identity taken: a change at any
/// moment gives it a later time than the one recorded, or one not settled. `None` when a
/// directory cannot be read or settled, or holds a symbolic link. The modules' directories are
/// done in parallel (on the current rayon pool).
pub fn settle_xpp_tree(envdir: &Path) -> Option<XppTree> {
    let root = xpp_root(envdir);
    match std::fs::symlink_metadata(&root) {
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Some(XppTree {
                dirs: vec![Watched {
                    path: root,
                    id: None,
                }],
                files: HashSet::new(),
            });
        }
        Err(_) => return None,
        Ok(_) => {}
    }
    let now = std::time::SystemTime::now();
    let settled_time = now.checked_sub(2 * super::freshness::RACY_MARGIN)?;
    let mut tree = XppTree {
        dirs: Vec::new(),
        files: HashSet::new(),
    };
    let modules = settle_dir(root, now, settled_time, &mut tree)?;
    let subtrees: Vec<XppTree> = modules
        .into_par_iter()
        .map(|module| {
            let mut subtree = XppTree {
                dirs: Vec::new(),
                files: HashSet::new(),
            };
            let mut pending = vec![module];
            while let Some(dir) = pending.pop() {
                pending.extend(settle_dir(dir, now, settled_time, &mut subtree)?);
            }
            Some(subtree)
        })
        .collect::<Option<_>>()?;
    for subtree in subtrees {
        tree.dirs.extend(subtree.dirs);
        tree.files.extend(subtree.files);
    }
    Some(tree)
}

/// Settles, lists and records one directory of the `.xpp` tree (see [`settle_xpp_tree`]);
/// returns its subdirectories.
fn settle_dir(
    dir: PathBuf,
    now: std::time::SystemTime,
    settled_time: std::time::SystemTime,
    tree: &mut XppTree,
) -> Option<Vec<PathBuf>> {
    let handle = std::fs::File::open(&dir).ok()?;
    let id = FileId::of(&handle.metadata().ok()?)?;
    if !id.is_settled_at(now) {
        handle.set_modified(settled_time).ok()?;
    }
    let mut subdirs = Vec::new();
    for entry in std::fs::read_dir(&dir).ok()? {
        let entry = entry.ok()?;
        let kind = entry.file_type().ok()?;
        let path = entry.path();
        if kind.is_symlink() {
            // Not made by a build: the tree is listed on every build.
            return None;
        } else if kind.is_dir() {
            subdirs.push(path);
        } else if path.extension().is_some_and(|e| e == "xpp") {
            tree.files
                .insert(path.into_os_string().into_encoded_bytes());
        }
    }
    let id = FileId::of(&handle.metadata().ok()?);
    tree.dirs.push(Watched { path: dir, id });
    Some(subdirs)
}
