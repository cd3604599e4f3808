//! Trees of files for the tests, made in a fresh directory under the system's temporary
//! directory and removed when dropped.

#![allow(dead_code)] // each test file uses its own part of it

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A directory removed with everything in it when dropped.
pub struct TempTree {
    root: PathBuf,
}

impl TempTree {
    /// A new empty directory (its canonical path: the tests compare paths).
    pub fn new() -> TempTree {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "puppet-workspace-test-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let root = std::env::temp_dir().join(name);
        std::fs::create_dir_all(&root).expect("temporary directory");
        TempTree {
            root: root.canonicalize().expect("canonical temporary directory"),
        }
    }

    pub fn path(&self) -> &Path {
        &self.root
    }

    /// `relative` under the root.
    pub fn join(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    /// Writes `text` to `relative`, making its directories.
    pub fn file(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("directories");
        std::fs::write(&path, text).expect("write");
        path
    }

    /// Makes directory `relative` (and its parents).
    pub fn dir(&self, relative: &str) -> PathBuf {
        let path = self.join(relative);
        std::fs::create_dir_all(&path).expect("directories");
        path
    }

    /// A symbolic link at `relative` pointing to `target` (as written).
    pub fn link(&self, relative: &str, target: &str) -> PathBuf {
        let path = self.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("directories");
        std::os::unix::fs::symlink(target, &path).expect("symlink");
        path
    }

    /// The paths of `paths` relative to the root, as strings, for comparisons.
    pub fn relative(&self, paths: &[PathBuf]) -> Vec<String> {
        paths
            .iter()
            .map(|p| {
                p.strip_prefix(&self.root)
                    .unwrap_or(p)
                    .to_string_lossy()
                    .into_owned()
            })
            .collect()
    }
}

impl Drop for TempTree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}
