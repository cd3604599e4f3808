//! Strings across the boundary.
//!
//! * Out: model class and attribute names, status names and the crate version are static
//!   `&CStr`s already (`model_enums.rs`, generated from `ast.toml`; literals). The names the
//!   library has only as `&'static str` without a NUL, issue codes, CST kind names and the
//!   Puppet language version, get a NUL-terminated copy made once per process in a static arena
//!   by [`static_cstr`], so C gets `const char *` that stay valid for ever. [`NulTerminated`]
//!   holds per-result copies (messages, file names).
//! * In: [`utf8_arg`] and [`path_arg`] read NUL-terminated C strings (file names must be UTF-8;
//!   paths are bytes on Unix).

use std::ffi::{c_char, CStr, CString};
use std::path::PathBuf;
use std::sync::RwLock;

use crate::status::{puppet_status, ApiError, ApiResult};

/// A NUL-terminated copy of a `&'static str`, made once and kept for the life of the process
/// (a NUL inside `text` ends the C string early; the library's names have none).
///
/// The copies live in a fixed arena inside this static, not on the heap, so that nothing is
/// left allocated at exit (valgrind's leak check runs with `--errors-for-leak-kinds=all`); the
/// names it holds (about 300 kind names and issue codes) fit many times over. Should it ever fill up, further
/// names are leaked on the heap instead.
pub fn static_cstr(text: &'static str) -> *const c_char {
    let text = text.split('\0').next().unwrap_or_default();
    if let Some(found) = read_table().find(text) {
        return found;
    }
    let mut table = match TABLE.write() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(found) = table.find(text) {
        return found;
    }
    table.insert(text).unwrap_or_else(|| {
        let owned = CString::new(text).unwrap_or_default();
        Box::leak(owned.into_boxed_c_str()).as_ptr()
    })
}

const ARENA_BYTES: usize = 64 * 1024;
const SLOTS: usize = 4096;

/// Interned names: NUL-terminated texts appended to `bytes`, found through an open-addressing
/// table of `(offset + 1, length)` slots (0: empty). Append-only, so pointers stay valid.
struct Table {
    bytes: [u8; ARENA_BYTES],
    used: usize,
    slots: [(u32, u32); SLOTS],
    count: usize,
}

static TABLE: RwLock<Table> = RwLock::new(Table {
    bytes: [0; ARENA_BYTES],
    used: 0,
    slots: [(0, 0); SLOTS],
    count: 0,
});

fn read_table() -> std::sync::RwLockReadGuard<'static, Table> {
    match TABLE.read() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}

impl Table {
    fn slot_of(text: &str) -> usize {
        // FNV-1a
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in text.as_bytes() {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        (hash as usize) % SLOTS
    }

    fn find(&self, text: &str) -> Option<*const c_char> {
        let mut slot = Table::slot_of(text);
        loop {
            let (start, len) = self.slots[slot];
            if start == 0 {
                return None;
            }
            let start = start as usize - 1;
            if &self.bytes[start..start + len as usize] == text.as_bytes() {
                return Some(self.bytes[start..].as_ptr().cast());
            }
            slot = (slot + 1) % SLOTS;
        }
    }

    fn insert(&mut self, text: &str) -> Option<*const c_char> {
        let start = self.used;
        if start + text.len() + 1 > ARENA_BYTES || self.count + 1 >= SLOTS / 2 {
            return None;
        }
        self.bytes[start..start + text.len()].copy_from_slice(text.as_bytes());
        self.bytes[start + text.len()] = 0;
        self.used += text.len() + 1;
        let mut slot = Table::slot_of(text);
        while self.slots[slot].0 != 0 {
            slot = (slot + 1) % SLOTS;
        }
        self.slots[slot] = (start as u32 + 1, text.len() as u32);
        self.count += 1;
        Some(self.bytes[start..].as_ptr().cast())
    }
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
        assert_ne!(a, static_cstr("SYNTAX"));
        assert_eq!(static_cstr(""), static_cstr(""));
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
