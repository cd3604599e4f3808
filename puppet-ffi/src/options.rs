//! `puppet_options`: the one options struct of the C API, translated to the library's
//! `ParseOptions` ([`read_options`]).
//!
//! It can grow without breaking compiled programs, in both directions (the libgit2 and Linux
//! `copy_struct_from_user` way): its first field is its size, the size of the caller's header,
//! which the header's `puppet_options_init(&o)` macro passes to [`puppet_options_init_sized`].
//! Fields are only ever appended. The library writes and reads only the bytes the caller's
//! struct has: an older, shorter struct gets the defaults for the fields it lacks, and a newer,
//! longer one is accepted when the fields this library does not know are zero (their
//! default). A zeroed struct with `struct_size` set means the defaults too: every flag, enum
//! and pointer has its default at zero.
//!
//! Programs compiled against the first header (ABI 1, up to `home`) call the function
//! [`puppet_options_init`] without a size: it writes that header's struct only, and a struct of
//! that size reads `strict` as that header defined it (0: `warning`).

use std::ffi::c_char;
use std::path::PathBuf;

use puppet_syntax::{LocationContext, ParseOptions, PuppetRelease, Strict};

use crate::status::{guard, guard_status, puppet_status, ApiError, ApiResult};
use crate::strings::{path_arg, utf8_arg};

/// Flag: parse an EPP template instead of a manifest.
pub const PUPPET_PARSE_EPP: u32 = 1;
/// Flag: Puppet's `tasks` mode (`plan` and `apply` are keywords; the validator is Puppet's
/// `TasksChecker`).
pub const PUPPET_PARSE_TASKS: u32 = 2;
/// Flag: also build the lossless CST (for `puppet_cst_cursor_new`).
pub const PUPPET_PARSE_CST: u32 = 4;
/// Flag: do not build the Puppet model (nothing to validate, no PN; faster when only the CST
/// or the syntax errors are wanted).
pub const PUPPET_PARSE_NO_MODEL: u32 = 8;

const KNOWN_FLAGS: u32 =
    PUPPET_PARSE_EPP | PUPPET_PARSE_TASKS | PUPPET_PARSE_CST | PUPPET_PARSE_NO_MODEL;

/// Puppet's `strict` setting, which decides the severity of `DUPLICATE_KEY` (the value of
/// `puppet_options.strict`).
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_strict {
    /// The default of the release of `puppet_options.puppet_version`: `warning` in Puppet 7,
    /// `error` in Puppet 8 (0, so a zeroed struct has it).
    PUPPET_STRICT_DEFAULT = 0,
    /// `DUPLICATE_KEY` is not reported.
    PUPPET_STRICT_OFF = 1,
    /// `DUPLICATE_KEY` is an error.
    PUPPET_STRICT_ERROR = 2,
    /// `DUPLICATE_KEY` is a warning.
    PUPPET_STRICT_WARNING = 3,
}

/// The `puppet_strict` value of Puppet's `strict` setting as written (`"off"`, `"warning"`,
/// `"error"`, any case, surrounding blanks and a leading `:` allowed: the library's own
/// reading of the setting), or -1 when `name` is NULL or no such value (see
/// `puppet_last_error_message`).
#[no_mangle]
pub extern "C" fn puppet_strict_from_name(name: *const c_char) -> i32 {
    guard(
        "puppet_strict_from_name",
        |_| -1,
        || {
            let name = utf8_arg(name, "name")?.ok_or_else(|| ApiError::null("name"))?;
            let strict = name
                .parse::<Strict>()
                .map_err(|e| ApiError::argument(e.to_string()))?;
            Ok(c_strict(strict) as i32)
        },
    )
}

fn c_strict(strict: Strict) -> puppet_strict {
    match strict {
        Strict::Off => puppet_strict::PUPPET_STRICT_OFF,
        Strict::Warning => puppet_strict::PUPPET_STRICT_WARNING,
        Strict::Error => puppet_strict::PUPPET_STRICT_ERROR,
    }
}

