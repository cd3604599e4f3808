//! `puppet-parser validate [OPTIONS] [PATH...]`: parse and validate manifests and EPP templates
//! the way Puppet 7's `puppet parser validate` / `puppet epp validate` do, in parallel.
//!
//! * Inputs: files, and directories searched recursively (following symbolic links, each real
//!   file once: `crate::inputs`) for `*.pp` and `*.epp`; no PATH means the current directory;
//!   `-` reads standard input. `.epp` files (and everything with `--epp`) are parsed as EPP
//!   templates.
//! * Files are validated in parallel (rayon, `--jobs` workers), read ahead of the workers by
//!   one more thread when they leave a core idle (`crate::read_ahead`); the output is in
//!   sorted path order. When every PATH is named like a Puppet file, the files are not looked
//!   up first: each one's identity is found as it is read (`inputs::NamedFiles`), and a
//!   second name of one file is dropped at the end.
//!   A progress bar is drawn on stderr when it is a terminal and there are many files.
//! * `--format human`: `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, then the source line with a
//!   caret under the span (`crate::report`: escaped, coloured on a terminal), then a summary
//!   line on stderr. `--format json`: JSON Lines on stdout, one object per diagnostic (`file,
//!   line, column, offset, length, severity, issue, message, args`), `{"omitted": {...}}` after
//!   a file's diagnostics when `--max-errors` left some out, and a final `{"summary": {...}}`.
//!   `--format sarif` (one SARIF log), `github` (workflow-command annotations) and
//!   `codeclimate` (GitLab's code quality array) write to stdout, the summary line to stderr.
//!   Every format is a renderer of `puppet-diagnostics`.
//! * One file count everywhere: `files` (human: "N files validated") counts the files read and
//!   checked; `unreadable` those that could not be read; `internal_errors` those the parser
//!   failed on. Diagnostic counts include those `--max-errors` left out (`omitted`).
//! * A `--modulepath` entry (or `--manifest`) that does not exist is warned about (log). A
//!   module path holding a module named `environment` or `puppet_system` is an error (log,
//!   exit 1): Puppet's loaders of those names clash with it, and Puppet fails on every file.
//! * Exit status: 0 without errors (warnings alone: 0), 1 with errors, 2 on usage or I/O
//!   problems (an unreadable file is reported on stderr and the others are still validated).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use puppet_diagnostics::render::{codeclimate::CodeClimate, github, json, sarif};
use puppet_syntax::{parse_and_validate_owned, LocationContext, ParseOptions};

use super::modulepath::{self, PathSetting};
use super::rules::RulesArgs;

use crate::cli::{ColorChoice, ParseArgs, ReportArgs, WalkArgs};
use crate::inputs::{self, Identity};
use crate::report::{self, escape_path, Counts, Diagnostic, Human};
use crate::{read_ahead, source, Outcome};

/// Files from which on the progress bar is shown (on a terminal).
const PROGRESS_MIN_FILES: usize = 64;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    pub format: OutputFormat,

    /// Number of files validated in parallel (default: all cores). With fewer than the cores,
    /// one more thread reads the files ahead of the workers.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// The environment's module path (`DIR[:DIR...]`): a file under `DIR/<module>/` belongs to
    /// module `<module>`, which enables the location checks (ILLEGAL_DEFINITION_LOCATION,
    /// ILLEGAL_TOP_CONSTRUCT_LOCATION).
    #[arg(long, value_name = "DIR[:DIR...]")]
    pub modulepath: Option<std::ffi::OsString>,

    /// The environment's manifest (file or directory): files under it are exempt from the
    /// location checks (only meaningful with --modulepath).
    #[arg(long, value_name = "PATH")]
    pub manifest: Option<PathBuf>,

    #[command(flatten)]
    pub parse: ParseArgs,

    #[command(flatten)]
    pub report: ReportArgs,

    #[command(flatten)]
    pub walk: WalkArgs,

    /// Files and directories to validate (directories: every `*.pp` and `*.epp` below them,
    /// each real file once; `-`: standard input). Default: the current directory.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum OutputFormat {
    /// `FILE:LINE:COLUMN: SEVERITY[CODE]: message` and the source line with a caret.
    Human,
    /// JSON Lines: one object per diagnostic, then a summary object.
    Json,
    /// One SARIF 2.1.0 log (GitHub code scanning, GitLab, editors); columns in UTF-16 code
    /// units.
    Sarif,
    /// GitHub Actions annotations (`::error file=…,line=…::message`).
    Github,
    /// A Code Climate issue array (GitLab's code quality report).
    Codeclimate,
}

