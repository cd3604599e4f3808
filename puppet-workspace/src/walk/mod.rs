//! The files a command works on: the named files as they are, and every `*.pp` and `*.epp`
//! file below the named directories, each real file once, leaving out what the tree's ignore
//! files ignore (`ignore_rules.rs`; a named file is always taken).
//!
//! Symbolic links are followed (Debian's module path is a directory of links), so one file can
//! be reachable under several names: through a link back into the tree (the corpus has
//! `rodjek-logrotate/spec/fixtures/modules/logrotate/manifests -> ../../../../manifests`), a
//! link loop, overlapping PATH arguments. A file is identified by its canonical path (all links
//! resolved) and kept once, under the name reached through the fewest links (ties: the first
//! name in byte order), which is its own place in the tree when it has one. (Two hard links to
//! one file count as two files.)
//!
//! Canonical paths cost no system call for what is not a link: a directory entry's is its
//! directory's joined with its name; only the roots, the links and the named files' parent
//! directories are resolved (`realpath`). Identifying by device and inode instead would add a
//! `stat` per file and per directory (3,900 on the corpus) to a walk made of `openat` and
//! `getdents64` calls.
//!
//! The walk goes level by level: level 0 walks the named directories without following links
//! to directories; the links found there are followed at level 1, and so on. Every directory
//! walked is remembered, and a link to one of them (a loop, a link back into the tree) is not
//! followed again, so each real directory is read once (overlapping PATH arguments aside) and
//! no link structure can make the walk loop or grow exponentially. What was skipped is logged
//! at debug level.
//!
//! Ignore files are read as the walk goes (see `ignore_rules.rs`): an ignored directory is not
//! walked, an ignored file not taken, and a link is judged by its own name where it lies.
//! [`WalkOptions::ignore_files`] off (`--no-ignore`) takes everything.
//!
//! [`NamedFiles`] (`named.rs`) is the same rule for the commonest call, a list of Puppet files
//! (from `find`, `git ls-files` or a glob), without the wait: each file's identity is found
//! while it is read rather than before the first parse can start.

use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use puppet_diagnostics::render::escape_path;
use rayon::prelude::*;

mod ignore_rules;
mod named;

use ignore_rules::IgnoreScope;
pub use named::{Identity, NamedFiles};

/// The inputs found.
#[derive(Debug, Default)]
pub struct Inputs {
    /// The files, sorted in byte order; `-` (standard input) where it was named; a named path
    /// that does not exist is kept, so that reading it reports the problem.
    pub files: Vec<PathBuf>,
    /// Whether a directory was named (a dump then labels each file even when there is one).
    pub had_directory: bool,
    /// Directories that could not be read, as messages (`cannot read DIR: REASON`).
    pub problems: Vec<String>,
}

/// How [`collect`] walks directories.
#[derive(Clone, Copy, Debug)]
pub struct WalkOptions {
    /// Leave out what `.ignore`, `.gitignore` and `.git/info/exclude` files ignore (default
    /// `true`; `--no-ignore` turns it off).
    pub ignore_files: bool,
}

impl Default for WalkOptions {
    fn default() -> WalkOptions {
        WalkOptions { ignore_files: true }
    }
}

/// A file found, with how it was reached.
struct Candidate {
    path: PathBuf,
    /// How many links to directories or files were followed to reach it.
    links: u32,
    /// Its canonical path; `None` when it could not be resolved (a broken link, a missing
    /// named file): kept, and reported when read.
    real: Option<PathBuf>,
}

/// A directory to walk, with how it was reached.
struct DirToWalk {
    path: PathBuf,
    /// Its canonical path.
    real: PathBuf,
    links: u32,
    /// The ignore rules in force above it.
    scope: IgnoreScope,
}

/// A link to a directory, found at one level and followed at the next.
struct LinkToDir {
    path: PathBuf,
    /// The canonical path of the directory it points to.
    target: PathBuf,
    /// The ignore rules in force where the link lies.
    scope: IgnoreScope,
}

/// What one level of the walk found.
#[derive(Default)]
struct Found {
    files: Vec<Candidate>,
    /// Links to directories, to be followed at the next level.
    links: Vec<LinkToDir>,
    /// Every directory read at this level (canonical path and path).
    walked: Vec<(PathBuf, PathBuf)>,
    problems: Vec<String>,
}

impl Found {
    fn absorb(&mut self, other: Found) {
        self.files.extend(other.files);
        self.links.extend(other.links);
        self.walked.extend(other.walked);
        self.problems.extend(other.problems);
    }
}

