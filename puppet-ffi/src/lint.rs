//! The linter (`puppet-lint`) for C: the problems of a source with their fixes
//! ([`fn@puppet_lint`] → `puppet_lint_result`, read through numbered problems and the edits of
//! their fixes), the text `puppet-parser lint --fix` would write ([`puppet_lint_fix`]), and the
//! names of the checks ([`puppet_lint_check_name`]).
//!
//! A result is a snapshot: every problem is copied into C structs with NUL-terminated strings
//! when it is made and never changed afterwards, so any number of threads may read one at once.
//! The check names are static (`strings::static_cstr`), valid for the life of the process.

use std::borrow::Cow;
use std::ffi::c_char;

use puppet_lint::checks::{syntax::SYNTAX, CHECKS};
use puppet_lint::{LintOptions, Problem, ProblemKind};
use puppet_syntax::ParseOptions;

use crate::output::{clear_out, deliver_text, puppet_buffer};
use crate::result::source_arg;
use crate::sized::{check_size, first_size, write_sized};
use crate::status::{guard, guard_status, puppet_status, ApiError, ApiResult};
use crate::strings::{static_cstr, utf8_arg, NulTerminated};

/// Flag of `puppet_lint` and `puppet_lint_fix`: run every check, the ones puppet-lint leaves
/// off by default too (not with a list of checks).
pub const PUPPET_LINT_ALL_CHECKS: u32 = 1;

/// Flag of `puppet_lint` and `puppet_lint_fix`: the source is an EPP template (so is one whose
/// `name` ends in `.epp`).
pub const PUPPET_LINT_EPP: u32 = 2;

/// The kind of a lint problem, as puppet-lint names it.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_lint_kind {
    /// A warning.
    PUPPET_LINT_KIND_WARNING = 0,
    /// An error.
    PUPPET_LINT_KIND_ERROR = 1,
    /// Fixed by `--fix` (not in a result of `puppet_lint`, which fixes nothing).
    PUPPET_LINT_KIND_FIXED = 2,
    /// Silenced by a `# lint:ignore:<check>` comment (its `reason` is the comment's reason).
    PUPPET_LINT_KIND_IGNORED = 3,
}

impl From<ProblemKind> for puppet_lint_kind {
    fn from(kind: ProblemKind) -> puppet_lint_kind {
        match kind {
            ProblemKind::Warning => puppet_lint_kind::PUPPET_LINT_KIND_WARNING,
            ProblemKind::Error => puppet_lint_kind::PUPPET_LINT_KIND_ERROR,
            ProblemKind::Fixed => puppet_lint_kind::PUPPET_LINT_KIND_FIXED,
            ProblemKind::Ignored => puppet_lint_kind::PUPPET_LINT_KIND_IGNORED,
        }
    }
}

/// One problem of a `puppet_lint_result`, filled by `puppet_lint_problem_get`. Its strings are
/// borrowed from the result (valid until `puppet_lint_result_free`), but `check`, which is
/// static. Fields are only appended.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct puppet_lint_problem {
    /// The check that found it, as puppet-lint names it (`"trailing_whitespace"`; `"syntax"`
    /// for each syntax error of a source that does not parse, which is not linted). Static,
    /// NUL-terminated.
    pub check: *const c_char,
    /// Its kind.
    pub kind: puppet_lint_kind,
    /// Byte offset of what it is about in the source given to `puppet_lint`.
    pub offset: u32,
    /// Length in bytes (may be 0).
    pub length: u32,
    /// puppet-lint's 1-based line.
    pub line: u32,
    /// puppet-lint's 1-based column, in characters.
    pub column: u32,
    /// puppet-lint's message (UTF-8, NUL-terminated; `message_length` is its length).
    pub message: *const c_char,
    /// Length of `message` in bytes, without the terminating NUL.
    pub message_length: usize,
    /// The reason given by the `lint:ignore` comment that silenced it, or NULL when it is not
    /// silenced or the comment gives none.
    pub reason: *const c_char,
    /// The number of edits of its fix (`puppet_lint_fix_edit_get`), 0 when it has none.
    pub fix_edits: usize,
}

