//! The index of an environment's definitions for C: `puppet_index`, built by
//! [`puppet_index_build`] over `puppet_workspace` (the environment's sources, parsed in
//! parallel, and [`puppet_workspace::index`]), then read through numbered definitions
//! ([`puppet_index_definition_get`]), their parameters ([`puppet_index_parameter_get`]) and a
//! lookup by kind and name ([`puppet_index_lookup`]).
//!
//! The index is a snapshot: every definition is copied into C structs with NUL-terminated
//! strings when it is built, ordered by file path (bytes) and then by position in the file, so
//! that its numbering is stable for one build and the same across builds of the same files.
//! It is never changed afterwards, so any number of threads may read it at once.
//!
//! The files are parsed on the calling thread and on worker threads started for the call and
//! joined before it returns: no thread of the library outlives the call, and nothing stays
//! allocated after `puppet_index_free` (a global work-stealing pool such as rayon's would keep
//! its threads and its epoch collector for the life of the process, which the valgrind runs
//! of `scripts/test-c` count as leaks). So `environment::sources` and
//! `index::build_environment`, which run on rayon's pool, are not called: the same trees
//! (`environment::source_trees`) are walked with `environment::walk_tree` on the calling thread, and each file goes through
//! `index::definitions_of` as they send it.

use std::collections::HashMap;
use std::ffi::c_char;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use puppet_diagnostics::render::escape_path;
use puppet_syntax::{LineIndex, ParseOptions};
use puppet_workspace::cache::{ParseCache, Vfs};
use puppet_workspace::environment::{self, Environment};
use puppet_workspace::index::{self, normalize_name, Definition, DefinitionKind, Source};
use puppet_workspace::module::{ModuleDir, ModulePath};

use crate::options::{puppet_options, read_options, read_raw};
use crate::sized::{check_size, first_size, write_sized};
use crate::status::{catch_panic, guard, guard_status, puppet_status, ApiError, ApiResult};
use crate::strings::{path_arg, utf8_arg, NulTerminated};

/// What a definition defines (`puppet_definition.kind`). Values never change; new kinds are
/// appended. 0 is "none": in `puppet_index_lookup` it means any kind.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum puppet_definition_kind {
    /// No kind (never the kind of a definition); any kind in `puppet_index_lookup`.
    PUPPET_DEFINITION_KIND_NONE = 0,
    /// `class name (…) { … }`.
    PUPPET_DEFINITION_KIND_CLASS = 1,
    /// `define name (…) { … }`.
    PUPPET_DEFINITION_KIND_DEFINED_TYPE = 2,
    /// `function name (…) { … }` (a function in the Puppet language).
    PUPPET_DEFINITION_KIND_FUNCTION = 3,
    /// `type Name = …`.
    PUPPET_DEFINITION_KIND_TYPE_ALIAS = 4,
    /// `node … { … }`: one definition per host match.
    PUPPET_DEFINITION_KIND_NODE = 5,
    /// `plan name (…) { … }`.
    PUPPET_DEFINITION_KIND_PLAN = 6,
}

const KINDS: [(puppet_definition_kind, DefinitionKind); 6] = [
    (
        puppet_definition_kind::PUPPET_DEFINITION_KIND_CLASS,
        DefinitionKind::Class,
    ),
    (
        puppet_definition_kind::PUPPET_DEFINITION_KIND_DEFINED_TYPE,
        DefinitionKind::DefinedType,
    ),
    (
        puppet_definition_kind::PUPPET_DEFINITION_KIND_FUNCTION,
        DefinitionKind::Function,
    ),
    (
        puppet_definition_kind::PUPPET_DEFINITION_KIND_TYPE_ALIAS,
        DefinitionKind::TypeAlias,
    ),
    (
        puppet_definition_kind::PUPPET_DEFINITION_KIND_NODE,
        DefinitionKind::Node,
    ),
    (
        puppet_definition_kind::PUPPET_DEFINITION_KIND_PLAN,
        DefinitionKind::Plan,
    ),
];

fn c_kind(kind: DefinitionKind) -> puppet_definition_kind {
    KINDS.iter().find(|(_, k)| *k == kind).map_or(
        puppet_definition_kind::PUPPET_DEFINITION_KIND_NONE,
        |(c, _)| *c,
    )
}

