//! The switch from the model builder's fast paths, which mirror Ruby's internals, to Ruby's
//! public API.
//!
//! Four shortcuts of `builder.rs` depend on how Ruby is made rather than on what its API
//! promises; each can be replaced by the public call that does the same:
//!
//! | path     | fast (default)                                              | public API              |
//! |----------|-------------------------------------------------------------|-------------------------|
//! | `ivars`  | instance variables written into their slots (Ruby 3.1, `ivars.rs`) | `rb_ivar_set` each |
//! | `freeze` | the String's `FL_FREEZE` flag set directly (Ruby 3.1)       | `rb_obj_freeze`         |
//! | `hash`   | `@hash` from `String#hash` and `Array#hash` recomputed (`rb_str_hash`, the probed `Array#hash` salt), nodes' from the values this build gave them | `#hash` called on every attribute value |
//! | `alloc`  | the class's allocator function called directly             | `rb_obj_alloc`          |
//!
//! `PUPPET_NATIVE_PARSER_PUBLIC_API`, read once when the extension is loaded, chooses: `1`
//! (`all`, `true`, `yes`, `on`) switches all four, a comma-separated list of the names above
//! switches those, unset or `0` (`none`, `false`, `no`, `off`, empty) none; an unknown name is
//! ignored with a Ruby warning. Both ways build the same objects: the gem's specs run whole with
//! the switch off and on (`scripts/test-gem`), and their parity specs compare the models with
//! Puppet's own. `PuppetNativeParser.public_api` lists the paths switched,
//! `PuppetNativeParser.public_api?` says whether all are.

use std::sync::atomic::{AtomicU8, Ordering};

use magnus::{Error, RArray, Ruby};

/// The environment variable read when the extension is loaded.
pub const VARIABLE: &str = "PUPPET_NATIVE_PARSER_PUBLIC_API";

/// One fast path that can be switched to Ruby's public API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    Ivars = 1,
    Freeze = 2,
    Hash = 4,
    Alloc = 8,
}

impl Path {
    pub const ALL: [Path; 4] = [Path::Ivars, Path::Freeze, Path::Hash, Path::Alloc];

    pub fn name(self) -> &'static str {
        match self {
            Path::Ivars => "ivars",
            Path::Freeze => "freeze",
            Path::Hash => "hash",
            Path::Alloc => "alloc",
        }
    }
}

/// The paths switched to the public API (a bit per [`Path`]); set once, at load.
static SWITCHED: AtomicU8 = AtomicU8::new(0);

/// Whether `path` uses Ruby's public API.
pub fn uses(path: Path) -> bool {
    SWITCHED.load(Ordering::Relaxed) & path as u8 != 0
}

/// The paths a value of the variable switches, and the names in it that are not paths.
pub fn parse(value: &str) -> (u8, Vec<String>) {
    let value = value.trim().to_ascii_lowercase();
    match value.as_str() {
        "" | "0" | "none" | "false" | "no" | "off" => return (0, Vec::new()),
        "1" | "all" | "true" | "yes" | "on" => {
            return (
                Path::ALL.iter().fold(0, |bits, p| bits | *p as u8),
                Vec::new(),
            )
        }
        _ => {}
    }
    let mut bits = 0;
    let mut unknown = Vec::new();
    for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match Path::ALL.iter().find(|p| p.name() == name) {
            Some(path) => bits |= *path as u8,
            None => unknown.push(name.to_owned()),
        }
    }
    (bits, unknown)
}

/// Reads the variable (at load; a warning names what it does not know).
pub fn init(ruby: &Ruby) {
    let value = std::env::var(VARIABLE).unwrap_or_default();
    let (bits, unknown) = parse(&value);
    SWITCHED.store(bits, Ordering::Relaxed);
    if !unknown.is_empty() {
        let names: Vec<&str> = Path::ALL.iter().map(|p| p.name()).collect();
        warn(
            ruby,
            &format!(
                "puppet-native-parser: {VARIABLE}: unknown {} (ignored); expected 1, 0 or some of {}",
                unknown.join(", "),
                names.join(",")
            ),
        );
    }
}

/// `rb_warn`: printed unless warnings are off (`-W0`).
fn warn(_ruby: &Ruby, message: &str) {
    let Ok(message) = std::ffi::CString::new(message) else {
        return;
    };
    // SAFETY: a plain Ruby call with the GVL held (at load); "%s" takes the one C string.
    unsafe { rb_sys::rb_warn(c"%s".as_ptr(), message.as_ptr()) };
}

/// `PuppetNativeParser.public_api`: the paths that use Ruby's public API, as Symbols.
pub fn switched(ruby: &Ruby) -> Result<RArray, Error> {
    let out = ruby.ary_new();
    for path in Path::ALL.iter().filter(|p| uses(**p)) {
        out.push(ruby.to_symbol(path.name()))?;
    }
    Ok(out)
}

/// `PuppetNativeParser.public_api?`: whether every path uses Ruby's public API.
pub fn all() -> bool {
    Path::ALL.iter().all(|p| uses(*p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values() {
        assert_eq!(parse(""), (0, vec![]));
        assert_eq!(parse("off"), (0, vec![]));
        assert_eq!(parse("1"), (15, vec![]));
        assert_eq!(parse(" All "), (15, vec![]));
        assert_eq!(parse("hash, ivars"), (5, vec![]));
        assert_eq!(parse("freeze,bogus"), (2, vec!["bogus".to_owned()]));
    }
}
