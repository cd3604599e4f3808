//! `puppet_native_parser`: the Ruby extension of the `puppet-native-parser` gem, a thin layer over
//! `puppet_syntax`'s front door (bytes in, one options struct, one result).
//!
//! Ruby sees `PuppetNativeParser::Native.parse(source, file, epp, tasks)` and
//! `Native.validate(source, file, epp, tasks, strict, release, location)`, both returning a
//! `PuppetNativeParser::NativeResult` that holds the Rust result; its methods hand out the
//! diagnostics as `PuppetNativeParser::Diagnostic` objects (`diagnostics`), build Puppet's Ruby
//! model on demand (`builder`), validate later (the drop-in hook parses first and validates
//! when Puppet asks), print PN/JSON, and read and write XPP files (`xpp`). The keyword API, the
//! argument checks and the `ParseResult` and `Diagnostic` classes are Ruby, in
//! `lib/puppet_native_parser.rb`.
//!
//! The source is copied into Rust memory, then lexed, parsed and validated without the GVL
//! (`nogvl`) for inputs large enough to be worth it. Errors are raised from here (`errors`):
//! `XppError` with its code, `InternalError` for a bug of ours; no panic reaches Ruby (every
//! method's body runs under `errors::guard`). The builder's shortcuts through Ruby's internals
//! can be switched to Ruby's public API (`public_api`).

mod builder;
mod diagnostics;
mod errors;
mod ivars;
mod nogvl;
mod options;
mod public_api;
mod ruby_strings;
mod tools;
mod xpp;

use std::cell::{Cell, Ref, RefCell};

use magnus::{function, method, prelude::*, Error, RArray, RString, Ruby, Value};
use puppet_syntax::xpp::XppHeader;
use puppet_syntax::{parse, parse_and_validate, pn, ParseOptions, ParseResult};

use errors::{guard, internal};

/// The extension's own allocator. Inside Ruby, the C library's `malloc` serves Ruby's many
/// small blocks too and is fragmented by them: a file's dozen Rust blocks (the model's arenas,
/// the source, the envelope) cost several times what they cost in a Rust process, about a
/// third of `load_xpp`'s native time. mimalloc's per-thread heaps are not shared with Ruby.
/// Only this library's Rust code allocates from it, and only it frees what it allocated (Ruby
/// copies what it is handed; a `NativeResult` is freed by its Rust `Drop`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A parse held for Ruby (`PuppetNativeParser::NativeResult`).
#[magnus::wrap(class = "PuppetNativeParser::NativeResult", free_immediately, size)]
pub(crate) struct NativeResult {
    /// Mutable only through `validate` (the hook validates after parsing).
    result: RefCell<ParseResult>,
    /// What the source was parsed (and, once `validated`, validated) with: recorded in the
    /// envelope by `to_xpp`.
    options: RefCell<ParseOptions>,
    /// Whether the diagnostics include the validator's (`Native.validate`, `#validate`, or a
    /// result read from an XPP file, which is validated when written).
    validated: Cell<bool>,
    /// The input bytes, kept only when they are not `result.text` (a byte order mark, invalid
    /// UTF-8): `to_xpp` records their digest.
    source: Option<Vec<u8>>,
    /// The envelope, for a result read from an XPP file.
    xpp_header: Option<XppHeader>,
    /// The file name that replaces the one recorded in an XPP file (Locator and diagnostics).
    file: Option<String>,
    /// The bytes of Rust memory this result holds, as last reported to Ruby's garbage
    /// collector ([`NativeResult::account`]).
    reported: Cell<usize>,
}

impl NativeResult {
    /// A fresh result of `options`, parsed from `bytes`.
    fn new(result: ParseResult, options: ParseOptions, validated: bool, bytes: &[u8]) -> Self {
        let source = (result.text.as_bytes() != bytes).then(|| bytes.to_vec());
        Self::with_source(result, options, validated, source)
    }

    /// A fresh result that keeps `source`, the input bytes when they are not `result.text`.
    fn with_source(
        result: ParseResult,
        options: ParseOptions,
        validated: bool,
        source: Option<Vec<u8>>,
    ) -> Self {
        NativeResult {
            result: RefCell::new(result),
            options: RefCell::new(options),
            validated: Cell::new(validated),
            source,
            xpp_header: None,
            file: None,
            reported: Cell::new(0),
        }
        .accounted()
    }

    /// The bytes of Rust memory this result holds, about (the parse's own estimate and the
    /// copies kept here).
    fn held_bytes(&self) -> usize {
        let result = self.result.try_borrow().map_or(0, |r| r.heap_bytes());
        result
            + self.source.as_ref().map_or(0, Vec::capacity)
            + self.file.as_ref().map_or(0, String::capacity)
    }