/// Options for `puppet_parse`, `puppet_parse_and_validate` and `puppet_result_validate`.
/// Initialise with `puppet_options_init`, then set fields. Strings are NUL-terminated and only
/// read during the call (the library copies what it keeps). Passing NULL for the options means
/// the defaults.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct puppet_options {
    /// `sizeof(puppet_options)` of the caller's header; set by `puppet_options_init`.
    pub struct_size: u32,
    /// `PUPPET_PARSE_*` flags, or-ed (unknown bits are an error).
    pub flags: u32,
    /// A `puppet_strict` value (validation only).
    pub strict: u32,
    /// The file the source came from, as the caller names it (UTF-8; NULL: none): stored in
    /// every diagnostic and the model, and used by the location checks.
    pub file: *const c_char,
    /// The environment's module path, directories separated by `:` (Puppet's `modulepath`
    /// setting); NULL turns off the location checks (`ILLEGAL_DEFINITION_LOCATION`,
    /// `ILLEGAL_TOP_CONSTRUCT_LOCATION`). Validation only.
    pub modulepath: *const c_char,
    /// The environment's `manifest` (file or directory; NULL: none); files under it are exempt
    /// from the location checks.
    pub manifest: *const c_char,
    /// The directory that relative file names and module path entries are resolved against
    /// (Ruby uses the process's working directory; the library reads none), also for the file
    /// named in the import checks' messages (`… is already defined (file: /abs/x.pp, …)`).
    /// NULL: `/`.
    pub working_dir: *const c_char,
    /// What a leading `~` in those paths expands to (Ruby: `$HOME`); NULL: the empty string.
    pub home: *const c_char,
    /// The Puppet release whose validation rules apply (`"8.28.1"`, `"8.10"`, `"7.23"`,
    /// `"openvox-8.28.1"`; see `puppet_syntax::release`); NULL: the newest the library knows.
    /// A release it does not know is an error (`PUPPET_ERROR_ARGUMENT`).
    pub puppet_version: *const c_char,
}

impl Default for puppet_options {
    fn default() -> puppet_options {
        puppet_options {
            struct_size: std::mem::size_of::<puppet_options>() as u32,
            flags: 0,
            strict: puppet_strict::PUPPET_STRICT_DEFAULT as u32,
            file: std::ptr::null(),
            modulepath: std::ptr::null(),
            manifest: std::ptr::null(),
            working_dir: std::ptr::null(),
            home: std::ptr::null(),
            puppet_version: std::ptr::null(),
        }
    }
}

/// The size of the first published `puppet_options` (ABI version 1, up to `home`); smaller is
/// an error.
const FIRST_SIZE: usize = std::mem::offset_of!(puppet_options, puppet_version);

/// The largest `struct_size` accepted: a newer header's struct, whose fields beyond this
/// library's must be zero. Anything larger is taken for an uninitialised struct.
const MAX_SIZE: usize = 1024;

/// `strict` 0 in a struct of the first header's size: that header's `PUPPET_STRICT_WARNING`.
const FIRST_HEADER_STRICT_WARNING: u32 = 0;

/// Fills `*options`, a struct of `size` bytes (`sizeof(puppet_options)` of the caller's
/// header: call it through the header's `puppet_options_init(&options)` macro), with the
/// defaults (a manifest, the model, no CST, the newest release's rules and its `strict`
/// default, no file, no location checks) and sets `struct_size` to `size`. Writes `size`
/// bytes, never more. Returns `PUPPET_ERROR_NULL` for NULL and `PUPPET_ERROR_ARGUMENT` for a
/// size smaller than the first header's struct or larger than any header's could be.
#[no_mangle]
pub extern "C" fn puppet_options_init_sized(
    options: *mut puppet_options,
    size: usize,
) -> puppet_status {
    guard_status("puppet_options_init_sized", || {
        if options.is_null() {
            return Err(ApiError::null("options"));
        }
        check_size(size)?;
        // SAFETY: non-NULL and, as documented, points to `size` writable bytes.
        unsafe { write_defaults(options.cast::<u8>(), size) };
        Ok(())
    })
}

