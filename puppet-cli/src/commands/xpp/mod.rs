//! `puppet-parser xpp build|dump|check`: PRFC-23 XPP files of an environment.
//!
//! * `environment.rs` — which sources an environment has and where their `.xpp` go.
//! * `build.rs` — `xpp build` (parallel, incremental, atomic writes).
//! * `freshness.rs` — when a `.xpp` is up to date (shared by `build` and `check`).
//! * `state.rs` — the build state (`.xpp/build-state`): what a build with nothing to do trusts
//!   without listing a directory or opening a `.xpp`.
//! * here — the arguments, `xpp dump` (the human-readable view PRFC-23 promises) and
//!   `xpp check`.

mod build;
mod environment;
mod freshness;
mod state;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use puppet_syntax::{pn, xpp, ParseOptions};
use rayon::prelude::*;

use super::rules::RulesArgs;

use crate::Outcome;

#[derive(Subcommand, Debug)]
pub enum XppCommand {
    /// Parse and validate every source of an environment and write its `.xpp` under
    /// ENVDIR/.xpp/modules/ (only those whose source or settings changed).
    Build(XppBuildArgs),
    /// Show an `.xpp` file: its envelope, source, diagnostics and tree.
    Dump(XppDumpArgs),
    /// Report stale, missing, orphaned or unreadable `.xpp` files of an environment (exit 1 if any).
    Check(XppCheckArgs),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum XppFormatArg {
    /// Compact (the default).
    Msgpack,
    /// For humans and for Ruby Puppet's own deserializer.
    Json,
}

#[derive(Args, Debug)]
pub struct XppBuildArgs {
    /// The environment directory.
    #[arg(value_name = "ENVDIR")]
    pub envdir: PathBuf,
    /// Module directories, `:`-separated (default ENVDIR/modules).
    #[arg(long, value_name = "DIR[:DIR...]")]
    pub modulepath: Option<String>,
    /// Payload encoding.
    #[arg(long, value_enum, default_value_t = XppFormatArg::Msgpack)]
    pub format: XppFormatArg,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub settings: XppSettings,
}

/// The settings sources are parsed with: recorded in each `.xpp` (`puppet-version`,
/// `tasks`, `strict`), so a file built with other settings is not up to date.
#[derive(Args, Debug, Clone, Copy)]
pub struct XppSettings {
    /// Tasks mode: `plan` and `apply` are keywords.
    #[arg(long)]
    pub tasks: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

impl XppSettings {
    fn apply(self, options: ParseOptions) -> ParseOptions {
        self.rules.apply(options.tasks(self.tasks))
    }
}

impl XppBuildArgs {
    fn modulepath(&self, envdir: &Path) -> Vec<PathBuf> {
        modulepath(self.modulepath.as_deref(), envdir)
    }
}

fn modulepath(given: Option<&str>, envdir: &Path) -> Vec<PathBuf> {
    match given {
        Some(dirs) => dirs
            .split(':')
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .collect(),
        None => vec![envdir.join("modules")],
    }
}

#[derive(Args, Debug)]
pub struct XppDumpArgs {
    /// The `.xpp` file.
    #[arg(value_name = "FILE.xpp")]
    pub file: PathBuf,
    /// `text`: envelope, source, diagnostics and PN; `pn` / `json`: the tree only.
    #[arg(long, value_enum, default_value_t = XppDumpFormat::Text)]
    pub format: XppDumpFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum XppDumpFormat {
    Text,
    Pn,
    Json,
}

#[derive(Args, Debug)]
pub struct XppCheckArgs {
    /// The environment directory.
    #[arg(value_name = "ENVDIR")]
    pub envdir: PathBuf,
    /// Module directories, `:`-separated (default ENVDIR/modules).
    #[arg(long, value_name = "DIR[:DIR...]")]
    pub modulepath: Option<String>,
    /// The settings the files should have been built with.
    #[command(flatten)]
    pub settings: XppSettings,
}

pub fn run(command: &XppCommand) -> Outcome {
    match command {
        XppCommand::Build(args) => build::run(args),
        XppCommand::Dump(args) => dump(args),
        XppCommand::Check(args) => check(args),
    }
}

fn dump(args: &XppDumpArgs) -> Outcome {
    let bytes = match std::fs::read(&args.file) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("puppet-parser: cannot read {}: {err}", args.file.display());
            return Outcome::Failure;
        }
    };
    let file = match xpp::read_xpp(&bytes, None) {
        Ok(file) => file,
        Err(err) => {
            eprintln!("puppet-parser: {}: {err}", args.file.display());
            return Outcome::Failure;
        }
    };
    let result = &file.result;
    let mut out = io::BufWriter::new(io::stdout().lock());
    // Where Puppet's PN transformer raises (`puppet parser dump` would fail), as `dump` says.
    let mut ruby_fails = None;
    let written = (|| -> io::Result<()> {
        match (args.format, &result.model) {
            (XppDumpFormat::Pn | XppDumpFormat::Json, Some(model)) => {
                let format = match args.format {
                    XppDumpFormat::Pn => pn::PnFormat::Pn,
                    _ => pn::PnFormat::Json,
                };
                ruby_fails = pn::write_program(model, format, &mut out)?
                    .map(|failure| failure.diagnostic(model));
                writeln!(out)?
            }
            (XppDumpFormat::Pn | XppDumpFormat::Json, None) => {}
            (XppDumpFormat::Text, _) => {
                writeln!(out, "format: {}", file.header.format.mime_type())?;
                for (key, value) in file.header.parameters() {
                    writeln!(out, "{key}: {value}")?;
                }
                let name = result.file.as_deref().unwrap_or("");
                writeln!(
                    out,
                    "source: {} ({} bytes)",
                    crate::report::escape(name),
                    result.text.len()
                )?;
                writeln!(out, "diagnostics: {}", result.diagnostics.len())?;
                for d in &result.diagnostics {
                    writeln!(
                        out,
                        "  {}:{}:{}: {}[{}]: {}",
                        crate::report::escape(name),
                        d.line,
                        d.column,
                        d.severity.as_str(),
                        d.code,
                        crate::report::escape(&d.message)
                    )?;
                }
                match &result.model {
                    Some(model) => {
                        writeln!(out, "nodes: {}", model.locs().len())?;
                        writeln!(out, "{}", pn::transform(model).to_pretty_string())?;
                    }
                    None => writeln!(out, "no model (the source has syntax errors)")?,
                }
            }
        }
        out.flush()
    })();
    if let (Ok(()), Some(d)) = (&written, ruby_fails.as_ref()) {
        let human = crate::report::Human::PLAIN;
        let name = result.file.as_deref().unwrap_or("");
        let _ = human.write_file(
            &mut io::stderr().lock(),
            name,
            Some(&result.text),
            &[d.into()],
        );
    }
    match written {
        Ok(()) if result.has_errors() || ruby_fails.is_some() => Outcome::Errors,
        Ok(()) => Outcome::Clean,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Outcome::Clean,
        Err(err) => {
            eprintln!("puppet-parser: cannot write output: {err}");
            Outcome::Failure
        }
    }
}

fn check(args: &XppCheckArgs) -> Outcome {
    let envdir = &args.envdir;
    if !envdir.is_dir() {
        eprintln!("puppet-parser: {} is not a directory", envdir.display());
        return Outcome::Failure;
    }
    let modulepath = modulepath(args.modulepath.as_deref(), envdir);
    let environment::Walk {
        sources, problems, ..
    } = environment::sources(envdir, &modulepath);
    let mut findings: Vec<String> = sources
        .par_iter()
        .filter_map(|source| check_one(envdir, &modulepath, source, args.settings))
        .collect();
    let expected: std::collections::HashSet<&Path> =
        sources.iter().map(|s| s.xpp.as_path()).collect();
    for existing in environment::existing_xpp_files(envdir) {
        if !expected.contains(existing.as_path()) {
            findings.push(format!("orphaned: {}", existing.display()));
        }
    }
    let mut out = io::stdout().lock();
    for finding in &findings {
        let _ = writeln!(out, "{}", crate::report::escape(finding));
    }
    for problem in &problems {
        eprintln!("puppet-parser: {problem}");
    }
    eprintln!(
        "xpp check: {} sources, {} problems",
        sources.len(),
        findings.len()
    );
    if !problems.is_empty() {
        Outcome::Failure
    } else if findings.is_empty() {
        Outcome::Clean
    } else {
        Outcome::Errors
    }
}

/// What `xpp check` finds wrong with one source's `.xpp` (`freshness.rs`'s rule, and the whole
/// file read: a damaged one is unreadable), or `None`.
fn check_one(
    envdir: &Path,
    modulepath: &[PathBuf],
    source: &environment::Source,
    settings: XppSettings,
) -> Option<String> {
    let xpp_path = source.xpp.display();
    let Ok(metadata) = source
        .metadata
        .clone()
        .map_or_else(|| std::fs::metadata(&source.path), Ok)
    else {
        return Some(format!("unreadable source: {}", source.path.display()));
    };
    let Ok((existing, _)) = freshness::read_whole(&source.xpp) else {
        return Some(format!("missing: {xpp_path}"));
    };
    let header = match xpp::read_xpp(&existing, None) {
        Ok(file) => file.header,
        Err(err) => return Some(format!("unreadable: {xpp_path} ({err})")),
    };
    let options = build::parse_options(envdir, modulepath, source, settings);
    match freshness::freshness(&header, &source.path, &metadata, &options, None) {
        Ok(freshness::Freshness::UpToDate { .. }) => None,
        Ok(freshness::Freshness::Stale { why, .. }) => Some(format!("stale: {xpp_path} ({why})")),
        Err(_) => Some(format!("unreadable source: {}", source.path.display())),
    }
}