    /// Tells Ruby's garbage collector how much Rust memory this result now holds (the change
    /// since the last report). Ruby only sees the small object that wraps it: without this, a
    /// loop of parses whose results are dropped grew by the size of every model it made
    /// (25 MB per pass over the Debian corpus) without Ruby ever collecting them. The amount
    /// counts toward Ruby's malloc limit, which starts a collection when exceeded; `Drop`
    /// takes it back.
    fn account(&self) {
        let held = self.held_bytes();
        let before = self.reported.replace(held);
        adjust_ruby_memory(held as isize - before as isize);
    }

    fn accounted(self) -> Self {
        self.account();
        self
    }
}

impl Drop for NativeResult {
    fn drop(&mut self) {
        // Runs when Ruby frees the wrapper (`free_immediately`: during its sweep, with the
        // GVL), or in Rust for a result never handed to Ruby; either way on a Ruby thread.
        adjust_ruby_memory(-(self.reported.get() as isize));
    }
}

/// `rb_gc_adjust_memory_usage(diff)`: memory Ruby does not allocate itself, added to (or taken
/// from) what its garbage collector counts. It only updates a counter, so it is safe in a free
/// function during a sweep.
fn adjust_ruby_memory(diff: isize) {
    if diff != 0 {
        // SAFETY: a plain Ruby call, on a Ruby thread holding the GVL (every caller is).
        unsafe { rb_sys::rb_gc_adjust_memory_usage(diff as rb_sys::ssize_t) };
    }
    if diff > 0 {
        // Ruby 3.1 compares the count with its limit only when it allocates memory itself
        // (`objspace_malloc_increase` with `MEMOP_TYPE_MALLOC`), which a loop of parses
        // rarely does: one byte allocated and freed at once makes it look, and collect when
        // the limit is passed, as it would after a large `malloc` of its own.
        // SAFETY: as above; `ruby_xmalloc` of one byte cannot fail short of an exhausted
        // memory, where Ruby would raise NoMemoryError through this frame, which holds
        // nothing to drop.
        unsafe { rb_sys::ruby_xfree(rb_sys::ruby_xmalloc(1)) };
    }
}

/// `Native.parse(source, file, epp, tasks)`: parse only (the model is kept for `build_model`).
fn native_parse(
    ruby: &Ruby,
    source: RString,
    file: Option<RString>,
    epp: bool,
    tasks: bool,
) -> Result<NativeResult, Error> {
    guard(ruby, || {
        let mut opts = ParseOptions::new().epp(epp).tasks(tasks);
        if let Some(file) = file {
            opts = opts.file(file.to_string()?);
        }
        run_parser(ruby, source, opts, false, parse)
    })
}

/// `Native.validate(source, file, epp, tasks, strict, release, location)`: parse and validate, keeping
/// no model (nothing of it will be built).
// The arguments are the Ruby method's, one to one (the keyword API is in Ruby).
#[allow(clippy::too_many_arguments)]
fn native_validate(
    ruby: &Ruby,
    source: RString,
    file: Option<RString>,
    epp: bool,
    tasks: bool,
    strict: Value,
    release: Option<RString>,
    location: Option<RArray>,
) -> Result<NativeResult, Error> {
    guard(ruby, || {
        let opts = options::validation_options(ruby, file, epp, tasks, strict, release, location)?;
        run_parser(ruby, source, opts, true, |bytes, opts| {
            let mut result = parse_and_validate(bytes, opts);
            result.model = None;
            result
        })
    })
}

/// Copies the source, runs `work` on it (without the GVL when large), wraps the result.
fn run_parser(
    ruby: &Ruby,
    source: RString,
    opts: ParseOptions,
    validated: bool,
    work: impl FnOnce(&[u8], &ParseOptions) -> ParseResult,
) -> Result<NativeResult, Error> {
    // SAFETY: the bytes are copied at once, before any other Ruby call can change the string.
    let bytes = unsafe { source.as_slice() }.to_vec();
    let release = bytes.len() >= nogvl::RELEASE_THRESHOLD;
    log::debug!("parsing {} bytes (GVL released: {release})", bytes.len());
    let (result, bytes, opts) = nogvl::run(release, move || (work(&bytes, &opts), bytes, opts))
        .map_err(|panic| internal(ruby, &panic))?;
    Ok(NativeResult::new(result, opts, validated, &bytes))
}