/// One definition of a `puppet_index`, filled by `puppet_index_definition_get`. Its strings are
/// borrowed from the index (NUL-terminated UTF-8, valid until `puppet_index_free`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct puppet_definition {
    /// What it defines.
    pub kind: puppet_definition_kind,
    /// 1 when its file has syntax errors: the definition was read from the file's CST and may
    /// be cut short (parameters missing, `length` ending at the error); 0 otherwise.
    pub syntax_errors: u32,
    /// Its name as Puppet has it: a nested class's with the enclosing classes' in front, a
    /// node's host name, string value or regular expression as written.
    pub name: *const c_char,
    /// The path of its file: the environment directory (or module path entry) as given to
    /// `puppet_index_build`, joined with the file's path below it.
    pub file: *const c_char,
    /// Byte offset of the name as written in the file (a node's quoted host name with its
    /// quotes); the definition's `offset` when the name could not be found (`name_length` is 0
    /// then).
    pub name_offset: u32,
    /// Length of the name in bytes (0 when it could not be found).
    pub name_length: u32,
    /// Byte offset of the whole definition (from its keyword; from its name for a node's
    /// second and later host matches).
    pub offset: u32,
    /// Length of the whole definition in bytes.
    pub length: u32,
    /// 1-based line of `name_offset`.
    pub line: u32,
    /// 1-based column of `name_offset`, in characters (as diagnostics count it).
    pub column: u32,
    /// How many parameters it has (`puppet_index_parameter_get`); 0 for nodes and type
    /// aliases.
    pub parameter_count: usize,
    /// The `@summary` of its documentation comment, or NULL.
    pub summary: *const c_char,
    /// Its documentation comment (the `#` lines right above it, without the `#` and the space
    /// after it, joined with `\n`, tags included), or NULL when it has none.
    pub doc: *const c_char,
}

/// One parameter of a definition, filled by `puppet_index_parameter_get`. Its strings are
/// borrowed from the index (valid until `puppet_index_free`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct puppet_parameter {
    /// Its name, without `$`.
    pub name: *const c_char,
    /// Its type expression as written (`"Enum['a', 'b']"`), or NULL when it has none.
    pub type_text: *const c_char,
    /// Its default value expression as written (`"'80'"`), or NULL when it has none.
    pub default_text: *const c_char,
    /// The text of `@param NAME` in the definition's documentation comment, or NULL.
    pub doc: *const c_char,
    /// 1 for `*$rest`, which takes the remaining arguments; 0 otherwise.
    pub captures_rest: u32,
}

/// The size of the first header's `puppet_definition` (up to `doc`); smaller is refused.
pub(crate) const DEFINITION_FIRST_SIZE: usize = first_size(
    std::mem::offset_of!(puppet_definition, doc),
    std::mem::size_of::<*const c_char>(),
);

/// The size of the first header's `puppet_parameter` (up to `captures_rest`).
pub(crate) const PARAMETER_FIRST_SIZE: usize = first_size(
    std::mem::offset_of!(puppet_parameter, captures_rest),
    std::mem::size_of::<u32>(),
);

/// A parameter's C view and the storage its pointers point into.
struct ParameterEntry {
    c: puppet_parameter,
    _strings: Vec<NulTerminated>,
}

/// A definition's C view, its parameters, and the storage its pointers point into.
struct DefinitionEntry {
    c: puppet_definition,
    parameters: Vec<ParameterEntry>,
    _strings: Vec<NulTerminated>,
}

/// The definitions of an environment (see `puppet_index_build`). Opaque; free it with
/// `puppet_index_free`.
pub struct puppet_index {
    definitions: Vec<DefinitionEntry>,
    /// (kind, normalized name) → the definitions of that name, in index order.
    by_name: HashMap<(DefinitionKind, String), Vec<usize>>,
    /// The file names the definitions point into (one copy per file).
    _files: Vec<Arc<NulTerminated>>,
    /// What could not be read while building, as messages.
    problems: Vec<NulTerminated>,
}

/// Borrows the index behind a C pointer.
fn index_ref<'a>(index: *const puppet_index) -> ApiResult<&'a puppet_index> {
    // SAFETY: a non-NULL pointer comes from puppet_index_build and is not freed yet
    // (documented).
    unsafe { index.as_ref() }.ok_or_else(|| ApiError::null("index"))
}

/// A NUL-terminated copy of `text` whose pointer goes into a C struct, kept in `strings`.
fn keep(strings: &mut Vec<NulTerminated>, text: &str) -> *const c_char {
    let owned = NulTerminated::new(text);
    let ptr = owned.ptr();
    strings.push(owned);
    ptr
}

fn keep_optional(strings: &mut Vec<NulTerminated>, text: Option<&str>) -> *const c_char {
    text.map_or(std::ptr::null(), |text| keep(strings, text))
}

/// `path` against `working_dir` when it is relative and a working directory was given.
fn resolve(path: PathBuf, working_dir: Option<&Path>) -> PathBuf {
    match working_dir {
        Some(dir) if path.is_relative() => dir.join(path),
        _ => path,
    }
}

