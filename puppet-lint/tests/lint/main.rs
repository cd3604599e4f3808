//! The linter's tests, one binary:
//!
//! * `examples`: every check's documented examples (the ones the docs show): `fires` gives a
//!   problem of the check, `passes` none, `fixed` is what `--fix` makes of `fires`;
//! * `control`: `lint:ignore` comments.

mod control;
mod examples;