impl NativeResult {
    /// The result, unless another Ruby thread is validating it right now (a `RefCell` borrow
    /// failure must become a Ruby exception, never a panic).
    pub(crate) fn get(&self, ruby: &Ruby) -> Result<Ref<'_, ParseResult>, Error> {
        self.result.try_borrow().map_err(|_| busy(ruby))
    }

    /// Every diagnostic, as `PuppetNativeParser::Diagnostic`s (a frozen Array, `diagnostics`).
    fn diagnostics(ruby: &Ruby, rb_self: &Self) -> Result<RArray, Error> {
        guard(ruby, || {
            let result = rb_self.get(ruby)?;
            diagnostics::to_ruby(ruby, &result.diagnostics, rb_self.file.as_deref())
        })
    }

    /// Whether a model was built (no syntax error, and asked for).
    fn has_model(ruby: &Ruby, rb_self: &Self) -> Result<bool, Error> {
        guard(ruby, || Ok(rb_self.get(ruby)?.model.is_some()))
    }

    /// Puppet's `Program` for the parse, or nil without a model.
    fn build_model(ruby: &Ruby, rb_self: &Self) -> Result<Option<Value>, Error> {
        guard(ruby, || {
            let result = rb_self.get(ruby)?;
            match &result.model {
                Some(model) => {
                    builder::build_program(ruby, model, rb_self.file.as_deref()).map(Some)
                }
                None => Ok(None),
            }
        })
    }

    /// Drops the model, keeping the diagnostics: the drop-in calls it once Puppet has the Ruby
    /// `Program` (its own objects) and its diagnostics, so that the model's memory goes back
    /// at once rather than at Ruby's next collection.
    fn release_model(ruby: &Ruby, rb_self: &Self) -> Result<(), Error> {
        guard(ruby, || {
            let mut result = rb_self.result.try_borrow_mut().map_err(|_| busy(ruby))?;
            result.model = None;
            drop(result);
            rb_self.account();
            Ok(())
        })
    }

    /// Validates the model (if there is one) with `(strict, release, tasks, location)`, appending the
    /// diagnostics; returns the new ones only, as `Diagnostic`s (see `diagnostics`).
    fn validate(
        ruby: &Ruby,
        rb_self: &Self,
        strict: Value,
        release: Option<RString>,
        tasks: bool,
        location: Option<RArray>,
    ) -> Result<RArray, Error> {
        guard(ruby, || {
            Self::validate_guarded(ruby, rb_self, strict, release, tasks, location)
        })
    }

    fn validate_guarded(
        ruby: &Ruby,
        rb_self: &Self,
        strict: Value,
        release: Option<RString>,
        tasks: bool,
        location: Option<RArray>,
    ) -> Result<RArray, Error> {
        let mut opts =
            options::validation_options(ruby, None, false, tasks, strict, release, location)?;
        // The GVL stays held here, so no other Ruby thread can use this result meanwhile; a
        // build running Ruby code on another thread could still hold it.
        let mut result = rb_self.result.try_borrow_mut().map_err(|_| busy(ruby))?;
        opts.file = result.file.clone();
        // The drop-in replaces Checker4_0 only: Puppet imports the definitions itself.
        opts.import_checks = false;
        let before = result.diagnostics.len();
        let validated: &mut ParseResult = &mut result;
        nogvl::run(false, || validated.validate(&opts)).map_err(|p| internal(ruby, &p))?;
        rb_self.validated.set(true);
        {
            let mut kept = rb_self.options.borrow_mut();
            kept.strict = opts.strict;
            kept.release = opts.release;
            kept.tasks = opts.tasks;
            kept.location = opts.location;
            kept.import_checks = false;
        }
        let new =
            diagnostics::to_ruby(ruby, &result.diagnostics[before..], rb_self.file.as_deref());
        drop(result);
        rb_self.account();
        new
    }

    /// The model as PN (`puppet parser dump --format pn`), or nil without a model.
    fn to_pn(ruby: &Ruby, rb_self: &Self, pretty: bool) -> Result<Option<String>, Error> {
        guard(ruby, || {
            let result = rb_self.get(ruby)?;
            Ok(result.model.as_ref().map(|model| {
                let pn = pn::transform(model);
                if pretty {
                    pn.to_pretty_string()
                } else {
                    pn.to_pn_string()
                }
            }))
        })
    }

    /// The model as JSON (`puppet parser dump --format json`), or nil without a model.
    fn to_json(ruby: &Ruby, rb_self: &Self, pretty: bool) -> Result<Option<String>, Error> {
        guard(ruby, || {
            let result = rb_self.get(ruby)?;
            Ok(result.model.as_ref().map(|model| {
                let pn = pn::transform(model);
                if pretty {
                    pn.to_pretty_json_string()
                } else {
                    pn.to_json_string()
                }
            }))
        })
    }

    /// `[class name, offset, length]` of every node in `_pcore_all_contents` order (for
    /// comparisons with Ruby's model), or nil without a model.
    fn locs(ruby: &Ruby, rb_self: &Self) -> Result<Option<RArray>, Error> {
        guard(ruby, || {
            let result = rb_self.get(ruby)?;
            let Some(model) = result.model.as_ref() else {
                return Ok(None);
            };
            let rows = ruby.ary_new_capa(model.node_count());
            for (class, offset, length) in model.locs() {
                rows.push((class.name(), offset, length))?;
            }
            Ok(Some(rows))
        })
    }

    /// The file name: the one given for an XPP file read under another name, else the
    /// result's (for an XPP file, the one it records).
    fn file_name(ruby: &Ruby, rb_self: &Self) -> Result<Option<String>, Error> {
        guard(ruby, || {
            if let Some(file) = &rb_self.file {
                return Ok(Some(file.clone()));
            }
            Ok(rb_self.get(ruby)?.file.clone())
        })
    }

    /// Whether the diagnostics include the validator's.
    fn is_validated(&self) -> bool {
        self.validated.get()
    }

    /// The text that was parsed (the input, or its valid UTF-8 prefix).
    fn text(ruby: &Ruby, rb_self: &Self) -> Result<String, Error> {
        guard(ruby, || Ok(rb_self.get(ruby)?.text.to_string()))
    }
}