/// The files to work on for the PATH arguments `paths` (an empty list means the current
/// directory). Problems (unreadable directories) are returned, not reported.
pub fn collect(paths: &[PathBuf], options: WalkOptions) -> Inputs {
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    // One `lstat` per named path, in parallel (thousands of files may be named).
    let named: Vec<Named> = paths.par_iter().map(|p| classify(p)).collect();
    // A named file's canonical path is its directory's and its name: one `realpath` per
    // directory, not per file.
    // (Keyed by the path's bytes: hashing a `Path` walks its components, and a directory
    // spelled two ways is only resolved twice, to the same place.)
    let parents: HashSet<&OsStr> = named
        .iter()
        .zip(paths)
        .filter(|(n, _)| matches!(n, Named::File))
        .map(|(_, p)| parent_of(p).as_os_str())
        .collect();
    let parents: HashMap<&OsStr, PathBuf> = parents
        .into_par_iter()
        .filter_map(|dir| Some((dir, std::fs::canonicalize(dir).ok()?)))
        .collect();
    let mut inputs = Inputs::default();
    let mut candidates = Vec::new();
    let mut frontier = Vec::new();
    for (path, named) in paths.iter().zip(named) {
        // A named file counts as reached directly: the user chose that name.
        let real = match named {
            Named::Directory(real) => {
                inputs.had_directory = true;
                // A named directory is walked even where an ignore file would skip it.
                let scope = if options.ignore_files {
                    IgnoreScope::for_root(&real)
                } else {
                    IgnoreScope::disabled()
                };
                frontier.push(DirToWalk {
                    path: path.clone(),
                    real,
                    links: 0,
                    scope,
                });
                continue;
            }
            Named::File => parents
                .get(parent_of(path).as_os_str())
                .zip(path.file_name())
                .map(|(dir, name)| dir.join(name)),
            Named::Resolved(real) => Some(real),
            Named::Unresolved => None,
        };
        candidates.push(Candidate {
            path: path.clone(),
            links: 0,
            real,
        });
    }

    let mut walked: HashMap<PathBuf, PathBuf> = HashMap::new();
    let mut problems = Vec::new();
    let mut level = 0u32;
    while !frontier.is_empty() {
        let mut found = Found::default();
        for one in frontier.par_iter().map(walk_tree).collect::<Vec<_>>() {
            found.absorb(one);
        }
        candidates.extend(found.files);
        problems.extend(found.problems);
        for (real, path) in found.walked {
            walked.entry(real).or_insert(path);
        }
        level += 1;
        frontier = next_level(found.links, &walked, level);
    }

    inputs.problems = problems;
    inputs.files = dedupe(candidates);
    inputs
}

/// What a named path is.
pub(crate) enum Named {
    /// A directory (or a link to one), with its canonical path.
    Directory(PathBuf),
    /// Not a link and not a directory: a file (or something else, reported when read).
    File,
    /// A link to a file, with the file's canonical path.
    Resolved(PathBuf),
    /// Standard input (`-`), a missing path, a broken link.
    Unresolved,
}

pub(crate) fn classify(path: &Path) -> Named {
    if path.as_os_str() == "-" {
        return Named::Unresolved;
    }
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => match std::fs::canonicalize(path) {
            Ok(real) => Named::Directory(real),
            Err(_) => Named::Unresolved,
        },
        Ok(meta) if meta.is_symlink() => match std::fs::canonicalize(path) {
            Ok(real) if real.is_dir() => Named::Directory(real),
            Ok(real) => Named::Resolved(real),
            Err(_) => Named::Unresolved,
        },
        Ok(_) => Named::File,
        Err(_) => Named::Unresolved,
    }
}

/// The directory a named file is in (`.` for a bare name).
pub(crate) fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The links to follow at `level`: one per target directory not walked yet, the first in
/// byte order. The others are logged.
fn next_level(
    mut links: Vec<LinkToDir>,
    walked: &HashMap<PathBuf, PathBuf>,
    level: u32,
) -> Vec<DirToWalk> {
    links.sort_unstable_by(|a, b| a.path.as_os_str().cmp(b.path.as_os_str()));
    let mut chosen: HashMap<&Path, &Path> = HashMap::new();
    let mut next = Vec::new();
    for LinkToDir {
        path,
        target: real,
        scope,
    } in &links
    {
        if let Some(seen) = walked.get(real) {
            log::debug!(
                path = escape_path(path).as_ref(),
                target = escape_path(seen).as_ref();
                "not following a link to a directory walked already (a loop or a link back into the tree)"
            );
        } else if let Some(first) = chosen.get(real.as_path()) {
            log::debug!(
                path = escape_path(path).as_ref(),
                target = escape_path(first).as_ref();
                "not following a link to a directory followed through another link"
            );
        } else {
            chosen.insert(real, path);
            next.push(DirToWalk {
                path: path.clone(),
                real: real.clone(),
                links: level,
                scope: scope.clone(),
            });
        }
    }
    next
}

