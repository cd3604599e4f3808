//! Modules and the module path, as Puppet's environment finds them
//! (`Puppet::Node::Environment#modules`): each module path entry is listed in order, a
//! directory whose name is a module name (`Puppet::Module.is_module_directory_name?`:
//! `[a-z][a-z0-9_]*`) is a module of that name, and the first module of a name wins (the later
//! ones are shadowed). Symbolic links are followed (Debian's module path is made of them).
//!
//! A module's sources lie in fixed directories ([`ModuleDir`]); the file a definition is
//! loaded from follows from its name, and the other way round: [`expected_name`] is the name
//! Puppet's loaders expect a file to define (`modules/apache/manifests/vhost/ssl.pp` →
//! `apache::vhost::ssl`; `loader_paths.rb` and the Puppet 3 autoloader for manifests).

use std::path::{Component, Path, PathBuf};

use puppet_diagnostics::render::escape_path;
use puppet_syntax::{check_module_metadata, Diagnostic, ParseOptions};

/// Names Puppet's own loaders have (`Loader::ENVIRONMENT`, the system loader): a module of
/// such a name makes Puppet fail on every file, and `environment` also names the environment's
/// own files in the `.xpp` tree (PRFC-23).
pub const RESERVED_MODULE_NAMES: [&str; 2] = ["environment", "puppet_system"];

/// A directory of a module that Puppet loads something from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ModuleDir {
    /// Classes and defined types (`*.pp`).
    Manifests,
    /// Puppet-language functions (`*.pp`).
    Functions,
    /// Type aliases (`*.pp`).
    Types,
    /// Plans (`*.pp`).
    Plans,
    /// EPP templates (`*.epp`).
    Templates,
    /// Tasks (scripts and their `*.json` metadata: no Puppet source).
    Tasks,
}

impl ModuleDir {
    /// Every directory, in the order listed above.
    pub const ALL: [ModuleDir; 6] = [
        ModuleDir::Manifests,
        ModuleDir::Functions,
        ModuleDir::Types,
        ModuleDir::Plans,
        ModuleDir::Templates,
        ModuleDir::Tasks,
    ];

    /// The directories holding Puppet sources, each with the extension Puppet loads from it.
    pub const SOURCES: [(ModuleDir, &'static str); 5] = [
        (ModuleDir::Manifests, "pp"),
        (ModuleDir::Functions, "pp"),
        (ModuleDir::Types, "pp"),
        (ModuleDir::Plans, "pp"),
        (ModuleDir::Templates, "epp"),
    ];

    /// The directory's name in a module.
    pub fn name(self) -> &'static str {
        match self {
            ModuleDir::Manifests => "manifests",
            ModuleDir::Functions => "functions",
            ModuleDir::Types => "types",
            ModuleDir::Plans => "plans",
            ModuleDir::Templates => "templates",
            ModuleDir::Tasks => "tasks",
        }
    }

    /// The directory named `name`.
    pub fn from_name(name: &str) -> Option<ModuleDir> {
        ModuleDir::ALL.into_iter().find(|dir| dir.name() == name)
    }

    /// The extension of the Puppet sources Puppet loads from it (`None` for `tasks`).
    pub fn source_extension(self) -> Option<&'static str> {
        ModuleDir::SOURCES
            .iter()
            .find(|(dir, _)| *dir == self)
            .map(|(_, ext)| *ext)
    }
}

/// `Puppet::Module.is_module_directory_name?`: `[a-z][a-z0-9_]*`.
pub fn is_module_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// A module found on the module path.
#[derive(Clone, Debug)]
pub struct Module {
    /// Its name: its directory's name.
    pub name: String,
    /// Its directory (the module path entry joined with the name; links not resolved).
    pub dir: PathBuf,
    /// The index of the module path entry it is in.
    pub entry: usize,
    /// The directory's metadata (links followed), taken when it was found.
    pub metadata: std::fs::Metadata,
}

impl Module {
    /// The path of one of its directories (whether it exists or not).
    pub fn path_of(&self, dir: ModuleDir) -> PathBuf {
        self.dir.join(dir.name())
    }

    /// Its `metadata.json`.
    pub fn metadata_json(&self) -> PathBuf {
        self.dir.join("metadata.json")
    }

    /// The problem Puppet reports when it reads the module's `metadata.json`
    /// ([`check_module_metadata`]: a file its JSON parser rejects), with the text read.
    /// `shown` is the file name to report. A missing file is no problem; an unreadable one is
    /// logged and skipped, as Puppet skips it.
    pub fn metadata_problem(
        &self,
        shown: &str,
        options: &ParseOptions,
    ) -> Option<(Vec<u8>, Diagnostic)> {
        let bytes = match std::fs::read(self.metadata_json()) {
            Ok(bytes) => bytes,
            Err(err) => {
                if err.kind() != std::io::ErrorKind::NotFound {
                    log::warn!(
                        code = "UNREADABLE_METADATA",
                        file = escape_path(&self.metadata_json()).as_ref();
                        "cannot read the metadata of module {}: {err}", self.name
                    );
                }
                return None;
            }
        };
        let diagnostic = check_module_metadata(&self.name, shown, &bytes, options)?;
        Some((bytes, diagnostic))
    }
}

