//! XPP files (PRFC-23) for Ruby, through `puppet_syntax::xpp`'s public API only:
//! `Native.load_xpp` reads a file into a `NativeResult` (whose model the same builder as a
//! parse's turns into Ruby objects), and `NativeResult#to_xpp` writes one.
//!
//! A file that cannot be read (or a result that cannot be written) raises
//! `PuppetNativeParser::XppError` from here, with the reader's stable `XppErrorKind` code (e.g.
//! `XPP_TRUNCATED`, `XPP_WRITE`) as its `#code`.

use magnus::{Error, IntoValue, RArray, RString, Ruby, Value};
use puppet_syntax::xpp::{self, XppFormat, XppHeader, XppWriteOptions};
use puppet_syntax::{ParseOptions, PuppetRelease, Strict};

use crate::errors::{guard, xpp_error};
use crate::{internal, nogvl, NativeResult};

/// `Native.load_xpp(bytes, source, file)`: the `NativeResult` the file carries; a refused file
/// raises `XppError`. With `source` (the bytes of the `.pp` now), the file
/// must record their SHA-256 (`XPP_SOURCE_DIGEST` otherwise); `file` replaces the file name
/// the file records, in the Locator and the diagnostics.
pub fn load_xpp(
    ruby: &Ruby,
    bytes: RString,
    source: Option<RString>,
    file: Option<RString>,
) -> Result<Value, Error> {
    guard(ruby, || load_xpp_guarded(ruby, bytes, source, file))
}

fn load_xpp_guarded(
    ruby: &Ruby,
    bytes: RString,
    source: Option<RString>,
    file: Option<RString>,
) -> Result<Value, Error> {
    let file = file.map(|f| f.to_string()).transpose()?;
    if bytes.len() >= nogvl::RELEASE_THRESHOLD {
        // SAFETY: both are copied at once, before any other Ruby call can change the strings.
        let data = unsafe { bytes.as_slice() }.to_vec();
        let source = source.map(|s| unsafe { s.as_slice() }.to_vec());
        // Digests and decoding touch no Ruby value: large files are read without the GVL.
        let read = nogvl::run(true, || xpp::read_xpp(&data, source.as_deref()))
            .map_err(|panic| internal(ruby, &panic))?;
        loaded(ruby, read, source.as_deref(), file)
    } else {
        // A small file is read in place, with the GVL held (no copies: most files of an
        // environment are small).
        // SAFETY: no Ruby code runs and nothing is allocated in Ruby until `loaded` is done
        // with the slices, so the strings can neither change nor move meanwhile.
        let data = unsafe { bytes.as_slice() };
        let source = source.as_ref().map(|s| unsafe { s.as_slice() });
        let read = nogvl::run(false, || xpp::read_xpp(data, source))
            .map_err(|panic| internal(ruby, &panic))?;
        loaded(ruby, read, source, file)
    }
}

/// The `NativeResult` of a file read (`source`: the bytes of the `.pp`, when given, used before
/// anything is allocated in Ruby), or the `XppError` of a refused file.
fn loaded(
    ruby: &Ruby,
    read: Result<xpp::XppFile, xpp::XppReadError>,
    source: Option<&[u8]>,
    file: Option<String>,
) -> Result<Value, Error> {
    match read {
        Ok(read) => {
            let options = options_of(&read.header, read.result.file.clone());
            // `read_xpp` compared the source with the text already.
            let kept = source.filter(|_| !read.source_is_text).map(<[u8]>::to_vec);
            let mut native = NativeResult::with_source(read.result, options, true, kept);
            native.xpp_header = Some(read.header);
            native.file = file;
            native.account();
            Ok(native.into_value_with(ruby))
        }
        Err(err) => Err(xpp_error(ruby, err.kind.code(), &err.message)),
    }
}