/// The module path entries of the NULL-terminated array `modulepath`.
fn modulepath_arg(
    modulepath: *const *const c_char,
    working_dir: Option<&Path>,
) -> ApiResult<Vec<PathBuf>> {
    let mut entries = Vec::new();
    for i in 0.. {
        // SAFETY: a non-NULL array ends with a NULL entry (documented).
        let entry = unsafe { modulepath.add(i).read() };
        let Some(path) = path_arg(entry, "modulepath entry")? else {
            break;
        };
        if !path.as_os_str().is_empty() {
            entries.push(resolve(path, working_dir));
        }
    }
    Ok(entries)
}

/// The C view of one definition of `file`.
fn definition_entry(
    located: &Located,
    file: &NulTerminated,
    syntax_errors: bool,
) -> DefinitionEntry {
    let definition = &located.definition;
    let mut strings = Vec::new();
    let name_span = definition
        .name_span
        .clone()
        .unwrap_or(definition.span.start..definition.span.start);
    let doc = definition.doc.as_ref();
    let parameters = definition
        .parameters
        .iter()
        .map(|parameter| {
            let mut strings = Vec::new();
            let c = puppet_parameter {
                name: keep(&mut strings, &parameter.name),
                type_text: keep_optional(&mut strings, parameter.type_text.as_deref()),
                default_text: keep_optional(&mut strings, parameter.default_text.as_deref()),
                doc: keep_optional(&mut strings, doc.and_then(|d| d.param(&parameter.name))),
                captures_rest: u32::from(parameter.captures_rest),
            };
            ParameterEntry {
                c,
                _strings: strings,
            }
        })
        .collect::<Vec<_>>();
    let c = puppet_definition {
        kind: c_kind(definition.kind),
        syntax_errors: u32::from(syntax_errors),
        name: keep(&mut strings, &definition.name),
        file: file.ptr(),
        name_offset: name_span.start,
        name_length: name_span.end.saturating_sub(name_span.start),
        offset: definition.span.start,
        length: definition.span.end.saturating_sub(definition.span.start),
        line: located.line,
        column: located.column,
        parameter_count: parameters.len(),
        summary: keep_optional(&mut strings, doc.and_then(|d| d.summary.as_deref())),
        doc: keep_optional(&mut strings, doc.map(|d| d.raw.as_str())),
    };
    DefinitionEntry {
        c,
        parameters,
        _strings: strings,
    }
}

/// The stack of each worker thread: as large as a main thread's usually is, for deeply nested
/// sources (set explicitly: the library reads no environment variable, `RUST_MIN_STACK`
/// included).
const WORKER_STACK: usize = 8 << 20;

/// The number of threads parsing: the machine's parallelism, at most one per file.
fn worker_count(files: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.min(files).max(1)
}

/// The files to index in the environment `envdir` with module path `modulepath`, each with
/// whether it is a plan (parsed in tasks mode), and the problems met: the Puppet manifests of
/// `environment::source_trees` (its main manifest directory and the `manifests`, `functions`,
/// `types` and `plans` of the modules Puppet uses), walked on the calling thread. EPP
/// templates, which define nothing, are not listed.
fn environment_files(envdir: &Path, modulepath: &[PathBuf]) -> (Vec<(PathBuf, bool)>, Vec<String>) {
    let modules = ModulePath::discover(modulepath);
    let trees = environment::source_trees(envdir, &modules)
        .into_iter()
        .filter(|tree| tree.extension == "pp")
        .map(|tree| (tree.root, tree.dir == ModuleDir::Plans));
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for (root, plans) in trees {
        let walk = environment::walk_tree(&root, "pp", false);
        problems.extend(walk.problems);
        files.extend(walk.files.into_iter().map(|(path, _)| (path, plans)));
    }
    (files, problems)
}

/// A definition and the 1-based line and character column of its name.
struct Located {
    definition: Definition,
    line: u32,
    column: u32,
}

/// What one file gave: its definitions in source order and whether it has syntax errors, or
/// why it could not be read.
type FileOutcome = Result<(Vec<Located>, bool), String>;

/// Reads, parses and indexes one file through `cache` (its parse is dropped right after).
fn index_file(
    cache: &ParseCache,
    vfs: &Vfs,
    path: &Path,
    plan: bool,
    options: &ParseOptions,
) -> FileOutcome {
    let bytes =
        std::fs::read(path).map_err(|err| format!("cannot read {}: {err}", escape_path(path)))?;
    let file = vfs.intern(path);
    let options = options.clone().tasks(options.tasks || plan);
    let (definitions, source) = index::definitions_of(cache, file, path, &bytes, &options);
    let parsed = cache.last(file);
    cache.remove(file);
    let text: &str = parsed.as_ref().map_or("", |parsed| &parsed.text);
    let lines = LineIndex::new(text);
    let mut located: Vec<Located> = definitions
        .into_iter()
        .map(|definition| {
            let at = definition
                .name_span
                .as_ref()
                .map_or(definition.span.start, |span| span.start)
                .min(text.len() as u32);
            let (line, column) = lines.line_col(text, at);
            Located {
                definition,
                line,
                column,
            }
        })
        .collect();
    located.sort_by_key(|l| (l.definition.span.start, l.line, l.column));
    Ok((located, source == Source::Cst))
}

