//! `puppet_options`: the one options struct of the C API, translated to the library's
//! `ParseOptions` ([`read_options`]).
//!
//! It can grow without breaking compiled programs: its first field is its size, which
//! [`puppet_options_init`] sets; fields are only ever appended, and the library reads only the
//! fields that a caller's struct has (a shorter, older struct gets the defaults for the rest).
//! A zeroed struct with `struct_size` set means the defaults too: every flag, enum and pointer
//! has its default at zero.

use std::ffi::c_char;
use std::path::PathBuf;

use puppet_syntax::{LocationContext, ParseOptions, PuppetRelease, Strict};

use crate::status::{guard_status, puppet_status, ApiError, ApiResult};
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

/// Fills `*options` with the defaults (a manifest, the model, no CST, the newest release's
/// rules and its `strict` default, no file, no location checks) and sets `struct_size`. Returns `PUPPET_ERROR_NULL` for NULL.
#[no_mangle]
pub extern "C" fn puppet_options_init(options: *mut puppet_options) -> puppet_status {
    guard_status("puppet_options_init", || {
        if options.is_null() {
            return Err(ApiError::null("options"));
        }
        // SAFETY: non-NULL and, as documented, points to a writable puppet_options.
        unsafe { options.write(puppet_options::default()) };
        Ok(())
    })
}

/// The caller's options (NULL: the defaults), checked and copied.
pub fn read_raw(options: *const puppet_options) -> ApiResult<puppet_options> {
    if options.is_null() {
        return Ok(puppet_options::default());
    }
    // SAFETY: non-NULL; the first field of every version is the u32 size.
    let size = unsafe { options.cast::<u32>().read() } as usize;
    let ours = std::mem::size_of::<puppet_options>();
    if !(FIRST_SIZE..=ours).contains(&size) {
        return Err(ApiError::argument(format!(
            "options->struct_size is {size}, this library knows {FIRST_SIZE} to {ours} \
             (initialise the options with puppet_options_init)"
        )));
    }
    let mut raw = puppet_options::default();
    // SAFETY: the caller's struct has `size` readable bytes, and `size` is at most ours; the
    // fields are plain integers and pointers, so any bytes form a valid value.
    unsafe {
        std::ptr::copy_nonoverlapping(
            options.cast::<u8>(),
            (&mut raw as *mut puppet_options).cast::<u8>(),
            size,
        );
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
        s if s == puppet_strict::PUPPET_STRICT_WARNING as u32 => Some(Strict::Warning),
        s if s == puppet_strict::PUPPET_STRICT_OFF as u32 => Some(Strict::Off),
        s if s == puppet_strict::PUPPET_STRICT_ERROR as u32 => Some(Strict::Error),
        other => {
            return Err(ApiError::argument(format!(
                "options->strict is {other}, not a puppet_strict value"
            )))
        }
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
            puppet_options_init(options.as_mut_ptr()),
            puppet_status::PUPPET_OK
        );
        let options = unsafe { options.assume_init() };
        assert_eq!(options.struct_size as usize, size_of::<puppet_options>());
        assert_eq!(read_options(&options).unwrap(), ParseOptions::new());
        assert_eq!(read_options(std::ptr::null()).unwrap(), ParseOptions::new());
        assert_eq!(
            puppet_options_init(std::ptr::null_mut()),
            puppet_status::PUPPET_ERROR_NULL
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
