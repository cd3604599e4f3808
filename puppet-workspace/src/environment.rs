//! Puppet directory environments: what one is, its settings (`environment.conf`) and every
//! source Puppet can load from it.
//!
//! A directory is an environment when it has `manifests/`, `modules/` or an
//! `environment.conf`. Its settings are Puppet's (`Puppet::Settings::EnvironmentConf`):
//! `manifest` (default `ENVDIR/manifests`) and `modulepath` (default `ENVDIR/modules` followed
//! by the installation's base module path), each entry made absolute against the environment
//! unless it starts with `$`, glob patterns expanded, and `$basemodulepath` replaced by the base
//! module path given. Other `$` variables (`$environmentpath`, `$codedir`…) are the
//! installation's and are not known here: such an entry is left out, with a warning.
//!
//! The sources of an environment ([`sources`]): its own `manifests/**/*.pp` (module name
//! [`ENVIRONMENT_MODULE`]) and, for each module of the module path, the Puppet sources of its
//! [`ModuleDir::SOURCES`]. Ignore files play no part here: Puppet loads what is there. The
//! walk ([`walk_tree`]) follows symbolic links, reads each directory once (told apart by
//! device and inode) and reports the directories it listed, so that a caller can tell later
//! whether the same walk would find the same files (`xpp build` keeps them).
//!
//! A source's `.xpp` (PRFC-23, what `puppet-parser xpp build` writes and the Ruby gem reads) is
//! `ENVDIR/.xpp/modules/<module>/<dir>/<path>.xpp` ([`xpp_path`], [`xpp_location`]).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use puppet_diagnostics::render::escape_path;
use rayon::prelude::*;

use crate::module::{ModuleDir, ModulePath};

/// The module name of the environment's own files in the `.xpp` tree (reserved by PRFC-23).
pub const ENVIRONMENT_MODULE: &str = "environment";

/// An environment's directory and settings.
#[derive(Clone, Debug)]
pub struct Environment {
    pub dir: PathBuf,
    /// Its main manifest (a file or a directory).
    pub manifest: PathBuf,
    /// Its module path, entries in order.
    pub modulepath: Vec<PathBuf>,
    /// Problems met reading `environment.conf` (unreadable, sections, unknown settings).
    pub problems: Vec<String>,
}

/// The settings `environment.conf` may hold (`EnvironmentConf::VALID_SETTINGS`).
const VALID_SETTINGS: [&str; 7] = [
    "modulepath",
    "manifest",
    "config_version",
    "environment_timeout",
    "environment_data_provider",
    "static_catalogs",
    "rich_data",
];

impl Environment {
    /// Whether `dir` looks like a directory environment.
    pub fn is_environment_dir(dir: &Path) -> bool {
        dir.join("manifests").is_dir()
            || dir.join("modules").is_dir()
            || dir.join("environment.conf").is_file()
    }

    /// The environment in `dir`, with the settings of its `environment.conf` when it has one;
    /// `basemodulepath` is the installation's base module path (Puppet's `basemodulepath`).
    pub fn load(dir: &Path, basemodulepath: &[PathBuf]) -> Environment {
        let mut environment = Environment {
            dir: dir.to_path_buf(),
            manifest: dir.join("manifests"),
            modulepath: std::iter::once(dir.join("modules"))
                .chain(basemodulepath.iter().cloned())
                .collect(),
            problems: Vec::new(),
        };
        let conf = dir.join("environment.conf");
        let text = match std::fs::read(&conf) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return environment,
            Err(err) => {
                environment
                    .problems
                    .push(format!("cannot read {}: {err}", escape_path(&conf)));
                return environment;
            }
        };
        let settings = parse_conf(&text, &mut environment.problems);
        for (name, value) in settings {
            match name.as_str() {
                "manifest" => {
                    if let Some(manifest) = environment.absolute(&value) {
                        environment.manifest = manifest;
                    }
                }
                "modulepath" => {
                    environment.modulepath = environment.expand_modulepath(&value, basemodulepath)
                }
                _ => {}
            }
        }
        for problem in &environment.problems {
            log::warn!(file = escape_path(&conf).as_ref(); "{problem}");
        }
        environment
    }

    /// The environment in `dir` with the module path given (`--modulepath`): no
    /// `environment.conf` is read.
    pub fn with_modulepath(dir: &Path, modulepath: Vec<PathBuf>) -> Environment {
        Environment {
            dir: dir.to_path_buf(),
            manifest: dir.join("manifests"),
            modulepath,
            problems: Vec::new(),
        }
    }

    /// The modules of its module path.
    pub fn modules(&self) -> ModulePath {
        ModulePath::discover(&self.modulepath)
    }

    /// `EnvironmentConf#absolute`: `path` against the environment, or as written when it
    /// starts with `$` (`None` then: the variable is not known here, see the module docs).
    fn absolute(&self, path: &str) -> Option<PathBuf> {
        if path.starts_with('$') {
            log::warn!(
                path = escape_path(&self.dir).as_ref();
                "environment.conf: '{path}' names a setting of the installation, which is not known here; left out"
            );
            return None;
        }
        Some(self.dir.join(path))
    }

    /// `EnvironmentConf#modulepath` with `$basemodulepath` interpolated.
    fn expand_modulepath(&self, value: &str, basemodulepath: &[PathBuf]) -> Vec<PathBuf> {
        let mut entries = Vec::new();
        for entry in value.split(':').filter(|entry| !entry.is_empty()) {
            if let Some(rest) = entry
                .strip_prefix("$basemodulepath")
                .or_else(|| entry.strip_prefix("${basemodulepath}"))
            {
                if rest.is_empty() {
                    entries.extend(basemodulepath.iter().cloned());
                    continue;
                }
            }
            let Some(path) = self.absolute(entry) else {
                continue;
            };
            entries.extend(expand_glob(&path));
        }
        entries
    }
}

