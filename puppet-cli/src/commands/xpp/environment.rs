//! What `xpp build` and `xpp check` look at: every source Puppet can load from an environment
//! and where its `.xpp` goes.
//!
//! * The environment's own `manifests/**/*.pp` (module name `environment`, reserved by
//!   PRFC-23).
//! * For each module on the module path (default `ENVDIR/modules`; a module's name is its
//!   directory name; the first occurrence of a name wins; symbolic links are followed):
//!   `manifests/`, `functions/`, `types/`, `plans/` (`*.pp`) and `templates/` (`*.epp`).
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

use rayon::prelude::*;

use super::state::FileId;

/// The reserved module name of the environment's own files.
pub const ENVIRONMENT_MODULE: &str = "environment";

/// Module directories and the extension Puppet loads from each.
const MODULE_DIRS: &[(&str, &str)] = &[
    ("manifests", "pp"),
    ("functions", "pp"),
    ("types", "pp"),
    ("plans", "pp"),
    ("templates", "epp"),
];

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

/// The `.xpp` tree of `envdir`.
pub fn xpp_root(envdir: &Path) -> PathBuf {
    envdir.join(".xpp").join("modules")
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
    // (module directory, module name, subdirectory, extension): the trees to walk.
    let mut trees: Vec<(PathBuf, String, &str, &str)> = vec![(
        envdir.to_path_buf(),
        ENVIRONMENT_MODULE.to_owned(),
        "manifests",
        "pp",
    )];
    let mut seen = HashSet::new();
    for entry_dir in modulepath {
        let Ok(entries) = std::fs::read_dir(entry_dir) else {
            watched.push(Watched {
                path: entry_dir.clone(),
                id: None,
            });
            continue;
        };
        watched.push(Watched {
            path: entry_dir.clone(),
            id: entry_dir.metadata().ok().as_ref().and_then(FileId::of),
        });
        let mut modules: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        modules.sort();
        for module_dir in modules {
            let Some(name) = module_dir
                .file_name()
                .and_then(|n| n.to_str())
                .map(str::to_owned)
            else {
                continue;
            };
            // `metadata()` follows symbolic links (Debian's module path is made of them).
            let Ok(metadata) = module_dir.metadata() else {
                continue;
            };
            if metadata.is_dir() && name == ENVIRONMENT_MODULE {
                // PRFC-23 keeps the name for the environment's own files, and Puppet cannot
                // load such a module either (its own loader is named `environment`).
                log::warn!(
                    code = "RESERVED_MODULE_NAME",
                    path = module_dir.display().to_string().as_str();
                    "module skipped: '{ENVIRONMENT_MODULE}' is the name of Puppet's own loader \
                     of the environment (Puppet fails on every file with such a module on the \
                     module path) and of the environment's own files in .xpp; rename the module"
                );
                continue;
            }
            if !metadata.is_dir() || !seen.insert(name.clone()) {
                continue;
            }
            // Its subdirectories are looked for, not listed: their coming or going changes it.
            watched.push(Watched {
                path: module_dir.clone(),
                id: FileId::of(&metadata),
            });
            for (sub, ext) in MODULE_DIRS {
                trees.push((module_dir.clone(), name.clone(), sub, ext));
            }
        }
    }
    let root = xpp_root(envdir);
    let walked: Vec<Walk> = trees
        .par_iter()
        .map(|(dir, module, sub, ext)| {
            let mut tree = Tree::new(ext, true);
            tree.walk(&dir.join(sub));
            let sources = tree
                .files
                .into_iter()
                .map(|(path, metadata)| {
                    let inside = path.strip_prefix(dir).expect("walked under dir");
                    let xpp = root.join(module).join(inside).with_extension("xpp");
                    Source::new(path, xpp, envdir, metadata)
                })
                .collect();
            Walk {
                sources,
                problems: tree.problems,
                watched: tree.listed,
            }
        })
        .collect();
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for walk in walked {
        out.extend(walk.sources);
        problems.extend(walk.problems);
        watched.extend(walk.watched);
    }
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

/// What tells directories apart: device and inode.
#[cfg(unix)]
type DirKey = (u64, u64);
#[cfg(not(unix))]
type DirKey = PathBuf;

#[cfg(unix)]
fn dir_key(_dir: &Path, metadata: &std::fs::Metadata) -> DirKey {
    use std::os::unix::fs::MetadataExt;
    (metadata.dev(), metadata.ino())
}

#[cfg(not(unix))]
fn dir_key(dir: &Path, _metadata: &std::fs::Metadata) -> DirKey {
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}

/// One walk of a tree: files with extension `ext` under a directory, following symbolic
/// links, each directory once (directories are told apart by device and inode), with their
/// metadata when `stat_files`.
///
/// Few system calls: an entry's type comes from the directory listing, a file costs nothing
/// more, a directory one `lstat` for its identity, a symbolic link one `stat` to follow it.
/// (`canonicalize` per directory and `metadata` per entry made the walk, which runs before
/// the parallel part of a build, a large share of a build with nothing to do.)
struct Tree<'a> {
    ext: &'a str,
    stat_files: bool,
    files: Vec<(PathBuf, Option<std::fs::Metadata>)>,
    problems: Vec<String>,
    /// Every directory listed, with its identity.
    listed: Vec<Watched>,
    visited: HashSet<DirKey>,
}

impl<'a> Tree<'a> {
    fn new(ext: &'a str, stat_files: bool) -> Self {
        Tree {
            ext,
            stat_files,
            files: Vec::new(),
            problems: Vec::new(),
            listed: Vec::new(),
            visited: HashSet::new(),
        }
    }

    fn walk(&mut self, dir: &Path) {
        let Ok(metadata) = dir.metadata() else {
            return;
        };
        self.walk_dir(dir, &metadata);
    }

    fn walk_dir(&mut self, dir: &Path, metadata: &std::fs::Metadata) {
        if !metadata.is_dir() || !self.visited.insert(dir_key(dir, metadata)) {
            return;
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(err) => {
                self.problems
                    .push(format!("cannot read {}: {err}", dir.display()));
                return;
            }
        };
        self.listed.push(Watched {
            path: dir.to_path_buf(),
            id: FileId::of(metadata),
        });
        let mut entries: Vec<std::fs::DirEntry> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let path = entry.path();
            let (is_file, file_metadata) = if kind.is_symlink() {
                match path.metadata() {
                    Ok(m) if m.is_dir() => {
                        self.walk_dir(&path, &m);
                        continue;
                    }
                    Ok(m) => (m.is_file(), Some(m)),
                    Err(_) => continue,
                }
            } else if kind.is_dir() {
                if let Ok(m) = entry.metadata() {
                    self.walk_dir(&path, &m);
                }
                continue;
            } else {
                (kind.is_file(), None)
            };
            if is_file && path.extension().is_some_and(|e| e == self.ext) {
                // A regular file's `DirEntry::metadata` is an `fstatat` in its directory.
                let file_metadata = match file_metadata {
                    Some(m) => Some(m),
                    None if self.stat_files => entry.metadata().ok(),
                    None => None,
                };
                self.files.push((path, file_metadata));
            }
        }
    }
}

/// Every `.xpp` file under the `.xpp` tree (for finding orphans).
pub fn existing_xpp_files(envdir: &Path) -> Vec<PathBuf> {
    let mut tree = Tree::new("xpp", false);
    tree.walk(&xpp_root(envdir));
    tree.files.into_iter().map(|(path, _)| path).collect()
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
