//! The files a command works on: the named files as they are, and every `*.pp` and `*.epp`
//! file below the named directories, each real file once.
//!
//! Symbolic links are followed (Debian's module path is a directory of links), so one file can
//! be reachable under several names: through a link back into the tree (the corpus has
//! `rodjek-logrotate/spec/fixtures/modules/logrotate/manifests -> ../../../../manifests`), a
//! link loop, overlapping PATH arguments, hard links. A file is identified by its device and
//! inode and kept once, under the name reached through the fewest links (ties: the first
//! name in byte order), which is its own place in the tree when it has one.
//!
//! The walk goes level by level: level 0 walks the named directories without following links
//! to directories; the links found there are followed at level 1, and so on. Every directory
//! walked is remembered, and a link to one of them (a loop, a link back into the tree) is not
//! followed again, so each real directory is read once (overlapping PATH arguments aside) and
//! no link structure can make the walk loop or grow exponentially. What was skipped is logged
//! at debug level.

use std::collections::{HashMap, HashSet};
use std::fs::Metadata;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::report::escape_path;

/// What identifies a real file or directory: its device and inode.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    #[cfg(unix)]
    fn of(meta: &Metadata) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        Some(FileId {
            dev: meta.dev(),
            ino: meta.ino(),
        })
    }

    // Without inodes files are not deduplicated (only the exact same path is), and links to
    // directories are not followed (nothing would tell a loop).
    #[cfg(not(unix))]
    fn of(_meta: &Metadata) -> Option<FileId> {
        None
    }
}

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
    /// `None` when it could not be stat'ed (a broken link): kept, and reported when read.
    id: Option<FileId>,
}

/// A directory to walk, with how it was reached.
struct DirToWalk {
    path: PathBuf,
    links: u32,
}

/// What one level of the walk found.
#[derive(Default)]
struct Found {
    files: Vec<Candidate>,
    /// Links to directories, to be followed at the next level (path and target's identity).
    links: Vec<(PathBuf, FileId)>,
    /// Every directory read at this level.
    walked: Vec<(FileId, PathBuf)>,
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
    // One `stat` per named path, in parallel (thousands of files may be named).
    let metas: Vec<Option<Metadata>> = paths
        .par_iter()
        .map(|p| {
            if p.as_os_str() == "-" {
                None
            } else {
                std::fs::metadata(p).ok()
            }
        })
        .collect();
    let mut inputs = Inputs::default();
    let mut candidates = Vec::new();
    let mut frontier = Vec::new();
    for (path, meta) in paths.iter().zip(metas) {
        match meta {
            Some(meta) if meta.is_dir() => {
                inputs.had_directory = true;
                frontier.push(DirToWalk {
                    path: path.clone(),
                    links: 0,
                });
            }
            // A named file counts as reached directly: the user chose that name.
            meta => candidates.push(Candidate {
                path: path.clone(),
                links: 0,
                id: meta.as_ref().and_then(FileId::of),
            }),
        }
    }

    let mut walked: HashMap<FileId, PathBuf> = HashMap::new();
    let mut problems = Vec::new();
    let mut level = 0u32;
    while !frontier.is_empty() {
        let mut found = Found::default();
        for one in frontier.par_iter().map(walk_tree).collect::<Vec<_>>() {
            found.absorb(one);
        }
        candidates.extend(found.files);
        problems.extend(found.problems);
        for (id, path) in found.walked {
            walked.entry(id).or_insert(path);
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

/// The links to follow at `level`: one per target directory not walked yet, the first in
/// byte order. The others are logged.
fn next_level(
    mut links: Vec<(PathBuf, FileId)>,
    walked: &HashMap<FileId, PathBuf>,
    level: u32,
) -> Vec<DirToWalk> {
    links.sort_unstable_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
    let mut chosen: HashMap<FileId, &Path> = HashMap::new();
    let mut next = Vec::new();
    for (path, id) in &links {
        if let Some(seen) = walked.get(id) {
            log::debug!(
                path = escape_path(path).as_ref(),
                target = escape_path(seen).as_ref();
                "not following a link to a directory walked already (a loop or a link back into the tree)"
            );
        } else if let Some(first) = chosen.get(id) {
            log::debug!(
                path = escape_path(path).as_ref(),
                target = escape_path(first).as_ref();
                "not following a link to a directory followed through another link"
            );
        } else {
            chosen.insert(*id, path);
            next.push(DirToWalk {
                path: path.clone(),
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
    let mut kept: HashMap<FileId, usize> = HashMap::new();
    let mut seen_paths: HashSet<PathBuf> = HashSet::new();
    let mut files = Vec::with_capacity(candidates.len());
    for candidate in candidates {
        if let Some(id) = candidate.id {
            if let Some(&index) = kept.get(&id) {
                let first: &PathBuf = &files[index];
                log::debug!(
                    path = escape_path(&candidate.path).as_ref(),
                    same_as = escape_path(first).as_ref();
                    "skipping a second name of a file"
                );
                continue;
            }
            kept.insert(id, files.len());
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
    match std::fs::metadata(&dir.path) {
        Ok(meta) => {
            if let Some(id) = FileId::of(&meta) {
                found.walked.push((id, dir.path.clone()));
            }
        }
        Err(err) => {
            found
                .problems
                .push(format!("cannot read {}: {err}", escape_path(&dir.path)));
            return found;
        }
    }
    walk_below(&dir.path, dir.links, &mut found);
    found
}

/// The entries of `dir` into `found`, then its subdirectories'. Only links and Puppet files
/// need a `stat`: the other entries' types come with the directory listing.
fn walk_below(dir: &Path, links: u32, found: &mut Found) {
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
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => {
                    if let Some(id) = FileId::of(&meta) {
                        found.links.push((path, id));
                    }
                }
                Ok(meta) if meta.is_file() && is_puppet_file(&path) => {
                    found.files.push(Candidate {
                        path,
                        links: links + 1,
                        id: FileId::of(&meta),
                    })
                }
                Ok(_) => {}
                // A broken link named like a Puppet file: reading it reports the problem.
                Err(_) if is_puppet_file(&path) => found.files.push(Candidate {
                    path,
                    links: links + 1,
                    id: None,
                }),
                Err(err) => {
                    log::debug!(path = escape_path(&path).as_ref(); "skipping a broken link: {err}")
                }
            }
        } else if file_type.is_dir() {
            let id = entry.metadata().ok().as_ref().and_then(FileId::of);
            subdirs.push((path, id));
        } else if file_type.is_file() && is_puppet_file(&path) {
            let id = entry.metadata().ok().as_ref().and_then(FileId::of);
            found.files.push(Candidate { path, links, id });
        }
    }
    let nested: Vec<Found> = subdirs
        .into_par_iter()
        .map(|(sub, id)| {
            let mut below = Found::default();
            if let Some(id) = id {
                below.walked.push((id, sub.clone()));
            }
            walk_below(&sub, links, &mut below);
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