/// The `key = value` settings of an `environment.conf` (Puppet's settings file syntax: `#`
/// comments, `[section]` headers, whose settings Puppet ignores). Problems are pushed.
fn parse_conf(text: &str, problems: &mut Vec<String>) -> Vec<(String, String)> {
    let mut settings = Vec::new();
    let mut in_main = true;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            in_main = section == "main";
            if !in_main {
                problems.push(format!(
                    "environment.conf may not have sections; section '{section}' is ignored"
                ));
            }
            continue;
        }
        let Some((name, value)) = line.split_once('=') else {
            problems.push(format!("line {}: not a setting: {line}", number + 1));
            continue;
        };
        let name = name.trim();
        if !in_main {
            continue;
        }
        if !VALID_SETTINGS.contains(&name) {
            problems.push(format!("unknown setting '{name}' is ignored"));
            continue;
        }
        settings.push((name.to_owned(), value.trim().to_owned()));
    }
    settings
}

/// `EnvironmentConf#expand_glob`: the directories matching `path` when it holds a glob
/// character (`*`, `?`, `[`, `{`), in byte order, else `path` itself.
fn expand_glob(path: &Path) -> Vec<PathBuf> {
    let text = path.to_string_lossy();
    if !text.contains(['*', '?', '[', '{']) {
        return vec![path.to_path_buf()];
    }
    let glob = match globset::GlobBuilder::new(&text)
        .literal_separator(true)
        .build()
    {
        Ok(glob) => glob.compile_matcher(),
        Err(err) => {
            log::warn!(path = text.as_ref(); "environment.conf: bad module path pattern: {err}");
            return Vec::new();
        }
    };
    // The fixed part before the first component with a pattern, then one level per component.
    let mut bases = vec![PathBuf::new()];
    for component in path.components() {
        let part = component.as_os_str().to_string_lossy();
        let has_pattern = part.contains(['*', '?', '[', '{']);
        let mut next = Vec::new();
        for base in bases {
            if !has_pattern {
                next.push(base.join(component));
                continue;
            }
            let Ok(listing) = std::fs::read_dir(if base.as_os_str().is_empty() {
                Path::new(".")
            } else {
                &base
            }) else {
                continue;
            };
            next.extend(listing.flatten().map(|entry| base.join(entry.file_name())));
        }
        bases = next;
    }
    let mut matched: Vec<PathBuf> = bases
        .into_iter()
        .filter(|candidate| glob.is_match(candidate) && candidate.exists())
        .collect();
    matched.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
    matched
}

/// One source of an environment.
#[derive(Clone, Debug)]
pub struct EnvironmentSource {
    /// The file to read.
    pub path: PathBuf,
    /// Its module's name ([`ENVIRONMENT_MODULE`] for the environment's own manifests).
    pub module: String,
    /// The module directory it is in.
    pub dir: ModuleDir,
    /// Its path inside that directory.
    pub inside_dir: PathBuf,
    /// Its metadata, taken during the walk when asked for.
    pub metadata: Option<std::fs::Metadata>,
}

impl EnvironmentSource {
    /// Whether it is an EPP template.
    pub fn is_epp(&self) -> bool {
        self.path.extension().is_some_and(|e| e == "epp")
    }
}

