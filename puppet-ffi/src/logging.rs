//! The host's log callback: the library logs through the `log` facade (the parse of each
//! source at debug level, caught panics at error level, …); a C host installs a callback with
//! [`puppet_set_log_callback`] and receives every record up to the level it asks for (level,
//! target, message with the record's key-value fields appended as ` key=value`), so the
//! library's logging appears in the host's own logger. Without a callback nothing is logged.
//!
//! The library installs its forwarding logger in its own copy of `log` on the first call; the
//! callback and level can be changed at any time from any thread.

use std::ffi::{c_char, c_void, CString};
use std::fmt::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::RwLock;

use log::{Level, LevelFilter, Log, Metadata, Record};

use crate::status::{guard_status, puppet_status, ApiError};

/// Log levels, as the `log` facade has them (`max_level` of `puppet_set_log_callback`, and the
/// level of each record).
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_log_level {
    /// Nothing (as `max_level`: no record is passed on).
    PUPPET_LOG_OFF = 0,
    /// Errors.
    PUPPET_LOG_ERROR = 1,
    /// Warnings.
    PUPPET_LOG_WARN = 2,
    /// Information.
    PUPPET_LOG_INFO = 3,
    /// Debugging detail (one record per parsed source).
    PUPPET_LOG_DEBUG = 4,
    /// Finer detail.
    PUPPET_LOG_TRACE = 5,
}

/// A log callback: `payload` as given to `puppet_set_log_callback`, the record's level, its
/// target (the Rust module path, e.g. `"puppet_ffi"`) and message, both NUL-terminated and only
/// valid during the call. It is called on whichever thread logs, possibly several at once.
pub type puppet_log_fn = Option<
    unsafe extern "C" fn(
        payload: *mut c_void,
        level: puppet_log_level,
        target: *const c_char,
        message: *const c_char,
    ),
>;

struct Sink {
    callback: unsafe extern "C" fn(*mut c_void, puppet_log_level, *const c_char, *const c_char),
    payload: *mut c_void,
}

// SAFETY: the payload is the host's; the header says the callback must be callable from any
// thread with it, which is all the library does with it.
unsafe impl Send for Sink {}
unsafe impl Sync for Sink {}

static SINK: RwLock<Option<Sink>> = RwLock::new(None);

/// Whether the `log` crate's logger is ours (set by the first `puppet_set_log_callback`).
static OURS: AtomicBool = AtomicBool::new(false);

struct Forward;

static FORWARD: Forward = Forward;

impl Log for Forward {
    fn enabled(&self, metadata: &Metadata) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &Record) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let Ok(sink) = SINK.read() else { return };
        let Some(sink) = sink.as_ref() else { return };
        let mut message = record.args().to_string();
        let mut fields = Fields(&mut message);
        let _ = record.key_values().visit(&mut fields);
        let level = match record.level() {
            Level::Error => puppet_log_level::PUPPET_LOG_ERROR,
            Level::Warn => puppet_log_level::PUPPET_LOG_WARN,
            Level::Info => puppet_log_level::PUPPET_LOG_INFO,
            Level::Debug => puppet_log_level::PUPPET_LOG_DEBUG,
            Level::Trace => puppet_log_level::PUPPET_LOG_TRACE,
        };
        let target = CString::new(record.target().replace('\0', "\\0")).unwrap_or_default();
        let message = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
        // SAFETY: the host's callback, called as the header documents.
        unsafe { (sink.callback)(sink.payload, level, target.as_ptr(), message.as_ptr()) };
    }

    fn flush(&self) {}
}

/// Appends ` key=value` for each field of a record.
struct Fields<'a>(&'a mut String);

impl<'kvs> log::kv::VisitSource<'kvs> for Fields<'_> {
    fn visit_pair(
        &mut self,
        key: log::kv::Key<'kvs>,
        value: log::kv::Value<'kvs>,
    ) -> Result<(), log::kv::Error> {
        let _ = write!(self.0, " {key}={value}");
        Ok(())
    }
}

/// Installs `callback` (NULL removes it) to receive the library's log records up to
/// `max_level` (a `puppet_log_level`; `PUPPET_LOG_OFF` passes nothing), with `payload` handed
/// back on every call. Replaces any earlier callback. The callback must be thread-safe and must
/// not call into the library. `PUPPET_ERROR_ARGUMENT` for an unknown level;
/// `PUPPET_ERROR_UNAVAILABLE` when the library is linked into a Rust program that installed
/// its own `log` logger (the program's logger gets the records then).
#[no_mangle]
pub extern "C" fn puppet_set_log_callback(
    callback: puppet_log_fn,
    payload: *mut c_void,
    max_level: u32,
) -> puppet_status {
    guard_status("puppet_set_log_callback", || {
        let filter = match max_level {
            0 => LevelFilter::Off,
            1 => LevelFilter::Error,
            2 => LevelFilter::Warn,
            3 => LevelFilter::Info,
            4 => LevelFilter::Debug,
            5 => LevelFilter::Trace,
            other => {
                return Err(ApiError::argument(format!(
                    "max_level {other} is not a puppet_log_level"
                )))
            }
        };
        // `set_logger` fails when a logger is set already: ours (an earlier call), or, when
        // the library is linked into a Rust program as an rlib, the program's, whose level
        // this must not change.
        if log::set_logger(&FORWARD).is_ok() {
            OURS.store(true, Ordering::Release);
        } else if !OURS.load(Ordering::Acquire) {
            return Err(ApiError::new(
                puppet_status::PUPPET_ERROR_UNAVAILABLE,
                "another logger is installed in this process's copy of the `log` crate",
            ));
        }
        let mut sink = match SINK.write() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        *sink = callback.map(|callback| Sink { callback, payload });
        log::set_max_level(if sink.is_some() {
            filter
        } else {
            LevelFilter::Off
        });
        Ok(())
    })
}