/// One edit of a fix, filled by `puppet_lint_fix_edit_get`: replace bytes
/// `offset..offset + length` of the source by `text` (an insertion when `length` is 0, a
/// deletion when `text_length` is 0). `text` is borrowed from the result.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct puppet_text_edit {
    /// Byte offset of the replaced bytes in the source given to `puppet_lint`.
    pub offset: u32,
    /// The number of bytes replaced.
    pub length: u32,
    /// The new text (UTF-8, NUL-terminated).
    pub text: *const c_char,
    /// Length of `text` in bytes, without the NUL.
    pub text_length: usize,
}

/// The size of the first header's `puppet_lint_problem` (up to `fix_edits`); smaller is
/// refused.
pub(crate) const PROBLEM_FIRST_SIZE: usize = first_size(
    std::mem::offset_of!(puppet_lint_problem, fix_edits),
    std::mem::size_of::<usize>(),
);

/// The size of the first header's `puppet_text_edit` (up to `text_length`).
pub(crate) const EDIT_FIRST_SIZE: usize = first_size(
    std::mem::offset_of!(puppet_text_edit, text_length),
    std::mem::size_of::<usize>(),
);

/// An edit's C view and its text.
struct EditEntry {
    c: puppet_text_edit,
    _text: NulTerminated,
}

/// A problem's C view, the edits of its fix, and the storage its pointers point into.
struct ProblemEntry {
    c: puppet_lint_problem,
    edits: Vec<EditEntry>,
    _message: NulTerminated,
    _reason: Option<NulTerminated>,
}

/// The problems of one source (see `puppet_lint`). Opaque; free it with
/// `puppet_lint_result_free`.
pub struct puppet_lint_result {
    problems: Vec<ProblemEntry>,
}

fn problem_entry(problem: &Problem) -> ProblemEntry {
    let message = NulTerminated::new(&problem.message);
    let reason = problem.reason.as_deref().map(NulTerminated::new);
    let edits: Vec<EditEntry> = problem
        .fix
        .iter()
        .flat_map(|fix| fix.indels())
        .map(|indel| {
            let text = NulTerminated::new(&indel.insert);
            EditEntry {
                c: puppet_text_edit {
                    offset: u32::from(indel.delete.start()),
                    length: u32::from(indel.delete.len()),
                    text: text.ptr(),
                    text_length: text.len(),
                },
                _text: text,
            }
        })
        .collect();
    ProblemEntry {
        c: puppet_lint_problem {
            check: static_cstr(problem.check.name),
            kind: problem.kind.into(),
            offset: u32::from(problem.range.start()),
            length: u32::from(problem.range.len()),
            line: problem.line,
            column: problem.column,
            message: message.ptr(),
            message_length: message.len(),
            reason: reason.as_ref().map_or(std::ptr::null(), NulTerminated::ptr),
            fix_edits: edits.len(),
        },
        edits,
        _message: message,
        _reason: reason,
    }
}

/// The checks that run: `checks` (NULL, or a comma-separated list of names: only these) and
/// the flags.
fn lint_options(checks: *const c_char, flags: u32) -> ApiResult<LintOptions> {
    if flags & !(PUPPET_LINT_ALL_CHECKS | PUPPET_LINT_EPP) != 0 {
        return Err(ApiError::argument(format!("unknown flags {flags:#x}")));
    }
    let all = flags & PUPPET_LINT_ALL_CHECKS != 0;
    let Some(list) = utf8_arg(checks, "checks")? else {
        return Ok(if all {
            LintOptions::all()
        } else {
            LintOptions::default()
        });
    };
    if all {
        return Err(ApiError::argument(
            "PUPPET_LINT_ALL_CHECKS and a list of checks: pass one of them",
        ));
    }
    let mut options = LintOptions::default();
    options
        .only(
            list.split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty()),
        )
        .map_err(|unknown| {
            ApiError::argument(format!(
                "{unknown} (puppet_lint_check_name lists the checks)"
            ))
        })?;
    Ok(options)
}

