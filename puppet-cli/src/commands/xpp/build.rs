//! `xpp build` (parse, validate and write every stale `.xpp` of an environment, in parallel)
//! and the freshness test it shares with `xpp check`.

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};

use puppet_syntax::xpp::{self, XppFormat, XppHeader, XppWriteOptions};
use puppet_syntax::{parse_and_validate, LocationContext, ParseOptions};
use rayon::prelude::*;

use super::environment::{self, Source};
use super::XppBuildArgs;
use crate::Outcome;

/// The options every source of the environment is parsed with (`epp` set per file): the module
/// path and the environment's manifests, so Puppet's location checks run, relative names
/// resolved against the environment.
pub fn parse_options(envdir: &Path, modulepath: &[PathBuf], source: &Source) -> ParseOptions {
    let location = LocationContext::new(
        modulepath.to_vec(),
        Some(envdir.join("manifests")),
        envdir.to_path_buf(),
    );
    ParseOptions::new()
        .file(source.name.clone())
        .epp(source.epp)
        .location(location)
}

/// Why an existing `.xpp` is not up to date with its source, or `None` when it is.
pub fn staleness(
    xpp_bytes: &[u8],
    source: &[u8],
    options: &ParseOptions,
    format: Option<XppFormat>,
) -> Option<String> {
    let header = match xpp::read_header(xpp_bytes) {
        Ok(header) => header,
        Err(err) => return Some(format!("unreadable: {err}")),
    };
    let expected = XppHeader::for_source(options, format.unwrap_or(header.format), source);
    for key in ["source-sha256", "producer", "epp", "tasks", "strict"] {
        if header.get(key) != expected.get(key) {
            return Some(format!("{key} differs"));
        }
    }
    if format.is_some_and(|f| f != header.format) {
        return Some("format differs".to_owned());
    }
    None
}

/// Writes `bytes` to `target` atomically (a temporary file in the same directory, then a
/// rename), with the permissions (and, as root, the owner) of `like`.
fn write_atomically(target: &Path, bytes: &[u8], like: &Path) -> std::io::Result<()> {
    let dir = target.parent().expect("an .xpp path has a directory");
    std::fs::create_dir_all(dir)?;
    let name = target.file_name().expect("a file name").to_string_lossy();
    let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        let metadata = std::fs::metadata(like)?;
        std::fs::set_permissions(&temporary, metadata.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Only root may give a file away (a file we create is owned by who we are).
            if std::fs::metadata(&temporary)?.uid() == 0 {
                let _ = std::os::unix::fs::chown(
                    &temporary,
                    Some(metadata.uid()),
                    Some(metadata.gid()),
                );
            }
        }
        std::fs::rename(&temporary, target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
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
    let (sources, problems) = environment::sources(envdir, &modulepath);
    for problem in &problems {
        eprintln!("puppet-parser: {problem}");
    }
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
    let progress = (std::io::stderr().is_terminal() && sources.len() >= 64).then(|| {
        let bar = ProgressBar::new(sources.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(style);
        }
        bar
    });
    let results: Vec<Done> = pool.install(|| {
        sources
            .par_iter()
            .with_max_len(4)
            .map(|source| {
                let done = build_one(envdir, &modulepath, source, format);
                if let Some(bar) = &progress {
                    bar.inc(1);
                }
                done
            })
            .collect()
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
    for orphan in environment::existing_xpp_files(envdir) {
        if !expected.contains(orphan.as_path()) {
            match std::fs::remove_file(&orphan) {
                Ok(()) => removed += 1,
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

fn build_one(envdir: &Path, modulepath: &[PathBuf], source: &Source, format: XppFormat) -> Done {
    let bytes = match std::fs::read(&source.path) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!(
                "puppet-parser: cannot read {}: {err}",
                source.path.display()
            );
            return Done::Failed;
        }
    };
    let options = parse_options(envdir, modulepath, source);
    if let Ok(existing) = std::fs::read(&source.xpp) {
        if staleness(&existing, &bytes, &options, Some(format)).is_none() {
            let errors = xpp::read_header(&existing)
                .ok()
                .and_then(|h| h.get("errors").map(|e| e != "0"))
                .unwrap_or(false);
            return Done::UpToDate { errors };
        }
    }
    let result = parse_and_validate(&bytes, &options);
    let errors = result.has_errors();
    let write_options = XppWriteOptions {
        format,
        source: Some(&bytes),
        parse_options: &options,
    };
    let xpp_bytes = match xpp::write_xpp(&result, &write_options) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("puppet-parser: cannot write {} as XPP: {err}", source.name);
            return Done::Failed;
        }
    };
    match write_atomically(&source.xpp, &xpp_bytes, &source.path) {
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
