//! The build state, `ENVDIR/.xpp/build-state`: what `xpp build` saw of the environment and of
//! every `.xpp` it left in the tree, so that a build with nothing to do lists no directory and
//! opens no `.xpp` (ninja's `.ninja_log` and git's index play this part for them).
//!
//! * **The walk.** The directories the last walk depended on ([`Watched`]: those it listed,
//!   the module directories, the module path entries) with their identity and modification
//!   time. When none changed (adding, removing or renaming an entry changes a directory's
//!   time), the walk would find the same sources: the state's list is used and nothing is
//!   listed. One changed directory, and the environment is walked again.
//! * **The files.** For each `.xpp` of the tree: its path (relative to `.xpp/modules`), its
//!   source's path (none for a file whose source is gone and that could not be removed), and,
//!   when the file can be trusted on metadata alone, a [`Record`]: the identity (device,
//!   inode, size, modification time) of the source and of the `.xpp`, and whether it records
//!   errors. A build takes a `.xpp` as up to date without opening it when both identities are
//!   those of the files now; anything else goes through `freshness.rs`'s rule, which reads the
//!   `.xpp`. Orphans are the state's files that no source expects (the `.xpp` tree is listed
//!   only when there is no usable state).
//!
//! A state is used only when it was written by the same producer, for the same format, parse
//! settings and module path.
//!
//! Why metadata is enough ("racily clean" files, as git calls them): a record is made only when
//! the source's and the `.xpp`'s modification times are more than [`RACY_MARGIN`] in the past,
//! and the walk is kept only when every watched directory's is, so any later change gives a
//! later time, which differs. A `.xpp` this build writes for such a source gets the source's
//! modification time (as `cp -p` does), so it is trusted on the next build at once; a `.xpp`
//! that another tool changes in place gets a new time, and its inode tells a replaced file
//! apart. Anything changed within the margin is decided the long way on the next build.
//!
//! A build that writes or removes anything removes the state first and writes it again at the
//! end, so a build that stops half-way leaves no state that misses its new files; the next one
//! walks and lists everything.
//!
//! The file is text, one item per line: `puppet-parser xpp build-state 1`, `settings …`, one
//! `modulepath DIR` per module directory, then, when the walk is kept, `watched N` and N lines
//! `DEV INO SIZE MTIME_NS PATH` (or `- PATH` for a path that did not exist), then one line per
//! `.xpp`, `ERRORS SRC_DEV SRC_INO SRC_SIZE SRC_MTIME_NS XPP_DEV XPP_INO XPP_SIZE XPP_MTIME_NS`
//! (or `-` without a record), a space, the `.xpp`'s path, a tab and the source's path, and
//! last `end COUNT`. Paths escape `\`, tab and newline as `\\`, `\t` and `\n`. A state that
//! does not read back as such is ignored (and replaced at the end of the build).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;

use rayon::prelude::*;

use super::environment::{self, Source, Walk, Watched};
use super::freshness::RACY_MARGIN;

/// The state's file name, in `ENVDIR/.xpp/`.
const STATE_FILE: &str = "build-state";

/// The first line: the format and its version.
const MAGIC: &str = "puppet-parser xpp build-state 1";

/// What tells a file's content (or a directory's entries) apart without reading it: device,
/// inode, size and modification time (nanoseconds since the epoch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileId {
    dev: u64,
    ino: u64,
    size: u64,
    mtime_ns: i128,
}

impl FileId {
    /// The identity in `metadata` (`None` where the platform gives no modification time).
    pub fn of(metadata: &std::fs::Metadata) -> Option<FileId> {
        let mtime_ns = nanos_since_epoch(metadata.modified().ok()?);
        #[cfg(unix)]
        let (dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            (metadata.dev(), metadata.ino())
        };
        #[cfg(not(unix))]
        let (dev, ino) = (0, 0);
        Some(FileId {
            dev,
            ino,
            size: metadata.len(),
            mtime_ns,
        })
    }

