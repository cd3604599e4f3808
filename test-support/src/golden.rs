//! Golden files: compare an output with the file that holds its expected text; on a mismatch
//! say how to update it and show a unified line diff. With `UPDATE_EXPECT` set the file is
//! (re)written instead (review the diff with git afterwards).

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use similar::TextDiff;

use crate::knobs;

/// Whether golden files are being rewritten (`UPDATE_EXPECT`).
pub fn updating() -> bool {
    knobs::is_set("UPDATE_EXPECT")
}

/// Compare `actual` with the file at `path` (or write it when [`updating`]); the error says
/// what differs.
pub fn check(path: &Path, actual: &str) -> Result<(), String> {
    if updating() {
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        return fs::write(path, actual).map_err(|e| format!("{}: {e}", path.display()));
    }
    match fs::read_to_string(path) {
        Ok(expected) if expected == actual => Ok(()),
        Ok(expected) => Err(format!(
            "{} differs (run with UPDATE_EXPECT=1 to update)\n{}",
            path.display(),
            diff(&expected, actual)
        )),
        Err(_) => Err(format!(
            "{} is missing (run with UPDATE_EXPECT=1 to create it)",
            path.display()
        )),
    }
}

/// [`check`], panicking on a difference.
pub fn assert_matches(path: &Path, actual: &str) {
    if let Err(message) = check(path, actual) {
        panic!("{message}");
    }
}

/// A unified diff of `expected` and `actual`, by lines, with three lines of context.
pub fn diff(expected: &str, actual: &str) -> String {
    let mut out = String::new();
    let text = TextDiff::from_lines(expected, actual);
    let _ = write!(
        out,
        "{}",
        text.unified_diff()
            .context_radius(3)
            .header("expected", "actual")
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diff_shows_the_changed_line_only_with_context() {
        let d = diff("a\nb\nc\n", "a\nB\nc\n");
        assert!(d.contains("--- expected\n+++ actual\n"), "{d}");
        assert!(d.contains("-b\n+B\n"), "{d}");
        assert!(d.contains(" a\n"), "{d}");
    }

    #[test]
    fn a_different_file_is_an_error_naming_it() {
        if updating() {
            return;
        }
        let path = std::env::temp_dir().join(format!("golden-{}.txt", std::process::id()));
        fs::write(&path, "one\n").unwrap();
        let same = check(&path, "one\n");
        let other = check(&path, "two\n");
        fs::remove_file(&path).unwrap();
        assert_eq!(same, Ok(()));
        let message = other.unwrap_err();
        assert!(
            message.contains("differs") && message.contains("-one\n+two"),
            "{message}"
        );
    }
}