/// The options a file's envelope records (`epp`, `tasks`, `strict`, `puppet-version`; `xpp
/// build` validates with the import checks on).
fn options_of(header: &XppHeader, file: Option<String>) -> ParseOptions {
    let strict = header
        .get("strict")
        .and_then(|s| s.parse::<Strict>().ok())
        .unwrap_or(Strict::Warning);
    let mut options = ParseOptions::new()
        .epp(header.get("epp") == Some("true"))
        .tasks(header.get("tasks") == Some("true"))
        .strict(strict);
    if let Some(release) = header
        .get("puppet-version")
        .and_then(|v| PuppetRelease::parse_any(v).ok())
    {
        options = options.release(release);
    }
    options.file = file;
    options
}

/// `NativeResult#to_xpp(json, strict, release, location)`: a whole XPP file (binary String);
/// `XppError` with code `XPP_WRITE` when the result cannot be written (an integer beyond 64
/// bits, an infinite float). A result that was parsed but not validated is validated first,
/// on a copy, with `strict`, `release` and `location` (see `options::validation_options`) and the import
/// checks, as `puppet-parser xpp build` does: an XPP file carries the validator's diagnostics.
/// A validated result is written as it is (`strict`, `release` and `location` are not used).
pub fn to_xpp(
    ruby: &Ruby,
    rb_self: &NativeResult,
    json: bool,
    strict: Value,
    release: Option<RString>,
    location: Option<RArray>,
) -> Result<RString, Error> {
    guard(ruby, || {
        to_xpp_guarded(ruby, rb_self, json, strict, release, location)
    })
}

fn to_xpp_guarded(
    ruby: &Ruby,
    rb_self: &NativeResult,
    json: bool,
    strict: Value,
    release: Option<RString>,
    location: Option<RArray>,
) -> Result<RString, Error> {
    let mut options = rb_self.options.borrow().clone();
    if !rb_self.validated.get() {
        let given = crate::options::validation_options(
            ruby,
            None,
            options.epp,
            options.tasks,
            strict,
            release,
            location,
        )?;
        options.strict = given.strict;
        options.release = given.release;
        options.location = given.location;
        options.import_checks = true;
    }
    let result = rb_self.get(ruby)?;
    let format = if json {
        XppFormat::Json
    } else {
        XppFormat::Msgpack
    };
    let source = rb_self
        .source
        .as_deref()
        .unwrap_or_else(|| result.text.as_bytes());
    let validated = rb_self.validated.get();
    // The GVL stays held: `result` is a borrow of the RefCell, which another Ruby thread could
    // otherwise touch meanwhile.
    let written = nogvl::run(false, || {
        let options = &options;
        let write = |r: &puppet_syntax::ParseResult| {
            xpp::write_xpp(
                r,
                &XppWriteOptions {
                    format,
                    source: Some(source),
                    parse_options: options,
                    source_stat: None,
                },
            )
        };
        if validated {
            write(&result)
        } else {
            let mut copy = result.clone();
            copy.validate(options);
            write(&copy)
        }
    })
    .map_err(|panic| internal(ruby, &panic))?;
    match written {
        Ok(bytes) => Ok(ruby.str_from_slice(&bytes)),
        Err(err) => Err(xpp_error(ruby, "XPP_WRITE", &err.to_string())),
    }
}

/// `NativeResult#xpp_header`: `[format, [[key, value], …]]` for a result read from an XPP
/// file (its envelope's parameters in file order), or nil.
pub fn header(ruby: &Ruby, rb_self: &NativeResult) -> Result<Option<RArray>, Error> {
    guard(ruby, || {
        let Some(header) = &rb_self.xpp_header else {
            return Ok(None);
        };
        let parameters = ruby.ary_new_capa(header.parameters().len());
        for (key, value) in header.parameters() {
            parameters.push((key, value))?;
        }
        let out = ruby.ary_new_capa(2);
        out.push(header.format.as_str())?;
        out.push(parameters)?;
        Ok(Some(out))
    })
}