    /// The identity of a file whose metadata, taken before its modification time was set to
    /// `modified` (when given), is `created`.
    pub fn of_written(created: &std::fs::Metadata, modified: Option<SystemTime>) -> Option<FileId> {
        let id = FileId::of(created)?;
        Some(match modified {
            Some(time) => FileId {
                mtime_ns: nanos_since_epoch(time),
                ..id
            },
            None => id,
        })
    }

    /// Whether the modification time is more than [`RACY_MARGIN`] before `now` (nanoseconds
    /// since the epoch): a later change cannot carry the same time.
    fn settled(&self, now_ns: i128) -> bool {
        now_ns - self.mtime_ns > RACY_MARGIN.as_nanos() as i128
    }

    /// [`settled`](Self::settled) at `now`.
    pub fn is_settled_at(&self, now: SystemTime) -> bool {
        self.settled(nanos_since_epoch(now))
    }
}

/// Nanoseconds from the Unix epoch to `time` (negative before it).
fn nanos_since_epoch(time: SystemTime) -> i128 {
    match time.duration_since(SystemTime::UNIX_EPOCH) {
        Ok(after) => after.as_nanos() as i128,
        Err(before) => -(before.duration().as_nanos() as i128),
    }
}

fn now_ns() -> i128 {
    nanos_since_epoch(SystemTime::now())
}

/// What a build saw of an up-to-date `.xpp` and its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    source: FileId,
    xpp: FileId,
    /// The `.xpp` records error diagnostics.
    pub errors: bool,
}

impl Record {
    /// A record of an up-to-date `.xpp` (metadata `xpp`) and its source (metadata `source`,
    /// taken before the source was read), when both modification times are safely in the
    /// past (see the module docs).
    pub fn of(source: &std::fs::Metadata, xpp: &std::fs::Metadata, errors: bool) -> Option<Record> {
        Record::new(source, FileId::of(xpp)?, errors)
    }

    /// [`Record::of`] with the `.xpp`'s identity.
    pub fn new(source: &std::fs::Metadata, xpp: FileId, errors: bool) -> Option<Record> {
        let source = FileId::of(source)?;
        let now = now_ns();
        (source.settled(now) && xpp.settled(now)).then_some(Record {
            source,
            xpp,
            errors,
        })
    }
}

/// One `.xpp` of the tree as the state has it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// Its source, if it has one.
    source: Option<PathBuf>,
    record: Option<Record>,
}

/// The state a build starts from, and the one it leaves.
pub struct BuildState {
    /// `ENVDIR/.xpp/build-state`.
    path: PathBuf,
    envdir: PathBuf,
    /// `ENVDIR/.xpp/modules`, which the state's `.xpp` paths are relative to.
    root: PathBuf,
    /// The settings line this build writes (and accepts).
    settings: String,
    modulepath: Vec<PathBuf>,
    /// A usable state was read.
    loaded: bool,
    /// The loaded state's walk, when it was kept.
    watched: Option<Vec<Watched>>,
    /// The directories of the `.xpp` tree when the state was written, when they were kept:
    /// while none changed, the state's files are every `.xpp` of the tree.
    tree: Option<Vec<Watched>>,
    /// Every `.xpp` of the loaded state (absolute path), sorted by the bytes of its path (a
    /// binary search finds one: cheaper than hashing, and than comparing path components).
    entries: Vec<(PathBuf, Entry)>,
    /// The file was removed by this build (before its first change to the tree).
    removed: AtomicBool,
}

impl BuildState {
    /// The state of `envdir`'s tree (`root`: its `.xpp/modules`) for a build with `settings`
    /// (producer, format and parse settings, as one line) and `modulepath`: empty when there
    /// is none, or it was written for other settings, or it does not read back.
    pub fn load(envdir: &Path, root: &Path, settings: String, modulepath: &[PathBuf]) -> Self {
        let mut state = BuildState {
            path: envdir.join(".xpp").join(STATE_FILE),
            envdir: envdir.to_path_buf(),
            root: root.to_path_buf(),
            settings,
            modulepath: modulepath.to_vec(),
            loaded: false,
            watched: None,
            tree: None,
            entries: Vec::new(),
            removed: AtomicBool::new(false),
        };
        let Ok(bytes) = std::fs::read(&state.path) else {
            return state;
        };
        match state.parse(&bytes) {
            Some(Parsed {
                watched,
                tree,
                entries,
            }) => {
                state.loaded = true;
                state.watched = watched;
                state.tree = tree;
                state.entries = entries;
            }
            None => log::debug!(
                file = state.path.display().to_string().as_str();
                "xpp build state ignored (other settings, or not readable); the tree is listed"
            ),
        }
        state
    }

