//! The slow corpus-wide tests, one binary: every corpus file lexes, parses and round-trips
//! through the CST, validates as each Puppet release recorded in `test_data/corpus-releases/`,
//! and survives mutations. Skipped with a note when the corpus is not installed (see
//! `puppet_test_support::corpus`).

#[path = "../diag_util/mod.rs"]
mod diag_util;
#[path = "../lexer_util/mod.rs"]
mod lexer_util;
#[path = "../mutants/mod.rs"]
mod mutants;
#[path = "../rng/mod.rs"]
mod rng;

mod corpus_cst;
mod corpus_releases;
mod lexer_corpus;
mod mutations;
mod recovery;
