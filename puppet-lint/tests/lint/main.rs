//! The linter's tests, one binary:
//!
//! * `examples`: every check's documented examples (the ones the docs show): `fires` gives a
//!   problem of the check, `passes` none, `fixed` is what `--fix` makes of `fires`;
//! * `control`: `lint:ignore` comments;
//! * `corpus_agreement`: every check against the recorded puppet-lint verdict on the corpus;
//! * `fix_corpus`: `--fix` on every corpus manifest: the result parses, is a fixed point and keeps
//!   the program (but for the fixes meant to change it);
//! * `mutated`: corpus mutants linted and fixed without a panic or a broken result;
//! * `threads`: the checks shared among threads find what one thread finds.

mod checks_definitions;
mod checks_layout;
mod checks_scopes;
mod checks_strings;
mod checks_whitespace;
mod control;
mod corpus_agreement;
mod examples;
mod fix_corpus;
#[path = "../../../puppet-syntax/tests/mutants/mod.rs"]
mod mutants;
mod mutated;
#[path = "../../../puppet-syntax/tests/rng/mod.rs"]
mod rng;
mod threads;
