//! Named Puppet files, identified while they are read: [`NamedFiles`].

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use puppet_diagnostics::render::escape_path;

use super::{classify, is_puppet_file, parent_of, Named};

/// Named Puppet files, identified while they are read.
///
/// [`collect`](super::collect) makes its system calls (an `lstat` per named file, a `realpath` per directory
/// of them: 5 ms of a 43 ms `validate --jobs 1` over the 1,970 files of the Debian corpus)
/// before the first file can be parsed. When every PATH is named like a Puppet file (`*.pp`,
/// `*.epp`), the caller makes the same calls per file with [`NamedFiles::identify`] on the
/// thread that reads ahead, while the workers parse, and drops a file reached under a second
/// name afterwards ([`NamedFiles::first_names`]): the same files and names as [`collect`](super::collect)
/// gives. A path that turns out to be a directory sends the caller back to [`collect`](super::collect).
pub struct NamedFiles {
    /// The named paths in byte order, each once.
    pub paths: Vec<PathBuf>,
    /// The canonical paths of the named files' directories, found so far (keyed by bytes, as
    /// in [`collect`](super::collect)); `None`: could not be resolved. Each is resolved once: a thread that
    /// needs a directory another one is resolving waits for that answer.
    parents: Mutex<HashMap<OsString, Arc<OnceLock<Option<PathBuf>>>>>,
}

/// What a named path is, for [`NamedFiles`].
#[derive(Debug, PartialEq, Eq)]
pub enum Identity {
    /// A directory, or a link to one: the paths need [`collect`](super::collect).
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

    /// What `path` (one of [`NamedFiles::paths`]) is: [`collect`](super::collect)'s answer for a named path.
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
