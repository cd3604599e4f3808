//! Test support shared by the project's crates (a dev-dependency only):
//!
//! * [`knobs`]: every environment variable the tests and test scripts read, in one table, and
//!   the functions through which the Rust tests read them;
//! * [`corpus`]: the module corpus (`PUPPET_CORPUS`) and the walks over its files, skipped with
//!   a note when it is not installed;
//! * [`oracle`]: which Ruby Puppet answers for the differential tests and where its answers are
//!   kept;
//! * [`golden`]: golden-file comparison with a unified diff, rewritten under `UPDATE_EXPECT`;
//! * [`cli`]: running a built binary with arguments and standard input, capturing its output.
//!
//! Helpers specific to one group of tests (the program generator, the lexer's Ruby comparison,
//! the PN fixtures, …) stay with that group under `puppet-syntax/tests/`.

pub mod cli;
pub mod corpus;
pub mod golden;
pub mod knobs;
pub mod oracle;

#[cfg(test)]
mod knobs_tests;
