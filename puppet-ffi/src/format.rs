//! The formatter (`puppet-fmt`): a source in, its formatted text out, in an owned buffer; or
//! the edits an editor applies for a range.

use std::ffi::c_char;

use puppet_fmt::{format, format_range, FormatError, FormatOptions, TextRange, TextSize};

use crate::output::{deliver_text, puppet_buffer};
use crate::result::source_arg;
use crate::status::{guard_status, puppet_status, ApiError, ApiResult};

/// Flag of `puppet_format` and `puppet_format_range`: the source is an EPP template (only the
/// code in its tags is formatted).
pub const PUPPET_FORMAT_EPP: u32 = 1;

fn options(flags: u32, name: *const c_char) -> ApiResult<FormatOptions> {
    if flags & !PUPPET_FORMAT_EPP != 0 {
        return Err(ApiError::argument(format!("unknown flags {flags:#x}")));
    }
    let mut options = FormatOptions::new().epp(flags & PUPPET_FORMAT_EPP != 0);
    // SAFETY (documented): NULL or a NUL-terminated string valid for the call.
    if let Some(name) = crate::strings::utf8_arg(name, "name")? {
        options = options.file(name);
    }
    Ok(options)
}

fn text_arg<'a>(source: *const u8, length: usize) -> ApiResult<&'a str> {
    std::str::from_utf8(source_arg(source, length)?).map_err(|_| {
        ApiError::new(
            puppet_status::PUPPET_ERROR_SYNTAX,
            "the source is not UTF-8 (not formatted)",
        )
    })
}

fn refused(error: FormatError) -> ApiError {
    match &error {
        FormatError::Syntax(diagnostics) => {
            let first = diagnostics
                .first()
                .map(|d| format!(": line {}, column {}: {}", d.line, d.column, d.message))
                .unwrap_or_default();
            ApiError::new(
                puppet_status::PUPPET_ERROR_SYNTAX,
                format!("{error}{first}"),
            )
        }
        FormatError::Unverified(_) => {
            ApiError::new(puppet_status::PUPPET_ERROR_PANIC, error.to_string())
        }
    }
}

/// Formats `source` (`length` bytes of UTF-8; NULL with 0 for empty) as `puppet-parser fmt`
/// does, into a new buffer at `*out` (free it with `puppet_buffer_free`; `*out` is NULL on
/// failure). `flags`: 0, or `PUPPET_FORMAT_EPP`. `name` (may be NULL) is the file name the
/// error message gives. A source with syntax errors, or not UTF-8, is not formatted:
/// `PUPPET_ERROR_SYNTAX`, with the first error in `puppet_last_error_message` (parse the source
/// for all of them).
#[no_mangle]
pub extern "C" fn puppet_format(
    source: *const u8,
    length: usize,
    flags: u32,
    name: *const c_char,
    out: *mut *mut puppet_buffer,
) -> puppet_status {
    guard_status("puppet_format", || {
        crate::output::clear_out(out)?;
        let options = options(flags, name)?;
        let text = text_arg(source, length)?;
        deliver_text(out, format(text, &options).map_err(refused))
    })
}

/// Formats the statements that cover bytes `start..end` of `source` (an editor's selection),
/// with the indentation and alignment of the whole file: the new text of bytes
/// `*replaced_start..*replaced_end` of the source goes into a new buffer at `*out` (the
/// smallest range that holds every change; an empty range and an empty buffer when nothing
/// changes). Otherwise as `puppet_format`; `PUPPET_ERROR_ARGUMENT` when the range is not inside
/// the source.
#[no_mangle]
pub extern "C" fn puppet_format_range(
    source: *const u8,
    length: usize,
    start: usize,
    end: usize,
    flags: u32,
    out: *mut *mut puppet_buffer,
    replaced_start: *mut usize,
    replaced_end: *mut usize,
) -> puppet_status {
    guard_status("puppet_format_range", || {
        crate::output::clear_out(out)?;
        if replaced_start.is_null() || replaced_end.is_null() {
            return Err(ApiError::null("replaced_start and replaced_end"));
        }
        let options = options(flags, std::ptr::null())?;
        let text = text_arg(source, length)?;
        if start > end || end > text.len() || u32::try_from(end).is_err() {
            return Err(ApiError::argument(format!(
                "range {start}..{end} is not inside the source"
            )));
        }
        let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
        let edit = format_range(text, range, &options).map_err(refused)?;
        let (from, to) = match (edit.indels().first(), edit.indels().last()) {
            (Some(first), Some(last)) => (
                usize::from(first.delete.start()),
                usize::from(last.delete.end()),
            ),
            _ => (start, start),
        };
        let new = edit
            .apply(text)
            .map_err(|e| ApiError::new(puppet_status::PUPPET_ERROR_PANIC, e.to_string()))?;
        // The changed span: the same bytes before `from` and after `to` in both texts.
        let tail = text.len() - to;
        let replacement = new[from..new.len() - tail].to_string();
        // SAFETY: checked non-NULL above; writable (documented).
        unsafe {
            replaced_start.write(from);
            replaced_end.write(to);
        }
        deliver_text(out, Ok(replacement))
    })
}
