//! Owned output: a [`puppet_buffer`] holds text the library made for the caller (PN, PN-JSON,
//! the CST dump, a diagnostic's caret snippet, the diagnostics rendered in one of the formats
//! of `puppet-diagnostics`) until `puppet_buffer_free`. Rust's allocator made it, so only the
//! library may free it.

use std::ffi::c_char;

use puppet_diagnostics::render::{human, render_file, sarif, Format};
use puppet_syntax::pn::PnFormat;
use puppet_syntax::Diagnostic;

use crate::result::{puppet_result, result_ref};
use crate::status::{guard, guard_status, puppet_status, ApiError, ApiResult};
use crate::strings::NulTerminated;

/// Flag of `puppet_result_pn` and `puppet_result_json`: indent, one element per line
/// (Puppet's `--pretty`).
pub const PUPPET_OUTPUT_PRETTY: u32 = 1;

/// Text owned by the caller: `data` is NUL-terminated and `length` bytes long (without the
/// NUL). Free it with `puppet_buffer_free` (not `free`).
#[repr(C)]
#[derive(Debug)]
pub struct puppet_buffer {
    /// The text (UTF-8, NUL-terminated).
    pub data: *const c_char,
    /// Its length in bytes, without the NUL.
    pub length: usize,
}

/// A buffer and its storage; `c` first, so a `*mut puppet_buffer` is a `*mut Owned`.
#[repr(C)]
struct Owned {
    c: puppet_buffer,
    text: NulTerminated,
}

fn new_buffer(text: &str) -> *mut puppet_buffer {
    let text = NulTerminated::new(text);
    let owned = Box::new(Owned {
        c: puppet_buffer {
            data: text.ptr(),
            length: text.len(),
        },
        text,
    });
    Box::into_raw(owned).cast()
}

/// [`deliver`] for the other modules.
pub(crate) fn deliver_text(out: *mut *mut puppet_buffer, text: ApiResult<String>) -> ApiResult<()> {
    deliver(out, text)
}

/// Writes `text` into `*out` as a new buffer (`out` checked and cleared first by the callers).
fn deliver(out: *mut *mut puppet_buffer, text: ApiResult<String>) -> ApiResult<()> {
    let text = text?;
    // SAFETY: checked non-NULL by `clear_out`.
    unsafe { out.write(new_buffer(&text)) };
    Ok(())
}

pub(crate) fn clear_out(out: *mut *mut puppet_buffer) -> ApiResult<()> {
    if out.is_null() {
        return Err(ApiError::null("out"));
    }
    // SAFETY: non-NULL and writable (documented).
    unsafe { out.write(std::ptr::null_mut()) };
    Ok(())
}

fn check_flags(flags: u32) -> ApiResult<bool> {
    if flags & !PUPPET_OUTPUT_PRETTY != 0 {
        return Err(ApiError::argument(format!("unknown flags {flags:#x}")));
    }
    Ok(flags & PUPPET_OUTPUT_PRETTY != 0)
}

fn model_of(result: &puppet_result) -> ApiResult<&puppet_syntax::model::Model> {
    result.parsed.model.as_ref().ok_or_else(|| {
        ApiError::new(
            puppet_status::PUPPET_ERROR_UNAVAILABLE,
            "the result has no model (syntax errors, or parsed with PUPPET_PARSE_NO_MODEL)",
        )
    })
}

/// The model as PN, exactly as `puppet parser dump --format pn` prints it (Ruby Puppet 7.23),
/// into a new buffer at `*out`; `flags`: 0 or `PUPPET_OUTPUT_PRETTY`.
/// `PUPPET_ERROR_UNAVAILABLE` without a model. The caller owns `*out` (`puppet_buffer_free`);
/// `*out` is NULL after a failure.
#[no_mangle]
pub extern "C" fn puppet_result_pn(
    result: *const puppet_result,
    flags: u32,
    out: *mut *mut puppet_buffer,
) -> puppet_status {
    pn_output(
        "puppet_result_pn",
        result,
        flags,
        out,
        PnFormat::Pn,
        PnFormat::PrettyPn,
    )
}

