//! `cargo xtask test-knobs`: print the table of the environment variables that the tests and
//! test scripts read (`test-support/src/knobs.rs`, included here by path so xtask needs no
//! dependency on the test crates); `--markdown` writes it into `docs/contributing.md` between
//! its markers, where a test of `puppet-test-support` checks it.

use std::path::Path;

#[path = "../../test-support/src/knobs.rs"]
#[allow(dead_code)]
mod knobs;

/// What to do with the table.
pub enum Mode {
    /// Print it as text.
    Print,
    /// Rewrite the table of `docs/contributing.md`.
    Markdown,
}

pub fn run(root: &Path, mode: Mode) -> Result<(), String> {
    match mode {
        Mode::Print => {
            print!("{}", knobs::render_text());
            Ok(())
        }
        Mode::Markdown => {
            let path = root.join("docs/contributing.md");
            let document =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let updated = knobs::splice_markdown(&document).ok_or_else(|| {
                format!(
                    "{} lacks the lines `{}` and `{}`",
                    path.display(),
                    knobs::MARKDOWN_BEGIN,
                    knobs::MARKDOWN_END
                )
            })?;
            if updated != document {
                std::fs::write(&path, updated).map_err(|e| format!("{}: {e}", path.display()))?;
                println!("{}: table of test knobs updated", path.display());
            } else {
                println!("{}: table of test knobs up to date", path.display());
            }
            Ok(())
        }
    }
}