fn is_epp(flags: u32, name: Option<&str>) -> bool {
    flags & PUPPET_LINT_EPP != 0 || name.is_some_and(|name| name.ends_with(".epp"))
}

fn result_ref<'a>(result: *const puppet_lint_result) -> ApiResult<&'a puppet_lint_result> {
    // SAFETY: a non-NULL pointer comes from puppet_lint and is not freed yet (documented).
    unsafe { result.as_ref() }.ok_or_else(|| ApiError::null("result"))
}

fn problem_at(result: &puppet_lint_result, i: usize) -> ApiResult<&ProblemEntry> {
    result.problems.get(i).ok_or_else(|| {
        ApiError::argument(format!(
            "problem index {i} is out of range (count {})",
            result.problems.len()
        ))
    })
}

/// Lints `source` (`length` bytes; NULL with 0 for empty) as `puppet-parser lint` does, into
/// a new result at `*out` (the caller owns it: free it with `puppet_lint_result_free`; `*out`
/// is NULL on failure).
///
/// `name` (NUL-terminated UTF-8, may be NULL) is the file's path, which `autoloader_layout`
/// compares with the classes' names (a relative path against the working directory); one
/// ending in `.epp` makes the source an EPP template. `checks`: NULL for puppet-lint's
/// defaults, else a comma-separated list of check names (blanks around them allowed): only
/// those run. `flags`: 0, or `PUPPET_LINT_ALL_CHECKS` (every check, the ones off by default
/// too; not with a list), `PUPPET_LINT_EPP`.
///
/// A source that does not parse (syntax errors, bytes that are not UTF-8) is not linted: its
/// result has one problem of check `"syntax"` per syntax error. That is still `PUPPET_OK`:
/// problems in the source are data. `PUPPET_ERROR_ARGUMENT` for an unknown check name (the
/// message names it) or unknown flags, `PUPPET_ERROR_UTF8` when `name` or `checks` is not
/// UTF-8, `PUPPET_ERROR_NULL` when `out` is NULL, or `source` is NULL with a length.
#[no_mangle]
pub extern "C" fn puppet_lint(
    source: *const u8,
    length: usize,
    name: *const c_char,
    checks: *const c_char,
    flags: u32,
    out: *mut *mut puppet_lint_result,
) -> puppet_status {
    guard_status("puppet_lint", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        // SAFETY: non-NULL and writable (documented); cleared first so that a failed call
        // leaves NULL behind.
        unsafe { out.write(std::ptr::null_mut()) };
        let options = lint_options(checks, flags)?;
        let name = utf8_arg(name, "name")?;
        let bytes = source_arg(source, length)?;
        let mut parse = ParseOptions::new().cst(true).epp(is_epp(flags, name));
        if let Some(name) = name {
            parse = parse.file(name);
        }
        let parsed = puppet_syntax::parse(bytes, &parse);
        let linted = puppet_lint::lint_full(&parsed, &options);
        let result = Box::new(puppet_lint_result {
            problems: linted.problems.iter().map(problem_entry).collect(),
        });
        // SAFETY: as above.
        unsafe { out.write(Box::into_raw(result)) };
        Ok(())
    })
}

/// The number of problems in the result (0 for NULL). They are numbered from 0 in
/// puppet-lint's order: check by check in the order of `puppet_lint_check_name`, each check's
/// in its own order.
#[no_mangle]
pub extern "C" fn puppet_lint_result_count(result: *const puppet_lint_result) -> usize {
    guard(
        "puppet_lint_result_count",
        |_| 0,
        || Ok(result_ref(result)?.problems.len()),
    )
}

/// Copies problem `index` into `*out`, a struct of `size` bytes: pass
/// `sizeof(puppet_lint_problem)` (the header's rule for structs the library fills: the fields
/// that fit are written, bytes past this library's struct are zeroed). Its strings are borrowed
/// from the result, `check` is static. `PUPPET_ERROR_ARGUMENT` when the index is out of range
/// or `size` is smaller than the first header's struct; `*out` is not written then.
#[no_mangle]
pub extern "C" fn puppet_lint_problem_get(
    result: *const puppet_lint_result,
    index: usize,
    out: *mut puppet_lint_problem,
    size: usize,
) -> puppet_status {
    guard_status("puppet_lint_problem_get", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        check_size("puppet_lint_problem", size, PROBLEM_FIRST_SIZE)?;
        let entry = problem_at(result_ref(result)?, index)?;
        // SAFETY: non-NULL and `size` writable bytes (documented), size checked.
        unsafe { write_sized(out, size, &entry.c) };
        Ok(())
    })
}