/// The model as PN's JSON form (`puppet parser dump --format json`); otherwise as
/// `puppet_result_pn`.
#[no_mangle]
pub extern "C" fn puppet_result_json(
    result: *const puppet_result,
    flags: u32,
    out: *mut *mut puppet_buffer,
) -> puppet_status {
    pn_output(
        "puppet_result_json",
        result,
        flags,
        out,
        PnFormat::Json,
        PnFormat::PrettyJson,
    )
}

/// `puppet_result_pn` and `puppet_result_json`: the PN tree rendered in `plain`, or in `pretty`
/// with `PUPPET_OUTPUT_PRETTY`.
fn pn_output(
    function: &'static str,
    result: *const puppet_result,
    flags: u32,
    out: *mut *mut puppet_buffer,
    plain: PnFormat,
    pretty: PnFormat,
) -> puppet_status {
    guard_status(function, || {
        clear_out(out)?;
        let format = if check_flags(flags)? { pretty } else { plain };
        let model = model_of(result_ref(result)?)?;
        deliver(out, Ok(puppet_syntax::pn::transform(model).render(format)))
    })
}

/// The CST as text, as `puppet-parser dump --format cst` prints it (one element per line,
/// `KIND@START..END` and token texts), into a new buffer at `*out`.
/// `PUPPET_ERROR_UNAVAILABLE` unless parsed with `PUPPET_PARSE_CST`. Ownership as
/// `puppet_result_pn`.
#[no_mangle]
pub extern "C" fn puppet_result_cst_dump(
    result: *const puppet_result,
    out: *mut *mut puppet_buffer,
) -> puppet_status {
    guard_status("puppet_result_cst_dump", || {
        clear_out(out)?;
        let result = result_ref(result)?;
        let node = result.parsed.syntax_node().ok_or_else(|| {
            ApiError::new(
                puppet_status::PUPPET_ERROR_UNAVAILABLE,
                "the result has no CST (parse with PUPPET_PARSE_CST)",
            )
        })?;
        deliver(out, Ok(puppet_syntax::syntax::dump_cst(&node)))
    })
}

/// The lines `puppet-parser validate` prints below diagnostic `index`: the source line with a
/// caret under the span, in a gutter (each line ends in `\n`; empty when the diagnostic's line
/// is blank), into a new buffer at `*out`. Ownership as `puppet_result_pn`.
#[no_mangle]
pub extern "C" fn puppet_result_diagnostic_snippet(
    result: *const puppet_result,
    index: usize,
    out: *mut *mut puppet_buffer,
) -> puppet_status {
    guard_status("puppet_result_diagnostic_snippet", || {
        clear_out(out)?;
        let result = result_ref(result)?;
        let d = diagnostic_at(result, index)?;
        deliver(out, Ok(snippet_lines(&result.parsed.text, d)))
    })
}

/// Everything `puppet-parser validate --format human` prints for diagnostic `index` (without
/// colour): the line `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, with control characters in
/// the file name and message escaped as the command escapes them, then the snippet lines of
/// `puppet_result_diagnostic_snippet`; every line ends in `\n`. `fallback_file` (NUL-terminated,
/// may be NULL) names a diagnostic without a file. Into a new buffer at `*out`; ownership as
/// `puppet_result_pn`.
#[no_mangle]
pub extern "C" fn puppet_result_diagnostic_report(
    result: *const puppet_result,
    index: usize,
    fallback_file: *const c_char,
    out: *mut *mut puppet_buffer,
) -> puppet_status {
    guard_status("puppet_result_diagnostic_report", || {
        clear_out(out)?;
        let result = result_ref(result)?;
        let d = diagnostic_at(result, index)?;
        // SAFETY (documented): NULL or a NUL-terminated string valid for the call.
        let fallback = crate::strings::utf8_arg(fallback_file, "fallback_file")?.unwrap_or("-");
        let mut report = human::header(fallback, &d.into());
        report.push('\n');
        report.push_str(&snippet_lines(&result.parsed.text, d));
        deliver(out, Ok(report))
    })
}