    /// Whether the state was read.
    pub fn is_loaded(&self) -> bool {
        self.loaded
    }

    /// Whether the state's files are every `.xpp` of the tree: none of its directories changed
    /// since the state was written (one `stat` each, in parallel on the current rayon pool).
    pub fn tree_unchanged(&self) -> bool {
        self.tree.as_deref().is_some_and(unchanged)
    }

    /// The walk of the environment the state kept, when none of its watched directories
    /// changed (one `stat` each, in parallel on the current rayon pool).
    pub fn unchanged_walk(&self) -> Option<Walk> {
        let watched = self.watched.as_ref()?;
        if !unchanged(watched) {
            return None;
        }
        let envdir = self.envdir.as_path();
        // Sorted by `.xpp` path, as a walk's.
        let sources = self
            .entries
            .iter()
            .filter_map(|(xpp, entry)| {
                let source = entry.source.clone()?;
                Some(Source::new(source, xpp.clone(), envdir, None))
            })
            .collect();
        Some(Walk {
            sources,
            problems: Vec::new(),
            watched: watched.clone(),
        })
    }

    /// The `.xpp` files the state knows of (absolute paths).
    pub fn xpp_files(&self) -> impl Iterator<Item = &Path> {
        self.entries.iter().map(|(xpp, _)| xpp.as_path())
    }

    fn entry(&self, xpp: &Path) -> Option<&Entry> {
        let at = self
            .entries
            .binary_search_by(|(e, _)| e.as_os_str().cmp(xpp.as_os_str()))
            .ok()?;
        Some(&self.entries[at].1)
    }

    /// The record of `xpp` when it still describes the files: the source's metadata is
    /// `source` and the `.xpp`'s, asked now, matches too (one `stat`).
    pub fn fresh_record(&self, xpp: &Path, source: &std::fs::Metadata) -> Option<Record> {
        let record = self.entry(xpp)?.record?;
        if FileId::of(source)? != record.source {
            return None;
        }
        let xpp_metadata = std::fs::metadata(xpp).ok()?;
        (FileId::of(&xpp_metadata)? == record.xpp).then_some(record)
    }

    /// Called before the build changes the tree: the state on disk is removed (once), so that
    /// a build stopped half-way leaves none behind (one written for other settings too, which
    /// a later build with those settings would read).
    pub fn before_change(&self) {
        if !self.removed.swap(true, Ordering::Relaxed) {
            let _ = std::fs::remove_file(&self.path);
        }
    }

    /// Writes the state the build leaves: `walk` (kept when it met no problem and every
    /// watched directory is settled), `files`, every `.xpp` of the tree with its source (if
    /// any) and record (if any), and the directories of the tree (kept as they were when
    /// `tree_unchanged` and the build changed nothing, else listed and settled now, and kept
    /// when the listing finds exactly `files`); nothing when that is the state read and it is
    /// still on disk.
    pub fn save(
        &self,
        walk: &Walk,
        files: &[(&Path, Option<&Path>, Option<Record>)],
        tree_unchanged: bool,
    ) -> std::io::Result<()> {
        let now = now_ns();
        let watched = (walk.problems.is_empty()
            && walk
                .watched
                .iter()
                .all(|w| w.id.is_none_or(|id| id.settled(now))))
        .then_some(&walk.watched);
        let changed = self.removed.load(Ordering::Relaxed);
        let tree = if tree_unchanged && !changed {
            self.tree.clone()
        } else {
            environment::settle_xpp_tree(&self.envdir).and_then(|tree| {
                let complete = tree.files.len() == files.len()
                    && files
                        .iter()
                        .all(|(xpp, ..)| tree.files.contains(xpp.as_os_str().as_encoded_bytes()));
                complete.then_some(tree.dirs)
            })
        };
        let unchanged = self.loaded
            && !changed
            && watched == self.watched.as_ref()
            && tree == self.tree
            && files.len() == self.entries.len()
            && files.iter().all(|&(xpp, source, record)| {
                self.entry(xpp)
                    .is_some_and(|e| e.record == record && e.source.as_deref() == source)
            });
        if unchanged {
            return Ok(());
        }
        let bytes = self.render(watched.map(Vec::as_slice), tree.as_deref(), files);
        let temporary = self
            .path
            .with_file_name(format!(".{STATE_FILE}.{}.tmp", std::process::id()));
        let written = std::fs::write(&temporary, &bytes)
            .and_then(|()| std::fs::rename(&temporary, &self.path));
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written
    }