/// Copies edit `edit_index` of the fix of problem `problem_index` into `*out`, a struct of
/// `size` bytes (pass `sizeof(puppet_text_edit)`; as `puppet_lint_problem_get`). The edits of
/// one fix are in source order and do not overlap; every offset is in the source given to
/// `puppet_lint` (apply them from the last to the first, or all at once). The fixes of
/// different problems may overlap: `puppet_lint_fix` applies them together, checking the
/// result. `PUPPET_ERROR_ARGUMENT` when either index is out of range (a problem without a fix
/// has no edits) or `size` is too small; `*out` is not written then.
#[no_mangle]
pub extern "C" fn puppet_lint_fix_edit_get(
    result: *const puppet_lint_result,
    problem_index: usize,
    edit_index: usize,
    out: *mut puppet_text_edit,
    size: usize,
) -> puppet_status {
    guard_status("puppet_lint_fix_edit_get", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        check_size("puppet_text_edit", size, EDIT_FIRST_SIZE)?;
        let entry = problem_at(result_ref(result)?, problem_index)?;
        let edit = entry.edits.get(edit_index).ok_or_else(|| {
            ApiError::argument(format!(
                "edit index {edit_index} is out of range (the fix of problem {problem_index} \
                 has {})",
                entry.edits.len()
            ))
        })?;
        // SAFETY: non-NULL and `size` writable bytes (documented), size checked.
        unsafe { write_sized(out, size, &edit.c) };
        Ok(())
    })
}

/// Frees a lint result and everything borrowed from it. NULL is allowed and does nothing.
#[no_mangle]
pub extern "C" fn puppet_lint_result_free(result: *mut puppet_lint_result) {
    guard(
        "puppet_lint_result_free",
        |_| (),
        || {
            if !result.is_null() {
                // SAFETY: made by Box::into_raw in puppet_lint, freed once (documented).
                drop(unsafe { Box::from_raw(result) });
            }
            Ok(())
        },
    )
}

/// The path `puppet_lint::fix` is given: it reads EPP-ness from the path's extension alone, so
/// an EPP source under another name (or none) gets `.epp` appended for the fix.
fn fix_path(name: Option<&str>, epp: bool) -> Option<Cow<'_, str>> {
    match name {
        Some(name) if !epp || name.ends_with(".epp") => Some(Cow::Borrowed(name)),
        Some(name) => Some(Cow::Owned(format!("{name}.epp"))),
        None if epp => Some(Cow::Borrowed("-.epp")),
        None => None,
    }
}