/// The outcome for one input file.
struct Checked {
    name: String,
    /// The parsed text, kept only when there are diagnostics to show.
    text: Option<Arc<str>>,
    diagnostics: Vec<Diagnostic>,
    /// Why the file was not validated (the message is on stderr already).
    failure: Option<Failure>,
    /// A module's `metadata.json` (reported, not counted among the files validated).
    metadata: bool,
}

#[derive(Clone, PartialEq, Eq, Debug)]
enum Failure {
    /// With the message for stderr (written once the files are known).
    Unreadable(String),
    /// The parser panicked (a bug; the other files are still validated).
    InternalError,
}

pub fn run(args: &ValidateArgs, color: ColorChoice) -> Outcome {
    let started = Instant::now();
    let mut outcome = Outcome::Clean;
    let stderr = io::stderr();

    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool,
        Err(err) => {
            let _ = writeln!(
                stderr.lock(),
                "puppet-parser: cannot start worker threads: {err}"
            );
            return Outcome::Failure;
        }
    };
    let (options, reserved_module) = parse_options(args);
    if reserved_module {
        outcome = outcome.merge(Outcome::Errors);
    }
    // Puppet reads the metadata of the module path's modules before it validates.
    let metadata: Vec<Checked> = modulepath::unparsable_metadata(&options)
        .into_iter()
        .map(|(name, text, diagnostic)| Checked {
            name,
            text: Some(text),
            diagnostics: vec![diagnostic.into()],
            failure: None,
            metadata: true,
        })
        .collect();
    let progress = stderr.is_terminal().then(|| {
        let bar = ProgressBar::hidden();
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(style);
        }
        bar
    });
    // Once the files to validate are known (or, for named files, their number at most).
    let starting = |files: usize| {
        log::info!(
            files,
            jobs = args.jobs.unwrap_or(0),
            format = format_name(args.format),
            puppet_version = options.release.to_string(),
            strict = options.effective_strict().as_str();
            "validate"
        );
        if let Some(bar) = &progress {
            bar.set_length(files as u64);
            bar.set_position(0);
            if files >= PROGRESS_MIN_FILES {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    };
    let check = |path: &PathBuf, read| {
        let checked = check_file(path, read, args.parse, &options);
        if let Some(bar) = &progress {
            bar.inc(1);
        }
        checked
    };
    let named = inputs::NamedFiles::of(&args.paths);
    let named_results = named.and_then(|named| {
        starting(named.paths.len());
        validate_named(&pool, &named, &check)
    });
    let results = match named_results {
        Some(results) => results,
        None => {
            // Finding the files is kernel work (a `stat` per named file, directory listings):
            // with fewer workers than cores it runs on every core (rayon's global pool), as
            // reading does.
            let found = if read_ahead::leaves_a_core_idle(&pool) {
                inputs::collect(&args.paths, args.walk.options())
            } else {
                pool.install(|| inputs::collect(&args.paths, args.walk.options()))
            };
            if found.problems > 0 {
                outcome = outcome.merge(Outcome::Failure);
            }
            log::debug!(files = found.files.len(), millis = started.elapsed().as_millis() as u64; "inputs collected");
            starting(found.files.len());
            read_ahead::map_read(&pool, &found.files, |path| source::read(path), check)
        }
    };
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    log::debug!(files = results.len(), millis = started.elapsed().as_millis() as u64; "files validated");
    for checked in &results {
        if let Some(Failure::Unreadable(message)) = &checked.failure {
            let _ = writeln!(stderr.lock(), "puppet-parser: {message}");
        }
    }

    let mut summary = Summary {
        max_errors: args.report.max_errors,
        ..Summary::default()
    };
    let stdout = io::stdout();
    let human = Human {
        colour: report::use_colour_for(color, stdout.is_terminal()),
        max_errors: args.report.max_errors,
    };
    let mut out = BufWriter::new(stdout.lock());
    let max_errors = args.report.max_errors;
    let mut sarif = (args.format == OutputFormat::Sarif).then(|| {
        let tool = sarif::Tool {
            name: "puppet-parser".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            information_uri: None,
        };
        sarif::Sarif::new(tool, |_| sarif::RuleHelp::default())
    });
    let mut codeclimate = (args.format == OutputFormat::Codeclimate).then(CodeClimate::new);
    let written = (|| -> io::Result<()> {
        for checked in metadata.iter().chain(&results) {
            let (name, text) = (checked.name.as_str(), checked.text.as_deref());
            let omitted = match args.format {
                OutputFormat::Human => {
                    human.write_file(&mut out, name, text, &checked.diagnostics)?
                }
                OutputFormat::Json => {
                    json::write_file(&mut out, name, &checked.diagnostics, max_errors)?
                }
                OutputFormat::Github => {
                    let (shown, omitted) = report::limit(&checked.diagnostics, max_errors);
                    github::write_file(&mut out, name, text, shown)?;
                    omitted
                }
                OutputFormat::Sarif | OutputFormat::Codeclimate => {
                    let (shown, omitted) = report::limit(&checked.diagnostics, max_errors);
                    if let Some(log) = &mut sarif {
                        log.add_file(name, text, shown);
                    }
                    if let Some(report) = &mut codeclimate {
                        report.add_file(name, text, shown);
                    }
                    omitted
                }
            };
            summary.add(checked, omitted);
        }
        if args.format == OutputFormat::Json {
            writeln!(out, "{}", summary.to_json())?;
        }
        if let Some(log) = sarif.take() {
            log.write(&mut out)?;
        }
        if let Some(report) = codeclimate.take() {
            report.write(&mut out)?;
        }
        out.flush()
    })();
    if let Err(err) = written {
        if err.kind() != io::ErrorKind::BrokenPipe {
            let _ = writeln!(stderr.lock(), "puppet-parser: cannot write output: {err}");
        }
        return outcome.merge(Outcome::Failure);
    }
    if args.format != OutputFormat::Json {
        let _ = writeln!(stderr.lock(), "{}", summary.line());
    }
    log::info!(
        files = summary.files,
        errors = summary.counts.errors,
        warnings = summary.counts.warnings,
        millis = started.elapsed().as_millis() as u64;
        "validated"
    );
    if summary.unreadable + summary.internal_errors > 0 {
        outcome = outcome.merge(Outcome::Failure);
    }
    if summary.counts.errors > 0 {
        outcome = outcome.merge(Outcome::Errors);
    }
    outcome
}

/// The options every file shares (the file name and EPP are set per file), and whether the
/// module path holds a module named as one of Puppet's loaders
/// ([`modulepath::reserved_module_in`]).
fn parse_options(args: &ValidateArgs) -> (ParseOptions, bool) {
    // Ruby resolves relative paths against the working directory and `~` from $HOME: the
    // module path and manifest for the location checks, and the file itself, whose expanded
    // path the import's messages show (`Class 'a' is already defined (file: /abs/x.pp, …`).
    // Without `--modulepath` the module path is empty, which turns the location checks off.
    let working_dir = std::env::current_dir().unwrap_or_default();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let mut reserved_module = false;
    let location = if let Some(mp) = &args.modulepath {
        let dirs: Vec<PathBuf> = std::env::split_paths(mp)
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        for dir in &dirs {
            modulepath::warn_if_missing(
                dir,
                &working_dir,
                home.as_deref(),
                PathSetting::ModulePathEntry,
            );
            reserved_module |= modulepath::reserved_module_in(dir, &working_dir, home.as_deref());
        }
        if let Some(manifest) = &args.manifest {
            modulepath::warn_if_missing(
                manifest,
                &working_dir,
                home.as_deref(),
                PathSetting::Manifest,
            );
        }
        LocationContext::new(dirs, args.manifest.clone(), working_dir).with_home(home)
    } else {
        LocationContext::new(Vec::new(), None, working_dir).with_home(home)
    };
    let mut options = args
        .rules
        .apply(ParseOptions::new().tasks(args.parse.tasks));
    options.location = Some(location);
    (options, reserved_module)
}

fn format_name(format: OutputFormat) -> &'static str {
    match format {
        OutputFormat::Human => "human",
        OutputFormat::Json => "json",
        OutputFormat::Sarif => "sarif",
        OutputFormat::Github => "github",
        OutputFormat::Codeclimate => "codeclimate",
    }
}