/// What [`sources`] found.
#[derive(Debug, Default)]
pub struct EnvironmentSources {
    /// Every loadable source, in the order of their `.xpp` paths (module, directory, path).
    pub sources: Vec<EnvironmentSource>,
    /// The modules of the module path.
    pub modules: ModulePath,
    /// Problems met (unreadable directories), as messages.
    pub problems: Vec<String>,
    /// Every directory listed, with its metadata as listed.
    pub listed: Vec<(PathBuf, std::fs::Metadata)>,
}

/// Every source Puppet can load from environment `envdir` with module path `modulepath` (see
/// the module docs), with their metadata when `stat_files`. The trees are walked in parallel
/// (on the current rayon pool).
pub fn sources(envdir: &Path, modulepath: &[PathBuf], stat_files: bool) -> EnvironmentSources {
    let modules = ModulePath::discover(modulepath);
    let trees = source_trees(envdir, &modules);
    let walked: Vec<(TreeWalk, &str, ModuleDir, &PathBuf)> = trees
        .par_iter()
        .map(|tree| {
            let walk = walk_tree(&tree.root, tree.extension, stat_files);
            (walk, tree.module, tree.dir, &tree.root)
        })
        .collect();
    let mut found = EnvironmentSources::default();
    for (walk, module, dir, root) in walked {
        found.problems.extend(walk.problems);
        found.listed.extend(walk.listed);
        found.sources.extend(
            walk.files
                .into_iter()
                .map(|(path, metadata)| EnvironmentSource {
                    inside_dir: path.strip_prefix(root).unwrap_or(&path).to_path_buf(),
                    path,
                    module: module.to_owned(),
                    dir,
                    metadata,
                }),
        );
    }
    found.sources.sort_by(|a, b| {
        (a.module.as_str(), a.dir.name(), a.inside_dir.as_os_str()).cmp(&(
            b.module.as_str(),
            b.dir.name(),
            b.inside_dir.as_os_str(),
        ))
    });
    found.modules = modules;
    found
}

/// The `.xpp` tree of `envdir`.
pub fn xpp_root(envdir: &Path) -> PathBuf {
    envdir.join(".xpp").join("modules")
}

/// Where the `.xpp` of the source at `inside_dir` of directory `dir` of `module` goes in
/// environment `envdir`.
pub fn xpp_path(envdir: &Path, module: &str, dir: ModuleDir, inside_dir: &Path) -> PathBuf {
    xpp_root(envdir)
        .join(module)
        .join(dir.name())
        .join(inside_dir)
        .with_extension("xpp")
}

/// Where `puppet-parser xpp build` puts the `.xpp` of the source `path` of environment
/// `envdir` whose modules are `modules`: `None` when `path` is not one of the environment's
/// sources (not `*.pp` in `ENVDIR/manifests` or a module's `manifests`, `functions`, `types`,
/// `plans`, nor `*.epp` in its `templates`). Paths are compared as written: pass absolute ones.
pub fn xpp_location(envdir: &Path, modules: &ModulePath, path: &Path) -> Option<PathBuf> {
    xpp_location_in(
        envdir,
        modules
            .modules
            .iter()
            .map(|module| (module.dir.as_path(), module.name.as_str())),
        path,
    )
}

/// [`xpp_location`] for modules given as `(directory, name)` pairs in module path order, as a
/// host that found them itself has them: the Ruby gem, for the file Puppet is about to parse,
/// with Puppet's `env.modules` (`[m.path, m.name]`).
pub fn xpp_location_in<'a>(
    envdir: &Path,
    modules: impl IntoIterator<Item = (&'a Path, &'a str)>,
    path: &Path,
) -> Option<PathBuf> {
    if let Ok(inside) = path.strip_prefix(envdir.join("manifests")) {
        return (path.extension()? == "pp")
            .then(|| xpp_path(envdir, ENVIRONMENT_MODULE, ModuleDir::Manifests, inside));
    }
    let (module_dir, name) = modules.into_iter().find(|(dir, _)| path.starts_with(dir))?;
    let inside = path.strip_prefix(module_dir).ok()?;
    let mut components = inside.components();
    let dir = ModuleDir::from_name(components.next()?.as_os_str().to_str()?)?;
    let inside_dir = components.as_path();
    (path.extension()? == dir.source_extension()?).then(|| xpp_path(envdir, name, dir, inside_dir))
}