    fn render(
        &self,
        watched: Option<&[Watched]>,
        tree: Option<&[Watched]>,
        files: &[(&Path, Option<&Path>, Option<Record>)],
    ) -> Vec<u8> {
        let mut out = Vec::with_capacity(256 + files.len() * 160);
        out.extend_from_slice(format!("{MAGIC}\nsettings {}\n", self.settings).as_bytes());
        for dir in &self.modulepath {
            out.extend_from_slice(b"modulepath ");
            push_escaped(&mut out, dir);
            out.push(b'\n');
        }
        for (name, list) in [("watched", watched), ("tree", tree)] {
            let Some(list) = list else {
                continue;
            };
            out.extend_from_slice(format!("{name} {}\n", list.len()).as_bytes());
            for w in list {
                match w.id {
                    Some(id) => push_file_id(&mut out, &id),
                    None => out.extend_from_slice(b"- "),
                }
                push_escaped(&mut out, &w.path);
                out.push(b'\n');
            }
        }
        let mut count = 0;
        for &(xpp, source, record) in files {
            let Ok(relative) = xpp.strip_prefix(&self.root) else {
                continue;
            };
            match record {
                Some(Record {
                    source,
                    xpp,
                    errors,
                }) => {
                    out.extend_from_slice(if errors { b"1 " } else { b"0 " });
                    push_file_id(&mut out, &source);
                    push_file_id(&mut out, &xpp);
                }
                None => out.extend_from_slice(b"- "),
            }
            push_escaped(&mut out, relative);
            out.push(b'\t');
            if let Some(source) = source {
                push_escaped(&mut out, source);
            }
            out.push(b'\n');
            count += 1;
        }
        out.extend_from_slice(format!("end {count}\n").as_bytes());
        out
    }

