//! Parsing and validating ([`puppet_parse`], [`puppet_parse_and_validate`],
//! [`puppet_result_validate`]) and the result handle: its diagnostics (as `#[repr(C)]` structs
//! made once, borrowed by C), its text, file and line/column lookup.
//!
//! A [`puppet_result`] owns the library's `ParseResult` plus the C views of it; the views hold
//! pointers into boxed storage of the same result, so they stay valid while the result lives
//! and may be read from any thread.

use std::ffi::c_char;
use std::sync::OnceLock;
use std::time::Instant;

use puppet_diagnostics::CodeKind;
use puppet_syntax::{
    parse, parse_and_validate, Diagnostic, Encoding, LineIndex, ParseOptions, ParseResult,
    Position, Severity,
};

use crate::options::{puppet_options, read_options};
use crate::sized::{check_size, first_size, write_sized};
use crate::status::{guard, guard_status, puppet_status, ApiError, ApiResult};
use crate::strings::{static_cstr, NulTerminated};

/// How bad a diagnostic is, named as Puppet names it.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_severity {
    /// An error: Puppet refuses the source.
    PUPPET_SEVERITY_ERROR = 0,
    /// A warning: Puppet logs it and goes on.
    PUPPET_SEVERITY_WARNING = 1,
    /// A deprecation (`FUTURE_RESERVED_WORD`): Puppet logs it and goes on.
    PUPPET_SEVERITY_DEPRECATION = 2,
}

/// Who found a problem (the kind of its code).
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_code_kind {
    /// Not known (a struct filled by a library older than this field).
    PUPPET_CODE_KIND_UNKNOWN = 0,
    /// The lexer or parser: the text is not Puppet.
    PUPPET_CODE_KIND_SYNTAX = 1,
    /// Puppet's validation of a program that parses (`Checker4_0`, the import checks).
    PUPPET_CODE_KIND_PUPPET = 2,
    /// A lint rule.
    PUPPET_CODE_KIND_LINT = 3,
}

/// One problem in the source: copied into the caller's struct by `puppet_result_diagnostic_get`
/// (the pointers in it borrowed from the result: valid until the result is freed), or borrowed
/// whole from the result through `puppet_result_diagnostic`. Fields are only appended.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct puppet_diagnostic {
    /// Puppet's issue code, e.g. `"SYNTAX_ERROR"`, `"DUPLICATE_KEY"` (static, NUL-terminated).
    pub code: *const c_char,
    /// How bad it is.
    pub severity: puppet_severity,
    /// Byte offset of the problem in the source given to `puppet_parse`.
    pub offset: u32,
    /// Length in bytes (may be 0).
    pub length: u32,
    /// 1-based line of `offset`.
    pub line: u32,
    /// 1-based column of `offset`, counted in characters as Puppet does.
    pub column: u32,
    /// The message (UTF-8, NUL-terminated; it may quote source text holding NUL bytes, so
    /// `message_length` is its real length).
    pub message: *const c_char,
    /// Length of `message` in bytes, without the terminating NUL.
    pub message_length: usize,
    /// The file from the options (NUL-terminated), or NULL when none was given.
    pub file: *const c_char,
    /// Who found it (added after the first header: 0 from a library that predates it).
    pub kind: puppet_code_kind,
}

/// A diagnostic's C view and the storage its pointers point into.
struct Entry {
    c: puppet_diagnostic,
    _message: NulTerminated,
    _file: Option<NulTerminated>,
}

/// The result of parsing one source: diagnostics, and the model and CST when they were built.
/// Opaque; free it with `puppet_result_free`.
pub struct puppet_result {
    pub(crate) parsed: ParseResult,
    /// The C views of `parsed.diagnostics`, in the same order; boxed so that pointers handed
    /// out stay valid when validation appends more.
    #[allow(clippy::vec_box)]
    entries: Vec<Box<Entry>>,
    file: Option<NulTerminated>,
    validated: bool,
    line_index: OnceLock<LineIndex>,
}

// SAFETY: the raw pointers in `entries` point into boxed storage owned by the same result (or
// static strings), never to thread-local or shared mutable data; the result is only mutated
// through `&mut` (puppet_result_validate), which the header tells callers to do exclusively.
unsafe impl Send for puppet_result {}
unsafe impl Sync for puppet_result {}

