//! `libpuppet`: the C ABI of the Puppet 7 language front end (`puppet-syntax`), for C and C++
//! tools and other language bindings. `include/puppet.h` is generated from this crate by
//! cbindgen (`tests/header.rs` fails when the committed header is stale).
//!
//! The API follows libgit2, tree-sitter and prism: opaque handles with `*_free` functions that
//! accept NULL; source input as pointer + length (no NUL needed, NUL bytes allowed); one options
//! struct that can grow (`struct_size`, [`puppet_options_init`]); a [`puppet_status`] return for
//! failures *of the API* (NULL or out-of-range arguments, a string that must be UTF-8 and is not,
//! something that was not built, a caught panic), with a thread-local message
//! ([`puppet_last_error_message`]); syntax errors and validation problems are data (the
//! diagnostics of a [`puppet_result`]).
//!
//! Where things live:
//!
//! * [`status`] — status codes, the last-error message, and the guard every exported function
//!   runs its body in (panics are caught there: nothing unwinds into C);
//! * [`strings`] — NUL-terminated copies of the library's static names (issue codes, kind and
//!   class names) and argument decoding (C strings, UTF-8, paths);
//! * [`options`] — `puppet_options` and its translation to `ParseOptions`;
//! * [`result`] — parsing and validating, the result handle and its diagnostics;
//! * [`output`] — owned output buffers: PN, PN-JSON, the CST dump, a diagnostic's caret snippet;
//! * [`render`] — that snippet, rendered as `puppet-parser validate` does (annotate-snippets);
//! * [`cst`] — a cursor over the lossless CST;
//! * [`model`] — a read-only walk over the Puppet model (class, span, attributes, children);
//! * [`logging`] — the log callback that receives the library's `log` records;
//! * this file — versions.
//!
//! Thread safety: every function may be called from any thread. A `puppet_result` is immutable
//! once `puppet_parse*` has returned it (only [`puppet_result_validate`] changes it, and needs
//! exclusive access), so any number of threads may read one result at once; a
//! `puppet_cst_cursor` is used by one thread at a time; the last-error message is per thread.

#![allow(non_camel_case_types)]
// Every exported function checks its pointers (NULL) itself and documents what it needs; the
// `unsafe` contract of C callers is the header's documentation, not Rust's `unsafe fn`.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

pub mod cst;
pub mod logging;
pub mod model;
pub mod options;
pub mod output;
pub mod result;
pub mod status;
pub mod strings;

use std::ffi::c_char;

pub use cst::*;
pub use logging::*;
pub use model::*;
pub use options::*;
pub use output::*;
pub use result::*;
pub use status::*;

/// Major version of this library (`PUPPET_VERSION_MAJOR`); also the soname's number.
pub const PUPPET_VERSION_MAJOR: u32 = 0;
/// Minor version of this library.
pub const PUPPET_VERSION_MINOR: u32 = 1;
/// Patch version of this library.
pub const PUPPET_VERSION_PATCH: u32 = 0;
/// Version of the binary interface: raised whenever a change would break programs compiled
/// against an older header (a removed function, a changed struct layout other than appending to
/// `puppet_options`). Compare with `puppet_abi_version()` at run time.
pub const PUPPET_ABI_VERSION: u32 = 1;

/// This library's version as text, e.g. `"0.1.0"` (static; never NULL).
#[no_mangle]
pub extern "C" fn puppet_version() -> *const c_char {
    status::guard(
        "puppet_version",
        |_| c"".as_ptr(),
        || Ok(strings::static_cstr(puppet_syntax::VERSION)),
    )
}

/// The ABI version the library was built with (`PUPPET_ABI_VERSION` of its header).
#[no_mangle]
pub extern "C" fn puppet_abi_version() -> u32 {
    PUPPET_ABI_VERSION
}

/// The Puppet release whose language, model and validator this library reproduces, e.g.
/// `"7.23.0"` (static; never NULL).
#[no_mangle]
pub extern "C" fn puppet_language_version() -> *const c_char {
    status::guard(
        "puppet_language_version",
        |_| c"".as_ptr(),
        || Ok(strings::static_cstr(puppet_syntax::PUPPET_VERSION)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sizes C sees (checked from C too, in `tests/c/test_api.c`): a change here is an ABI
    /// change (`PUPPET_ABI_VERSION`), except for `puppet_options`, which may grow at its end.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn struct_sizes_on_64_bit_targets() {
        use std::mem::size_of;
        assert_eq!(size_of::<puppet_options>(), 64);
        assert_eq!(size_of::<puppet_diagnostic>(), 56);
        assert_eq!(size_of::<puppet_model_attr>(), 64);
        assert_eq!(size_of::<puppet_buffer>(), 16);
        assert_eq!(size_of::<puppet_status>(), 4);
        assert_eq!(size_of::<puppet_log_fn>(), 8);
    }

    #[test]
    fn version_constants_are_the_crate_version() {
        let version =
            format!("{PUPPET_VERSION_MAJOR}.{PUPPET_VERSION_MINOR}.{PUPPET_VERSION_PATCH}");
        assert_eq!(version, env!("CARGO_PKG_VERSION"));
        assert_eq!(version, puppet_syntax::VERSION);
        let text = unsafe { std::ffi::CStr::from_ptr(puppet_version()) };
        assert_eq!(text.to_str().unwrap(), version);
    }
}