    /// A state written with this build's settings and module path.
    fn parse(&self, bytes: &[u8]) -> Option<Parsed> {
        let mut lines = bytes.strip_suffix(b"\n")?.split(|&b| b == b'\n').peekable();
        if lines.next()? != MAGIC.as_bytes() {
            return None;
        }
        if lines.next()?.strip_prefix(b"settings ")? != self.settings.as_bytes() {
            return None;
        }
        let mut modulepath = Vec::new();
        while let Some(dir) = lines.peek().and_then(|l| l.strip_prefix(b"modulepath ")) {
            modulepath.push(path_from_bytes(unescape(dir)?)?);
            lines.next();
        }
        if modulepath != self.modulepath {
            return None;
        }
        let mut watch_list = |name: &[u8]| -> Option<Option<Vec<Watched>>> {
            let Some(count) = lines.peek().and_then(|l| l.strip_prefix(name)) else {
                return Some(None);
            };
            let count: usize = number(count)?;
            lines.next();
            let mut list = Vec::with_capacity(count.min(1 << 20));
            for _ in 0..count {
                let line = lines.next()?;
                let (id, path) = match line.strip_prefix(b"- ") {
                    Some(path) => (None, path),
                    None => {
                        let mut fields = line.splitn(5, |&b| b == b' ');
                        (Some(file_id(&mut fields)?), fields.next()?)
                    }
                };
                let path = path_from_bytes(unescape(path)?)?;
                list.push(Watched { path, id });
            }
            Some(Some(list))
        };
        let watched = watch_list(b"watched ")?;
        let tree = watch_list(b"tree ")?;
        let mut root = self.root.as_os_str().as_encoded_bytes().to_vec();
        root.push(b'/');
        let mut entries: Vec<(PathBuf, Entry)> = Vec::new();
        for line in lines {
            if let Some(count) = line.strip_prefix(b"end ") {
                // The last line: a state cut at a line end is not taken for a smaller one.
                if number::<usize>(count)? != entries.len() {
                    return None;
                }
                // Written sorted; sorted again should it not be.
                if !entries.is_sorted_by(|a, b| a.0.as_os_str() < b.0.as_os_str()) {
                    entries.sort_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
                    entries.dedup_by(|a, b| a.0.as_os_str() == b.0.as_os_str());
                }
                return Some(Parsed {
                    watched,
                    tree,
                    entries,
                });
            }
            let (record, paths) = match line.strip_prefix(b"- ") {
                Some(paths) => (None, paths),
                None => {
                    let mut fields = line.splitn(10, |&b| b == b' ');
                    let errors = match fields.next()? {
                        b"0" => false,
                        b"1" => true,
                        _ => return None,
                    };
                    let source = file_id(&mut fields)?;
                    let xpp = file_id(&mut fields)?;
                    let record = Record {
                        source,
                        xpp,
                        errors,
                    };
                    (Some(record), fields.next()?)
                }
            };
            let tab = paths.iter().position(|&b| b == b'\t')?;
            let mut xpp = root.clone();
            xpp.extend_from_slice(&unescape(&paths[..tab])?);
            let source = match &paths[tab + 1..] {
                b"" => None,
                source => Some(path_from_bytes(unescape(source)?)?),
            };
            entries.push((path_from_bytes(xpp)?, Entry { source, record }));
        }
        None
    }
}

/// What a state file holds.
struct Parsed {
    watched: Option<Vec<Watched>>,
    tree: Option<Vec<Watched>>,
    entries: Vec<(PathBuf, Entry)>,
}

/// Whether no path of `list` changed (one `stat` each, in parallel on the current rayon pool).
fn unchanged(list: &[Watched]) -> bool {
    list.par_iter()
        .with_max_len(16)
        .all(|w| match (std::fs::metadata(&w.path), w.id) {
            (Ok(metadata), Some(id)) => FileId::of(&metadata) == Some(id),
            (Err(err), None) => err.kind() == std::io::ErrorKind::NotFound,
            _ => false,
        })
}

/// Appends the four fields of a [`FileId`] and a space.
fn push_file_id(out: &mut Vec<u8>, id: &FileId) {
    let FileId {
        dev,
        ino,
        size,
        mtime_ns,
    } = id;
    out.extend_from_slice(format!("{dev} {ino} {size} {mtime_ns} ").as_bytes());
}

/// The four fields of a [`FileId`], as [`push_file_id`] writes them.
fn file_id<'a>(fields: &mut impl Iterator<Item = &'a [u8]>) -> Option<FileId> {
    Some(FileId {
        dev: number(fields.next()?)?,
        ino: number(fields.next()?)?,
        size: number(fields.next()?)?,
        mtime_ns: number(fields.next()?)?,
    })
}

/// A decimal number (a `-` first for a negative one), digits only.
fn number<T: TryFrom<i128>>(field: &[u8]) -> Option<T> {
    let (negative, digits) = match field.strip_prefix(b"-") {
        Some(digits) => (true, digits),
        None => (false, field),
    };
    if digits.is_empty() || digits.len() > 38 {
        return None;
    }
    let mut value: i128 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        value = value * 10 + i128::from(d - b'0');
    }
    T::try_from(if negative { -value } else { value }).ok()
}

/// Appends `path`'s bytes with `\`, tab and newline escaped.
fn push_escaped(out: &mut Vec<u8>, path: &Path) {
    for &b in path.as_os_str().as_encoded_bytes() {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            _ => out.push(b),
        }
    }
}

