//! The tests compared with Ruby Puppet, one binary: each module was a binary of its own, and
//! `scripts/differential`, `scripts/compare-with-ruby` and `scripts/spec-strings` run them in
//! release mode, where each binary is linked with fat LTO; one binary is linked once. The
//! scripts pick a module with a test-name filter (`cargo test --release -p puppet-syntax --test
//! differential -- --nocapture corpus_model::`).
//!
//! Ruby's answers come from files that the scripts write (`scripts/oracle-reference`,
//! `scripts/oracle-pcore`, `scripts/oracle-modulepath`) or from Ruby processes the tests start
//! (`diag_util::oracle`, `gen::ruby`). Without them a test prints a note and passes, unless
//! `PUPPET_ORACLE_REQUIRED` is set (as the scripts do); the tests that start Ruby for minutes
//! are `#[ignore]`d in a plain `cargo test`.
//!
//! - `corpus_model`: our PN and model node positions equal Ruby's on every corpus file;
//! - `generated_programs`: the same on programs of the generator (`gen/`), differences shrunk
//!   and kept in `test_data/generated/`; their CST round trip (not ignored);
//! - `generated_validation`: the validator's diagnostics on those programs;
//! - `mutant_validation`: first errors and diagnostics on broken input (`mutants/`);
//! - `type_mapping_validation`: the import of generated type mappings;
//! - `validate_cases`: the validator on the snippet suite, for every Puppet release recorded
//!   (Ruby's answers committed; no Ruby needed);
//! - `validate_corpus`: the validator on the corpus, without an environment and with Debian's
//!   module path;
//! - `xpp_corpus`: our XPP JSON of every corpus Program, byte for byte Ruby's Pcore JSON;
//! - `xpp_ruby_reads`: Ruby's deserializer reads our XPP payloads back (`PUPPET_XPP_RUBY`).
//!
//! Shared code, each included once by path: `diag_util/` (diagnostics as Ruby reports them,
//! Ruby's validation answers), `gen/` (the program generator), `mutants/` (mutants of
//! manifests) and `rng/` (the seeded random numbers of both).

#[path = "../diag_util/mod.rs"]
mod diag_util;
#[path = "../gen/mod.rs"]
mod gen;
#[path = "../mutants/mod.rs"]
mod mutants;
#[path = "../rng/mod.rs"]
mod rng;

mod corpus_model;
mod generated_programs;
mod generated_validation;
mod mutant_validation;
mod type_mapping_validation;
mod validate_cases;
mod validate_corpus;
mod xpp_corpus;
mod xpp_ruby_reads;