/// The text `puppet-parser lint --fix` would write for `source` (`length` bytes of UTF-8;
/// NULL with 0 for empty), into a new buffer at `*out` (free it with `puppet_buffer_free`;
/// `*out` is NULL on failure): the fixes of the checks that run, applied round after round
/// on the new text until none is left. A fix is refused when its result would not parse, or,
/// for a layout fix, would change what Puppet evaluates (one that changes the program on
/// purpose, as `file_ensure`'s does, must still pass Puppet's validation). The same text when
/// nothing is to be fixed. `name`, `checks` and `flags` as for `puppet_lint`.
///
/// A source with syntax errors, or not UTF-8, is not fixed: `PUPPET_ERROR_SYNTAX`, with the
/// first error in `puppet_last_error_message` (`puppet_lint` gives all of them). Otherwise as
/// `puppet_lint`.
#[no_mangle]
pub extern "C" fn puppet_lint_fix(
    source: *const u8,
    length: usize,
    name: *const c_char,
    checks: *const c_char,
    flags: u32,
    out: *mut *mut puppet_buffer,
) -> puppet_status {
    guard_status("puppet_lint_fix", || {
        clear_out(out)?;
        let options = lint_options(checks, flags)?;
        let name = utf8_arg(name, "name")?;
        let text = std::str::from_utf8(source_arg(source, length)?).map_err(|_| {
            ApiError::new(
                puppet_status::PUPPET_ERROR_SYNTAX,
                "the source is not UTF-8 (the file was not fixed)",
            )
        })?;
        let path = fix_path(name, is_epp(flags, name));
        let outcome = puppet_lint::fix(text, path.as_deref(), &options);
        let errors: Vec<&Problem> = outcome
            .remaining
            .iter()
            .filter(|p| p.check.name == SYNTAX.name)
            .collect();
        if let Some(first) = errors.first() {
            let count = errors.len();
            return Err(ApiError::new(
                puppet_status::PUPPET_ERROR_SYNTAX,
                format!(
                    "{count} syntax error{} (the file was not fixed): line {}, column {}: {}",
                    if count == 1 { "" } else { "s" },
                    first.line,
                    first.column,
                    first.message
                ),
            ));
        }
        deliver_text(out, Ok(outcome.text))
    })
}

/// The number of checks (`puppet_lint_check_name` names them). It grows with new checks.
#[no_mangle]
pub extern "C" fn puppet_lint_check_count() -> usize {
    guard("puppet_lint_check_count", |_| 0, || Ok(CHECKS.len()))
}