/// Parses and validates one file, given what reading it gave (a panic becomes an error
/// report).
/// Validates named Puppet files, each identified while it is read ([`inputs::NamedFiles`]),
/// each real file once; `None` when one of them is a directory.
fn validate_named<F>(
    pool: &rayon::ThreadPool,
    named: &inputs::NamedFiles,
    check: &F,
) -> Option<Vec<Checked>>
where
    F: Fn(&PathBuf, io::Result<source::Input>) -> Checked + Sync,
{
    let results: Vec<(Identity, Option<Checked>)> = read_ahead::map_read(
        pool,
        &named.paths,
        |path| {
            let identity = named.identify(path);
            let read = match identity {
                Identity::Directory => Err(io::ErrorKind::IsADirectory.into()),
                Identity::File(_) => source::read(path),
            };
            (identity, read)
        },
        |path, (identity, read)| {
            let checked = (identity != Identity::Directory).then(|| check(path, read));
            (identity, checked)
        },
    );
    let keep = named.first_names(results.iter().map(|(identity, _)| identity))?;
    Some(
        results
            .into_iter()
            .zip(keep)
            .filter_map(|((_, checked), keep)| checked.filter(|_| keep))
            .collect(),
    )
}

fn check_file(
    path: &Path,
    read: io::Result<source::Input>,
    parse_args: ParseArgs,
    base: &ParseOptions,
) -> Checked {
    let input = match read {
        Ok(input) => input,
        Err(err) => {
            // Reported on stderr once the files are known (a second name of a file is
            // dropped then).
            log::debug!(file = escape_path(path).as_ref(); "unreadable: {err}");
            return Checked {
                name: source::display_name(path),
                text: None,
                diagnostics: Vec::new(),
                failure: Some(Failure::Unreadable(format!(
                    "cannot read {}: {err}",
                    escape_path(path)
                ))),
                metadata: false,
            };
        }
    };
    let options = source::options_for(base, parse_args, path, &input.name);
    let started = Instant::now();
    let bytes = input.source.input_len();
    // The decoded source is handed over: it becomes the parse result's text.
    let source = input.source;
    match panic::catch_unwind(AssertUnwindSafe(|| {
        parse_and_validate_owned(source, &options)
    })) {
        Ok(result) => {
            log::debug!(
                file = report::escape(&input.name).as_ref(),
                bytes,
                diagnostics = result.diagnostics.len(),
                micros = started.elapsed().as_micros() as u64;
                "validated"
            );
            // The text is only needed to show diagnostics; free it here, in the worker.
            let text = (!result.diagnostics.is_empty()).then_some(result.text);
            Checked {
                name: input.name,
                text,
                diagnostics: report::converted(result.diagnostics),
                failure: None,
                metadata: false,
            }
        }
        Err(payload) => {
            super::report_panic(payload.as_ref(), &input.name, "validating");
            Checked {
                name: input.name,
                text: None,
                diagnostics: Vec::new(),
                failure: Some(Failure::InternalError),
                metadata: false,
            }
        }
    }
}

