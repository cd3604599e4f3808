//! Running the parser without Ruby's global VM lock, and never letting a panic reach Ruby.
//!
//! Ruby threads can only parse in parallel if the extension releases the GVL while it lexes,
//! parses and validates. magnus has no safe API for that, so this goes through
//! `rb_thread_call_without_gvl` directly. The closure given to [`run`] must touch no Ruby value
//! (the caller copies the source into Rust memory first); it may run at the same time as other
//! Ruby threads. Panics are caught here, on the Rust side of the C frames, and come back as an
//! `Err` the caller turns into a Ruby exception.

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::errors::panic_message;

/// Below this many source bytes the GVL is kept: releasing and re-taking it costs a few
/// microseconds, more than parsing a small file takes.
pub const RELEASE_THRESHOLD: usize = 16 * 1024;

/// The closure and, once it ran, its result; handed to the trampoline through a raw pointer.
struct Call<F, R> {
    work: Option<F>,
    result: Option<std::thread::Result<R>>,
}

/// Called by Ruby without the GVL: runs the closure under `catch_unwind`.
extern "C" fn trampoline<F: FnOnce() -> R, R>(data: *mut c_void) -> *mut c_void {
    // SAFETY: `data` is the `&mut Call<F, R>` that `run` passed, alive until
    // `rb_thread_call_without_gvl` returns, and used by nothing else meanwhile.
    let call = unsafe { &mut *data.cast::<Call<F, R>>() };
    if let Some(work) = call.work.take() {
        call.result = Some(catch_unwind(AssertUnwindSafe(work)));
    }
    std::ptr::null_mut()
}

/// Runs `work` (without the GVL when `release` is true) and returns its result, or the panic
/// message if it panicked.
pub fn run<F: FnOnce() -> R, R>(release: bool, work: F) -> Result<R, String> {
    let mut call = Call {
        work: Some(work),
        result: None,
    };
    let data = (&mut call as *mut Call<F, R>).cast::<c_void>();
    if release {
        // SAFETY: the trampoline touches no Ruby state; no unblocking function is given, so
        // Ruby waits for it to finish (a parse is bounded by the input's size). The `2`
        // variant never raises (a pending interrupt is left for Ruby to handle after we
        // return), so no longjmp crosses this frame.
        unsafe {
            rb_sys::rb_thread_call_without_gvl2(
                Some(trampoline::<F, R>),
                data,
                None,
                std::ptr::null_mut(),
            );
        }
    }
    if call.work.is_some() {
        // Not released (small input), or Ruby skipped the call because an interrupt was
        // pending: run it here, with the GVL.
        trampoline::<F, R>(data);
    }
    match call.result {
        Some(Ok(value)) => Ok(value),
        Some(Err(panic)) => Err(panic_message(panic.as_ref())),
        None => Err("the parser did not run".to_owned()),
    }
}