/// The error for a result used by two Ruby threads at once.
fn busy(ruby: &Ruby) -> Error {
    Error::new(
        ruby.exception_runtime_error(),
        "this PuppetNativeParser::NativeResult is in use by another thread",
    )
}

#[magnus::init(name = "puppet_native_parser")]
fn init(ruby: &Ruby) -> Result<(), Error> {
    let module = ruby.define_module("PuppetNativeParser")?;
    errors::define(ruby, module)?;
    public_api::init(ruby);
    module.define_module_function("public_api", function!(public_api::switched, 0))?;
    module.define_module_function("public_api?", function!(public_api::all, 0))?;
    module.const_set("NATIVE_VERSION", puppet_syntax::VERSION)?;
    module.const_set("PUPPET_VERSION", puppet_syntax::PUPPET_VERSION)?;
    module.const_set(
        "NEWEST_PUPPET_VERSION",
        puppet_syntax::PuppetRelease::NEWEST.to_string(),
    )?;
    let native = module.define_module("Native")?;
    native.define_module_function("parse", function!(native_parse, 4))?;
    native.define_module_function("validate", function!(native_validate, 7))?;
    native.define_module_function("release_rules", function!(options::release_rules, 1))?;
    native.define_module_function("load_xpp", function!(xpp::load_xpp, 3))?;
    native.define_module_function("xpp_location", function!(tools::xpp_location, 3))?;
    native.define_module_function("format", function!(tools::format, 3))?;
    native.define_module_function("lint", function!(tools::lint, 7))?;
    native.define_module_function("lint_fix", function!(tools::lint_fix, 7))?;
    native.define_module_function("lint_checks", function!(tools::lint_checks, 0))?;
    native.define_module_function("ivar_slots", function!(builder::ivar_slots, 0))?;
    native.define_module_function("panic", function!(errors::panic_on_purpose, 1))?;
    let result = module.define_class("NativeResult", ruby.class_object())?;
    result.undef_default_alloc_func();
    result.define_method("diagnostics", method!(NativeResult::diagnostics, 0))?;
    result.define_method("model?", method!(NativeResult::has_model, 0))?;
    result.define_method("build_model", method!(NativeResult::build_model, 0))?;
    result.define_method("validate", method!(NativeResult::validate, 4))?;
    result.define_method("release_model", method!(NativeResult::release_model, 0))?;
    result.define_method("to_pn", method!(NativeResult::to_pn, 1))?;
    result.define_method("to_json", method!(NativeResult::to_json, 1))?;
    result.define_method("locs", method!(NativeResult::locs, 0))?;
    result.define_method("text", method!(NativeResult::text, 0))?;
    result.define_method("file_name", method!(NativeResult::file_name, 0))?;
    result.define_method("validated?", method!(NativeResult::is_validated, 0))?;
    result.define_method("to_xpp", method!(xpp::to_xpp, 4))?;
    result.define_method("xpp_header", method!(xpp::header, 0))?;
    result.define_method("render", method!(tools::render, 2))?;
    result.define_method("editor_position", method!(tools::editor_position, 2))?;
    result.define_method("editor_offset", method!(tools::editor_offset, 3))?;
    Ok(())
}
