//! Strings across the boundary.
//!
//! * Out: the library's static names (issue codes, CST kind names, model class and attribute
//!   names, versions) are `&'static str` without a NUL; [`static_cstr`] gives each one a
//!   NUL-terminated copy made once per process and never freed, so C gets `const char *` that
//!   stay valid for ever. [`NulTerminated`] holds per-result copies (messages, file names).
//! * In: [`utf8_arg`] and [`path_arg`] read NUL-terminated C strings (file names must be UTF-8;
//!   paths are bytes on Unix).

use std::collections::HashMap;
use std::ffi::{c_char, CStr, CString};
use std::path::PathBuf;
use std::sync::{OnceLock, RwLock};

use crate::status::{puppet_status, ApiError, ApiResult};

/// A NUL-terminated copy of a `&'static str`, made once and kept for the life of the process
/// (a NUL inside `text` ends the C string early; the library's names have none).
pub fn static_cstr(text: &'static str) -> *const c_char {
    static TABLE: OnceLock<RwLock<HashMap<&'static str, &'static CStr>>> = OnceLock::new();
    let table = TABLE.get_or_init(Default::default);
    if let Some(found) = table.read().ok().and_then(|t| t.get(text).copied()) {
        return found.as_ptr();
    }
    let mut table = match table.write() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    table
        .entry(text)
        .or_insert_with(|| {
            let owned =
                CString::new(text.split('\0').next().unwrap_or_default()).unwrap_or_default();
            Box::leak(owned.into_boxed_c_str())
        })
        .as_ptr()
}

/// Text with a NUL after it, for C: `ptr()` is NUL-terminated, `len()` excludes the NUL (the
/// text itself may hold NUL bytes, so C code that can meet them uses the length).
#[derive(Clone, Debug, Default)]
pub struct NulTerminated(Box<[u8]>);

impl NulTerminated {
    /// Copies `text` and appends a NUL.
    pub fn new(text: &str) -> NulTerminated {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(0);
        NulTerminated(bytes.into_boxed_slice())
    }

    /// The NUL-terminated text (stable while `self` lives: the bytes are boxed).
    pub fn ptr(&self) -> *const c_char {
        self.0.as_ptr().cast()
    }

    /// Length in bytes without the NUL.
    pub fn len(&self) -> usize {
        self.0.len().saturating_sub(1)
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The text without the NUL.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0[..self.len()]).unwrap_or_default()
    }
}

/// A NUL-terminated UTF-8 string argument; `None` for NULL. `what` names it in messages.
pub fn utf8_arg<'a>(ptr: *const c_char, what: &str) -> ApiResult<Option<&'a str>> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: the caller passes a NUL-terminated string (documented in the header).
    let bytes = unsafe { CStr::from_ptr(ptr) }.to_bytes();
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Some(text)),
        Err(err) => Err(ApiError::new(
            puppet_status::PUPPET_ERROR_UTF8,
            format!(
                "{what} is not UTF-8 (invalid byte at offset {})",
                err.valid_up_to()
            ),
        )),
    }
}

/// A NUL-terminated path argument; `None` for NULL. On Unix any bytes are a path; elsewhere it
/// must be UTF-8.
pub fn path_arg(ptr: *const c_char, what: &str) -> ApiResult<Option<PathBuf>> {
    if ptr.is_null() {
        return Ok(None);
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let _ = what; // every byte string is a Unix path
                      // SAFETY: the caller passes a NUL-terminated string (documented in the header).
        let bytes = unsafe { CStr::from_ptr(ptr) }.to_bytes();
        Ok(Some(PathBuf::from(std::ffi::OsStr::from_bytes(bytes))))
    }
    #[cfg(not(unix))]
    {
        Ok(utf8_arg(ptr, what)?.map(PathBuf::from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_strings_are_interned_once() {
        let a = static_cstr("SYNTAX_ERROR");
        let b = static_cstr("SYNTAX_ERROR");
        assert_eq!(a, b);
        assert_eq!(
            unsafe { CStr::from_ptr(a) }.to_str().unwrap(),
            "SYNTAX_ERROR"
        );
    }

    #[test]
    fn nul_terminated_keeps_inner_nuls_in_the_length() {
        let text = NulTerminated::new("a\0b");
        assert_eq!(text.len(), 3);
        assert_eq!(text.as_str(), "a\0b");
        assert_eq!(unsafe { CStr::from_ptr(text.ptr()) }.to_bytes(), b"a");
    }

    #[test]
    fn arguments() {
        let bad = CString::new(vec![b'a', 0xff]).unwrap();
        let err = utf8_arg(bad.as_ptr(), "options->file").unwrap_err();
        assert_eq!(err.status, puppet_status::PUPPET_ERROR_UTF8);
        assert_eq!(
            err.message,
            "options->file is not UTF-8 (invalid byte at offset 1)"
        );
        assert!(utf8_arg(std::ptr::null(), "x").unwrap().is_none());
        assert!(path_arg(bad.as_ptr(), "x").unwrap().is_some());
    }
}
