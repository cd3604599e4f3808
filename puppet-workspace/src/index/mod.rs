//! The index of definitions across the files of an environment: every class, defined type,
//! Puppet-language function, type alias, node and plan, with its name, kind, file, the byte
//! spans of its name and of the whole definition, its parameters (type and default as
//! written) and its documentation comment (`docs.rs`).
//!
//! Definitions come from the model of a file that parses, and from the typed CST of a file
//! with syntax errors (`extract.rs`), so that a file being edited keeps what it defines. Files
//! are parsed through the [`ParseCache`] in parallel (rayon); EPP templates define nothing and
//! are left out. The index is kept per file, so that one file's change replaces only its own
//! definitions ([`Index::update_file`]); names are looked up as Puppet's loaders compare them
//! (lower case, without a leading `::`).

mod docs;
mod extract;

use std::collections::HashMap;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use puppet_diagnostics::render::escape_path;
use puppet_syntax::ParseOptions;
use rayon::prelude::*;

use crate::cache::{FileId, ParseCache, ParseMode, Vfs};
use crate::environment::EnvironmentSources;
use crate::module::ModuleDir;
pub use docs::DocComment;

/// What a definition defines.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DefinitionKind {
    Class,
    DefinedType,
    Function,
    TypeAlias,
    Node,
    Plan,
}

impl DefinitionKind {
    /// What Puppet loads from a module directory: the kinds of definition a file there is
    /// expected to hold under [`crate::module::expected_name`] (none for templates and tasks).
    pub fn loaded_from(dir: ModuleDir) -> &'static [DefinitionKind] {
        match dir {
            ModuleDir::Manifests => &[DefinitionKind::Class, DefinitionKind::DefinedType],
            ModuleDir::Functions => &[DefinitionKind::Function],
            ModuleDir::Types => &[DefinitionKind::TypeAlias],
            ModuleDir::Plans => &[DefinitionKind::Plan],
            ModuleDir::Templates | ModuleDir::Tasks => &[],
        }
    }
}

/// A parameter of a definition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Parameter {
    /// Its name, without `$`.
    pub name: String,
    /// Its type expression as written.
    pub type_text: Option<String>,
    /// Its default value expression as written.
    pub default_text: Option<String>,
    /// `*$rest`: it takes the remaining arguments.
    pub captures_rest: bool,
}

/// One definition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Definition {
    /// Its name as Puppet has it (a nested class's with the enclosing classes' in front; a
    /// node's host name, string value or regular expression as written).
    pub name: String,
    pub kind: DefinitionKind,
    pub file: FileId,
    /// The byte span of the name as written, when it could be found.
    pub name_span: Option<Range<u32>>,
    /// The byte span of the whole definition.
    pub span: Range<u32>,
    pub parameters: Vec<Parameter>,
    /// The `#` comment block right above it.
    pub doc: Option<DocComment>,
}

/// Where a file's definitions came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    /// The Puppet model: the file parsed.
    Model,
    /// The typed CST: the file has syntax errors.
    Cst,
    /// Neither (a file that is not a manifest, or one that could not be read).
    None,
}

/// A file's entry in the index.
#[derive(Clone, Debug)]
pub struct FileDefinitions {
    pub definitions: Arc<[Definition]>,
    pub source: Source,
}

/// Lower case without a leading `::`, as `TypedName` compares names.
pub fn normalize_name(name: &str) -> String {
    name.trim_start_matches("::").to_lowercase()
}

/// The definitions of many files, looked up by name and kind or by file.
#[derive(Default, Debug)]
pub struct Index {
    files: HashMap<FileId, FileDefinitions>,
    /// (kind, normalized name) → the files defining it (a name defined twice has several).
    by_name: HashMap<(DefinitionKind, String), Vec<FileId>>,
}

impl Index {
    pub fn new() -> Index {
        Index::default()
    }

    /// Replaces the definitions of `file`.
    pub fn update_file(&mut self, file: FileId, definitions: Vec<Definition>, source: Source) {
        self.remove_file(file);
        for definition in &definitions {
            let key = (definition.kind, normalize_name(&definition.name));
            let files = self.by_name.entry(key).or_default();
            if !files.contains(&file) {
                files.push(file);
            }
        }
        self.files.insert(
            file,
            FileDefinitions {
                definitions: definitions.into(),
                source,
            },
        );
    }

    /// Forgets the definitions of `file`.
    pub fn remove_file(&mut self, file: FileId) {
        let Some(old) = self.files.remove(&file) else {
            return;
        };
        for definition in old.definitions.iter() {
            let key = (definition.kind, normalize_name(&definition.name));
            if let Some(files) = self.by_name.get_mut(&key) {
                files.retain(|&f| f != file);
                if files.is_empty() {
                    self.by_name.remove(&key);
                }
            }
        }
    }

    /// Parses `file` (named `path`, content `bytes`) through `cache` and indexes it.
    pub fn index_source(
        &mut self,
        cache: &ParseCache,
        file: FileId,
        path: &std::path::Path,
        bytes: &[u8],
        options: &ParseOptions,
    ) {
        let (definitions, source) = definitions_of(cache, file, path, bytes, options);
        self.update_file(file, definitions, source);
    }

