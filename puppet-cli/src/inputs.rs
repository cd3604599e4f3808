//! The files a command works on: the walk of `puppet_workspace::walk` (named files as they are,
//! every `*.pp` and `*.epp` below named directories that the tree's ignore files do not
//! ignore, each real file once), with the directories it could not read reported on stderr.

use std::io::{self, Write};
use std::path::PathBuf;

use puppet_workspace::walk::{self, WalkOptions};
pub use puppet_workspace::walk::{Identity, NamedFiles};

/// The inputs found.
#[derive(Debug, Default)]
pub struct Inputs {
    /// The files, sorted in byte order (see [`walk::Inputs::files`]).
    pub files: Vec<PathBuf>,
    /// Whether a directory was named (a dump then labels each file even when there is one).
    pub had_directory: bool,
    /// Directories that could not be read (reported on stderr already).
    pub problems: usize,
}

/// The files to work on for the PATH arguments `paths` (an empty list means the current
/// directory). Problems (unreadable directories) are written to stderr and counted.
pub fn collect(paths: &[PathBuf], options: WalkOptions) -> Inputs {
    let found = walk::collect(paths, options);
    let mut stderr = io::stderr().lock();
    for problem in &found.problems {
        let _ = writeln!(stderr, "puppet-parser: {problem}");
    }
    Inputs {
        files: found.files,
        had_directory: found.had_directory,
        problems: found.problems.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ignore_files_apply_unless_turned_off() {
        let dir = std::env::temp_dir().join(format!("puppet-cli-inputs-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("generated")).unwrap();
        std::fs::write(dir.join(".ignore"), "generated/\n").unwrap();
        std::fs::write(dir.join("kept.pp"), "").unwrap();
        std::fs::write(dir.join("generated/skipped.pp"), "").unwrap();
        let roots = [dir.clone()];
        let with_ignores = collect(&roots, WalkOptions::default());
        let without = collect(
            &roots,
            WalkOptions {
                ignore_files: false,
            },
        );
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(with_ignores.files, [dir.join("kept.pp")]);
        assert_eq!(
            without.files,
            [dir.join("generated/skipped.pp"), dir.join("kept.pp")]
        );
        assert!(with_ignores.had_directory);
        assert_eq!(with_ignores.problems + without.problems, 0);
    }
}