impl puppet_result {
    fn new(parsed: ParseResult, validated: bool) -> puppet_result {
        let mut result = puppet_result {
            file: parsed.file.as_deref().map(NulTerminated::new),
            parsed,
            entries: Vec::new(),
            validated,
            line_index: OnceLock::new(),
        };
        result.add_entries();
        result
    }

    /// Makes the C views of the diagnostics that have none yet.
    fn add_entries(&mut self) {
        let start = self.entries.len();
        for d in &self.parsed.diagnostics[start..] {
            let entry = entry(d, self.file.as_ref());
            self.entries.push(Box::new(entry));
        }
    }

    /// The line index of the parsed text (the model's when there is one).
    pub(crate) fn line_index(&self) -> &LineIndex {
        if let Some(model) = &self.parsed.model {
            return model.line_index();
        }
        self.line_index
            .get_or_init(|| LineIndex::new(&self.parsed.text))
    }
}

fn entry(d: &Diagnostic, result_file: Option<&NulTerminated>) -> Entry {
    let message = NulTerminated::new(&d.message);
    let own_file = match (&d.file, result_file) {
        (Some(f), Some(rf)) if f.as_str() == rf.as_str() => None,
        (Some(f), _) => Some(NulTerminated::new(f)),
        (None, _) => None,
    };
    let file_ptr = match (&d.file, &own_file, result_file) {
        (None, _, _) => std::ptr::null(),
        (Some(_), Some(own), _) => own.ptr(),
        (Some(_), None, Some(rf)) => rf.ptr(),
        (Some(_), None, None) => std::ptr::null(),
    };
    let severity = match d.severity {
        Severity::Error => puppet_severity::PUPPET_SEVERITY_ERROR,
        Severity::Warning => puppet_severity::PUPPET_SEVERITY_WARNING,
        Severity::Deprecation => puppet_severity::PUPPET_SEVERITY_DEPRECATION,
    };
    Entry {
        c: puppet_diagnostic {
            code: static_cstr(d.code.as_str()),
            severity,
            offset: d.offset,
            length: d.len,
            line: d.line,
            column: d.column,
            message: message.ptr(),
            message_length: message.len(),
            file: file_ptr,
            kind: match puppet_diagnostics::Code::from(d.code).kind {
                CodeKind::Syntax => puppet_code_kind::PUPPET_CODE_KIND_SYNTAX,
                CodeKind::Puppet => puppet_code_kind::PUPPET_CODE_KIND_PUPPET,
                CodeKind::Lint => puppet_code_kind::PUPPET_CODE_KIND_LINT,
            },
        },
        _message: message,
        _file: own_file,
    }
}

/// Borrows the result behind a C pointer.
pub(crate) fn result_ref<'a>(result: *const puppet_result) -> ApiResult<&'a puppet_result> {
    // SAFETY: a non-NULL pointer comes from puppet_parse* and is not freed yet (documented).
    unsafe { result.as_ref() }.ok_or_else(|| ApiError::null("result"))
}

/// The caller's source bytes (NULL is allowed for an empty source).
pub(crate) fn source_arg<'a>(source: *const u8, length: usize) -> ApiResult<&'a [u8]> {
    if length == 0 {
        return Ok(&[]);
    }
    if source.is_null() {
        return Err(ApiError::null("source (with a non-zero length)"));
    }
    if length > isize::MAX as usize {
        return Err(ApiError::argument(format!("length {length} is too large")));
    }
    // SAFETY: non-NULL, and the caller passes `length` readable bytes (documented).
    Ok(unsafe { std::slice::from_raw_parts(source, length) })
}