/// The first header's initialiser, for programs compiled against it (ABI 1), which call it
/// without a size: fills that header's fields only. Newer headers define a macro of this name
/// that calls `puppet_options_init_sized` with the size of their struct.
#[no_mangle]
pub extern "C" fn puppet_options_init(options: *mut puppet_options) -> puppet_status {
    guard_status("puppet_options_init", || {
        if options.is_null() {
            return Err(ApiError::null("options"));
        }
        let defaults = puppet_options {
            strict: FIRST_HEADER_STRICT_WARNING,
            struct_size: FIRST_SIZE as u32,
            ..puppet_options::default()
        };
        // SAFETY: non-NULL and points to the first header's struct, FIRST_SIZE writable bytes.
        unsafe {
            std::ptr::copy_nonoverlapping(
                (&defaults as *const puppet_options).cast::<u8>(),
                options.cast::<u8>(),
                FIRST_SIZE,
            )
        };
        Ok(())
    })
}

fn check_size(size: usize) -> ApiResult<()> {
    if (FIRST_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(ApiError::argument(format!(
            "the options' size is {size}, this library takes {FIRST_SIZE} (its first header) \
             to {MAX_SIZE} (initialise the options with puppet_options_init)"
        )))
    }
}

/// Writes the defaults into the `size` bytes at `out`: this library's fields as far as they
/// fit, zero beyond them, and `struct_size` = `size`.
///
/// # Safety
/// `out` points to `size` writable bytes, `size` at least [`FIRST_SIZE`].
unsafe fn write_defaults(out: *mut u8, size: usize) {
    let ours = std::mem::size_of::<puppet_options>();
    let defaults = puppet_options {
        struct_size: size as u32,
        ..puppet_options::default()
    };
    std::ptr::copy_nonoverlapping(
        (&defaults as *const puppet_options).cast::<u8>(),
        out,
        size.min(ours),
    );
    if size > ours {
        std::ptr::write_bytes(out.add(ours), 0, size - ours);
    }
}

/// The caller's options (NULL: the defaults), checked and copied.
pub fn read_raw(options: *const puppet_options) -> ApiResult<puppet_options> {
    if options.is_null() {
        return Ok(puppet_options::default());
    }
    // SAFETY: non-NULL; the first field of every version is the u32 size.
    let size = unsafe { options.cast::<u32>().read() } as usize;
    check_size(size).map_err(|_| {
        ApiError::argument(format!(
            "options->struct_size is {size}, this library takes {FIRST_SIZE} (its first \
             header) to {MAX_SIZE} (initialise the options with puppet_options_init)"
        ))
    })?;
    let ours = std::mem::size_of::<puppet_options>();
    if size > ours {
        // SAFETY: the caller's struct has `size` readable bytes.
        let newer =
            unsafe { std::slice::from_raw_parts(options.cast::<u8>().add(ours), size - ours) };
        if newer.iter().any(|&b| b != 0) {
            return Err(ApiError::argument(format!(
                "options set fields this library does not know (its puppet_options has {ours} \
                 bytes, the caller's {size}): the program was compiled against a newer puppet.h"
            )));
        }
    }
    let mut raw = puppet_options::default();
    // SAFETY: the caller's struct has `size` readable bytes, of which the first `size.min(ours)`
    // are read; the fields are plain integers and pointers, so any bytes form a valid value.
    unsafe {
        std::ptr::copy_nonoverlapping(
            options.cast::<u8>(),
            (&mut raw as *mut puppet_options).cast::<u8>(),
            size.min(ours),
        );
    }
    if size == FIRST_SIZE && raw.strict == FIRST_HEADER_STRICT_WARNING {
        raw.strict = puppet_strict::PUPPET_STRICT_WARNING as u32;
    }
    Ok(raw)
}

