//! [`ParseOptions`]: everything that changes how a source is parsed and validated, in one
//! growable struct shared by every stage and every front end (the CLI, the C library, the gem).
//!
//! It sits at the bottom of the pipeline (the lexer reads `epp` and `tasks`, the validator
//! `strict`, `tasks` and `location`), so it holds plain data only. The library reads no
//! environment variable and no current directory: what Ruby Puppet takes from its process
//! (`Dir.pwd`, `$HOME`, the environment's module path) the caller puts into
//! [`LocationContext`].

use std::path::PathBuf;

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
    /// Puppet's `strict` setting (validation only).
    pub strict: Strict,
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
            strict: Strict::default(),
            import_checks: true,
            location: None,
        }
    }
}

impl ParseOptions {
    /// The defaults: a manifest, no file name, model only, `strict = warning`.
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

    /// Sets [`ParseOptions::strict`].
    pub fn strict(mut self, strict: Strict) -> ParseOptions {
        self.strict = strict;
        self
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

/// Puppet's `strict` setting, which decides the severity of `DUPLICATE_KEY` (the only
/// validator issue it affects).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Strict {
    /// `DUPLICATE_KEY` is not reported.
    Off,
    /// `DUPLICATE_KEY` is a warning (Puppet's default).
    #[default]
    Warning,
    /// `DUPLICATE_KEY` is an error.
    Error,
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
