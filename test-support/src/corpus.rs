//! The module corpus (`PUPPET_CORPUS`, default Debian's `/usr/share/puppet/modules.available`,
//! installed by `scripts/install-deps`) and the walks over its `.pp` and `.epp` files that the
//! corpus tests share. When the corpus is absent a test is skipped with a note, except under `CI`,
//! where that is a failure.

use std::path::{Path, PathBuf};

use crate::knobs;

/// Where Debian installs the corpus.
pub const DEFAULT_ROOT: &str = "/usr/share/puppet/modules.available";

/// The corpus root as configured (it may not exist).
pub fn root_path() -> PathBuf {
    PathBuf::from(knobs::text("PUPPET_CORPUS"))
}

/// The corpus root when it is installed; else `None` after a note on stdout (a panic under
/// `CI`: the corpus tests must not pass there without their corpus).
pub fn root() -> Option<PathBuf> {
    let root = root_path();
    if root.is_dir() {
        return Some(root);
    }
    assert!(
        !knobs::is_set("CI"),
        "corpus {} is missing under CI: run scripts/install-deps",
        root.display()
    );
    println!(
        "note: corpus {} not found; skipping (run scripts/install-deps)",
        root.display()
    );
    None
}

/// Whether `path` names a manifest or a template (`.pp`, `.epp`).
pub fn is_manifest(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("pp" | "epp")
    )
}

/// The `.pp` and `.epp` files below `dir`, sorted by path. Symbolic links to directories are
/// followed only when `follow` (the corpus links modules into each other, so a walk that follows
/// them sees some files twice); unreadable directories are skipped.
pub fn files_below(dir: &Path, follow: bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let meta = if follow {
                std::fs::metadata(&path)
            } else {
                std::fs::symlink_metadata(&path)
            };
            let Ok(meta) = meta else { continue };
            if meta.is_dir() {
                stack.push(path);
            } else if meta.is_file() && is_manifest(&path) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The corpus's `.pp` and `.epp` files (links not followed), sorted; empty, with a note, when
/// the corpus is not installed (see [`root`]).
pub fn files() -> Vec<PathBuf> {
    root().map_or_else(Vec::new, |root| files_below(&root, false))
}

/// The corpus's files with extension `ext` (`"pp"` or `"epp"`), sorted.
pub fn files_with_extension(ext: &str) -> Vec<PathBuf> {
    files()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_finds_manifests_and_templates_only_sorted() {
        let dir = std::env::temp_dir().join(format!("test-support-corpus-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b/manifests")).unwrap();
        std::fs::create_dir_all(dir.join("a/templates")).unwrap();
        for name in [
            "b/manifests/init.pp",
            "a/templates/t.epp",
            "a/README.md",
            "a/x.ppx",
        ] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let found: Vec<_> = files_below(&dir, false)
            .iter()
            .map(|p| p.strip_prefix(&dir).unwrap().to_string_lossy().into_owned())
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found, ["a/templates/t.epp", "b/manifests/init.pp"]);
    }
}
