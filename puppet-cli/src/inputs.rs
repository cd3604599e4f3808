//! The files a command works on: the named files as they are, and every `*.pp` and `*.epp`
//! file below the named directories, each real file once.
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
//! [`NamedFiles`] is the same rule for the commonest call, a list of Puppet files (from `find`,
//! `git ls-files` or a glob), without the wait: each file's identity is found while it is read
//! rather than before the first parse can start.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use rayon::prelude::*;

use crate::report::escape_path;

/// The inputs found.
#[derive(Debug, Default)]
pub struct Inputs {
    /// The files, sorted in byte order; `-` (standard input) where it was named; a named path
    /// that does not exist is kept, so that reading it reports the problem.
    pub files: Vec<PathBuf>,
    /// Whether a directory was named (a dump then labels each file even when there is one).
    pub had_directory: bool,
    /// Directories that could not be read (reported on stderr already).
    pub problems: usize,
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
}

/// What one level of the walk found.
#[derive(Default)]
struct Found {
    files: Vec<Candidate>,
    /// Links to directories, to be followed at the next level (path and canonical target).
    links: Vec<(PathBuf, PathBuf)>,
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
/// directory). Problems (unreadable directories) are written to stderr and counted.
pub fn collect(paths: &[PathBuf]) -> Inputs {
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
                frontier.push(DirToWalk {
                    path: path.clone(),
                    real,
                    links: 0,
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

    for problem in &problems {
        let _ = writeln!(io::stderr().lock(), "puppet-parser: {problem}");
    }
    inputs.problems = problems.len();
    inputs.files = dedupe(candidates);
    inputs
}

/// Named Puppet files, identified while they are read.
///
/// [`collect`] makes its system calls (an `lstat` per named file, a `realpath` per directory
/// of them: 5 ms of a 43 ms `validate --jobs 1` over the 1,970 files of the Debian corpus)
/// before the first file can be parsed. When every PATH is named like a Puppet file (`*.pp`,
/// `*.epp`), the caller makes the same calls per file with [`NamedFiles::identify`] on the
/// thread that reads ahead, while the workers parse, and drops a file reached under a second
/// name afterwards ([`NamedFiles::first_names`]): the same files and names as [`collect`]
/// gives. A path that turns out to be a directory sends the caller back to [`collect`].
pub struct NamedFiles {
    /// The named paths in byte order, each once.
    pub paths: Vec<PathBuf>,
    /// The canonical paths of the named files' directories, found so far (keyed by bytes, as
    /// in [`collect`]); `None`: could not be resolved. Each is resolved once: a thread that
    /// needs a directory another one is resolving waits for that answer.
    parents: Mutex<HashMap<OsString, Arc<OnceLock<Option<PathBuf>>>>>,
}

/// What a named path is, for [`NamedFiles`].
#[derive(Debug, PartialEq, Eq)]
pub enum Identity {
    /// A directory, or a link to one: the paths need [`collect`].
    Directory,
    /// A file, with its canonical path; `None` for a path that could not be resolved (a
    /// missing file, a broken link), which reading reports.
    File(Option<PathBuf>),
}

impl NamedFiles {
    /// `Some` when `paths` is not empty and each of them is named like a Puppet file.
    pub fn of(paths: &[PathBuf]) -> Option<NamedFiles> {
        if paths.is_empty() || !paths.iter().all(|path| is_puppet_file(path)) {
            return None;
        }
        let mut sorted = paths.to_vec();
        sorted.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
        Some(NamedFiles {
            paths: sorted,
            parents: Mutex::new(HashMap::new()),
        })
    }

    /// What `path` (one of [`NamedFiles::paths`]) is: [`collect`]'s answer for a named path.
    pub fn identify(&self, path: &Path) -> Identity {
        match classify(path) {
            Named::Directory(_) => Identity::Directory,
            Named::Resolved(real) => Identity::File(Some(real)),
            Named::Unresolved => Identity::File(None),
            Named::File => {
                let dir = parent_of(path).as_os_str();
                let cell = {
                    let mut parents = self.parents();
                    match parents.get(dir) {
                        Some(cell) => Arc::clone(cell),
                        None => Arc::clone(parents.entry(dir.to_owned()).or_default()),
                    }
                };
                let real_dir = cell.get_or_init(|| std::fs::canonicalize(dir).ok());
                Identity::File(
                    real_dir
                        .as_ref()
                        .zip(path.file_name())
                        .map(|(real_dir, name)| real_dir.join(name)),
                )
            }
        }
    }

    /// Which of [`NamedFiles::paths`] to keep, given the identity of each: every real file
    /// once, under its first name in byte order (the others are logged), and a path that could
    /// not be resolved once, as `dedupe` keeps them. `None` when one of them is a directory.
    pub fn first_names<'a>(
        &self,
        identities: impl IntoIterator<Item = &'a Identity>,
    ) -> Option<Vec<bool>> {
        let identities: Vec<&Identity> = identities.into_iter().collect();
        // Two different names that are each their file's canonical path name two different
        // files, and a repeated name sits next to itself in the sorted list: for a list of
        // absolute paths without links (`find /abs/dir …`), the usual case, every name is
        // kept without hashing one.
        let all_canonical = self
            .paths
            .iter()
            .zip(&identities)
            .all(|(path, identity)| {
                matches!(identity, Identity::File(Some(real)) if real.as_os_str() == path.as_os_str())
            });
        if all_canonical
            && self
                .paths
                .windows(2)
                .all(|pair| pair[0].as_os_str() != pair[1].as_os_str())
        {
            return Some(vec![true; self.paths.len()]);
        }
        let mut first: HashMap<&OsStr, &Path> = HashMap::with_capacity(self.paths.len());
        let mut unresolved: HashSet<&Path> = HashSet::new();
        let mut keep = Vec::with_capacity(self.paths.len());
        for (path, identity) in self.paths.iter().zip(identities) {
            match identity {
                Identity::Directory => return None,
                Identity::File(None) => keep.push(unresolved.insert(path)),
                // One hash of each path (this runs after the parse, on one thread).
                Identity::File(Some(real)) => match first.entry(real.as_os_str()) {
                    Entry::Occupied(same_as) => {
                        log::debug!(
                            path = escape_path(path).as_ref(),
                            same_as = escape_path(same_as.get()).as_ref();
                            "skipping a second name of a file"
                        );
                        keep.push(false);
                    }
                    Entry::Vacant(slot) => {
                        slot.insert(path);
                        keep.push(true);
                    }
                },
            }
        }
        Some(keep)
    }

    fn parents(&self) -> MutexGuard<'_, HashMap<OsString, Arc<OnceLock<Option<PathBuf>>>>> {
        // Nothing is left half-done by a thread that panicked while holding it.
        self.parents.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What a named path is.
enum Named {
    /// A directory (or a link to one), with its canonical path.
    Directory(PathBuf),
    /// Not a link and not a directory: a file (or something else, reported when read).
    File,
    /// A link to a file, with the file's canonical path.
    Resolved(PathBuf),
    /// Standard input (`-`), a missing path, a broken link.
    Unresolved,
}

fn classify(path: &Path) -> Named {
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
fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The links to follow at `level`: one per target directory not walked yet, the first in
/// byte order. The others are logged.
fn next_level(
    mut links: Vec<(PathBuf, PathBuf)>,
    walked: &HashMap<PathBuf, PathBuf>,
    level: u32,
) -> Vec<DirToWalk> {
    links.sort_unstable_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
    let mut chosen: HashMap<&Path, &Path> = HashMap::new();
    let mut next = Vec::new();
    for (path, real) in &links {
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
    walk_below(&dir.path, &dir.real, dir.links, &mut found);
    found
}

/// The entries of `dir` (whose canonical path is `real`) into `found`, then its
/// subdirectories'. Only links need a system call of their own: the other entries' types come
/// with the directory listing, and their canonical paths are `real`'s joined with their names.
fn walk_below(dir: &Path, real: &Path, links: u32, found: &mut Found) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => {
            found
                .problems
                .push(format!("cannot read {}: {err}", escape_path(dir)));
            return;
        }
    };
    let mut subdirs = Vec::new();
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                found
                    .problems
                    .push(format!("cannot read {}: {err}", escape_path(dir)));
                continue;
            }
        };
        let path = entry.path();
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        if file_type.is_symlink() {
            match std::fs::canonicalize(&path) {
                Ok(target) if target.is_dir() => found.links.push((path, target)),
                Ok(target) if is_puppet_file(&path) && target.is_file() => {
                    found.files.push(Candidate {
                        path,
                        links: links + 1,
                        real: Some(target),
                    })
                }
                Ok(_) => {}
                // A broken link named like a Puppet file: reading it reports the problem.
                Err(_) if is_puppet_file(&path) => found.files.push(Candidate {
                    path,
                    links: links + 1,
                    real: None,
                }),
                Err(err) => {
                    log::debug!(path = escape_path(&path).as_ref(); "skipping a broken link: {err}")
                }
            }
        } else if file_type.is_dir() {
            let sub_real = real.join(entry.file_name());
            subdirs.push((path, sub_real));
        } else if file_type.is_file() && is_puppet_file(&path) {
            let file_real = real.join(entry.file_name());
            found.files.push(Candidate {
                path,
                links,
                real: Some(file_real),
            });
        }
    }
    let nested: Vec<Found> = subdirs
        .into_par_iter()
        .map(|(sub, sub_real)| {
            let mut below = Found::default();
            walk_below(&sub, &sub_real, links, &mut below);
            below.walked.push((sub_real, sub));
            below
        })
        .collect();
    for below in nested {
        found.absorb(below);
    }
}

fn is_puppet_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "pp" || e == "epp")
}