/// The name of check `index` (static, NUL-terminated; the names `checks` of `puppet_lint`
/// takes), in puppet-lint's order, which is the order of a result's problems; NULL when
/// `index` is `puppet_lint_check_count()` or more. The pseudo-check `"syntax"` of a source
/// that does not parse is not one of them (it cannot be turned off).
#[no_mangle]
pub extern "C" fn puppet_lint_check_name(index: usize) -> *const c_char {
    guard(
        "puppet_lint_check_name",
        |_| std::ptr::null(),
        || {
            let check = CHECKS.get(index).ok_or_else(|| {
                ApiError::argument(format!(
                    "check index {index} is out of range (count {})",
                    CHECKS.len()
                ))
            })?;
            Ok(static_cstr(check.name))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::{CStr, CString};
    use std::mem::MaybeUninit;

    fn text(ptr: *const c_char) -> Option<String> {
        (!ptr.is_null()).then(|| unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_owned())
    }

    fn lint(
        source: &str,
        checks: Option<&str>,
        flags: u32,
    ) -> (puppet_status, *mut puppet_lint_result) {
        let checks = checks.map(|c| CString::new(c).unwrap());
        let mut out = std::ptr::dangling_mut::<puppet_lint_result>();
        let status = puppet_lint(
            source.as_ptr(),
            source.len(),
            c"init.pp".as_ptr(),
            checks.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
            flags,
            &mut out,
        );
        (status, out)
    }

    fn problem(result: *const puppet_lint_result, i: usize) -> puppet_lint_problem {
        let mut p = MaybeUninit::<puppet_lint_problem>::uninit();
        assert_eq!(
            puppet_lint_problem_get(result, i, p.as_mut_ptr(), size_of::<puppet_lint_problem>()),
            puppet_status::PUPPET_OK
        );
        unsafe { p.assume_init() }
    }

    /// (check, kind, line, column) of every problem.
    fn rows(result: *const puppet_lint_result) -> Vec<(String, puppet_lint_kind, u32, u32)> {
        (0..puppet_lint_result_count(result))
            .map(|i| {
                let p = problem(result, i);
                (text(p.check).unwrap(), p.kind, p.line, p.column)
            })
            .collect()
    }

    fn fixed(source: &[u8], checks: Option<&CStr>, flags: u32) -> Result<String, puppet_status> {
        let mut out = std::ptr::null_mut();
        let status = puppet_lint_fix(
            source.as_ptr(),
            source.len(),
            std::ptr::null(),
            checks.map_or(std::ptr::null(), CStr::as_ptr),
            flags,
            &mut out,
        );
        if status != puppet_status::PUPPET_OK {
            assert!(out.is_null());
            return Err(status);
        }
        let buffer = unsafe { &*out };
        let text = unsafe { CStr::from_ptr(buffer.data) }
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(text.len(), buffer.length);
        crate::output::puppet_buffer_free(out);
        Ok(text)
    }

    /// The problems are the crate's, field by field, with its fixes' edits.
    #[test]
    fn problems_are_puppet_lints() {
        let source =
            "file { '/x': ensure => present }  \n# lint:ignore:trailing_whitespace old\n$a = 1 \n# lint:endignore\n";
        let (status, result) = lint(source, None, 0);
        assert_eq!(status, puppet_status::PUPPET_OK);
        let expected = puppet_lint::lint_source(source, Some("init.pp"), &LintOptions::default());
        assert_eq!(puppet_lint_result_count(result), expected.len());
        assert!(!expected.is_empty());
        for (i, want) in expected.iter().enumerate() {
            let got = problem(result, i);
            assert_eq!(text(got.check).as_deref(), Some(want.check.name));
            assert_eq!(got.kind, want.kind.into());
            assert_eq!(
                (got.offset, got.length, got.line, got.column),
                (
                    u32::from(want.range.start()),
                    u32::from(want.range.len()),
                    want.line,
                    want.column
                )
            );
            assert_eq!(text(got.message).as_deref(), Some(want.message.as_str()));
            assert_eq!(got.message_length, want.message.len());
            assert_eq!(text(got.reason), want.reason);
            let indels = want.fix.as_ref().map_or(&[][..], |f| f.indels());
            assert_eq!(got.fix_edits, indels.len());
            for (j, indel) in indels.iter().enumerate() {
                let mut e = MaybeUninit::<puppet_text_edit>::uninit();
                assert_eq!(
                    puppet_lint_fix_edit_get(
                        result,
                        i,
                        j,
                        e.as_mut_ptr(),
                        size_of::<puppet_text_edit>()
                    ),
                    puppet_status::PUPPET_OK
                );
                let e = unsafe { e.assume_init() };
                assert_eq!(
                    (e.offset, e.length),
                    (
                        u32::from(indel.delete.start()),
                        u32::from(indel.delete.len())
                    )
                );
                assert_eq!(text(e.text).as_deref(), Some(indel.insert.as_str()));
                assert_eq!(e.text_length, indel.insert.len());
            }
            let mut e = MaybeUninit::<puppet_text_edit>::uninit();
            assert_eq!(
                puppet_lint_fix_edit_get(
                    result,
                    i,
                    indels.len(),
                    e.as_mut_ptr(),
                    size_of::<puppet_text_edit>()
                ),
                puppet_status::PUPPET_ERROR_ARGUMENT
            );
        }
        let rows = rows(result);
        assert!(rows.contains(&(
            "file_ensure".into(),
            puppet_lint_kind::PUPPET_LINT_KIND_WARNING,
            1,
            24
        )));
        assert!(rows.contains(&(
            "trailing_whitespace".into(),
            puppet_lint_kind::PUPPET_LINT_KIND_ERROR,
            1,
            33
        )));
        let ignored = (0..rows.len())
            .map(|i| problem(result, i))
            .find(|p| p.kind == puppet_lint_kind::PUPPET_LINT_KIND_IGNORED)
            .expect("the silenced trailing blank");
        assert_eq!(text(ignored.reason).as_deref(), Some("old"));
        puppet_lint_result_free(result);
    }

    #[test]
    fn checks_are_chosen_by_name_or_all() {
        let long = format!("$a = '{}'\n", "x".repeat(90));
        let (_, result) = lint(&long, None, 0);
        assert!(
            rows(result).iter().all(|r| r.0 != "80chars"),
            "off by default"
        );
        puppet_lint_result_free(result);
        let (_, result) = lint(&long, None, PUPPET_LINT_ALL_CHECKS);
        assert!(rows(result).iter().any(|r| r.0 == "80chars"));
        puppet_lint_result_free(result);
        let (_, result) = lint(&long, Some(" 80chars ,trailing_whitespace,"), 0);
        assert_eq!(
            rows(result)
                .iter()
                .map(|r| r.0.as_str())
                .collect::<Vec<_>>(),
            ["80chars"]
        );
        puppet_lint_result_free(result);
        let (_, result) = lint(&long, Some(""), 0);
        assert_eq!(puppet_lint_result_count(result), 0, "no checks");
        puppet_lint_result_free(result);

        let (status, result) = lint(&long, Some("80chars,no_such_check"), 0);
        assert_eq!(status, puppet_status::PUPPET_ERROR_ARGUMENT);
        assert!(result.is_null());
        let message = text(crate::status::puppet_last_error_message()).unwrap();
        assert!(message.contains("'no_such_check'"), "{message}");
        assert_eq!(
            lint(&long, Some("80chars"), PUPPET_LINT_ALL_CHECKS).0,
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
        assert_eq!(lint(&long, None, 4).0, puppet_status::PUPPET_ERROR_ARGUMENT);
    }

    #[test]
    fn a_source_that_does_not_parse_gives_syntax_problems() {
        let (status, result) = lint("class a {\n  $x = \n", None, 0);
        assert_eq!(status, puppet_status::PUPPET_OK);
        let rows = rows(result);
        assert!(!rows.is_empty());
        assert!(
            rows.iter()
                .all(|r| r.0 == "syntax" && r.1 == puppet_lint_kind::PUPPET_LINT_KIND_ERROR),
            "{rows:?}"
        );
        puppet_lint_result_free(result);
        let mut out = std::ptr::null_mut();
        let bytes = b"$x = '\xff'\n";
        assert_eq!(
            puppet_lint(
                bytes.as_ptr(),
                bytes.len(),
                std::ptr::null(),
                std::ptr::null(),
                0,
                &mut out
            ),
            puppet_status::PUPPET_OK
        );
        assert_eq!(text(problem(out, 0).check).as_deref(), Some("syntax"));
        puppet_lint_result_free(out);
    }

    #[test]
    fn epp_by_flag_or_name() {
        let template = "<% $x = 1 %>text  \n<%= $x %>\n";
        let (status, result) = lint(template, None, 0);
        assert_eq!(status, puppet_status::PUPPET_OK);
        assert!(
            rows(result).iter().any(|r| r.0 == "syntax"),
            "not a manifest"
        );
        puppet_lint_result_free(result);
        let (status, result) = lint(template, None, PUPPET_LINT_EPP);
        assert_eq!(status, puppet_status::PUPPET_OK);
        assert!(rows(result).iter().all(|r| r.0 != "syntax"));
        puppet_lint_result_free(result);
        assert_eq!(
            fixed(template.as_bytes(), None, PUPPET_LINT_EPP).as_deref(),
            Ok(template)
        );
        assert_eq!(
            fixed(template.as_bytes(), None, 0),
            Err(puppet_status::PUPPET_ERROR_SYNTAX)
        );
    }

    #[test]
    fn fix_is_puppet_lints_fix() {
        let source = "file { '/x':\n  ensure => present\n}  \n";
        let want = puppet_lint::fix(source, None, &LintOptions::default());
        assert_ne!(want.text, source);
        assert_eq!(
            fixed(source.as_bytes(), None, 0).as_deref(),
            Ok(want.text.as_str())
        );
        let only = fixed(source.as_bytes(), Some(c"trailing_whitespace"), 0).unwrap();
        assert_eq!(only, "file { '/x':\n  ensure => present\n}\n");
        assert_eq!(fixed(b"", None, 0).as_deref(), Ok(""));
        assert_eq!(
            fixed(b"class a {\n  $x = \n", None, 0),
            Err(puppet_status::PUPPET_ERROR_SYNTAX)
        );
        let message = text(crate::status::puppet_last_error_message()).unwrap();
        assert!(
            message.contains("not fixed): line 3, column 1: Syntax error"),
            "{message}"
        );
        assert_eq!(
            fixed(b"$x = '\xff'\n", None, 0),
            Err(puppet_status::PUPPET_ERROR_SYNTAX)
        );
        assert_eq!(
            fixed(b"$x = 1\n", Some(c"bogus"), 0),
            Err(puppet_status::PUPPET_ERROR_ARGUMENT)
        );
    }

    #[test]
    fn the_checks_are_listed() {
        let count = puppet_lint_check_count();
        assert_eq!(count, CHECKS.len());
        for (i, check) in CHECKS.iter().enumerate() {
            assert_eq!(text(puppet_lint_check_name(i)).as_deref(), Some(check.name));
        }
        assert!(puppet_lint_check_name(count).is_null());
        assert_eq!(
            puppet_lint_check_name(0),
            puppet_lint_check_name(0),
            "static"
        );
    }

    #[test]
    fn arguments_are_checked() {
        let mut out = std::ptr::dangling_mut::<puppet_lint_result>();
        assert_eq!(
            puppet_lint(
                std::ptr::null(),
                3,
                std::ptr::null(),
                std::ptr::null(),
                0,
                &mut out
            ),
            puppet_status::PUPPET_ERROR_NULL
        );
        assert!(out.is_null());
        assert_eq!(
            puppet_lint(
                std::ptr::null(),
                0,
                std::ptr::null(),
                std::ptr::null(),
                0,
                std::ptr::null_mut()
            ),
            puppet_status::PUPPET_ERROR_NULL
        );
        assert_eq!(
            puppet_lint(
                std::ptr::null(),
                0,
                c"\xff.pp".as_ptr(),
                std::ptr::null(),
                0,
                &mut out
            ),
            puppet_status::PUPPET_ERROR_UTF8
        );
        assert_eq!(puppet_lint_result_count(std::ptr::null()), 0);
        let (_, result) = lint("$a = 1 \n", None, 0);
        assert_eq!(puppet_lint_result_count(result), 1);
        let mut small = [0u8; PROBLEM_FIRST_SIZE + 16];
        assert_eq!(
            puppet_lint_problem_get(result, 0, small.as_mut_ptr().cast(), PROBLEM_FIRST_SIZE - 1),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
        assert_eq!(
            puppet_lint_problem_get(result, 1, small.as_mut_ptr().cast(), PROBLEM_FIRST_SIZE),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
        assert!(small.iter().all(|&b| b == 0), "nothing written on failure");
        assert_eq!(
            puppet_lint_problem_get(result, 0, std::ptr::null_mut(), PROBLEM_FIRST_SIZE),
            puppet_status::PUPPET_ERROR_NULL
        );
        assert_eq!(
            puppet_lint_problem_get(
                std::ptr::null(),
                0,
                small.as_mut_ptr().cast(),
                PROBLEM_FIRST_SIZE
            ),
            puppet_status::PUPPET_ERROR_NULL
        );
        small.fill(0xAA);
        assert_eq!(
            puppet_lint_problem_get(result, 0, small.as_mut_ptr().cast(), PROBLEM_FIRST_SIZE + 8),
            puppet_status::PUPPET_OK
        );
        assert!(small[PROBLEM_FIRST_SIZE..PROBLEM_FIRST_SIZE + 8]
            .iter()
            .all(|&b| b == 0));
        assert!(
            small[PROBLEM_FIRST_SIZE + 8..].iter().all(|&b| b == 0xAA),
            "wrote past the size"
        );
        let mut edit = [0u8; EDIT_FIRST_SIZE];
        assert_eq!(
            puppet_lint_fix_edit_get(result, 0, 0, edit.as_mut_ptr().cast(), EDIT_FIRST_SIZE - 1),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
        assert_eq!(
            puppet_lint_fix_edit_get(result, 0, 0, edit.as_mut_ptr().cast(), EDIT_FIRST_SIZE),
            puppet_status::PUPPET_OK
        );
        puppet_lint_result_free(result);
        puppet_lint_result_free(std::ptr::null_mut());
        assert_eq!(
            puppet_lint_fix(
                std::ptr::null(),
                0,
                std::ptr::null(),
                std::ptr::null(),
                0,
                std::ptr::null_mut()
            ),
            puppet_status::PUPPET_ERROR_NULL
        );
    }
}