fn run_parse(
    name: &str,
    source: *const u8,
    length: usize,
    options: *const puppet_options,
    out: *mut *mut puppet_result,
    validate: bool,
) -> puppet_status {
    guard_status(name, || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        // SAFETY: `out` is non-NULL and writable (documented); cleared first so that a failed
        // call leaves NULL behind.
        unsafe { out.write(std::ptr::null_mut()) };
        let bytes = source_arg(source, length)?;
        let options: ParseOptions = read_options(options)?;
        let started = Instant::now();
        let parsed = if validate {
            parse_and_validate(bytes, &options)
        } else {
            parse(bytes, &options)
        };
        log::debug!(
            target: "puppet_ffi",
            file = options.file.as_deref().unwrap_or("-"),
            bytes = bytes.len(),
            diagnostics = parsed.diagnostics.len(),
            micros = started.elapsed().as_micros() as u64;
            "{}", if validate { "parsed and validated" } else { "parsed" }
        );
        let result = Box::new(puppet_result::new(parsed, validate));
        // SAFETY: as above.
        unsafe { out.write(Box::into_raw(result)) };
        Ok(())
    })
}

/// Parses `length` bytes at `source` (a manifest, or an EPP template with `PUPPET_PARSE_EPP`;
/// no NUL needed, NUL bytes allowed; `source` may be NULL when `length` is 0) with `options`
/// (NULL: the defaults), and stores a new result in `*out`.
///
/// Syntax errors, invalid UTF-8 in the source and the like are diagnostics of the result, not
/// failures: the status is `PUPPET_OK` for any source. On failure (`out` NULL, bad options)
/// `*out` is set to NULL (when `out` is not NULL).
///
/// Ownership: the caller owns `*out` and frees it with `puppet_result_free`. The source is only
/// read during the call (the result keeps its own copy). Thread-safe.
#[no_mangle]
pub extern "C" fn puppet_parse(
    source: *const u8,
    length: usize,
    options: *const puppet_options,
    out: *mut *mut puppet_result,
) -> puppet_status {
    run_parse("puppet_parse", source, length, options, out, false)
}

/// `puppet_parse` followed by `puppet_result_validate` with the same options: the diagnostics
/// `puppet parser validate` reports for the source. Same ownership as `puppet_parse`.
#[no_mangle]
pub extern "C" fn puppet_parse_and_validate(
    source: *const u8,
    length: usize,
    options: *const puppet_options,
    out: *mut *mut puppet_result,
) -> puppet_status {
    run_parse(
        "puppet_parse_and_validate",
        source,
        length,
        options,
        out,
        true,
    )
}

/// Runs Puppet's validator (`Checker4_0`, or `TasksChecker` with `PUPPET_PARSE_TASKS`) on the
/// result's model with the `strict`, tasks and location settings of `options` (NULL: the
/// defaults; the file and parse flags the result was parsed with are kept) and appends its
/// diagnostics. Without a model (syntax errors) nothing is checked, as in Puppet.
///
/// A result is validated once: a second call returns `PUPPET_ERROR_ARGUMENT`. Not thread-safe
/// for this result: no other thread may use the result during the call, and diagnostics
/// borrowed before it stay valid (they are not moved).
#[no_mangle]
pub extern "C" fn puppet_result_validate(
    result: *mut puppet_result,
    options: *const puppet_options,
) -> puppet_status {
    guard_status("puppet_result_validate", || {
        // SAFETY: as result_ref, and the caller grants exclusive access (documented).
        let result = unsafe { result.as_mut() }.ok_or_else(|| ApiError::null("result"))?;
        if result.validated {
            return Err(ApiError::argument("the result is already validated"));
        }
        let options = read_options(options)?;
        result.parsed.validate(&options);
        result.validated = true;
        result.add_entries();
        Ok(())
    })
}

/// Frees a result and everything borrowed from it (diagnostics, text, model and CST views;
/// cursors made from it must be freed first). NULL is allowed and does nothing.
#[no_mangle]
pub extern "C" fn puppet_result_free(result: *mut puppet_result) {
    guard(
        "puppet_result_free",
        |_| (),
        || {
            if !result.is_null() {
                // SAFETY: made by Box::into_raw in run_parse, freed once (documented).
                drop(unsafe { Box::from_raw(result) });
            }
            Ok(())
        },
    )
}

/// 1 when some diagnostic is an error, 0 otherwise (and for NULL).
#[no_mangle]
pub extern "C" fn puppet_result_has_errors(result: *const puppet_result) -> i32 {
    guard(
        "puppet_result_has_errors",
        |_| 0,
        || Ok(i32::from(result_ref(result)?.parsed.has_errors())),
    )
}