/// Counts for the summary (the same numbers in the human line and the JSON object).
#[derive(Default)]
struct Summary {
    /// Files read and checked.
    files: usize,
    unreadable: usize,
    internal_errors: usize,
    /// Every diagnostic found, shown or not.
    counts: Counts,
    /// Diagnostics left out by `--max-errors`.
    omitted: usize,
    max_errors: usize,
}

impl Summary {
    fn add(&mut self, checked: &Checked, omitted: Counts) {
        match checked.failure {
            None if checked.metadata => {}
            None => self.files += 1,
            Some(Failure::Unreadable(_)) => self.unreadable += 1,
            Some(Failure::InternalError) => self.internal_errors += 1,
        }
        self.counts.add(Counts::of(&checked.diagnostics));
        self.omitted += omitted.total();
    }

    fn to_json(&self) -> String {
        format!(
            "{{\"summary\":{{\"files\":{},\"errors\":{},\"warnings\":{},\"deprecations\":{},\"unreadable\":{},\"internal_errors\":{},\"omitted\":{}}}}}",
            self.files,
            self.counts.errors,
            self.counts.warnings,
            self.counts.deprecations,
            self.unreadable,
            self.internal_errors,
            self.omitted
        )
    }

    fn line(&self) -> String {
        let mut line = format!(
            "{} validated: {}",
            report::plural(self.files, "file"),
            self.counts.describe()
        );
        if self.unreadable > 0 {
            line.push_str(&format!(
                "; {} could not be read",
                report::plural(self.unreadable, "file")
            ));
        }
        if self.internal_errors > 0 {
            line.push_str(&format!(
                "; {} failed with an internal error",
                report::plural(self.internal_errors, "file")
            ));
        }
        if self.omitted > 0 {
            line.push_str(&format!(
                "; {} not shown (--max-errors {})",
                report::plural(self.omitted, "diagnostic"),
                self.max_errors
            ));
        }
        line
    }
}
