//! File identities and the parse cache.
//!
//! [`Vfs`] gives each path a [`FileId`]: a small copyable number, the same for the same path
//! for as long as the table lives, so that indexes and caches key on four bytes rather than on
//! paths. Paths are taken as given (a caller that reaches files under several names
//! canonicalizes them first, as the walk does).
//!
//! [`ParseCache`] keeps, per file, its last parse: the result, the xxh3-128 hash of the bytes
//! parsed and the settings it was parsed with (the [`ParseOptions`] that change a result:
//! release, strict, EPP, tasks, model and CST, the import checks, the location context, and
//! whether it was validated). Asking again for the same content with the same settings is a
//! hit and parses nothing; anything else parses and replaces the entry. One entry per file
//! bounds the memory by the number of files, whatever the number of edits.
//!
//! Both are shared between threads (the command line parses with rayon, a language server on
//! its own workers). A parse runs outside the lock: two threads asking for the same new
//! content at once may both parse it, and the later result is kept.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};

use puppet_syntax::{LocationContext, ParseOptions, ParseResult, PuppetRelease, Strict};

/// A file's identity in a [`Vfs`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct FileId(u32);

impl FileId {
    /// Its index in its table (ids are given out from 0 in order).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Default)]
struct VfsTable {
    paths: Vec<Arc<Path>>,
    ids: HashMap<Arc<Path>, FileId>,
}

/// The table of file identities.
#[derive(Default)]
pub struct Vfs {
    table: RwLock<VfsTable>,
}

impl Vfs {
    pub fn new() -> Vfs {
        Vfs::default()
    }

    /// The id of `path`, given it now if it has none.
    ///
    /// # Panics
    /// When more than `u32::MAX` paths are interned.
    pub fn intern(&self, path: &Path) -> FileId {
        if let Some(id) = self.lookup(path) {
            return id;
        }
        let mut table = self.table.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(&id) = table.ids.get(path) {
            return id; // interned by another thread in between
        }
        let id = FileId(u32::try_from(table.paths.len()).expect("fewer than 2^32 files"));
        let path: Arc<Path> = Arc::from(path);
        table.paths.push(Arc::clone(&path));
        table.ids.insert(path, id);
        id
    }

    /// The id of `path`, if it has one.
    pub fn lookup(&self, path: &Path) -> Option<FileId> {
        let table = self.table.read().unwrap_or_else(PoisonError::into_inner);
        table.ids.get(path).copied()
    }

    /// The path of `id` (`None` for an id of another table).
    pub fn path(&self, id: FileId) -> Option<Arc<Path>> {
        let table = self.table.read().unwrap_or_else(PoisonError::into_inner);
        table.paths.get(id.index()).cloned()
    }

    /// How many paths have an id.
    pub fn len(&self) -> usize {
        self.table
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .paths
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every path with its id, in id order.
    pub fn files(&self) -> Vec<(FileId, PathBuf)> {
        let table = self.table.read().unwrap_or_else(PoisonError::into_inner);
        table
            .paths
            .iter()
            .enumerate()
            .map(|(index, path)| (FileId(index as u32), path.to_path_buf()))
            .collect()
    }
}

/// What a parse depends on besides the content and the file name.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Settings {
    release: PuppetRelease,
    strict: Option<Strict>,
    epp: bool,
    tasks: bool,
    model: bool,
    cst: bool,
    import_checks: bool,
    location: Option<LocationContext>,
    validated: bool,
}

impl Settings {
    fn of(options: &ParseOptions, validated: bool) -> Settings {
        Settings {
            release: options.release,
            strict: options.strict,
            epp: options.epp,
            tasks: options.tasks,
            model: options.model,
            cst: options.cst,
            import_checks: options.import_checks,
            location: options.location.clone(),
            validated,
        }
    }
}

struct CacheEntry {
    content: u128,
    settings: Settings,
    result: Arc<ParseResult>,
}

/// Whether a lookup found the parse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lookup {
    Hit,
    Miss,
}

/// The last parse of each file (see the module docs).
#[derive(Default)]
pub struct ParseCache {
    entries: Mutex<HashMap<FileId, CacheEntry>>,
    hits: AtomicU64,
    misses: AtomicU64,
}

/// How a file is parsed through the cache.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ParseMode {
    /// [`puppet_syntax::parse`].
    Parse,
    /// [`puppet_syntax::parse_and_validate`].
    ParseAndValidate,
}

impl ParseCache {
    pub fn new() -> ParseCache {
        ParseCache::default()
    }

    /// The parse of `bytes`, the content of `file`, with `options` (whose `file` names it):
    /// the cached one when the content and settings are those of the last parse of `file`,
    /// else a new one, which replaces it.
    pub fn parse(
        &self,
        file: FileId,
        bytes: &[u8],
        options: &ParseOptions,
        mode: ParseMode,
    ) -> (Arc<ParseResult>, Lookup) {
        let content = xxhash_rust::xxh3::xxh3_128(bytes);
        let settings = Settings::of(options, mode == ParseMode::ParseAndValidate);
        if let Some(entry) = self.entries().get(&file) {
            if entry.content == content && entry.settings == settings {
                self.hits.fetch_add(1, Ordering::Relaxed);
                return (Arc::clone(&entry.result), Lookup::Hit);
            }
        }
        self.misses.fetch_add(1, Ordering::Relaxed);
        let result = Arc::new(match mode {
            ParseMode::Parse => puppet_syntax::parse(bytes, options),
            ParseMode::ParseAndValidate => puppet_syntax::parse_and_validate(bytes, options),
        });
        self.entries().insert(
            file,
            CacheEntry {
                content,
                settings,
                result: Arc::clone(&result),
            },
        );
        (result, Lookup::Miss)
    }

