//! `cargo xtask <task>`: the project's automation, written in Rust so that it needs nothing but
//! cargo (the alias lives in `.cargo/config.toml`).
//!
//! Tasks:
//!
//! * `codegen`: regenerate the files derived from `puppet-syntax/model/ast.toml` (the model
//!   description): `puppet-syntax/src/model/generated/*.rs` and `puppet-syntax/model/ast.json`.
//! * `codegen --check`: fail (exit status 1) naming every committed generated file that differs
//!   from what `codegen` would write. `scripts/test` runs it.
//! * `test-knobs`: print every environment variable the tests and test scripts read (the table
//!   of `test-support/src/knobs.rs`); `test-knobs --markdown` writes it into
//!   `docs/contributing.md`.

mod codegen;
mod test_knobs;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask codegen [--check] | cargo xtask test-knobs [--markdown]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["codegen"] => codegen::run(&workspace_root(), codegen::Mode::Write),
        ["codegen", "--check"] => codegen::run(&workspace_root(), codegen::Mode::Check),
        ["test-knobs"] => test_knobs::run(&workspace_root(), test_knobs::Mode::Print),
        ["test-knobs", "--markdown"] => {
            test_knobs::run(&workspace_root(), test_knobs::Mode::Markdown)
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's directory (paths do not depend on the
/// directory `cargo xtask` is run from).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}

#[cfg(test)]
mod tests {
    /// `cargo test` catches a description edited without regenerating, like `scripts/test`.
    #[test]
    fn generated_files_are_up_to_date() {
        if let Err(message) =
            super::codegen::run(&super::workspace_root(), super::codegen::Mode::Check)
        {
            panic!("{message}");
        }
    }
}