    /// The definitions of `kind` named `name` (compared as [`normalize_name`] does).
    pub fn lookup(&self, kind: DefinitionKind, name: &str) -> Vec<&Definition> {
        let name = normalize_name(name);
        let Some(files) = self.by_name.get(&(kind, name.clone())) else {
            return Vec::new();
        };
        files
            .iter()
            .filter_map(|file| self.files.get(file))
            .flat_map(|entry| entry.definitions.iter())
            .filter(|d| d.kind == kind && normalize_name(&d.name) == name)
            .collect()
    }

    /// The definitions named `name`, of any kind.
    pub fn lookup_any(&self, name: &str) -> Vec<&Definition> {
        [
            DefinitionKind::Class,
            DefinitionKind::DefinedType,
            DefinitionKind::Function,
            DefinitionKind::TypeAlias,
            DefinitionKind::Node,
            DefinitionKind::Plan,
        ]
        .into_iter()
        .flat_map(|kind| self.lookup(kind, name))
        .collect()
    }

    /// The definitions of `file`, in source order.
    pub fn file(&self, file: FileId) -> Option<&FileDefinitions> {
        self.files.get(&file)
    }

    /// How many files are indexed.
    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// Every definition, in no particular order.
    pub fn definitions(&self) -> impl Iterator<Item = &Definition> {
        self.files
            .values()
            .flat_map(|entry| entry.definitions.iter())
    }
}

/// The definitions of one source (see the module docs): parsed through `cache` with `options`
/// (its model and its CST, with `file` set to `path`), not validated.
pub fn definitions_of(
    cache: &ParseCache,
    file: FileId,
    path: &std::path::Path,
    bytes: &[u8],
    options: &ParseOptions,
) -> (Vec<Definition>, Source) {
    if path.extension().is_some_and(|e| e == "epp") {
        return (Vec::new(), Source::None);
    }
    let options = options
        .clone()
        .file(path.to_string_lossy())
        .epp(false)
        .cst(true);
    let (result, _) = cache.parse(file, bytes, &options, ParseMode::Parse);
    extract::definitions(&result, file)
}

/// The definitions of a parse of `file` made by the caller (with its CST, for a file with
/// syntax errors): what [`definitions_of`] gives, for a caller that keeps the parse (a language
/// server's open document).
pub fn definitions_of_parse(
    result: &puppet_syntax::ParseResult,
    file: FileId,
) -> (Vec<Definition>, Source) {
    extract::definitions(result, file)
}

/// What [`build`] could not index.
#[derive(Debug, Default)]
pub struct BuildProblems {
    /// Files that could not be read, with the reason.
    pub unreadable: Vec<(PathBuf, String)>,
}

/// The index of `paths` (each interned in `vfs`), parsed in parallel on the current rayon
/// pool through `cache` with `options`.
pub fn build(
    paths: &[PathBuf],
    vfs: &Vfs,
    cache: &ParseCache,
    options: &ParseOptions,
) -> (Index, BuildProblems) {
    let inputs: Vec<(&std::path::Path, bool)> = paths
        .iter()
        .map(|path| (path.as_path(), options.tasks))
        .collect();
    build_from(&inputs, vfs, cache, options)
}

/// The index of every source of an environment ([`crate::environment::sources`]): a module's
/// plans are parsed in tasks mode (`plan` is a keyword there), the rest with `options`.
pub fn build_environment(
    sources: &EnvironmentSources,
    vfs: &Vfs,
    cache: &ParseCache,
    options: &ParseOptions,
) -> (Index, BuildProblems) {
    let inputs: Vec<(&std::path::Path, bool)> = sources
        .sources
        .iter()
        .map(|source| {
            let tasks = options.tasks || source.dir == ModuleDir::Plans;
            (source.path.as_path(), tasks)
        })
        .collect();
    build_from(&inputs, vfs, cache, options)
}

/// A file's id, definitions and where they came from.
type IndexedFile = (FileId, Vec<Definition>, Source);

/// The index of each `(path, tasks)`.
fn build_from(
    inputs: &[(&std::path::Path, bool)],
    vfs: &Vfs,
    cache: &ParseCache,
    options: &ParseOptions,
) -> (Index, BuildProblems) {
    let results: Vec<Result<IndexedFile, (PathBuf, String)>> = inputs
        .par_iter()
        .map(|&(path, tasks)| {
            let file = vfs.intern(path);
            match std::fs::read(path) {
                Ok(bytes) => {
                    let options = options.clone().tasks(tasks);
                    let (definitions, source) = definitions_of(cache, file, path, &bytes, &options);
                    Ok((file, definitions, source))
                }
                Err(err) => {
                    log::warn!(path = escape_path(path).as_ref(); "cannot index the file: {err}");
                    Err((path.to_path_buf(), err.to_string()))
                }
            }
        })
        .collect();
    let mut index = Index::new();
    let mut problems = BuildProblems::default();
    for result in results {
        match result {
            Ok((file, definitions, source)) => index.update_file(file, definitions, source),
            Err(unreadable) => problems.unreadable.push(unreadable),
        }
    }
    (index, problems)
}
