//! `xpp build`: parse, validate and write every stale `.xpp` of an environment, in parallel
//! (the freshness rule is `freshness.rs`'s).

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use indicatif::{ProgressBar, ProgressStyle};

use puppet_syntax::xpp::{self, XppFormat, XppHeader, XppWriteOptions};
use puppet_syntax::{parse_and_validate, LocationContext, ParseOptions};
use rayon::prelude::*;

use super::environment::{self, Source};
use super::freshness::{self, Freshness};
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
/// rename), with the permissions (and, as root, the owner) of the source, `like`.
///
/// Without `fsync`: a file torn by a crash is refused by every reader (payload digest,
/// structure checks), so Puppet loads the `.pp` instead (PRFC-23), and the next build, which
/// checks the payload digest, writes it again; an `fsync` per file nearly doubled the time of a
/// build of the Debian corpus. System calls are few (directories are created only when the
/// temporary file cannot be, permissions and owner set through the open file): in this
/// work they cost more than parsing.
fn write_atomically(target: &Path, bytes: &[u8], like: &std::fs::Metadata) -> std::io::Result<()> {
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
        file.set_permissions(like.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Only root may give a file away (a file we create is owned by who we are: asked
            // once per process).
            static AS_ROOT: OnceLock<bool> = OnceLock::new();
            let as_root = match AS_ROOT.get() {
                Some(&as_root) => as_root,
                None => *AS_ROOT.get_or_init(|| file.metadata().is_ok_and(|m| m.uid() == 0)),
            };
            if as_root {
                let _ = std::os::unix::fs::fchown(&file, Some(like.uid()), Some(like.gid()));
            }
        }
        drop(file);
        std::fs::rename(&temporary, target)
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

enum Done {
    Written { errors: bool },
    UpToDate { errors: bool },
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
    // Everything on the pool: the walk, the builds, and the listing of the existing `.xpp`
    // files (for orphans) beside the builds; all of it is mostly system calls, so a build with
    // nothing to do is as parallel as one that writes.
    let (sources, problems) = pool.install(|| environment::sources(envdir, &modulepath));
    for problem in &problems {
        eprintln!("puppet-parser: {problem}");
    }
    let progress = (std::io::stderr().is_terminal() && sources.len() >= 64).then(|| {
        let bar = ProgressBar::new(sources.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(style);
        }
        bar
    });
    // The listing may or may not see the files being written: they are all expected, never
    // orphans, so either is right.
    let (results, existing): (Vec<Done>, Vec<PathBuf>) = pool.install(|| {
        rayon::join(
            || {
                sources
                    .par_iter()
                    .with_max_len(4)
                    .map(|source| {
                        let done = build_one(envdir, &modulepath, source, format, args.settings);
                        if let Some(bar) = &progress {
                            bar.inc(1);
                        }
                        done
                    })
                    .collect()
            },
            || environment::existing_xpp_files(envdir),
        )
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let expected: std::collections::HashSet<&Path> =
        sources.iter().map(|s| s.xpp.as_path()).collect();
    let mut removed = 0;
    let mut outcome = if problems.is_empty() {
        Outcome::Clean
    } else {
        Outcome::Failure
    };
    let root = environment::xpp_root(envdir);
    for orphan in existing {
        if !expected.contains(orphan.as_path()) {
            match std::fs::remove_file(&orphan) {
                Ok(()) => {
                    removed += 1;
                    remove_empty_parents(&orphan, &root);
                }
                Err(err) => {
                    eprintln!("puppet-parser: cannot remove {}: {err}", orphan.display());
                    outcome = Outcome::Failure;
                }
            }
        }
    }
    let (mut written, mut up_to_date, mut with_errors, mut failed) = (0, 0, 0, 0);
    for done in &results {
        match done {
            Done::Written { errors } => {
                written += 1;
                with_errors += usize::from(*errors);
            }
            Done::UpToDate { errors } => {
                up_to_date += 1;
                with_errors += usize::from(*errors);
            }
            Done::Failed => failed += 1,
        }
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

fn build_one(
    envdir: &Path,
    modulepath: &[PathBuf],
    source: &Source,
    format: XppFormat,
    settings: XppSettings,
) -> Done {
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
    let options = parse_options(envdir, modulepath, source, settings);
    let existing = freshness::read_whole(&source.xpp).ok();
    let envelope = existing
        .as_deref()
        .and_then(|bytes| xpp::read_checked_envelope(bytes).ok());
    let bytes = match envelope.as_ref().map(|(header, _)| {
        freshness::freshness(header, &source.path, &metadata, &options, Some(format))
    }) {
        Some(Ok(Freshness::UpToDate {
            errors,
            source: None,
        })) => return Done::UpToDate { errors },
        Some(Ok(Freshness::UpToDate {
            errors,
            source: Some(bytes),
        })) => {
            let (header, payload) = envelope.as_ref().expect("an envelope was read");
            if refresh_envelope(source, &bytes, header, payload, &options, &metadata) {
                return Done::UpToDate { errors };
            }
            bytes
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
    let write_options = XppWriteOptions {
        format,
        source: Some(&bytes),
        parse_options: &options,
        source_stat: freshness::recordable_stat(&metadata),
    };
    let xpp_bytes = match xpp::write_xpp(&result, &write_options) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("puppet-parser: cannot write {} as XPP: {err}", source.name);
            return Done::Failed;
        }
    };
    match write_atomically(&source.xpp, &xpp_bytes, &metadata) {
        Ok(()) => {
            log::debug!(file = source.name.as_str(); "xpp written");
            Done::Written { errors }
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

/// Rewrites the envelope (`header`) of an up-to-date `.xpp` whose source's size or time
/// changed (its bytes did not) with the new ones, keeping the (checked) `payload`; false when
/// the file must be built again instead (a failed write).
fn refresh_envelope(
    source: &Source,
    bytes: &[u8],
    header: &XppHeader,
    payload: &[u8],
    options: &ParseOptions,
    metadata: &std::fs::Metadata,
) -> bool {
    let Some(stat) = freshness::recordable_stat(metadata) else {
        // Too recent to record: the next build decides by the digest again.
        return true;
    };
    let Some(errors) = header.get("errors").and_then(|e| e.parse::<usize>().ok()) else {
        return false;
    };
    let fresh = XppHeader::for_source(options, header.format, bytes)
        .with_source_stat(stat)
        .with_payload(errors, payload);
    let mut out = fresh.to_line().into_bytes();
    out.extend_from_slice(b"\n\n");
    out.extend_from_slice(payload);
    match write_atomically(&source.xpp, &out, metadata) {
        Ok(()) => {
            log::debug!(file = source.name.as_str(); "xpp envelope refreshed");
            true
        }
        Err(_) => false,
    }
}
