//! The `puppet-parser` binary's tests, one binary: `cli` (the dump, exit codes, BOMs, invalid
//! UTF-8, several files, logging), `validate`, `import` (what validation reports after import),
//! `user_facing` (escaping, colour, `--max-errors`, summaries, help) and `xpp`
//! (`xpp build|dump|check`), `fmt`, `lint`. They run the binary through `puppet_test_support::cli`.

use puppet_test_support::cli::Cli;

/// The `puppet-parser` that cargo built for these tests.
const BIN: &str = env!("CARGO_BIN_EXE_puppet-parser");

/// A runner of [`BIN`] (without `RUST_LOG` and `NO_COLOR` from the environment).
fn parser() -> Cli {
    Cli::new(BIN)
}

mod cli;
mod completions;
mod fmt;
mod import;
mod lint;
mod user_facing;
mod validate;
mod xpp;
