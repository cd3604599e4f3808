//! Failures of the API itself: the [`puppet_status`] codes, the thread-local last-error message
//! ([`puppet_last_error_message`]), and [`guard`], which every exported function runs its body
//! in so that a failure becomes a status plus a message and a panic is caught (nothing unwinds
//! into C; since Rust 1.81 an escaping panic would abort the host).
//!
//! A panic's own message is recorded by a panic hook installed on first use, which takes over
//! only while a library call runs on the thread (elsewhere the previous hook runs), so the
//! library never writes to the host's stderr.

use std::cell::{Cell, RefCell};
use std::ffi::{c_char, CString};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Once, OnceLock};

/// What an API call returns: `PUPPET_OK` (0), or a negative code for a failure of the call.
/// Problems in the Puppet source (syntax errors, validation issues) are never statuses: they
/// are the diagnostics of the result.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_status {
    /// Success.
    PUPPET_OK = 0,
    /// A pointer that must not be NULL was NULL.
    PUPPET_ERROR_NULL = -1,
    /// An argument is out of range or otherwise invalid (an index past the end, an unknown
    /// flag or enum value, an options struct of an unknown size, a second validation).
    PUPPET_ERROR_ARGUMENT = -2,
    /// A string argument that must be UTF-8 (a file name) is not.
    PUPPET_ERROR_UTF8 = -3,
    /// What was asked for was not built: the model after a syntax error (or with
    /// `PUPPET_PARSE_NO_MODEL`), the CST without `PUPPET_PARSE_CST`; or the log callback
    /// cannot be installed (see `puppet_set_log_callback`).
    PUPPET_ERROR_UNAVAILABLE = -4,
    /// An internal error (a panic inside the library, caught). The library stays usable; the
    /// message says where it happened. Please report it.
    PUPPET_ERROR_PANIC = -5,
    /// What was looked up does not exist: no definition of that kind and name in a
    /// `puppet_index` (`puppet_index_lookup`). Added after the first header.
    PUPPET_ERROR_NOT_FOUND = -6,
    /// The source has syntax errors (or is not UTF-8), so it was not formatted or fixed
    /// (`puppet_format`, `puppet_lint_fix`); parse it for the diagnostics. Added after the
    /// first header.
    PUPPET_ERROR_SYNTAX = -7,
}

/// A failed call: its status and a message for [`puppet_last_error_message`].
#[derive(Debug)]
pub struct ApiError {
    /// The status the call returns.
    pub status: puppet_status,
    /// What went wrong, in English.
    pub message: String,
}

impl ApiError {
    /// A failure with `status`.
    pub fn new(status: puppet_status, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// `PUPPET_ERROR_NULL`: `what` must not be NULL.
    pub fn null(what: &str) -> ApiError {
        ApiError::new(
            puppet_status::PUPPET_ERROR_NULL,
            format!("{what} must not be NULL"),
        )
    }

    /// `PUPPET_ERROR_ARGUMENT`.
    pub fn argument(message: impl Into<String>) -> ApiError {
        ApiError::new(puppet_status::PUPPET_ERROR_ARGUMENT, message)
    }
}

/// The result of an API body.
pub type ApiResult<T> = Result<T, ApiError>;

thread_local! {
    /// The message of the last failed call on this thread (NUL-terminated).
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
    /// Whether a library call is running on this thread (the panic hook records then).
    static IN_CALL: Cell<bool> = const { Cell::new(false) };
    /// The message and place of a panic caught in this thread's current call.
    static PANIC_MESSAGE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Sets this thread's last-error message (NUL bytes become `\0` escapes).
pub fn set_last_error(message: &str) {
    let text = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // `try_*`: during the thread's exit the slot may be gone; nothing to record then.
    let _ = LAST_ERROR.try_with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            *slot = text;
        }
    });
}

/// Runs the body of the exported function `name`: its `Err` becomes the last-error message and
/// `fallback(status)`, a panic becomes `PUPPET_ERROR_PANIC` the same way.
pub fn guard<T>(
    name: &str,
    fallback: impl FnOnce(puppet_status) -> T,
    body: impl FnOnce() -> ApiResult<T>,
) -> T {
    install_panic_hook();
    let outer = IN_CALL.with(|c| c.replace(true));
    let outcome = panic::catch_unwind(AssertUnwindSafe(body));
    IN_CALL.with(|c| c.set(outer));
    let error = match outcome {
        Ok(Ok(value)) => return value,
        Ok(Err(error)) => {
            log::debug!(target: "puppet_ffi", "{name}: {}", error.message);
            error
        }
        Err(payload) => {
            let recorded = PANIC_MESSAGE.with(|m| m.borrow_mut().take());
            let what = recorded.unwrap_or_else(|| payload_text(payload.as_ref()));
            let message = format!("internal error in {name}: {what}");
            log::error!(target: "puppet_ffi", "{message}");
            ApiError::new(puppet_status::PUPPET_ERROR_PANIC, message)
        }
    };
    set_last_error(&error.message);
    fallback(error.status)
}

/// Runs `body` on a thread the library started for a call, as [`guard`] runs a call's body: a
/// panic is caught, recorded by the hook (not written to stderr), and returned as its message
/// and place for the calling thread to report.
pub fn catch_panic<T>(body: impl FnOnce() -> T) -> Result<T, String> {
    install_panic_hook();
    let outer = IN_CALL.with(|c| c.replace(true));
    let outcome = panic::catch_unwind(AssertUnwindSafe(body));
    IN_CALL.with(|c| c.set(outer));
    outcome.map_err(|payload| {
        let recorded = PANIC_MESSAGE.with(|m| m.borrow_mut().take());
        recorded.unwrap_or_else(|| payload_text(payload.as_ref()))
    })
}

