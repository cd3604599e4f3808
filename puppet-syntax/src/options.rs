//! [`ParseOptions`]: everything that changes how a source is parsed and validated, in one
//! growable struct shared by every stage and every front end (the CLI, the C library, the gem).
//!
//! It sits at the bottom of the pipeline (the lexer reads `epp` and `tasks`, the validator
//! `release`, `strict`, `tasks` and `location`), so it holds plain data only. The library reads no
//! environment variable and no current directory: what Ruby Puppet takes from its process
//! (`Dir.pwd`, `$HOME`, the environment's module path) the caller puts into
//! [`LocationContext`].

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use crate::release::{PuppetRelease, Rules};

/// Options for [`parse`](crate::parse) and [`parse_and_validate`](crate::parse_and_validate).
///
/// `#[non_exhaustive]`: start from [`ParseOptions::default()`] (or [`ParseOptions::new`]) and
/// set fields or chain the builder methods, so that new options do not break callers.
///
/// ```
/// use puppet_syntax::{ParseOptions, Strict};
/// let options = ParseOptions::new().file("site.pp").tasks(true).strict(Strict::Error);
/// assert_eq!(options.file.as_deref(), Some("site.pp"));
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// The file the source came from, as the caller names it: stored in the model (Ruby's
    /// `Locator#file`), in every diagnostic, and used by the location checks.
    pub file: Option<String>,
    /// Parse an EPP template instead of a manifest.
    pub epp: bool,
    /// Puppet's `tasks` setting: `plan` and `apply` are keywords, and the validator is
    /// `TasksChecker`.
    pub tasks: bool,
    /// Build the Puppet model (default `true`).
    pub model: bool,
    /// Also build the lossless CST (default `false`).
    pub cst: bool,
    /// The Puppet release whose validation rules apply (default: the newest known,
    /// [`PuppetRelease::NEWEST`]); see [`crate::release`].
    pub release: PuppetRelease,
    /// Puppet's `strict` setting (validation only); `None`: the release's default (`warning`
    /// in Puppet 7, `error` in Puppet 8), see [`ParseOptions::effective_strict`].
    pub strict: Option<Strict>,
    /// Validation also runs what `puppet parser validate` does after `Checker4_0`: the import
    /// of the file's definitions (duplicate definitions, redefined entities, metaparameters as
    /// parameter names). Default `true`; off for a caller that hands the model to Ruby Puppet,
    /// which does that import itself.
    pub import_checks: bool,
    /// The environment the file belongs to (validation only); `None` turns off the location
    /// checks `ILLEGAL_DEFINITION_LOCATION` and `ILLEGAL_TOP_CONSTRUCT_LOCATION`.
    pub location: Option<LocationContext>,
}

impl Default for ParseOptions {
    fn default() -> ParseOptions {
        ParseOptions {
            file: None,
            epp: false,
            tasks: false,
            model: true,
            cst: false,
            release: PuppetRelease::default(),
            strict: None,
            import_checks: true,
            location: None,
        }
    }
}

impl ParseOptions {
    /// The defaults: a manifest, no file name, model only, the newest release's rules and its
    /// `strict` default.
    pub fn new() -> ParseOptions {
        ParseOptions::default()
    }

    /// Sets [`ParseOptions::file`].
    pub fn file(mut self, file: impl Into<String>) -> ParseOptions {
        self.file = Some(file.into());
        self
    }

    /// Sets [`ParseOptions::epp`].
    pub fn epp(mut self, epp: bool) -> ParseOptions {
        self.epp = epp;
        self
    }

    /// Sets [`ParseOptions::tasks`].
    pub fn tasks(mut self, tasks: bool) -> ParseOptions {
        self.tasks = tasks;
        self
    }

    /// Sets [`ParseOptions::model`].
    pub fn model(mut self, model: bool) -> ParseOptions {
        self.model = model;
        self
    }

    /// Sets [`ParseOptions::cst`].
    pub fn cst(mut self, cst: bool) -> ParseOptions {
        self.cst = cst;
        self
    }