fn diagnostic_at(result: &puppet_result, index: usize) -> Result<&Diagnostic, ApiError> {
    let diagnostics = &result.parsed.diagnostics;
    diagnostics.get(index).ok_or_else(|| {
        ApiError::argument(format!(
            "diagnostic index {index} is out of range (count {})",
            diagnostics.len()
        ))
    })
}

/// The snippet lines, each ending in `\n` (none for a blank line).
fn snippet_lines(text: &str, d: &Diagnostic) -> String {
    puppet_diagnostics::render::snippet(text, &d.into(), false)
        .map(|lines| lines + "\n")
        .unwrap_or_default()
}

/// An output format of `puppet_result_render`: the formats of `puppet-parser validate
/// --format`.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_render_format {
    /// `FILE:LINE:COLUMN: SEVERITY[CODE]: message` and the source line with a caret (no
    /// colour).
    PUPPET_FORMAT_HUMAN = 1,
    /// JSON Lines, one object per diagnostic.
    PUPPET_FORMAT_JSON = 2,
    /// One SARIF 2.1.0 log (columns in UTF-16 code units).
    PUPPET_FORMAT_SARIF = 3,
    /// GitHub Actions annotations, one line per diagnostic.
    PUPPET_FORMAT_GITHUB = 4,
    /// A Code Climate issue array (GitLab's code quality report).
    PUPPET_FORMAT_CODECLIMATE = 5,
}

/// Every diagnostic of the result rendered in `format` (a `puppet_render_format`) exactly as
/// `puppet-parser validate --format …` renders one file's (without its summary), into a new
/// buffer at `*out` (empty for a result without diagnostics in the line formats). `name`
/// (NUL-terminated, may be NULL) is the file name shown; NULL: the result's file, else `-`.
/// Ownership as `puppet_result_pn`. `PUPPET_ERROR_ARGUMENT` for an unknown format.
#[no_mangle]
pub extern "C" fn puppet_result_render(
    result: *const puppet_result,
    format: u32,
    name: *const c_char,
    out: *mut *mut puppet_buffer,
) -> puppet_status {
    guard_status("puppet_result_render", || {
        clear_out(out)?;
        let result = result_ref(result)?;
        // SAFETY (documented): NULL or a NUL-terminated string valid for the call.
        let name = crate::strings::utf8_arg(name, "name")?
            .or(result.parsed.file.as_deref())
            .unwrap_or("-");
        let format = match format {
            1 => Format::Human,
            2 => Format::Json,
            3 => Format::Sarif,
            4 => Format::Github,
            5 => Format::Codeclimate,
            _ => {
                return Err(ApiError::argument(format!(
                    "format {format} is not a puppet_render_format"
                )))
            }
        };
        let found: Vec<puppet_diagnostics::Diagnostic> =
            result.parsed.diagnostics.iter().map(Into::into).collect();
        let tool = sarif::Tool {
            name: "libpuppet".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            information_uri: None,
        };
        let text = Some(&*result.parsed.text);
        deliver(out, Ok(render_file(format, &tool, name, text, &found)))
    })
}

/// Frees a buffer made by the library. NULL is allowed and does nothing.
#[no_mangle]
pub extern "C" fn puppet_buffer_free(buffer: *mut puppet_buffer) {
    guard(
        "puppet_buffer_free",
        |_| (),
        || {
            if !buffer.is_null() {
                // SAFETY: made by `new_buffer` (a boxed `Owned` whose first field is the
                // buffer) and freed once (documented).
                drop(unsafe { Box::from_raw(buffer.cast::<Owned>()) });
            }
            Ok(())
        },
    )
}