/// The library's `ParseOptions` for the caller's options (NULL: the defaults).
pub fn read_options(options: *const puppet_options) -> ApiResult<ParseOptions> {
    let raw = read_raw(options)?;
    if raw.flags & !KNOWN_FLAGS != 0 {
        return Err(ApiError::argument(format!(
            "options->flags has unknown bits {:#x}",
            raw.flags & !KNOWN_FLAGS
        )));
    }
    let strict = match raw.strict {
        s if s == puppet_strict::PUPPET_STRICT_DEFAULT as u32 => None,
        other => Some(
            [Strict::Off, Strict::Warning, Strict::Error]
                .into_iter()
                .find(|&s| c_strict(s) as u32 == other)
                .ok_or_else(|| {
                    ApiError::argument(format!(
                        "options->strict is {other}, not a puppet_strict value"
                    ))
                })?,
        ),
    };
    let mut parse = ParseOptions::new()
        .epp(raw.flags & PUPPET_PARSE_EPP != 0)
        .tasks(raw.flags & PUPPET_PARSE_TASKS != 0)
        .cst(raw.flags & PUPPET_PARSE_CST != 0)
        .model(raw.flags & PUPPET_PARSE_NO_MODEL == 0);
    parse.strict = strict;
    if let Some(version) = utf8_arg(raw.puppet_version, "options->puppet_version")? {
        let release = version
            .parse::<PuppetRelease>()
            .map_err(|e| ApiError::argument(format!("options->puppet_version: {e}")))?;
        parse = parse.release(release);
    }
    if let Some(file) = utf8_arg(raw.file, "options->file")? {
        parse = parse.file(file);
    }
    let modulepath = path_arg(raw.modulepath, "options->modulepath")?;
    let working_dir = path_arg(raw.working_dir, "options->working_dir")?;
    let home = path_arg(raw.home, "options->home")?;
    // A working directory alone (no module path) still names files absolutely in the import
    // checks' messages, as Puppet does; the location checks need the module path.
    if modulepath.is_some() || working_dir.is_some() || home.is_some() {
        let dirs: Vec<PathBuf> = modulepath
            .as_deref()
            .map(|mp| {
                std::env::split_paths(mp)
                    .filter(|p| !p.as_os_str().is_empty())
                    .collect()
            })
            .unwrap_or_default();
        let manifest = path_arg(raw.manifest, "options->manifest")?;
        let working_dir = working_dir.unwrap_or_default();
        parse = parse.location(LocationContext::new(dirs, manifest, working_dir).with_home(home));
    }
    Ok(parse)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

    #[test]
    fn init_gives_the_defaults() {
        let mut options = std::mem::MaybeUninit::<puppet_options>::uninit();
        assert_eq!(
            puppet_options_init_sized(options.as_mut_ptr(), size_of::<puppet_options>()),
            puppet_status::PUPPET_OK
        );
        let options = unsafe { options.assume_init() };
        assert_eq!(options.struct_size as usize, size_of::<puppet_options>());
        assert_eq!(read_options(&options).unwrap(), ParseOptions::new());
        assert_eq!(read_options(std::ptr::null()).unwrap(), ParseOptions::new());
        assert_eq!(
            puppet_options_init_sized(std::ptr::null_mut(), FIRST_SIZE),
            puppet_status::PUPPET_ERROR_NULL
        );
        assert_eq!(
            puppet_options_init(std::ptr::null_mut()),
            puppet_status::PUPPET_ERROR_NULL
        );
    }

    /// The first header's struct: `puppet_options_init` writes its bytes only, and its
    /// `strict` 0 is that header's `warning`.
    #[test]
    fn first_header_structs_are_written_and_read_at_their_size() {
        let mut bytes = [0xAAu8; 128];
        let at = bytes.as_mut_ptr().cast::<puppet_options>();
        assert_eq!(puppet_options_init(at), puppet_status::PUPPET_OK);
        assert!(
            bytes[FIRST_SIZE..].iter().all(|&b| b == 0xAA),
            "wrote past the struct"
        );
        let parsed = read_options(at).unwrap();
        assert_eq!(parsed.strict, Some(Strict::Warning));
        assert_eq!(parsed.release, PuppetRelease::NEWEST);
        let mut bytes = [0xAAu8; 128];
        let at = bytes.as_mut_ptr().cast::<puppet_options>();
        assert_eq!(
            puppet_options_init_sized(at, FIRST_SIZE),
            puppet_status::PUPPET_OK
        );
        assert!(
            bytes[FIRST_SIZE..].iter().all(|&b| b == 0xAA),
            "wrote past the struct"
        );
        assert_eq!(
            puppet_options_init_sized(at, FIRST_SIZE - 1),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
    }

    /// A newer header's struct: accepted while the fields this library does not know are zero.
    #[test]
    fn newer_header_structs_need_their_unknown_fields_zero() {
        let ours = size_of::<puppet_options>();
        let mut bytes = [0xAAu8; 256];
        let at = bytes.as_mut_ptr().cast::<puppet_options>();
        assert_eq!(
            puppet_options_init_sized(at, ours + 16),
            puppet_status::PUPPET_OK
        );
        assert!(bytes[ours..ours + 16].iter().all(|&b| b == 0));
        assert!(
            bytes[ours + 16..].iter().all(|&b| b == 0xAA),
            "wrote past the struct"
        );
        assert_eq!(read_options(at).unwrap(), ParseOptions::new());
        bytes[ours + 3] = 1;
        let at = bytes.as_ptr().cast::<puppet_options>();
        let error = read_options(at).unwrap_err();
        assert_eq!(error.status, puppet_status::PUPPET_ERROR_ARGUMENT);
        assert_eq!(
            puppet_options_init_sized(bytes.as_mut_ptr().cast(), MAX_SIZE + 1),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
    }

    #[test]
    fn fields_and_checks() {
        let file = CString::new("m/manifests/init.pp").unwrap();
        let modulepath = CString::new("/a::/b").unwrap();
        let options = puppet_options {
            flags: PUPPET_PARSE_EPP | PUPPET_PARSE_TASKS | PUPPET_PARSE_CST,
            strict: puppet_strict::PUPPET_STRICT_ERROR as u32,
            file: file.as_ptr(),
            modulepath: modulepath.as_ptr(),
            ..puppet_options::default()
        };
        let parsed = read_options(&options).unwrap();
        assert_eq!(parsed.file.as_deref(), Some("m/manifests/init.pp"));
        assert!(parsed.epp && parsed.tasks && parsed.cst && parsed.model);
        assert_eq!(parsed.strict, Some(Strict::Error));
        assert_eq!(parsed.release, PuppetRelease::NEWEST);
        let version = CString::new("7.23").unwrap();
        let seven = read_options(&puppet_options {
            puppet_version: version.as_ptr(),
            strict: puppet_strict::PUPPET_STRICT_DEFAULT as u32,
            ..options
        })
        .unwrap();
        assert_eq!(seven.release, PuppetRelease::PUPPET_7_23);
        assert_eq!(seven.effective_strict(), Strict::Warning);
        // A struct of the first published size (without `puppet_version`) gets the newest.
        let first = read_options(&puppet_options {
            puppet_version: version.as_ptr(),
            struct_size: FIRST_SIZE as u32,
            ..options
        })
        .unwrap();
        assert_eq!(first.release, PuppetRelease::NEWEST);
        let location = parsed.location.unwrap();
        assert_eq!(
            location.modulepath,
            vec![PathBuf::from("/a"), PathBuf::from("/b")]
        );
        let bad = |options: puppet_options| read_options(&options).unwrap_err().status;
        let arg = puppet_status::PUPPET_ERROR_ARGUMENT;
        assert_eq!(
            bad(puppet_options {
                flags: 16,
                ..options
            }),
            arg
        );
        assert_eq!(
            bad(puppet_options {
                strict: 4,
                ..options
            }),
            arg
        );
        let unknown = CString::new("9.0.0").unwrap();
        assert_eq!(
            bad(puppet_options {
                puppet_version: unknown.as_ptr(),
                ..options
            }),
            arg
        );
        assert_eq!(
            bad(puppet_options {
                struct_size: 4,
                ..options
            }),
            arg
        );
        assert_eq!(
            bad(puppet_options {
                struct_size: 4096,
                ..options
            }),
            arg
        );
    }
}