/// The files being indexed, shared by the worker threads.
struct Work {
    files: Vec<(PathBuf, bool)>,
    options: ParseOptions,
    /// The next file to take.
    next: AtomicUsize,
}

/// Indexes files of `work` until none is left; returns each one's number and outcome.
fn run_worker(work: &Work) -> Vec<(usize, FileOutcome)> {
    let vfs = Vfs::new();
    let cache = ParseCache::new();
    let mut done = Vec::new();
    loop {
        let i = work.next.fetch_add(1, Ordering::Relaxed);
        let Some((path, plan)) = work.files.get(i) else {
            return done;
        };
        done.push((i, index_file(&cache, &vfs, path, *plan, &work.options)));
    }
}

/// The outcome of every file of `work`, in its order, parsed on the calling thread and on
/// worker threads started here and joined before returning (no thread of the library outlives
/// the call). A panic in any of them becomes `PUPPET_ERROR_PANIC`.
fn index_files(work: Work) -> ApiResult<Vec<FileOutcome>> {
    let count = work.files.len();
    let work = Arc::new(work);
    let mut workers = Vec::new();
    for n in 1..worker_count(count) {
        let shared = Arc::clone(&work);
        let spawned = std::thread::Builder::new()
            .name(format!("puppet-index-{n}"))
            .stack_size(WORKER_STACK)
            .spawn(move || catch_panic(|| run_worker(&shared)));
        match spawned {
            Ok(handle) => workers.push(handle),
            Err(err) => {
                // The threads that did start, and this one, take the files.
                log::warn!(target: "puppet_ffi", "cannot start a worker thread: {err}");
                break;
            }
        }
    }
    let mut results = vec![catch_panic(|| run_worker(&work))];
    for worker in workers {
        results.push(
            worker
                .join()
                .unwrap_or_else(|_| Err("a worker thread stopped".to_owned())),
        );
    }
    let mut outcomes: Vec<Option<FileOutcome>> = (0..count).map(|_| None).collect();
    for result in results {
        let done = result.map_err(|message| {
            ApiError::new(
                puppet_status::PUPPET_ERROR_PANIC,
                format!("internal error in puppet_index_build: {message}"),
            )
        })?;
        for (i, outcome) in done {
            outcomes[i] = Some(outcome);
        }
    }
    Ok(outcomes
        .into_iter()
        .map(|outcome| outcome.unwrap_or_else(|| Err("not indexed".to_owned())))
        .collect())
}

/// Builds the index of the environment in `envdir` with `modulepath` (`None`: the
/// environment's own) and `options`.
fn build_index(
    envdir: &Path,
    modulepath: Option<Vec<PathBuf>>,
    options: &ParseOptions,
) -> ApiResult<puppet_index> {
    let environment = match modulepath {
        Some(entries) => Environment::with_modulepath(envdir, entries),
        None => Environment::load(envdir, &[]),
    };
    let (mut files, walk_problems) = environment_files(envdir, &environment.modulepath);
    files.sort_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
    files.dedup_by(|a, b| a.0 == b.0);
    let mut problems: Vec<NulTerminated> = environment
        .problems
        .iter()
        .chain(&walk_problems)
        .map(|p| NulTerminated::new(p))
        .collect();
    let paths: Vec<PathBuf> = files.iter().map(|(path, _)| path.clone()).collect();
    let outcomes = index_files(Work {
        files,
        options: options.clone(),
        next: AtomicUsize::new(0),
    })?;

    let mut definitions: Vec<DefinitionEntry> = Vec::new();
    let mut by_name: HashMap<(DefinitionKind, String), Vec<usize>> = HashMap::new();
    let mut file_names = Vec::new();
    for (path, outcome) in paths.iter().zip(outcomes) {
        let (located, syntax_errors) = match outcome {
            Ok(found) => found,
            Err(problem) => {
                problems.push(NulTerminated::new(&problem));
                continue;
            }
        };
        if located.is_empty() {
            continue;
        }
        let name = Arc::new(NulTerminated::new(&path.to_string_lossy()));
        for l in &located {
            let key = (l.definition.kind, normalize_name(&l.definition.name));
            by_name.entry(key).or_default().push(definitions.len());
            definitions.push(definition_entry(l, &name, syntax_errors));
        }
        file_names.push(name);
    }
    log::debug!(
        target: "puppet_ffi",
        files = paths.len(),
        definitions = definitions.len();
        "indexed {}", escape_path(envdir)
    );
    Ok(puppet_index {
        definitions,
        by_name,
        _files: file_names,
        problems,
    })
}