/// The number of diagnostics (0 for NULL).
#[no_mangle]
pub extern "C" fn puppet_result_diagnostic_count(result: *const puppet_result) -> usize {
    guard(
        "puppet_result_diagnostic_count",
        |_| 0,
        || Ok(result_ref(result)?.entries.len()),
    )
}

/// The size of the first header's `puppet_diagnostic` (up to `file`); smaller is refused.
pub(crate) const DIAGNOSTIC_FIRST_SIZE: usize = first_size(
    std::mem::offset_of!(puppet_diagnostic, file),
    std::mem::size_of::<*const c_char>(),
);

fn entry_at(result: &puppet_result, index: usize) -> ApiResult<&Entry> {
    result.entries.get(index).map(Box::as_ref).ok_or_else(|| {
        ApiError::argument(format!(
            "diagnostic index {index} is out of range (count {})",
            result.entries.len()
        ))
    })
}

/// Copies the diagnostic at `index` (0-based, in source order for the parser's, then the
/// validator's in Puppet's order) into `*out`, a struct of `size` bytes: pass
/// `sizeof(puppet_diagnostic)` (the header's rule for structs the library fills: the fields
/// that fit are written, bytes past this library's struct are zeroed). The strings in it are
/// borrowed from the result. `PUPPET_ERROR_ARGUMENT` when `index` is out of range or `size` is
/// smaller than the first header's struct; `*out` is not written then.
#[no_mangle]
pub extern "C" fn puppet_result_diagnostic_get(
    result: *const puppet_result,
    index: usize,
    out: *mut puppet_diagnostic,
    size: usize,
) -> puppet_status {
    guard_status("puppet_result_diagnostic_get", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        check_size("puppet_diagnostic", size, DIAGNOSTIC_FIRST_SIZE)?;
        let entry = entry_at(result_ref(result)?, index)?;
        // SAFETY: non-NULL and `size` writable bytes (documented), size checked.
        unsafe { write_sized(out, size, &entry.c) };
        Ok(())
    })
}

/// The diagnostic at `index`, borrowed whole from the result (valid until it is freed); NULL
/// when `index` is out of range or `result` is NULL (see `puppet_last_error_message`). A
/// program compiled against a newer header than the library's may only read the fields of the
/// library's header through it: `puppet_result_diagnostic_get` has no such limit.
#[no_mangle]
pub extern "C" fn puppet_result_diagnostic(
    result: *const puppet_result,
    index: usize,
) -> *const puppet_diagnostic {
    guard(
        "puppet_result_diagnostic",
        |_| std::ptr::null(),
        || Ok(&entry_at(result_ref(result)?, index)?.c as *const puppet_diagnostic),
    )
}

/// The text that was parsed, borrowed from the result: the source, or its valid UTF-8 prefix
/// when the source is not UTF-8 (see `INVALID_UTF8`). Offsets in diagnostics, the CST and the
/// model point into it. Not NUL-terminated; its length goes to `*length` (may be NULL). NULL
/// for a NULL result.
#[no_mangle]
pub extern "C" fn puppet_result_text(
    result: *const puppet_result,
    length: *mut usize,
) -> *const c_char {
    guard(
        "puppet_result_text",
        |_| std::ptr::null(),
        || {
            let text = &result_ref(result)?.parsed.text;
            if let Some(length) = unsafe { length.as_mut() } {
                *length = text.len();
            }
            Ok(text.as_ptr().cast())
        },
    )
}

/// The file name given in the options (NUL-terminated, borrowed from the result), or NULL.
#[no_mangle]
pub extern "C" fn puppet_result_file(result: *const puppet_result) -> *const c_char {
    guard(
        "puppet_result_file",
        |_| std::ptr::null(),
        || {
            Ok(result_ref(result)?
                .file
                .as_ref()
                .map_or(std::ptr::null(), NulTerminated::ptr))
        },
    )
}