/// [`guard`] for functions that return a [`puppet_status`].
pub fn guard_status(name: &str, body: impl FnOnce() -> ApiResult<()>) -> puppet_status {
    guard(
        name,
        |status| status,
        || body().map(|()| puppet_status::PUPPET_OK),
    )
}

fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

type PanicHook = Box<dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

/// The hook that was installed before ours (kept in a static, so that our hook captures
/// nothing and costs no heap allocation that would outlive the process's last free).
static PREVIOUS_HOOK: OnceLock<PanicHook> = OnceLock::new();

fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let _ = PREVIOUS_HOOK.set(panic::take_hook());
        panic::set_hook(Box::new(|info| {
            if IN_CALL.with(Cell::get) {
                let place = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                let text = format!("{}{place}", payload_text(info.payload()));
                PANIC_MESSAGE.with(|m| *m.borrow_mut() = Some(text));
            } else if let Some(previous) = PREVIOUS_HOOK.get() {
                previous(info);
            }
        }));
    });
}

/// The message of the last failed call on this thread: why it returned a negative status,
/// NULL, or 0. Never NULL (`""` when no call failed yet). Owned by the library; valid until the
/// next failing call on the same thread. Do not use it to *detect* failures: calls that succeed
/// leave it as it was.
#[no_mangle]
pub extern "C" fn puppet_last_error_message() -> *const c_char {
    LAST_ERROR
        .try_with(|cell| cell.try_borrow().map(|text| text.as_ptr()).ok())
        .ok()
        .flatten()
        .unwrap_or(c"".as_ptr())
}

/// Clears this thread's last-error message (it becomes `""`).
#[no_mangle]
pub extern "C" fn puppet_last_error_clear() {
    set_last_error("");
}

/// A static, human-readable name of a status (`"PUPPET_ERROR_NULL"`); `"unknown status"` for
/// a value that is not a `puppet_status`. Never NULL.
#[no_mangle]
pub extern "C" fn puppet_status_name(status: i32) -> *const c_char {
    guard(
        "puppet_status_name",
        |_| c"unknown status".as_ptr(),
        || Ok(status_name(status)),
    )
}

fn status_name(status: i32) -> *const c_char {
    use puppet_status::*;
    let name = [
        PUPPET_OK,
        PUPPET_ERROR_NULL,
        PUPPET_ERROR_ARGUMENT,
        PUPPET_ERROR_UTF8,
        PUPPET_ERROR_UNAVAILABLE,
        PUPPET_ERROR_PANIC,
        PUPPET_ERROR_NOT_FOUND,
        PUPPET_ERROR_SYNTAX,
    ]
    .into_iter()
    .find(|s| *s as i32 == status)
    .map_or(c"unknown status", |s| match s {
        PUPPET_OK => c"PUPPET_OK",
        PUPPET_ERROR_NULL => c"PUPPET_ERROR_NULL",
        PUPPET_ERROR_ARGUMENT => c"PUPPET_ERROR_ARGUMENT",
        PUPPET_ERROR_UTF8 => c"PUPPET_ERROR_UTF8",
        PUPPET_ERROR_UNAVAILABLE => c"PUPPET_ERROR_UNAVAILABLE",
        PUPPET_ERROR_PANIC => c"PUPPET_ERROR_PANIC",
        PUPPET_ERROR_NOT_FOUND => c"PUPPET_ERROR_NOT_FOUND",
        PUPPET_ERROR_SYNTAX => c"PUPPET_ERROR_SYNTAX",
    });
    name.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn last_error() -> String {
        unsafe { CStr::from_ptr(puppet_last_error_message()) }
            .to_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let status = guard_status("puppet_test", || panic!("boom {}", 42));
        assert_eq!(status, puppet_status::PUPPET_ERROR_PANIC);
        let message = last_error();
        assert!(
            message.starts_with("internal error in puppet_test: boom 42 at "),
            "{message}"
        );
        assert!(message.contains("status.rs"), "{message}");
    }

    #[test]
    fn errors_set_the_message_and_successes_keep_it() {
        puppet_last_error_clear();
        assert_eq!(last_error(), "");
        let status = guard_status("puppet_test", || Err(ApiError::null("out")));
        assert_eq!(status, puppet_status::PUPPET_ERROR_NULL);
        assert_eq!(last_error(), "out must not be NULL");
        assert_eq!(
            guard_status("puppet_test", || Ok(())),
            puppet_status::PUPPET_OK
        );
        assert_eq!(last_error(), "out must not be NULL");
        let value = guard(
            "puppet_test",
            |_| 7usize,
            || Err(ApiError::argument("x\0y")),
        );
        assert_eq!(value, 7);
        assert_eq!(last_error(), "x\\0y");
    }

    #[test]
    fn panics_on_a_library_thread_come_back_as_messages() {
        let caught = std::thread::spawn(|| catch_panic(|| -> u32 { panic!("worker {}", 7) }))
            .join()
            .expect("caught on the thread");
        let message = caught.unwrap_err();
        assert!(message.starts_with("worker 7 at "), "{message}");
        assert_eq!(catch_panic(|| 5), Ok(5));
    }

    #[test]
    fn status_names() {
        let name = |s: i32| {
            unsafe { CStr::from_ptr(puppet_status_name(s)) }
                .to_str()
                .unwrap()
        };
        assert_eq!(name(0), "PUPPET_OK");
        assert_eq!(name(-5), "PUPPET_ERROR_PANIC");
        assert_eq!(name(-6), "PUPPET_ERROR_NOT_FOUND");
        assert_eq!(name(-7), "PUPPET_ERROR_SYNTAX");
        assert_eq!(name(17), "unknown status");
    }
}