/// A directory whose files of one extension are sources of an environment: the
/// environment's own `manifests/`, or one of a module's source directories.
#[derive(Clone, Debug)]
pub struct SourceTree<'a> {
    /// The directory.
    pub root: PathBuf,
    /// The module it belongs to ([`ENVIRONMENT_MODULE`] for the environment's manifests).
    pub module: &'a str,
    /// Which of the module's directories it is.
    pub dir: ModuleDir,
    /// The extension of its sources (`pp`, or `epp` for templates).
    pub extension: &'static str,
}

/// The trees [`sources`] walks, in order: the environment's `manifests/`, then each module's
/// source directories in module path order. For a host that walks them itself (the C library,
/// which must not start rayon's pool).
pub fn source_trees<'a>(envdir: &Path, modules: &'a ModulePath) -> Vec<SourceTree<'a>> {
    let mut trees = vec![SourceTree {
        root: envdir.join("manifests"),
        module: ENVIRONMENT_MODULE,
        dir: ModuleDir::Manifests,
        extension: "pp",
    }];
    for module in &modules.modules {
        for (dir, extension) in ModuleDir::SOURCES {
            trees.push(SourceTree {
                root: module.path_of(dir),
                module: &module.name,
                dir,
                extension,
            });
        }
    }
    trees
}

/// What [`walk_tree`] found.
#[derive(Debug, Default)]
pub struct TreeWalk {
    /// The files with the extension asked for, each with its metadata when asked for.
    pub files: Vec<(PathBuf, Option<std::fs::Metadata>)>,
    /// Directories that could not be read, as messages.
    pub problems: Vec<String>,
    /// Every directory listed, with its metadata as taken before listing it.
    pub listed: Vec<(PathBuf, std::fs::Metadata)>,
}

/// Every file with extension `ext` below `root` (nothing when it does not exist), following
/// symbolic links, each directory once (told apart by device and inode), entries in byte
/// order of names; with each file's metadata when `stat_files`.
///
/// Few system calls: an entry's type comes from the directory listing, a file costs nothing
/// more, a directory one `lstat` for its identity, a symbolic link one `stat` to follow it.
pub fn walk_tree(root: &Path, ext: &str, stat_files: bool) -> TreeWalk {
    let mut tree = Tree {
        ext,
        stat_files,
        found: TreeWalk::default(),
        visited: HashSet::new(),
    };
    if let Ok(metadata) = root.metadata() {
        tree.walk_dir(root, metadata);
    }
    tree.found
}

/// What tells directories apart: device and inode.
#[cfg(unix)]
type DirKey = (u64, u64);
#[cfg(not(unix))]
type DirKey = PathBuf;

#[cfg(unix)]
fn dir_key(_dir: &Path, metadata: &std::fs::Metadata) -> DirKey {
    use std::os::unix::fs::MetadataExt;
    (metadata.dev(), metadata.ino())
}

#[cfg(not(unix))]
fn dir_key(dir: &Path, _metadata: &std::fs::Metadata) -> DirKey {
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}

struct Tree<'a> {
    ext: &'a str,
    stat_files: bool,
    found: TreeWalk,
    visited: HashSet<DirKey>,
}

impl Tree<'_> {
    fn walk_dir(&mut self, dir: &Path, metadata: std::fs::Metadata) {
        if !metadata.is_dir() || !self.visited.insert(dir_key(dir, &metadata)) {
            return;
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(err) => {
                self.found
                    .problems
                    .push(format!("cannot read {}: {err}", escape_path(dir)));
                return;
            }
        };
        self.found.listed.push((dir.to_path_buf(), metadata));
        let mut entries: Vec<std::fs::DirEntry> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let path = entry.path();
            let (is_file, file_metadata) = if kind.is_symlink() {
                match path.metadata() {
                    Ok(m) if m.is_dir() => {
                        self.walk_dir(&path, m);
                        continue;
                    }
                    Ok(m) => (m.is_file(), Some(m)),
                    Err(_) => continue,
                }
            } else if kind.is_dir() {
                if let Ok(m) = entry.metadata() {
                    self.walk_dir(&path, m);
                }
                continue;
            } else {
                (kind.is_file(), None)
            };
            if is_file && path.extension().is_some_and(|e| e == self.ext) {
                // A regular file's `DirEntry::metadata` is an `fstatat` in its directory.
                let file_metadata = match file_metadata {
                    Some(m) => Some(m),
                    None if self.stat_files => entry.metadata().ok(),
                    None => None,
                };
                self.found.files.push((path, file_metadata));
            }
        }
    }
}
