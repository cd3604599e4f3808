//! `xpp build`: parse, validate and write every stale `.xpp` of an environment, in parallel
//! (the freshness rule is `freshness.rs`'s; what a build with nothing to do trusts without
//! reading a `.xpp` is `state.rs`'s).

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::SystemTime;

use indicatif::{ProgressBar, ProgressStyle};

use puppet_syntax::xpp::{self, XppFormat, XppHeader, XppWriteOptions};
use puppet_syntax::{parse_and_validate, LocationContext, ParseOptions};
use rayon::prelude::*;

use super::environment::{self, Source};
use super::freshness::{self, Freshness};
use super::state::{BuildState, FileId, Record};
use super::{XppBuildArgs, XppSettings};
use crate::Outcome;

/// The options every source of the environment is parsed with (`epp` set per file): the module
/// path and the environment's manifests, so Puppet's location checks run, relative names
/// resolved against the environment; `tasks` and `strict` as given.
pub fn parse_options(
    envdir: &Path,
    modulepath: &[PathBuf],
    source: &Source,
    settings: XppSettings,
) -> ParseOptions {
    let location = LocationContext::new(
        modulepath.to_vec(),
        Some(envdir.join("manifests")),
        envdir.to_path_buf(),
    );
    settings.apply(
        ParseOptions::new()
            .file(source.name.clone())
            .epp(source.epp)
            .location(location),
    )
}