    /// The last parse of `file`, whatever its content.
    pub fn last(&self, file: FileId) -> Option<Arc<ParseResult>> {
        self.entries()
            .get(&file)
            .map(|entry| Arc::clone(&entry.result))
    }

    /// Forgets `file` (deleted, or closed by an editor).
    pub fn remove(&self, file: FileId) {
        self.entries().remove(&file);
    }

    /// How many files have a parse.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// (hits, misses) so far.
    pub fn stats(&self) -> (u64, u64) {
        (
            self.hits.load(Ordering::Relaxed),
            self.misses.load(Ordering::Relaxed),
        )
    }

    fn entries(&self) -> MutexGuard<'_, HashMap<FileId, CacheEntry>> {
        // An entry is inserted whole: a thread that panicked left nothing half-done.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> ParseOptions {
        ParseOptions::new().file("x.pp")
    }

    #[test]
    fn a_path_keeps_its_id_and_ids_are_dense() {
        let vfs = Vfs::new();
        let a = vfs.intern(Path::new("/e/a.pp"));
        let b = vfs.intern(Path::new("/e/b.pp"));
        assert_eq!(vfs.intern(Path::new("/e/a.pp")), a);
        assert_ne!(a, b);
        assert_eq!((a.index(), b.index()), (0, 1));
        assert_eq!(vfs.path(b).as_deref(), Some(Path::new("/e/b.pp")));
        assert_eq!(vfs.lookup(Path::new("/e/c.pp")), None);
        assert_eq!(vfs.len(), 2);
    }

    #[test]
    fn interning_from_many_threads_gives_one_id_per_path() {
        use rayon::prelude::*;
        let vfs = Vfs::new();
        let ids: Vec<FileId> = (0..1000)
            .into_par_iter()
            .map(|i| vfs.intern(Path::new(&format!("/f{}.pp", i % 10))))
            .collect();
        assert_eq!(vfs.len(), 10);
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(
                vfs.lookup(Path::new(&format!("/f{}.pp", i % 10))),
                Some(*id)
            );
        }
    }

    #[test]
    fn the_same_content_is_a_hit_and_a_change_a_miss() {
        let cache = ParseCache::new();
        let file = Vfs::new().intern(Path::new("x.pp"));
        let (first, lookup) = cache.parse(file, b"class a {}", &options(), ParseMode::Parse);
        assert_eq!(lookup, Lookup::Miss);
        let (again, lookup) = cache.parse(file, b"class a {}", &options(), ParseMode::Parse);
        assert_eq!(lookup, Lookup::Hit);
        assert!(Arc::ptr_eq(&first, &again));
        let (changed, lookup) = cache.parse(file, b"class b {}", &options(), ParseMode::Parse);
        assert_eq!(lookup, Lookup::Miss);
        assert!(changed.text.contains("class b"));
        assert_eq!(cache.stats(), (1, 2));
    }

    #[test]
    fn settings_that_change_a_result_are_part_of_the_key() {
        let cache = ParseCache::new();
        let file = Vfs::new().intern(Path::new("x.pp"));
        let source = b"plan p() {}";
        cache.parse(file, source, &options(), ParseMode::Parse);
        let tasks = options().tasks(true);
        assert_eq!(
            cache.parse(file, source, &tasks, ParseMode::Parse).1,
            Lookup::Miss
        );
        assert_eq!(
            cache
                .parse(file, source, &tasks, ParseMode::ParseAndValidate)
                .1,
            Lookup::Miss
        );
        let strict = tasks.clone().strict(Strict::Off);
        assert_eq!(
            cache
                .parse(file, source, &strict, ParseMode::ParseAndValidate)
                .1,
            Lookup::Miss
        );
        assert_eq!(
            cache
                .parse(file, source, &strict, ParseMode::ParseAndValidate)
                .1,
            Lookup::Hit
        );
    }

    #[test]
    fn memory_is_bounded_by_the_number_of_files() {
        let cache = ParseCache::new();
        let vfs = Vfs::new();
        let files: Vec<FileId> = (0..3)
            .map(|i| vfs.intern(Path::new(&format!("f{i}.pp"))))
            .collect();
        for round in 0..50 {
            for &file in &files {
                let source = format!("$x = {round}");
                cache.parse(file, source.as_bytes(), &options(), ParseMode::Parse);
            }
        }
        assert_eq!(cache.len(), 3);
        assert!(cache.last(files[0]).unwrap().text.contains("49"));
        cache.remove(files[0]);
        assert_eq!(cache.len(), 2);
        assert!(cache.last(files[0]).is_none());
    }

    #[test]
    fn parses_from_many_threads_share_the_cache() {
        use rayon::prelude::*;
        let cache = ParseCache::new();
        let vfs = Vfs::new();
        let files: Vec<FileId> = (0..8)
            .map(|i| vfs.intern(Path::new(&format!("f{i}.pp"))))
            .collect();
        let parse_all = || {
            files.par_iter().for_each(|&file| {
                cache.parse(file, b"class a {}", &options(), ParseMode::ParseAndValidate);
            })
        };
        parse_all();
        let (_, misses) = cache.stats();
        parse_all();
        assert_eq!(cache.stats(), (8, misses));
    }
}
