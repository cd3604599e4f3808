//! `puppet-parser lsp`: the language server of `puppet-lsp` on standard input and output.

use crate::Outcome;

pub fn run() -> Outcome {
    log::info!(version = env!("CARGO_PKG_VERSION"); "language server starting");
    match puppet_lsp::server::run_stdio() {
        Ok(()) => Outcome::Clean,
        Err(err) => {
            log::error!(code = "LSP_CONNECTION"; "{err}");
            eprintln!("puppet-parser lsp: {err}");
            Outcome::Failure
        }
    }
}