/// Each real file once, under its name reached through the fewest links (then the first in
/// byte order); the result sorted in byte order (like `LC_ALL=C sort`).
fn dedupe(mut candidates: Vec<Candidate>) -> Vec<PathBuf> {
    candidates
        .sort_unstable_by(|a, b| (a.links, a.path.as_os_str()).cmp(&(b.links, b.path.as_os_str())));
    // Canonical paths are normalized: their bytes identify them (and hash much faster than
    // a `Path`, whose hash walks its components).
    let mut kept: HashMap<OsString, usize> = HashMap::new();
    let mut seen_paths: HashSet<PathBuf> = HashSet::new();
    let mut files = Vec::with_capacity(candidates.len());
    for candidate in candidates {
        if let Some(real) = candidate.real {
            if let Some(&index) = kept.get(real.as_os_str()) {
                let first: &PathBuf = &files[index];
                log::debug!(
                    path = escape_path(&candidate.path).as_ref(),
                    same_as = escape_path(first).as_ref();
                    "skipping a second name of a file"
                );
                continue;
            }
            kept.insert(real.into_os_string(), files.len());
        } else if !seen_paths.insert(candidate.path.clone()) {
            continue; // the same unreadable (or stdin) path named twice
        }
        files.push(candidate.path);
    }
    files.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
    files
}

/// Walks `dir` and its subdirectories (in parallel) without following links to directories:
/// those are returned for the next level.
fn walk_tree(dir: &DirToWalk) -> Found {
    let mut found = Found::default();
    found.walked.push((dir.real.clone(), dir.path.clone()));
    walk_below(&dir.path, &dir.real, dir.links, &dir.scope, &mut found);
    found
}

/// The entries of `dir` (whose canonical path is `real`, under the ignore rules `scope`) into
/// `found`, then its subdirectories'. Only links need a system call of their own: the other
/// entries' types come with the directory listing, and their canonical paths are `real`'s
/// joined with their names.
fn walk_below(dir: &Path, real: &Path, links: u32, scope: &IgnoreScope, found: &mut Found) {
    let listing = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => {
            found
                .problems
                .push(format!("cannot read {}: {err}", escape_path(dir)));
            return;
        }
    };
    let mut entries = Vec::new();
    for entry in listing {
        match entry {
            Ok(entry) => entries.push(entry),
            Err(err) => found
                .problems
                .push(format!("cannot read {}: {err}", escape_path(dir))),
        }
    }
    // The directory's own ignore files apply to its entries.
    let names: Vec<OsString> = entries.iter().map(|entry| entry.file_name()).collect();
    let scope = scope.enter(real, names.iter().map(OsString::as_os_str));
    let is_ignored = |path: &Path, name: &OsStr, is_dir: bool| match scope.ignored(name, is_dir) {
        Some(ignored) => {
            log::debug!(
                path = escape_path(path).as_ref(),
                pattern = ignored.pattern.as_str(),
                file = ignored.file.as_deref().map(escape_path).as_deref().unwrap_or("");
                "skipping an ignored {}", if is_dir { "directory" } else { "file" }
            );
            true
        }
        None => false,
    };
    let mut subdirs = Vec::new();
    for (entry, name) in entries.into_iter().zip(names) {
        let path = entry.path();
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        if file_type.is_symlink() {
            match std::fs::canonicalize(&path) {
                Ok(target) if target.is_dir() => {
                    if !is_ignored(&path, &name, true) {
                        found.links.push(LinkToDir {
                            scope: scope.descend(&name),
                            path,
                            target,
                        })
                    }
                }
                Ok(target) if is_puppet_file(&path) && target.is_file() => {
                    if !is_ignored(&path, &name, false) {
                        found.files.push(Candidate {
                            path,
                            links: links + 1,
                            real: Some(target),
                        })
                    }
                }
                Ok(_) => {}
                // A broken link named like a Puppet file: reading it reports the problem.
                Err(_) if is_puppet_file(&path) => {
                    if !is_ignored(&path, &name, false) {
                        found.files.push(Candidate {
                            path,
                            links: links + 1,
                            real: None,
                        })
                    }
                }
                Err(err) => {
                    log::debug!(path = escape_path(&path).as_ref(); "skipping a broken link: {err}")
                }
            }
        } else if file_type.is_dir() {
            if !is_ignored(&path, &name, true) {
                let sub_scope = scope.descend(&name);
                subdirs.push((path, real.join(name), sub_scope));
            }
        } else if file_type.is_file() && is_puppet_file(&path) && !is_ignored(&path, &name, false) {
            found.files.push(Candidate {
                path,
                links,
                real: Some(real.join(name)),
            });
        }
    }
    let nested: Vec<Found> = subdirs
        .into_par_iter()
        .map(|(sub, sub_real, sub_scope)| {
            let mut below = Found::default();
            walk_below(&sub, &sub_real, links, &sub_scope, &mut below);
            below.walked.push((sub_real, sub));
            below
        })
        .collect();
    for below in nested {
        found.absorb(below);
    }
}

/// Whether `path` is named like a Puppet source: `*.pp` or `*.epp`.
pub fn is_puppet_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "pp" || e == "epp")
}