/// Writes `bytes` to `target` atomically (a temporary file in the same directory, then a
/// rename), with the permissions (and, as root, the owner) of the source, `like`, and the
/// modification time `modified` when given; returns the new file's identity.
///
/// Without `fsync`: a file torn by a crash is refused by every reader (payload digest,
/// structure checks), so Puppet loads the `.pp` instead (PRFC-23), and the next build, which
/// checks the payload digest, writes it again; an `fsync` per file nearly doubled the time of a
/// build of the Debian corpus. System calls are few (directories are created only when the
/// temporary file cannot be; one `fstat` of the new file tells whether its mode and owner
/// must change, which they seldom do, and gives its identity, the time set after it
/// excepted): in this work they cost more than parsing.
fn write_atomically(
    target: &Path,
    bytes: &[u8],
    like: &std::fs::Metadata,
    modified: Option<SystemTime>,
) -> std::io::Result<FileId> {
    static PID: OnceLock<u32> = OnceLock::new();
    let dir = target.parent().expect("an .xpp path has a directory");
    let name = target.file_name().expect("a file name").to_string_lossy();
    let pid = *PID.get_or_init(std::process::id);
    let temporary = dir.join(format!(".{name}.{pid}.tmp"));
    let mut file = match std::fs::File::create(&temporary) {
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir)?;
            std::fs::File::create(&temporary)?
        }
        other => other?,
    };
    let result = (|| {
        file.write_all(bytes)?;
        let created = file.metadata()?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::{MetadataExt, PermissionsExt};
            if created.permissions().mode() & 0o7777 != like.permissions().mode() & 0o7777 {
                file.set_permissions(like.permissions())?;
            }
            // Only root may give a file away (a file we create is owned by who we are).
            if created.uid() == 0 && (created.uid(), created.gid()) != (like.uid(), like.gid()) {
                let _ = std::os::unix::fs::fchown(&file, Some(like.uid()), Some(like.gid()));
            }
        }
        #[cfg(not(unix))]
        file.set_permissions(like.permissions())?;
        if let Some(time) = modified {
            file.set_modified(time)?;
        }
        // Device, inode and size are the new file's, the time the one just set: neither the
        // mode, the owner nor a rename changes them.
        let id = FileId::of_written(&created, modified)
            .ok_or_else(|| std::io::Error::other("the file system gives no modification time"))?;
        drop(file);
        std::fs::rename(&temporary, target)?;
        Ok(id)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

/// Removes `file`'s directories that are left empty, up to (not including) `root`.
fn remove_empty_parents(file: &Path, root: &Path) {
    let mut dir = file.parent();
    while let Some(d) = dir {
        // `remove_dir` refuses a directory that is not empty: that ends the climb.
        if d == root || !d.starts_with(root) || std::fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

/// What became of one source's `.xpp`, with the state's record of it when it has one.
enum Done {
    Written {
        errors: bool,
        record: Option<Record>,
    },
    UpToDate {
        errors: bool,
        record: Option<Record>,
    },
    Failed,
}

pub fn run(args: &XppBuildArgs) -> Outcome {
    let envdir = &args.envdir;
    if !envdir.is_dir() {
        eprintln!("puppet-parser: {} is not a directory", envdir.display());
        return Outcome::Failure;
    }
    let modulepath = args.modulepath(envdir);
    let format = match args.format {
        super::XppFormatArg::Msgpack => XppFormat::Msgpack,
        super::XppFormatArg::Json => XppFormat::Json,
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool,
        Err(err) => {
            eprintln!("puppet-parser: cannot start worker threads: {err}");
            return Outcome::Failure;
        }
    };
    let started = std::time::Instant::now();
    let root = environment::xpp_root(envdir);
    let state = BuildState::load(
        envdir,
        &root,
        state_settings(format, args.settings),
        &modulepath,
    );
    // Everything on the pool: the walk (or the check that the state's still holds), the
    // builds, and (without a usable state) the listing of the existing `.xpp` files (for
    // orphans) beside the builds; all of it is mostly system calls, so a build with nothing to
    // do is as parallel as one that writes.
    let (walk, walked) = pool.install(|| match state.unchanged_walk() {
        Some(walk) => (walk, false),
        None => (environment::sources(envdir, &modulepath), true),
    });
    let (sources, problems) = (&walk.sources, &walk.problems);
    log::debug!(
        sources = sources.len(), state = state.is_loaded(), walked = walked,
        ms = started.elapsed().as_secs_f64() * 1e3;
        "xpp build: sources found"
    );
    for problem in problems {
        eprintln!("puppet-parser: {problem}");
    }
    let progress = (std::io::stderr().is_terminal() && sources.len() >= 64).then(|| {
        let bar = ProgressBar::new(sources.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(style);
        }
        bar
    });
    // The `.xpp` files in the tree, for orphans: the state's while none of the tree's
    // directories changed, else a listing. The listing may or may not see the files being
    // written: they are all expected, never orphans, so either is right.
    let (results, (existing, tree_unchanged)): (Vec<Done>, (Vec<PathBuf>, bool)) =
        pool.install(|| {
            rayon::join(
                || {
                    sources
                        .par_iter()
                        .with_max_len(4)
                        .map(|source| {
                            let build = Build {
                                envdir,
                                modulepath: &modulepath,
                                format,
                                settings: args.settings,
                                state: &state,
                            };
                            let done = build.one(source);
                            if let Some(bar) = &progress {
                                bar.inc(1);
                            }
                            done
                        })
                        .collect()
                },
                || {
                    if state.tree_unchanged() {
                        (state.xpp_files().map(Path::to_path_buf).collect(), true)
                    } else {
                        (environment::existing_xpp_files(envdir), false)
                    }
                },
            )
        });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    // Paths as bytes: hashing a `Path` parses its components.
    let expected: std::collections::HashSet<&[u8]> = sources
        .iter()
        .map(|s| s.xpp.as_os_str().as_encoded_bytes())
        .collect();
    let mut removed = 0;
    let mut outcome = if problems.is_empty() {
        Outcome::Clean
    } else {
        Outcome::Failure
    };
    log::debug!(ms = started.elapsed().as_secs_f64() * 1e3; "xpp build: sources built");
    // The `.xpp` files the build leaves in the tree, for the state: every source's (a failed
    // one may have an old file) and the orphans that could not be removed.
    let mut left: Vec<(&Path, Option<&Path>, Option<Record>)> = Vec::with_capacity(sources.len());
    for orphan in &existing {
        if !expected.contains(orphan.as_os_str().as_encoded_bytes()) {
            state.before_change();
            match std::fs::remove_file(orphan) {
                Ok(()) => {
                    removed += 1;
                    remove_empty_parents(orphan, &root);
                }
                // Gone already (a state's file removed by hand).
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                Err(err) => {
                    eprintln!("puppet-parser: cannot remove {}: {err}", orphan.display());
                    outcome = Outcome::Failure;
                    left.push((orphan, None, None));
                }
            }
        }
    }
    let (mut written, mut up_to_date, mut with_errors, mut failed) = (0, 0, 0, 0);
    for (source, done) in sources.iter().zip(&results) {
        let record = match *done {
            Done::Written { errors, record } => {
                written += 1;
                with_errors += usize::from(errors);
                record
            }
            Done::UpToDate { errors, record } => {
                up_to_date += 1;
                with_errors += usize::from(errors);
                record
            }
            Done::Failed => {
                failed += 1;
                None
            }
        };
        left.push((&source.xpp, Some(&source.path), record));
    }
    left.sort_unstable_by(|a, b| a.0.as_os_str().cmp(b.0.as_os_str()));
    // On the pool too: the `.xpp` tree's directories are listed in parallel.
    if let Err(err) = pool.install(|| state.save(&walk, &left, tree_unchanged)) {
        // Only speed is lost: the next build reads the `.xpp` files.
        log::warn!(
            dir = root.display().to_string().as_str(), error = err.to_string().as_str();
            "cannot write the xpp build state; the next build reads every .xpp again"
        );
    }
    eprintln!(
        "xpp build: {} files, {written} written, {up_to_date} up to date, {removed} removed, {with_errors} with errors{}",
        sources.len(),
        if failed > 0 { format!(", {failed} failed") } else { String::new() }
    );
    if failed > 0 {
        outcome = Outcome::Failure;
    }
    if with_errors > 0 {
        outcome = outcome.merge(Outcome::Errors);
    }
    outcome
}

/// The producer and settings line of the build state: a state written with other ones is
/// not used.
fn state_settings(format: XppFormat, settings: XppSettings) -> String {
    let header = XppHeader::for_settings(&settings.apply(ParseOptions::new()), format);
    let mut line = format!("format={}", format.as_str());
    for key in ["producer", "puppet-version", "tasks", "strict"] {
        line.push_str(&format!("; {key}={}", header.get(key).unwrap_or("")));
    }
    line
}

/// What every source of one build shares.
struct Build<'a> {
    envdir: &'a Path,
    modulepath: &'a [PathBuf],
    format: XppFormat,
    settings: XppSettings,
    state: &'a BuildState,
}

impl Build<'_> {
    /// Brings `source`'s `.xpp` up to date.
    fn one(&self, source: &Source) -> Done {
        let cannot_read = |err: std::io::Error| {
            eprintln!(
                "puppet-parser: cannot read {}: {err}",
                source.path.display()
            );
            Done::Failed
        };
        // Taken before the source is read: the time recorded is never newer than the bytes.
        let metadata = match source
            .metadata
            .clone()
            .map_or_else(|| std::fs::metadata(&source.path), Ok)
        {
            Ok(metadata) => metadata,
            Err(err) => return cannot_read(err),
        };
        if let Some(record) = self.state.fresh_record(&source.xpp, &metadata) {
            return Done::UpToDate {
                errors: record.errors,
                record: Some(record),
            };
        }
        let options = parse_options(self.envdir, self.modulepath, source, self.settings);
        let existing = freshness::read_whole(&source.xpp).ok();
        let envelope = existing
            .as_ref()
            .and_then(|(bytes, _)| xpp::read_checked_envelope(bytes).ok());
        let freshness = envelope.as_ref().map(|(header, _)| {
            freshness::freshness(header, &source.path, &metadata, &options, Some(self.format))
        });
        let bytes = match freshness {
            Some(Ok(Freshness::UpToDate {
                errors,
                source: None,
            })) => {
                let xpp_metadata = &existing.as_ref().expect("an envelope was read").1;
                return Done::UpToDate {
                    errors,
                    record: Record::of(&metadata, xpp_metadata, errors),
                };
            }
            Some(Ok(Freshness::UpToDate {
                errors,
                source: Some(bytes),
            })) => {
                let (header, payload) = envelope.as_ref().expect("an envelope was read");
                match self.refresh_envelope(source, &bytes, header, payload, &options, &metadata) {
                    Some(record) => return Done::UpToDate { errors, record },
                    None => bytes,
                }
            }
            Some(Ok(Freshness::Stale {
                why,
                source: Some(bytes),
            })) => {
                log::debug!(file = source.name.as_str(), why = why.as_str(); "xpp stale");
                bytes
            }
            Some(Err(err)) => return cannot_read(err),
            None | Some(Ok(Freshness::Stale { source: None, .. })) => {
                match freshness::read_file(&source.path) {
                    Ok(bytes) => bytes,
                    Err(err) => return cannot_read(err),
                }
            }
        };
        let result = parse_and_validate(&bytes, &options);
        let errors = result.has_errors();
        let source_stat = freshness::recordable_stat(&metadata);
        let write_options = XppWriteOptions {
            format: self.format,
            source: Some(&bytes),
            parse_options: &options,
            source_stat,
        };
        let xpp_bytes = match xpp::write_xpp(&result, &write_options) {
            Ok(bytes) => bytes,
            Err(err) => {
                eprintln!("puppet-parser: cannot write {} as XPP: {err}", source.name);
                return Done::Failed;
            }
        };
        match self.write(source, &xpp_bytes, &metadata, source_stat.is_some(), errors) {
            Ok(record) => {
                log::debug!(file = source.name.as_str(); "xpp written");
                Done::Written { errors, record }
            }
            Err(err) => {
                eprintln!(
                    "puppet-parser: cannot write {}: {err}",
                    source.xpp.display()
                );
                Done::Failed
            }
        }
    }

    /// Writes `source`'s `.xpp` (the state removed first), which records errors or not; with
    /// `settled` (the source's time is safely in the past, see `state.rs`), the file gets the
    /// source's modification time and a record.
    fn write(
        &self,
        source: &Source,
        xpp_bytes: &[u8],
        metadata: &std::fs::Metadata,
        settled: bool,
        errors: bool,
    ) -> std::io::Result<Option<Record>> {
        self.state.before_change();
        let modified = if settled {
            metadata.modified().ok()
        } else {
            None
        };
        let written = write_atomically(&source.xpp, xpp_bytes, metadata, modified)?;
        Ok(Record::new(metadata, written, errors))
    }

    /// Rewrites the envelope (`header`) of an up-to-date `.xpp` whose source's size or time
    /// changed (its bytes did not) with the new ones, keeping the (checked) `payload`; `None`
    /// when the file must be built again instead (a failed write), else the state's record.
    fn refresh_envelope(
        &self,
        source: &Source,
        bytes: &[u8],
        header: &XppHeader,
        payload: &[u8],
        options: &ParseOptions,
        metadata: &std::fs::Metadata,
    ) -> Option<Option<Record>> {
        let Some(stat) = freshness::recordable_stat(metadata) else {
            // Too recent to record: the next build decides by the digest again.
            return Some(None);
        };
        let errors = header.get("errors").and_then(|e| e.parse::<usize>().ok())?;
        let fresh = XppHeader::for_source(options, header.format, bytes)
            .with_source_stat(stat)
            .with_payload(errors, payload);
        let mut out = fresh.to_line().into_bytes();
        out.extend_from_slice(b"\n\n");
        out.extend_from_slice(payload);
        match self.write(source, &out, metadata, true, errors > 0) {
            Ok(record) => {
                log::debug!(file = source.name.as_str(); "xpp envelope refreshed");
                Some(record)
            }
            Err(_) => None,
        }
    }
}
