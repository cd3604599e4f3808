//! The module path of `validate --modulepath`: what Puppet does with it besides the location
//! checks. A module named as one of Puppet's own loaders fails every file; a missing entry is
//! worth a warning (Puppet skips it silently); and Puppet reads each module's `metadata.json`
//! when it loads the environment's modules, reporting one it cannot parse
//! (`puppet_syntax::check_module_metadata`). The modules are found by `puppet_workspace`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use puppet_syntax::{Diagnostic, ParseOptions};
use puppet_workspace::module::{ModulePath, RESERVED_MODULE_NAMES};

use crate::report::escape_path;

/// Whether module path entry `dir` holds a module named as one of Puppet's own loaders.
/// Puppet then cannot validate any file ("Internal Error: Attempt to redefine loader named
/// 'environment'"): reported as an error, so that the command fails as Puppet's does.
pub(super) fn reserved_module_in(dir: &Path, working_dir: &Path, home: Option<&Path>) -> bool {
    let resolved = resolve(dir, working_dir, home);
    let mut found = false;
    for name in RESERVED_MODULE_NAMES {
        if resolved.join(name).is_dir() {
            found = true;
            log::error!(
                code = "RESERVED_MODULE_NAME",
                path = escape_path(&dir.join(name)).as_ref();
                "the module path holds a module named '{name}', the name of one of Puppet's \
                 own loaders: Puppet fails on every file with this module path (Internal \
                 Error: Attempt to redefine loader named '{name}'); rename or move the module"
            );
        }
    }
    found
}

/// `path` as the library resolves it (`LocationContext`): `~` from `home`, relative paths
/// against `working_dir`.
pub(super) fn resolve(path: &Path, working_dir: &Path, home: Option<&Path>) -> PathBuf {
    match (path.strip_prefix("~"), home) {
        (Ok(rest), Some(home)) => home.join(rest),
        _ => working_dir.join(path),
    }
}

/// The settings naming a path that should exist.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum PathSetting {
    /// A `--modulepath` entry: a directory.
    ModulePathEntry,
    /// `--manifest`: a file or a directory.
    Manifest,
}

/// A warning when `path` (given for `setting`) does not exist: Ruby Puppet skips a missing
/// module path entry silently, and a typo would turn the location checks off unseen. `~` and
/// relative paths are resolved as the library resolves them (`LocationContext`).
pub(super) fn warn_if_missing(
    path: &Path,
    working_dir: &Path,
    home: Option<&Path>,
    setting: PathSetting,
) {
    let what = match setting {
        PathSetting::ModulePathEntry => "module path entry",
        PathSetting::Manifest => "manifest",
    };
    let resolved = resolve(path, working_dir, home);
    if !resolved.exists() {
        log::warn!(path = escape_path(path).as_ref(); "{what} does not exist");
    } else if setting == PathSetting::ModulePathEntry && !resolved.is_dir() {
        log::warn!(path = escape_path(path).as_ref(); "{what} is not a directory");
    }
}

/// The modules of the module path of `options`, as `Environment#modules` finds them
/// (`puppet_workspace::module::ModulePath`: the directories with a module's name in each
/// entry, in order, the first of a name winning), whose `metadata.json` Puppet cannot parse:
/// `(file name as shown, its text, the diagnostic)` for each, in module path order.
pub(super) fn unparsable_metadata(options: &ParseOptions) -> Vec<(String, Arc<str>, Diagnostic)> {
    let Some(location) = &options.location else {
        return Vec::new();
    };
    let resolved: Vec<PathBuf> = location
        .modulepath
        .iter()
        .map(|entry| resolve(entry, &location.working_dir, location.home.as_deref()))
        .collect();
    let modules = ModulePath::discover(&resolved);
    let mut found = Vec::new();
    for module in &modules.modules {
        // Shown as the user spelled the module path entry.
        let shown = location.modulepath[module.entry]
            .join(&module.name)
            .join("metadata.json");
        let file = shown.to_string_lossy().into_owned();
        if let Some((bytes, diagnostic)) = module.metadata_problem(&file, options) {
            let text: Arc<str> = String::from_utf8_lossy(&bytes).into();
            found.push((file, text, diagnostic));
        }
    }
    found
}
