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

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

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

/// The `.xpp` tree of `envdir`.
pub fn xpp_root(envdir: &Path) -> PathBuf {
    envdir.join(".xpp").join("modules")
}

/// Every loadable source of the environment, sorted by `.xpp` path, and the problems met
/// (unreadable directories), as messages. The modules are walked in parallel (on the current
/// rayon pool): the walk is all system calls, and it comes before the build.
pub fn sources(envdir: &Path, modulepath: &[PathBuf]) -> (Vec<Source>, Vec<String>) {
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
            continue;
        };
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
            if !module_dir.metadata().is_ok_and(|m| m.is_dir())
                || name == ENVIRONMENT_MODULE
                || !seen.insert(name.clone())
            {
                continue;
            }
            for (sub, ext) in MODULE_DIRS {
                trees.push((module_dir.clone(), name.clone(), sub, ext));
            }
        }
    }
    let root = xpp_root(envdir);
    let walked: Vec<(Vec<Source>, Vec<String>)> = trees
        .par_iter()
        .map(|(dir, module, sub, ext)| {
            let (mut files, mut problems) = (Vec::new(), Vec::new());
            walk(
                &dir.join(sub),
                ext,
                true,
                &mut files,
                &mut problems,
                &mut HashSet::new(),
            );
            let sources = files
                .into_iter()
                .map(|(path, metadata)| {
                    let inside = path.strip_prefix(dir).expect("walked under dir");
                    let name = match path.strip_prefix(envdir) {
                        Ok(relative) => relative.display().to_string(),
                        Err(_) => path.display().to_string(),
                    };
                    Source {
                        xpp: root.join(module).join(inside).with_extension("xpp"),
                        epp: *ext == "epp",
                        path,
                        name,
                        metadata,
                    }
                })
                .collect();
            (sources, problems)
        })
        .collect();
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (sources, found) in walked {
        out.extend(sources);
        problems.extend(found);
    }
    out.sort_by(|a, b| a.xpp.cmp(&b.xpp));
    out.dedup_by(|a, b| a.xpp == b.xpp);
    (out, problems)
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

/// Files with extension `ext` under `dir`, following symbolic links, each directory once
/// (directories are told apart by device and inode), with their metadata when `stat_files`.
///
/// Few system calls: an entry's type comes from the directory listing, a file costs nothing
/// more, a directory one `lstat` for its identity, a symbolic link one `stat` to follow it.
/// (`canonicalize` per directory and `metadata` per entry made the walk, which runs before
/// the parallel part of a build, a large share of a build with nothing to do.)
fn walk(
    dir: &Path,
    ext: &str,
    stat_files: bool,
    out: &mut Vec<(PathBuf, Option<std::fs::Metadata>)>,
    problems: &mut Vec<String>,
    visited: &mut HashSet<DirKey>,
) {
    let Ok(metadata) = dir.metadata() else {
        return;
    };
    walk_dir(dir, &metadata, ext, stat_files, out, problems, visited);
}

fn walk_dir(
    dir: &Path,
    metadata: &std::fs::Metadata,
    ext: &str,
    stat_files: bool,
    out: &mut Vec<(PathBuf, Option<std::fs::Metadata>)>,
    problems: &mut Vec<String>,
    visited: &mut HashSet<DirKey>,
) {
    if !metadata.is_dir() || !visited.insert(dir_key(dir, metadata)) {
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => {
            problems.push(format!("cannot read {}: {err}", dir.display()));
            return;
        }
    };
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
                    walk_dir(&path, &m, ext, stat_files, out, problems, visited);
                    continue;
                }
                Ok(m) => (m.is_file(), Some(m)),
                Err(_) => continue,
            }
        } else if kind.is_dir() {
            if let Ok(m) = entry.metadata() {
                walk_dir(&path, &m, ext, stat_files, out, problems, visited);
            }
            continue;
        } else {
            (kind.is_file(), None)
        };
        if is_file && path.extension().is_some_and(|e| e == ext) {
            // A regular file's `DirEntry::metadata` is an `fstatat` in its directory.
            let file_metadata = match file_metadata {
                Some(m) => Some(m),
                None if stat_files => entry.metadata().ok(),
                None => None,
            };
            out.push((path, file_metadata));
        }
    }
}

/// Every `.xpp` file under the `.xpp` tree (for finding orphans).
pub fn existing_xpp_files(envdir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    walk(
        &xpp_root(envdir),
        "xpp",
        false,
        &mut out,
        &mut problems,
        &mut HashSet::new(),
    );
    out.into_iter().map(|(path, _)| path).collect()
}
