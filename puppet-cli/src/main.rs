//! `puppet-parser`: the command-line front end of `puppet-syntax`.
//!
//! stdout carries only the requested output (dumps, `validate`'s diagnostics); a dump's
//! diagnostics go to stderr as `FILE:LINE:COLUMN: SEVERITY[CODE]: message`; logs go to stderr
//! through the `log` facade. Human output is escaped and, on a terminal, coloured (`report`).
//!
//! Exit status: 0 when no input has an error, 1 when some input has one, 2 on usage or I/O errors.

mod cli;
mod commands;
mod inputs;
mod logging;
mod read_ahead;
mod report;
mod source;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};

/// How a run ended; the numeric values are the process exit status.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Outcome {
    /// No input had an error.
    Clean = 0,
    /// Some input had a syntax (or other error-severity) diagnostic.
    Errors = 1,
    /// Usage or I/O problem (an unreadable file, a closed output…).
    Failure = 2,
}

impl Outcome {
    /// The worse of two outcomes.
    pub fn merge(self, other: Outcome) -> Outcome {
        self.max(other)
    }
}

/// Where `lint` is among the arguments, if it is the subcommand: its arguments are
/// puppet-lint's, parsed by `commands::lint` (their `--log-format` is not the global one).
fn lint_subcommand(argv: &[std::ffi::OsString]) -> Option<usize> {
    let mut i = 1;
    while i < argv.len() {
        let arg = argv[i].to_string_lossy();
        if matches!(arg.as_ref(), "--log-level" | "--log-format" | "--color") {
            i += 2;
        } else if arg.starts_with('-') {
            i += 1;
        } else {
            return (arg == "lint").then_some(i);
        }
    }
    None
}

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let (cli, lint_args) = match lint_subcommand(&argv) {
        Some(i) => (Cli::parse_from(&argv[..=i]), Some(argv[i + 1..].to_vec())),
        // clap exits with status 2 on usage errors (and 0 for --help/--version).
        None => (Cli::parse_from(&argv), None),
    };
    let log_file = match &cli.command {
        Command::Lsp(args) => args.log_file.as_deref(),
        _ => None,
    };
    if let Err(err) = logging::init_to(cli.log_level, cli.log_format, cli.color, log_file) {
        eprintln!("puppet-parser: {err}");
        return ExitCode::from(2);
    }
    log::debug!(version = env!("CARGO_PKG_VERSION"); "puppet-parser starting");
    let outcome = match &cli.command {
        Command::Dump(args) => commands::dump::run(args, cli.color),
        Command::Validate(args) => commands::validate::run(args, cli.color),
        Command::Fmt(args) => commands::fmt::run(args, cli.color),
        Command::Xpp(command) => commands::xpp::run(command),
        Command::Lint(pass) => commands::lint::run(lint_args.unwrap_or_else(|| pass.args.clone())),
        Command::Lsp(_) => commands::lsp::run(),
        Command::Completions(args) => commands::completions::completions(args.shell),
        Command::Man(args) => commands::completions::man(args.dir.as_deref()),
    };
    log::debug!(status = outcome as u8; "puppet-parser finished");
    ExitCode::from(outcome as u8)
}