/// Builds the index of the definitions of the directory environment `environment_dir`
/// (NUL-terminated path): every class, defined type, Puppet-language function, type alias,
/// node and plan of its main manifest directory (`manifests/`) and of the `manifests`,
/// `functions`, `types` and `plans` of the modules of its module path (the first module of a
/// name wins, as in Puppet), and stores it in `*out`.
///
/// `modulepath` is a NULL-terminated array of directories (empty strings are skipped), or NULL
/// for the environment's own: the `modulepath` of its `environment.conf` (`$basemodulepath` is
/// empty), else its `modules/` directory. `options` (NULL: the defaults) gives the Puppet
/// release (`puppet_version`), `PUPPET_PARSE_TASKS` (plans are always parsed in tasks mode)
/// and `working_dir`, against which relative paths (the environment and module path entries)
/// are resolved; without it they are used as given (the process's working directory). The
/// other fields do not apply (no validation is done) but are checked as everywhere.
///
/// Every file is parsed, in parallel on threads the call makes and joins. **Files with syntax
/// errors are indexed too**: their definitions are read from the concrete syntax tree, so a
/// file being edited keeps what it defines (`puppet_definition.syntax_errors` is 1 for them).
/// EPP templates define nothing. Files and directories that cannot be read are left out and
/// listed by `puppet_index_problem`.
///
/// `PUPPET_ERROR_NULL` when `environment_dir` or `out` is NULL, `PUPPET_ERROR_ARGUMENT` when
/// `environment_dir` is not a directory or the options are invalid, `PUPPET_ERROR_UTF8` for a
/// non-UTF-8 string option; `*out` is NULL then (when `out` is not NULL).
///
/// Ownership: the caller owns `*out` and frees it with `puppet_index_free`. Thread-safe; the
/// index is immutable, so any number of threads may read it at once.
#[no_mangle]
pub extern "C" fn puppet_index_build(
    environment_dir: *const c_char,
    modulepath: *const *const c_char,
    options: *const puppet_options,
    out: *mut *mut puppet_index,
) -> puppet_status {
    guard_status("puppet_index_build", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        // SAFETY: non-NULL and writable (documented); cleared first so that a failed call
        // leaves NULL behind.
        unsafe { out.write(std::ptr::null_mut()) };
        let parse = read_options(options)?.epp(false).model(true);
        let working_dir = path_arg(read_raw(options)?.working_dir, "options->working_dir")?;
        let envdir = path_arg(environment_dir, "environment_dir")?
            .ok_or_else(|| ApiError::null("environment_dir"))?;
        let envdir = resolve(envdir, working_dir.as_deref());
        if !envdir.is_dir() {
            return Err(ApiError::argument(format!(
                "environment_dir {} is not a directory",
                envdir.display()
            )));
        }
        let modulepath = if modulepath.is_null() {
            None
        } else {
            Some(modulepath_arg(modulepath, working_dir.as_deref())?)
        };
        let index = Box::new(build_index(&envdir, modulepath, &parse)?);
        // SAFETY: as above.
        unsafe { out.write(Box::into_raw(index)) };
        Ok(())
    })
}

/// Frees an index and everything borrowed from it. NULL is allowed and does nothing.
#[no_mangle]
pub extern "C" fn puppet_index_free(index: *mut puppet_index) {
    guard(
        "puppet_index_free",
        |_| (),
        || {
            if !index.is_null() {
                // SAFETY: made by Box::into_raw in puppet_index_build, freed once (documented).
                drop(unsafe { Box::from_raw(index) });
            }
            Ok(())
        },
    )
}

/// The number of definitions in the index (0 for NULL). They are numbered from 0 in the order
/// of their files' paths (bytes), then of their position in the file.
#[no_mangle]
pub extern "C" fn puppet_index_definition_count(index: *const puppet_index) -> usize {
    guard(
        "puppet_index_definition_count",
        |_| 0,
        || Ok(index_ref(index)?.definitions.len()),
    )
}

fn definition_at(index: &puppet_index, i: usize) -> ApiResult<&DefinitionEntry> {
    index.definitions.get(i).ok_or_else(|| {
        ApiError::argument(format!(
            "definition index {i} is out of range (count {})",
            index.definitions.len()
        ))
    })
}