    /// Sets [`ParseOptions::release`].
    pub fn release(mut self, release: PuppetRelease) -> ParseOptions {
        self.release = release;
        self
    }

    /// Sets [`ParseOptions::strict`].
    pub fn strict(mut self, strict: Strict) -> ParseOptions {
        self.strict = Some(strict);
        self
    }

    /// The validation rules of [`ParseOptions::release`].
    pub fn rules(&self) -> Rules {
        self.release.rules()
    }

    /// The `strict` setting validation uses: the one given, else the release's default.
    pub fn effective_strict(&self) -> Strict {
        self.strict.unwrap_or(self.rules().strict_default)
    }

    /// Sets [`ParseOptions::import_checks`].
    pub fn import_checks(mut self, import_checks: bool) -> ParseOptions {
        self.import_checks = import_checks;
        self
    }

    /// Sets [`ParseOptions::location`].
    pub fn location(mut self, location: LocationContext) -> ParseOptions {
        self.location = Some(location);
        self
    }
}

/// Puppet's `strict` setting, which decides the severity of `DUPLICATE_KEY` (and, in Puppet
/// 7.29.1 and 8.5.1 only, of `ILLEGAL_NONLITERAL_PARAMETER_TYPE`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Strict {
    /// `DUPLICATE_KEY` is not reported.
    Off,
    /// `DUPLICATE_KEY` is a warning (Puppet 7's default).
    #[default]
    Warning,
    /// `DUPLICATE_KEY` is an error (Puppet 8's default).
    Error,
}

impl Strict {
    /// `"off"`, `"warning"` or `"error"`, as Puppet's setting is written.
    pub fn as_str(self) -> &'static str {
        match self {
            Strict::Off => "off",
            Strict::Warning => "warning",
            Strict::Error => "error",
        }
    }
}

impl fmt::Display for Strict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `strict` value other than `off`, `warning` and `error`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a strict setting (off, warning or error)")]
pub struct StrictError(pub String);

impl FromStr for Strict {
    type Err = StrictError;

    /// `off`, `warning` or `error` (any case, surrounding blanks ignored; Puppet's setting
    /// also takes a leading `:`).
    fn from_str(text: &str) -> Result<Strict, StrictError> {
        let value = text.trim();
        match value
            .strip_prefix(':')
            .unwrap_or(value)
            .to_ascii_lowercase()
            .as_str()
        {
            "off" => Ok(Strict::Off),
            "warning" => Ok(Strict::Warning),
            "error" => Ok(Strict::Error),
            _ => Err(StrictError(text.to_owned())),
        }
    }
}

/// The environment context of the file being validated: Ruby's `current_environment`
/// (`full_modulepath` and `manifest`) plus what Ruby's `File.expand_path` takes from the
/// process (the working directory and `$HOME`), given by the caller.
#[non_exhaustive]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LocationContext {
    /// The module path: a module named `m` lives in `<entry>/m/`.
    pub modulepath: Vec<PathBuf>,
    /// The environment's `manifest` (file or directory); files under it are exempt.
    pub manifest: Option<PathBuf>,
    /// The directory relative file names and module path entries are resolved against (Ruby:
    /// the process's working directory). Empty: `/`.
    pub working_dir: PathBuf,
    /// What a leading `~` expands to (Ruby: `$HOME`); `None`: the empty string, as Ruby
    /// does without `HOME`.
    pub home: Option<PathBuf>,
}

impl LocationContext {
    /// A context with a module path and an optional environment manifest, resolving relative
    /// paths against `working_dir`.
    pub fn new(
        modulepath: Vec<PathBuf>,
        manifest: Option<PathBuf>,
        working_dir: PathBuf,
    ) -> LocationContext {
        LocationContext {
            modulepath,
            manifest,
            working_dir,
            home: None,
        }
    }

    /// Sets [`LocationContext::home`].
    pub fn with_home(mut self, home: Option<PathBuf>) -> LocationContext {
        self.home = home;
        self
    }
}