/// A module path entry as it was found.
#[derive(Clone, Debug)]
pub struct ModulePathEntry {
    pub dir: PathBuf,
    /// Its metadata (links followed) when it could be listed; `None`: missing or unreadable.
    pub metadata: Option<std::fs::Metadata>,
}

/// The modules of a module path.
#[derive(Clone, Debug, Default)]
pub struct ModulePath {
    /// The entries, in order.
    pub entries: Vec<ModulePathEntry>,
    /// The modules Puppet uses: the first of each name, in module path order, and in byte
    /// order of names within an entry.
    pub modules: Vec<Module>,
    /// Modules hidden by an earlier one of the same name.
    pub shadowed: Vec<Module>,
    /// Directories named as one of Puppet's own loaders ([`RESERVED_MODULE_NAMES`]): not
    /// modules Puppet can use.
    pub reserved: Vec<PathBuf>,
}

impl ModulePath {
    /// The modules of the module path `entries` (directories; relative ones are taken as the
    /// process's working directory has them). A missing or unreadable entry has no modules.
    pub fn discover(entries: &[PathBuf]) -> ModulePath {
        let mut found = ModulePath::default();
        for (index, dir) in entries.iter().enumerate() {
            let listing = std::fs::read_dir(dir);
            let metadata = match &listing {
                Ok(_) => dir.metadata().ok(),
                Err(err) => {
                    log::debug!(path = escape_path(dir).as_ref(); "module path entry cannot be listed: {err}");
                    None
                }
            };
            found.entries.push(ModulePathEntry {
                dir: dir.clone(),
                metadata,
            });
            let Ok(listing) = listing else { continue };
            let mut names: Vec<String> = Vec::new();
            for entry in listing.flatten() {
                match entry.file_name().into_string() {
                    Ok(name) if is_module_name(&name) => names.push(name),
                    Ok(name) => {
                        log::trace!(path = escape_path(&entry.path()).as_ref(); "not a module name: {name}")
                    }
                    Err(_) => {
                        log::trace!(path = escape_path(&entry.path()).as_ref(); "not a module name (not UTF-8)")
                    }
                }
            }
            names.sort_unstable();
            for name in names {
                let module_dir = dir.join(&name);
                // `metadata()` follows symbolic links.
                let Ok(metadata) = module_dir.metadata() else {
                    continue;
                };
                if !metadata.is_dir() {
                    continue;
                }
                if RESERVED_MODULE_NAMES.contains(&name.as_str()) {
                    found.reserved.push(module_dir);
                    continue;
                }
                let module = Module {
                    name,
                    dir: module_dir,
                    entry: index,
                    metadata,
                };
                if found.find(&module.name).is_some() {
                    log::debug!(
                        path = escape_path(&module.dir).as_ref();
                        "module {} shadowed by an earlier one of the module path", module.name
                    );
                    found.shadowed.push(module);
                } else {
                    found.modules.push(module);
                }
            }
        }
        found
    }

    /// The module Puppet uses for `name`.
    pub fn find(&self, name: &str) -> Option<&Module> {
        self.modules.iter().find(|module| module.name == name)
    }

    /// Where `path` lies among the modules: its module, the module directory it is in and its
    /// path inside that directory. Compared as written (a path through another spelling of a
    /// module's directory is not recognised; callers canonicalize both sides when needed).
    pub fn locate(&self, path: &Path) -> Option<ModuleSource<'_>> {
        self.modules.iter().find_map(|module| {
            let inside = path.strip_prefix(&module.dir).ok()?;
            let mut components = inside.components();
            let Some(Component::Normal(first)) = components.next() else {
                return None;
            };
            let dir = ModuleDir::from_name(first.to_str()?)?;
            Some(ModuleSource {
                module,
                dir,
                inside_dir: components.as_path().to_path_buf(),
            })
        })
    }
}

/// A file of a module, as [`ModulePath::locate`] finds it.
#[derive(Clone, Debug)]
pub struct ModuleSource<'a> {
    pub module: &'a Module,
    pub dir: ModuleDir,
    /// Its path inside `dir` (`vhost/ssl.pp`).
    pub inside_dir: PathBuf,
}

impl ModuleSource<'_> {
    /// [`expected_name`] of this file.
    pub fn expected_name(&self) -> Option<String> {
        expected_name(&self.module.name, self.dir, &self.inside_dir)
    }
}

/// The name Puppet's loaders expect the file `inside_dir` of directory `dir` of module
/// `module` to define, as loaders compare names (lower case): `manifests/init.pp` and
/// `plans/init.pp` define the module's own name, any other file the module's name followed by
/// its path segments (`functions/a/b.pp` → `m::a::b`, `types/init.pp` → `m::init`). `None`
/// for a file Puppet loads no definition from (templates, tasks, another extension).
pub fn expected_name(module: &str, dir: ModuleDir, inside_dir: &Path) -> Option<String> {
    if dir == ModuleDir::Templates || inside_dir.extension()? != dir.source_extension()? {
        return None;
    }
    let stem = inside_dir.with_extension("");
    if stem == Path::new("init") && matches!(dir, ModuleDir::Manifests | ModuleDir::Plans) {
        return Some(module.to_owned());
    }
    let mut name = module.to_owned();
    for segment in stem.components() {
        let Component::Normal(segment) = segment else {
            return None;
        };
        name.push_str("::");
        name.push_str(&segment.to_str()?.to_lowercase());
    }
    Some(name)
}
