//! Whether an existing `.xpp` is up to date with its source: the rule `xpp build` and
//! `xpp check` share.
//!
//! A `.xpp` is up to date when its payload matches its checksum (`payload-xxh3`: a file torn
//! or damaged after it was written is built again), its envelope names this producer, the
//! settings of this build (`epp`, `tasks`, `strict`) and, for a build, the format asked for,
//! and either
//!
//! 1. its `source-size` and `source-mtime-ns` are the source file's size and modification time
//!    now: the source is not read (as make and ninja trust timestamps); or
//! 2. they differ or are missing, but its `source-sha256` is the SHA-256 of the source's bytes
//!    (a `touch`, a copy, a checkout): still up to date, and the build rewrites the envelope
//!    alone with the new size and time (the payload is kept), so that the next build needs no
//!    read of the source.
//!
//! A build records the size and time it saw before reading the source only when that time is
//! more than [`RACY_MARGIN`] in the past once the source is read: a change within the same
//! timestamp tick could otherwise go unseen (git's "racily clean" entries). Such a file is
//! decided by its digest on the next build, which records the time then.
//!
//! So deciding a source by this rule costs a `stat` of the source, `open`, one `read` and
//! `close` of the `.xpp` and an XXH3 of its payload (about 20 GB/s), not a read of both files
//! and two SHA-256. A build with nothing to do mostly does not even get here: the build state
//! (`state.rs`) trusts a `.xpp` whose and whose source's metadata did not change since a build
//! saw it up to date.

use std::io::Read as _;
use std::path::Path;
use std::time::{Duration, SystemTime};

use puppet_syntax::xpp::{self, SourceStat, XppFormat, XppHeader};
use puppet_syntax::ParseOptions;

/// How far in the past a source's modification time must be for a build to record it.
pub const RACY_MARGIN: Duration = Duration::from_secs(2);

/// What an existing `.xpp` is to its source.
pub enum Freshness {
    /// Up to date (`errors`: it records error diagnostics); `source` holds the source's bytes
    /// when they were read, because its size or time differ from those recorded: the envelope
    /// should then be rewritten.
    UpToDate {
        errors: bool,
        source: Option<Vec<u8>>,
    },
    /// To be built again, and why; with the source's bytes when they were read.
    Stale {
        why: String,
        source: Option<Vec<u8>>,
    },
}

/// The bytes and metadata of a file, in one `read` for most: `open`, `stat`, `read` into 64
/// KiB, `close` (a short read is the end of a regular file; should it not be, the payload
/// checksum fails and the file is built again); a larger file is read on to its end.
pub fn read_whole(path: &Path) -> std::io::Result<(Vec<u8>, std::fs::Metadata)> {
    const FIRST_READ: usize = 64 * 1024;
    let mut file = std::fs::File::open(path)?;
    let metadata = file.metadata()?;
    let mut bytes = vec![0; FIRST_READ];
    let filled = loop {
        match file.read(&mut bytes) {
            Ok(n) => break n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    };
    bytes.truncate(filled);
    if filled == FIRST_READ {
        file.read_to_end(&mut bytes)?;
    }
    Ok((bytes, metadata))
}

/// The freshness of a `.xpp` whose envelope is `header` (its payload checked), for the source at `source_path` with
/// metadata `source_metadata`, parsed with `options`; `format`, when given, must be the file's.
pub fn freshness(
    header: &XppHeader,
    source_path: &Path,
    source_metadata: &std::fs::Metadata,
    options: &ParseOptions,
    format: Option<XppFormat>,
) -> std::io::Result<Freshness> {
    let expected = XppHeader::for_settings(options, header.format);
    for key in ["producer", "puppet-version", "epp", "tasks", "strict"] {
        if header.get(key) != expected.get(key) {
            return Ok(Freshness::Stale {
                why: format!("{key} differs"),
                source: None,
            });
        }
    }
    if format.is_some_and(|f| f != header.format) {
        return Ok(Freshness::Stale {
            why: "format differs".to_owned(),
            source: None,
        });
    }
    let errors = header.get("errors").is_some_and(|e| e != "0");
    if header.source_stat().is_some() && header.source_stat() == SourceStat::of(source_metadata) {
        return Ok(Freshness::UpToDate {
            errors,
            source: None,
        });
    }
    let source = read_file(source_path)?;
    Ok(match header.get("source-sha256") {
        Some(digest) if digest == xpp::sha256_hex(&source) => Freshness::UpToDate {
            errors,
            source: Some(source),
        },
        _ => Freshness::Stale {
            why: "source-sha256 differs".to_owned(),
            source: Some(source),
        },
    })
}

/// The size and time to record for a source whose metadata, taken before it was read, is
/// `metadata`: none when its time is not safely in the past (see the module docs).
pub fn recordable_stat(metadata: &std::fs::Metadata) -> Option<SourceStat> {
    let modified = metadata.modified().ok()?;
    let age = SystemTime::now().duration_since(modified).ok()?;
    (age > RACY_MARGIN)
        .then(|| SourceStat::of(metadata))
        .flatten()
}

/// The bytes of a file: `open`, `read` until the end (two reads for most files), `close`.
/// (`std::fs::read` adds `statx` and `lseek` to size its buffer; in a build with nothing to
/// do, system calls are most of the time.)
pub fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::with_capacity(64 * 1024);
    (&file).take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(bytes)
}