/// The unit a column is counted in, for editors (the Language Server Protocol's
/// `positionEncoding`).
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_encoding {
    /// Bytes of UTF-8.
    PUPPET_ENCODING_UTF8 = 1,
    /// Code units of UTF-16 (the LSP's default; a character beyond U+FFFF counts 2).
    PUPPET_ENCODING_UTF16 = 2,
    /// Characters (Unicode scalar values), as Puppet counts.
    PUPPET_ENCODING_UTF32 = 3,
}

/// An encoding argument from C (a `puppet_encoding`, taken as a number so that any other
/// value is refused rather than undefined).
fn encoding_arg(encoding: u32) -> ApiResult<Encoding> {
    match encoding {
        1 => Ok(Encoding::Utf8),
        2 => Ok(Encoding::Utf16),
        3 => Ok(Encoding::Utf32),
        _ => Err(ApiError::argument(format!(
            "encoding {encoding} is not a puppet_encoding"
        ))),
    }
}

/// The editor position of byte `offset` of the result's text: the 0-based line and the
/// 0-based column in code units of `encoding` (a `puppet_encoding`), into `*line` and
/// `*column` (either may be NULL). An offset inside a character is that character's.
/// `PUPPET_ERROR_ARGUMENT` when `offset` is past the end of the text or the encoding unknown.
#[no_mangle]
pub extern "C" fn puppet_result_editor_position(
    result: *const puppet_result,
    offset: u32,
    encoding: u32,
    line: *mut u32,
    column: *mut u32,
) -> puppet_status {
    guard_status("puppet_result_editor_position", || {
        let result = result_ref(result)?;
        let encoding = encoding_arg(encoding)?;
        let text = &result.parsed.text;
        if offset as usize > text.len() {
            return Err(ApiError::argument(format!(
                "offset {offset} is past the end of the text ({} bytes)",
                text.len()
            )));
        }
        let position = result.line_index().position(text, offset, encoding);
        // SAFETY: NULL or writable (documented).
        unsafe {
            if let Some(line) = line.as_mut() {
                *line = position.line;
            }
            if let Some(column) = column.as_mut() {
                *column = position.column;
            }
        }
        Ok(())
    })
}

/// The byte offset of an editor position (0-based `line`, 0-based `column` in code units of
/// `encoding`) in the result's text, into `*offset`. A column past the end of its line is the
/// line's end; one inside a character is its start. `PUPPET_ERROR_ARGUMENT` when the line is
/// past the last or the encoding unknown.
#[no_mangle]
pub extern "C" fn puppet_result_editor_offset(
    result: *const puppet_result,
    line: u32,
    column: u32,
    encoding: u32,
    offset: *mut u32,
) -> puppet_status {
    guard_status("puppet_result_editor_offset", || {
        let result = result_ref(result)?;
        let encoding = encoding_arg(encoding)?;
        let text = &result.parsed.text;
        let found = result
            .line_index()
            .offset(text, Position { line, column }, encoding)
            .ok_or_else(|| {
                ApiError::argument(format!(
                    "line {line} is past the last line ({})",
                    result.line_index().line_count() - 1
                ))
            })?;
        // SAFETY: NULL is refused; else writable (documented).
        let out = unsafe { offset.as_mut() }.ok_or_else(|| ApiError::null("offset"))?;
        *out = found;
        Ok(())
    })
}

/// The 1-based line and character column (as in diagnostics) of byte `offset` of the result's
/// text, into `*line` and `*column` (either may be NULL). `PUPPET_ERROR_ARGUMENT` when `offset`
/// is past the end of the text.
#[no_mangle]
pub extern "C" fn puppet_result_position(
    result: *const puppet_result,
    offset: u32,
    line: *mut u32,
    column: *mut u32,
) -> puppet_status {
    guard_status("puppet_result_position", || {
        let result = result_ref(result)?;
        let text = &result.parsed.text;
        if offset as usize > text.len() {
            return Err(ApiError::argument(format!(
                "offset {offset} is past the end of the text ({} bytes)",
                text.len()
            )));
        }
        let (l, c) = result.line_index().line_col(text, offset);
        // SAFETY: NULL or writable (documented).
        unsafe {
            if let Some(line) = line.as_mut() {
                *line = l;
            }
            if let Some(column) = column.as_mut() {
                *column = c;
            }
        }
        Ok(())
    })
}