/// The bytes of the path [`push_escaped`] wrote.
fn unescape(escaped: &[u8]) -> Option<Vec<u8>> {
    if !escaped.contains(&b'\\') {
        return Some(escaped.to_vec());
    }
    let mut bytes = Vec::with_capacity(escaped.len());
    let mut iter = escaped.iter();
    while let Some(&b) = iter.next() {
        bytes.push(match b {
            b'\\' => match iter.next()? {
                b'\\' => b'\\',
                b't' => b'\t',
                b'n' => b'\n',
                _ => return None,
            },
            _ => b,
        });
    }
    Some(bytes)
}

#[cfg(unix)]
fn path_from_bytes(bytes: Vec<u8>) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

#[cfg(not(unix))]
fn path_from_bytes(bytes: Vec<u8>) -> Option<PathBuf> {
    String::from_utf8(bytes).ok().map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODULEPATH: &str = "/m\\odules\nx";

    fn state(dir: &Path, settings: &str) -> BuildState {
        BuildState::load(
            dir,
            &dir.join(".xpp/modules"),
            settings.to_owned(),
            &[PathBuf::from(MODULEPATH)],
        )
    }

    #[test]
    fn a_state_reads_back_and_other_settings_or_damage_ignore_it() {
        let dir = std::env::temp_dir().join(format!("xpp-state-{}", std::process::id()));
        std::fs::create_dir_all(dir.join(".xpp/modules")).unwrap();
        let settings = "producer=p; format=msgpack";
        let old = FileId {
            dev: 1,
            ino: 2,
            size: 3,
            mtime_ns: -4,
        };
        let record = Record {
            source: old,
            xpp: FileId { ino: 9, ..old },
            errors: true,
        };
        let a = dir.join(".xpp/modules/m/manifests/a b\\\t\n.xpp");
        let a_source = PathBuf::from("/src/m/manifests/a b\\\t\n.pp");
        let b = dir.join(".xpp/modules/environment/manifests/site.xpp");
        let walk = Walk {
            sources: Vec::new(),
            problems: Vec::new(),
            watched: vec![
                Watched {
                    path: PathBuf::from("/src/m\tx"),
                    id: Some(old),
                },
                Watched {
                    path: dir.join("manifests"),
                    id: None,
                },
            ],
        };
        let first = state(&dir, settings);
        assert!(!first.is_loaded());
        first
            .save(
                &walk,
                &[(&a, Some(&a_source), Some(record)), (&b, None, None)],
                false,
            )
            .unwrap();
        let second = state(&dir, settings);
        assert!(second.is_loaded());
        assert_eq!(second.watched.as_ref(), Some(&walk.watched));
        assert_eq!(second.entries.len(), 2);
        let entry = |path: &Path| second.entry(path).unwrap().clone();
        assert_eq!(
            entry(&a),
            Entry {
                source: Some(a_source),
                record: Some(record)
            }
        );
        assert_eq!(
            entry(&b),
            Entry {
                source: None,
                record: None
            }
        );
        assert!(!state(&dir, "producer=p; format=json").is_loaded());
        // A directory changed within the margin: the walk is not kept.
        let recent = Walk {
            watched: vec![Watched {
                path: PathBuf::from("/src"),
                id: Some(FileId {
                    mtime_ns: now_ns(),
                    ..old
                }),
            }],
            sources: Vec::new(),
            problems: Vec::new(),
        };
        second.save(&recent, &[(&b, None, None)], false).unwrap();
        let third = state(&dir, settings);
        assert!(third.is_loaded());
        assert_eq!(third.watched, None);
        // Damaged: ignored.
        first
            .save(
                &walk,
                &[(&a, Some(Path::new("/s")), None), (&b, None, None)],
                false,
            )
            .unwrap();
        let path = dir.join(".xpp").join(STATE_FILE);
        let bytes = std::fs::read(&path).unwrap();
        assert!(state(&dir, settings).is_loaded());
        let last_line = bytes[..bytes.len() - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .unwrap();
        for cut in [10, last_line + 1, bytes.len() - 5, bytes.len() - 1] {
            std::fs::write(&path, &bytes[..cut]).unwrap();
            assert!(!state(&dir, settings).is_loaded(), "cut at {cut}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