/// Copies definition `definition_index` into `*out`, a struct of `size` bytes: pass
/// `sizeof(puppet_definition)` (the header's rule for structs the library fills: the fields
/// that fit are written, bytes past this library's struct are zeroed). Its strings are borrowed
/// from the index. `PUPPET_ERROR_ARGUMENT` when the index is out of range or `size` is smaller
/// than the first header's struct; `*out` is not written then.
#[no_mangle]
pub extern "C" fn puppet_index_definition_get(
    index: *const puppet_index,
    definition_index: usize,
    out: *mut puppet_definition,
    size: usize,
) -> puppet_status {
    guard_status("puppet_index_definition_get", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        check_size("puppet_definition", size, DEFINITION_FIRST_SIZE)?;
        let entry = definition_at(index_ref(index)?, definition_index)?;
        // SAFETY: non-NULL and `size` writable bytes (documented), size checked.
        unsafe { write_sized(out, size, &entry.c) };
        Ok(())
    })
}

/// Copies parameter `param_index` of definition `definition_index` into `*out`, a struct of
/// `size` bytes (pass `sizeof(puppet_parameter)`; as `puppet_index_definition_get`). Its
/// strings are borrowed from the index. `PUPPET_ERROR_ARGUMENT` when either index is out of
/// range or `size` is too small; `*out` is not written then.
#[no_mangle]
pub extern "C" fn puppet_index_parameter_get(
    index: *const puppet_index,
    definition_index: usize,
    param_index: usize,
    out: *mut puppet_parameter,
    size: usize,
) -> puppet_status {
    guard_status("puppet_index_parameter_get", || {
        if out.is_null() {
            return Err(ApiError::null("out"));
        }
        check_size("puppet_parameter", size, PARAMETER_FIRST_SIZE)?;
        let entry = definition_at(index_ref(index)?, definition_index)?;
        let parameter = entry.parameters.get(param_index).ok_or_else(|| {
            ApiError::argument(format!(
                "parameter index {param_index} is out of range (definition {definition_index} \
                 has {})",
                entry.parameters.len()
            ))
        })?;
        // SAFETY: non-NULL and `size` writable bytes (documented), size checked.
        unsafe { write_sized(out, size, &parameter.c) };
        Ok(())
    })
}

/// Finds the definition of `kind` (a `puppet_definition_kind`; `PUPPET_DEFINITION_KIND_NONE`:
/// any kind) named `name` (NUL-terminated UTF-8), compared as Puppet's loaders compare names:
/// ignoring case and a leading `::` (`"Apache::Vhost"` finds `apache::vhost`; a node is named
/// by its host name or string value without quotes, `"web01.example.com"`, or by its regular
/// expression with the slashes, `"/^db\\d+$/"`). Stores its number in `*out_index`: the
/// first in the index's order when several match (a name defined twice, or of several kinds
/// with `PUPPET_DEFINITION_KIND_NONE`).
///
/// `PUPPET_ERROR_NOT_FOUND` when no definition matches (`*out_index` is left as it was);
/// `PUPPET_ERROR_NULL` for a NULL argument, `PUPPET_ERROR_ARGUMENT` for an unknown kind,
/// `PUPPET_ERROR_UTF8` when `name` is not UTF-8.
#[no_mangle]
pub extern "C" fn puppet_index_lookup(
    index: *const puppet_index,
    kind: u32,
    name: *const c_char,
    out_index: *mut usize,
) -> puppet_status {
    guard_status("puppet_index_lookup", || {
        let index = index_ref(index)?;
        let name = utf8_arg(name, "name")?.ok_or_else(|| ApiError::null("name"))?;
        if out_index.is_null() {
            return Err(ApiError::null("out_index"));
        }
        let kinds: Vec<DefinitionKind> =
            if kind == puppet_definition_kind::PUPPET_DEFINITION_KIND_NONE as u32 {
                KINDS.iter().map(|(_, k)| *k).collect()
            } else {
                let found = KINDS
                    .iter()
                    .find(|(c, _)| *c as u32 == kind)
                    .ok_or_else(|| {
                        ApiError::argument(format!("kind {kind} is not a puppet_definition_kind"))
                    })?;
                vec![found.1]
            };
        let normalized = normalize_name(name);
        let first = kinds
            .into_iter()
            .filter_map(|k| index.by_name.get(&(k, normalized.clone())))
            .filter_map(|found| found.first().copied())
            .min()
            .ok_or_else(|| {
                ApiError::new(
                    puppet_status::PUPPET_ERROR_NOT_FOUND,
                    format!("no definition named '{name}' of kind {kind} in the index"),
                )
            })?;
        // SAFETY: non-NULL and writable (documented).
        unsafe { out_index.write(first) };
        Ok(())
    })
}

