//! The linter's tests, one binary:
//!
//! * `examples`: every check's documented examples (the ones the docs show): `fires` gives a
//!   problem of the check, `passes` none, `fixed` is what `--fix` makes of `fires`;
//! * `control`: `lint:ignore` comments;
//! * `fix_corpus`: `--fix` on every corpus manifest: the result parses, is a fixed point and keeps
//!   the program (but for the fixes meant to change it).

mod control;
mod examples;
mod fix_corpus;
