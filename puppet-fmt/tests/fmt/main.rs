//! The formatter's proofs, one binary:
//!
//! - `properties`: on every corpus file (`.pp` and `.epp`), every one of Puppet's spec strings
//!   that parses, and generated programs, the output is formatted already (idempotence), has
//!   the same PN as the input and gets the same issue codes from the validator;
//! - `tricky`: the tricky inputs of the formatter's design notes, with their formatted text as
//!   goldens (`UPDATE_EXPECT=1` rewrites them);
//! - `mutants`: corpus files broken at random token boundaries are formatted when they still
//!   parse, with the same properties; a file with a syntax error is left alone;
//! - `api`: the library's edges (range formatting, line endings, errors).
//!
//! That the tokens are the same (comments included) but for the normalisations is checked by
//! the formatter itself on every run (`verify`), so every test here checks it too.

#[path = "../../../puppet-syntax/tests/gen/mod.rs"]
mod gen;
#[path = "../../../puppet-syntax/tests/mutants/mod.rs"]
mod mutants;
#[path = "../../../puppet-syntax/tests/rng/mod.rs"]
mod rng;

mod api;
mod lint_record;
mod mutated;
mod properties;
mod tricky;