/// The number of problems met while building the index (0 for NULL): files or directories
/// that could not be read, problems of `environment.conf`.
#[no_mangle]
pub extern "C" fn puppet_index_problem_count(index: *const puppet_index) -> usize {
    guard(
        "puppet_index_problem_count",
        |_| 0,
        || Ok(index_ref(index)?.problems.len()),
    )
}

/// Problem `problem_index` as a message (NUL-terminated, borrowed from the index), or NULL when
/// out of range or `index` is NULL (see `puppet_last_error_message`).
#[no_mangle]
pub extern "C" fn puppet_index_problem(
    index: *const puppet_index,
    problem_index: usize,
) -> *const c_char {
    guard(
        "puppet_index_problem",
        |_| std::ptr::null(),
        || {
            let index = index_ref(index)?;
            let problem = index.problems.get(problem_index).ok_or_else(|| {
                ApiError::argument(format!(
                    "problem index {problem_index} is out of range (count {})",
                    index.problems.len()
                ))
            })?;
            Ok(problem.ptr())
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::{CStr, CString};

    fn fixture() -> CString {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../puppet-workspace/tests/fixtures/index_env");
        CString::new(dir.to_str().unwrap()).unwrap()
    }

    fn text(ptr: *const c_char) -> Option<String> {
        (!ptr.is_null()).then(|| unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_owned())
    }

    fn build(modulepath: Option<&[&CStr]>) -> *mut puppet_index {
        let dir = fixture();
        let entries: Option<Vec<*const c_char>> = modulepath.map(|m| {
            m.iter()
                .map(|e| e.as_ptr())
                .chain([std::ptr::null()])
                .collect()
        });
        let mut index = std::ptr::null_mut();
        let status = puppet_index_build(
            dir.as_ptr(),
            entries.as_ref().map_or(std::ptr::null(), |e| e.as_ptr()),
            std::ptr::null(),
            &mut index,
        );
        assert_eq!(status, puppet_status::PUPPET_OK);
        assert!(!index.is_null());
        index
    }

    fn lookup(
        index: *const puppet_index,
        kind: puppet_definition_kind,
        name: &str,
    ) -> puppet_definition {
        let name = CString::new(name).unwrap();
        let mut at = usize::MAX;
        assert_eq!(
            puppet_index_lookup(index, kind as u32, name.as_ptr(), &mut at),
            puppet_status::PUPPET_OK,
            "{name:?}"
        );
        let mut out = std::mem::MaybeUninit::<puppet_definition>::uninit();
        assert_eq!(
            puppet_index_definition_get(
                index,
                at,
                out.as_mut_ptr(),
                size_of::<puppet_definition>()
            ),
            puppet_status::PUPPET_OK
        );
        unsafe { out.assume_init() }
    }

    #[test]
    fn the_fixture_environment_through_the_extern_functions() {
        use puppet_definition_kind::*;
        let index = build(None);
        let count = puppet_index_definition_count(index);
        assert!(count >= 10, "{count}");
        let mut names = Vec::new();
        for i in 0..count {
            let mut d = std::mem::MaybeUninit::<puppet_definition>::uninit();
            assert_eq!(
                puppet_index_definition_get(
                    index,
                    i,
                    d.as_mut_ptr(),
                    size_of::<puppet_definition>()
                ),
                puppet_status::PUPPET_OK
            );
            let d = unsafe { d.assume_init() };
            assert_ne!(d.kind, PUPPET_DEFINITION_KIND_NONE);
            names.push((text(d.file).unwrap(), d.offset));
        }
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "definitions in path, then offset order");

        let vhost = lookup(
            index,
            PUPPET_DEFINITION_KIND_DEFINED_TYPE,
            "Apache::Vhost::SSL",
        );
        assert_eq!(text(vhost.name).as_deref(), Some("apache::vhost::ssl"));
        assert!(text(vhost.file)
            .unwrap()
            .ends_with("modules/apache/manifests/vhost/ssl.pp"));
        assert_eq!(text(vhost.summary).as_deref(), Some("An SSL virtual host"));
        assert_eq!((vhost.line, vhost.column), (2, 8));
        assert_eq!(vhost.name_length as usize, "apache::vhost::ssl".len());
        assert_eq!(vhost.parameter_count, 2);
        assert_eq!(vhost.syntax_errors, 0);

        let apache = lookup(index, PUPPET_DEFINITION_KIND_CLASS, "::apache");
        assert_eq!(apache.parameter_count, 3);
        assert!(text(apache.doc)
            .unwrap()
            .contains("@example\n  include apache"));
        let at = {
            let mut at = 0;
            puppet_index_lookup(index, 0, c"apache".as_ptr(), &mut at);
            at
        };
        let mut p = std::mem::MaybeUninit::<puppet_parameter>::uninit();
        assert_eq!(
            puppet_index_parameter_get(index, at, 0, p.as_mut_ptr(), size_of::<puppet_parameter>()),
            puppet_status::PUPPET_OK
        );
        let p = unsafe { p.assume_init() };
        assert_eq!(text(p.name).as_deref(), Some("service_ensure"));
        assert_eq!(
            text(p.type_text).as_deref(),
            Some("Enum['running', 'stopped']")
        );
        assert_eq!(text(p.default_text).as_deref(), Some("'running'"));
        assert_eq!(text(p.doc).as_deref(), Some("Whether the service runs."));
        assert_eq!(p.captures_rest, 0);
        let mut past = std::mem::MaybeUninit::<puppet_parameter>::uninit();
        assert_eq!(
            puppet_index_parameter_get(
                index,
                at,
                3,
                past.as_mut_ptr(),
                size_of::<puppet_parameter>()
            ),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );

        let url = lookup(index, PUPPET_DEFINITION_KIND_FUNCTION, "apache::url");
        assert_eq!(url.parameter_count, 2);
        let broken = lookup(index, PUPPET_DEFINITION_KIND_DEFINED_TYPE, "broken::thing");
        assert_eq!(broken.syntax_errors, 1);
        lookup(index, PUPPET_DEFINITION_KIND_TYPE_ALIAS, "apache::port");
        lookup(index, PUPPET_DEFINITION_KIND_PLAN, "apache::deploy");
        lookup(index, PUPPET_DEFINITION_KIND_NODE, "default");

        let mut at = 7usize;
        assert_eq!(
            puppet_index_lookup(
                index,
                PUPPET_DEFINITION_KIND_CLASS as u32,
                c"nginx".as_ptr(),
                &mut at
            ),
            puppet_status::PUPPET_ERROR_NOT_FOUND
        );
        assert_eq!(at, 7);
        assert_eq!(
            puppet_index_lookup(index, 99, c"apache".as_ptr(), &mut at),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
        assert_eq!(
            puppet_index_lookup(index, 1, std::ptr::null(), &mut at),
            puppet_status::PUPPET_ERROR_NULL
        );
        assert_eq!(puppet_index_problem_count(index), 0);
        assert!(puppet_index_problem(index, 0).is_null());
        puppet_index_free(index);
    }

    #[test]
    fn an_explicit_module_path_replaces_the_environments() {
        let index = build(Some(&[]));
        let mut at = 0;
        assert_eq!(
            puppet_index_lookup(index, 0, c"apache".as_ptr(), &mut at),
            puppet_status::PUPPET_ERROR_NOT_FOUND
        );
        let node = lookup(
            index,
            puppet_definition_kind::PUPPET_DEFINITION_KIND_NODE,
            "default",
        );
        assert_eq!(node.parameter_count, 0);
        assert_eq!(puppet_index_definition_count(index), 3);
        puppet_index_free(index);
    }

    #[test]
    fn arguments_are_checked() {
        let dir = fixture();
        let mut index = std::ptr::dangling_mut::<puppet_index>();
        assert_eq!(
            puppet_index_build(
                std::ptr::null(),
                std::ptr::null(),
                std::ptr::null(),
                &mut index
            ),
            puppet_status::PUPPET_ERROR_NULL
        );
        assert!(index.is_null());
        assert_eq!(
            puppet_index_build(
                dir.as_ptr(),
                std::ptr::null(),
                std::ptr::null(),
                std::ptr::null_mut()
            ),
            puppet_status::PUPPET_ERROR_NULL
        );
        assert_eq!(
            puppet_index_build(
                c"/nonexistent/env".as_ptr(),
                std::ptr::null(),
                std::ptr::null(),
                &mut index
            ),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
        assert_eq!(puppet_index_definition_count(std::ptr::null()), 0);
        let index = build(None);
        let mut small = [0u8; DEFINITION_FIRST_SIZE];
        assert_eq!(
            puppet_index_definition_get(
                index,
                0,
                small.as_mut_ptr().cast(),
                DEFINITION_FIRST_SIZE - 1
            ),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
        assert_eq!(
            puppet_index_definition_get(
                index,
                usize::MAX,
                small.as_mut_ptr().cast(),
                DEFINITION_FIRST_SIZE
            ),
            puppet_status::PUPPET_ERROR_ARGUMENT
        );
        assert!(small.iter().all(|&b| b == 0), "nothing written on failure");
        assert_eq!(
            puppet_index_definition_get(index, 0, std::ptr::null_mut(), DEFINITION_FIRST_SIZE),
            puppet_status::PUPPET_ERROR_NULL
        );
        puppet_index_free(index);
        puppet_index_free(std::ptr::null_mut());
    }
}
