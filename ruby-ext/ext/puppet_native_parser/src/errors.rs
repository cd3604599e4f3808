//! The exceptions the extension raises, and the guards that keep a Rust panic from reaching Ruby.
//!
//! `PuppetNativeParser::Error` (base), `XppError` and `InternalError` are defined here, when the
//! extension is loaded; `lib/puppet_native_parser.rb` reopens `XppError` to give it `#code`. An
//! XPP file that cannot be read or written raises `XppError` with the reader's stable code from
//! here ([`xpp_error`]); a bug of ours raises `InternalError` ([`internal`]).
//!
//! A panic must never unwind into Ruby's C frames (Rust aborts the process there) nor reach
//! magnus's own catch, which turns it into Ruby's `fatal` and ends the process. So every method
//! Ruby calls runs its body under [`guard`] (but for those that only read a flag:
//! `NativeResult#validated?`, `PuppetNativeParser.public_api` and `public_api?`), every closure
//! given to `rb_protect` under [`protect`], and the work done without the GVL under
//! `nogvl::run`'s own catch: each turns a panic into `InternalError` with the panic's message.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use magnus::value::Opaque;
use magnus::{kwargs, prelude::*, Error, ExceptionClass, RModule, Ruby};
use rb_sys::VALUE;

/// `PuppetNativeParser::XppError` and `InternalError`, set by [`define`].
static CLASSES: OnceLock<(Opaque<ExceptionClass>, Opaque<ExceptionClass>)> = OnceLock::new();

/// Defines `PuppetNativeParser::Error < StandardError`, `XppError < Error` and
/// `InternalError < Error` under `module`.
pub fn define(ruby: &Ruby, module: RModule) -> Result<(), Error> {
    let base = module.define_error("Error", ruby.exception_standard_error())?;
    let xpp = module.define_error("XppError", base)?;
    let internal = module.define_error("InternalError", base)?;
    let _ = CLASSES.set((Opaque::from(xpp), Opaque::from(internal)));
    Ok(())
}

/// A `PuppetNativeParser::InternalError` (a bug of ours, never the input's fault).
pub fn internal(ruby: &Ruby, message: &str) -> Error {
    let class = CLASSES
        .get()
        .map(|(_, internal)| ruby.get_inner(*internal))
        .unwrap_or_else(|| ruby.exception_runtime_error());
    Error::new(
        class,
        format!("puppet-native-parser internal error: {message}"),
    )
}

/// A `PuppetNativeParser::XppError` with `code` (`XPP_TRUNCATED`, `XPP_WRITE`, …) and
/// `message`, made by the class's own `new(message, code: code)`.
pub fn xpp_error(ruby: &Ruby, code: &str, message: &str) -> Error {
    let Some((xpp, _)) = CLASSES.get() else {
        return internal(ruby, "PuppetNativeParser::XppError is not defined");
    };
    match ruby
        .get_inner(*xpp)
        .new_instance((message, kwargs!(ruby, "code" => code)))
    {
        Ok(exception) => exception.into(),
        Err(err) => err,
    }
}

/// Runs the body of a method Ruby calls: a panic becomes `InternalError`.
pub fn guard<T>(ruby: &Ruby, body: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(panic) => Err(internal(ruby, &panic_message(panic.as_ref()))),
    }
}

/// magnus's `protect` (a Ruby exception raised inside `work` comes back as an `Err`), with a
/// panic inside `work` caught before it reaches `rb_protect`'s C frame and returned as
/// `InternalError`.
pub fn protect(ruby: &Ruby, work: impl FnOnce() -> VALUE) -> Result<VALUE, Error> {
    let mut panicked = None;
    let value = magnus::rb_sys::protect(|| match catch_unwind(AssertUnwindSafe(work)) {
        Ok(value) => value,
        Err(panic) => {
            panicked = Some(panic_message(panic.as_ref()));
            rb_sys::ruby_special_consts::RUBY_Qnil as VALUE
        }
    })?;
    match panicked {
        Some(message) => Err(internal(ruby, &message)),
        None => Ok(value),
    }
}

/// The text a panic was raised with.
pub fn panic_message(panic: &(dyn Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_owned()
    }
}

/// `Native.panic(where)`: panics on purpose, so that the specs can see each catch turn a panic
/// into `InternalError` instead of ending Ruby: `"method"` in the method's body ([`guard`]),
/// `"protect"` inside `rb_protect` ([`protect`]), `"nogvl"` in work run without the GVL
/// (`nogvl::run`). Anything else raises `ArgumentError`.
pub fn panic_on_purpose(ruby: &Ruby, place: String) -> Result<(), Error> {
    guard(ruby, || match place.as_str() {
        "method" => panic!("deliberate panic in a method"),
        "protect" => protect(ruby, || panic!("deliberate panic inside rb_protect")).map(drop),
        "nogvl" => crate::nogvl::run(true, || panic!("deliberate panic without the GVL"))
            .map_err(|message| internal(ruby, &message)),
        other => Err(Error::new(
            ruby.exception_arg_error(),
            format!("where must be \"method\", \"protect\" or \"nogvl\", not {other:?}"),
        )),
    })
}
