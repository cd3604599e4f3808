//! The C API's checks that need no C compiler, one binary: every exported function runs in a
//! panic guard (`guarded`), and `include/puppet.h` is what cbindgen makes of the sources
//! (`header`; `UPDATE_EXPECT=1` rewrites it). The C tests themselves are `tests/c/`, run by
//! `scripts/test-c`.

mod guarded;
mod header;
