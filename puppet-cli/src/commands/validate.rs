//! `puppet-parser validate [OPTIONS] [PATH...]`: parse and validate manifests and EPP templates
//! the way Puppet 7's `puppet parser validate` / `puppet epp validate` do, in parallel.
//!
//! * Inputs: files, and directories searched recursively (following symbolic links) for `*.pp`
//!   and `*.epp`; no PATH means the current directory; `-` reads standard input. `.epp` files
//!   (and everything with `--epp`) are parsed as EPP templates.
//! * Files are validated in parallel (rayon, `--jobs`), the output is in sorted path order.
//!   A progress bar is drawn on stderr when it is a terminal and there are many files.
//! * `--format human`: `FILE:LINE:COLUMN: SEVERITY[CODE]: message`, then the source line with a
//!   caret under the span (rendered by `annotate-snippets`), then a summary line on stderr.
//!   `--format json`: JSON Lines on stdout, one object per diagnostic (`file, line, column,
//!   offset, length, severity, issue, message, args`) and a final `{"summary": {...}}`.
//! * Exit status: 0 without errors (warnings alone: 0), 1 with errors, 2 on usage or I/O
//!   problems (an unreadable file is reported on stderr and the others are still validated).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use annotate_snippets::{Level, Renderer, Snippet};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use puppet_syntax::ruby_format::json_string;
use puppet_syntax::{
    parse_and_validate, Diagnostic, LocationContext, ParseOptions, Severity, Strict,
};
use rayon::prelude::*;

use crate::cli::ParseArgs;
use crate::source;
use crate::Outcome;

/// Files from which on the progress bar is shown (on a terminal).
const PROGRESS_MIN_FILES: usize = 64;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    pub format: OutputFormat,

    /// Number of files validated in parallel (default: all cores).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Puppet's `strict` setting: the severity of DUPLICATE_KEY.
    #[arg(long, value_enum, default_value_t = StrictArg::Warning)]
    pub strict: StrictArg,

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

    /// Files and directories to validate (directories: every `*.pp` and `*.epp` below them;
    /// `-`: standard input). Default: the current directory.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum OutputFormat {
    /// `FILE:LINE:COLUMN: SEVERITY[CODE]: message` and the source line with a caret.
    Human,
    /// JSON Lines: one object per diagnostic, then a summary object.
    Json,
}

#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum StrictArg {
    Off,
    Warning,
    Error,
}

/// The outcome for one input file.
struct Checked {
    name: String,
    /// The parsed text, kept only when there are diagnostics to show.
    text: Arc<str>,
    diagnostics: Vec<Diagnostic>,
    /// Could not be read (the message is on stderr already) or the parser panicked.
    failed: bool,
}

pub fn run(args: &ValidateArgs) -> Outcome {
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
    let (files, walk_failed) = pool.install(|| collect_inputs(&args.paths));
    if walk_failed {
        outcome = outcome.merge(Outcome::Failure);
    }
    let options = parse_options(args);
    log::debug!(files = files.len(), millis = started.elapsed().as_millis() as u64; "inputs collected");
    log::info!(files = files.len(), jobs = args.jobs.unwrap_or(0), format = format_name(args.format); "validate");

    let progress = (stderr.is_terminal() && files.len() >= PROGRESS_MIN_FILES).then(|| {
        let bar = ProgressBar::new(files.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(style);
        }
        bar
    });
    let results: Vec<Checked> = pool.install(|| {
        files
            .par_iter()
            // Small pieces, so that a thread that runs out of work can steal: file costs vary
            // a lot and rayon's default split of a slice can leave one thread idle for long.
            .with_max_len(4)
            .map(|path| {
                let checked = check_file(path, args.parse, &options);
                if let Some(bar) = &progress {
                    bar.inc(1);
                }
                checked
            })
            .collect()
    });
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    log::debug!(millis = started.elapsed().as_millis() as u64; "files validated");

    let mut summary = Summary::default();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let written = (|| -> io::Result<()> {
        for checked in &results {
            summary.add(checked);
            match args.format {
                OutputFormat::Human => write_human(&mut out, checked)?,
                OutputFormat::Json => write_json(&mut out, checked)?,
            }
        }
        if args.format == OutputFormat::Json {
            writeln!(out, "{}", summary.to_json())?;
        }
        out.flush()
    })();
    if let Err(err) = written {
        if err.kind() != io::ErrorKind::BrokenPipe {
            let _ = writeln!(stderr.lock(), "puppet-parser: cannot write output: {err}");
        }
        return outcome.merge(Outcome::Failure);
    }
    if args.format == OutputFormat::Human {
        let _ = writeln!(stderr.lock(), "{}", summary.line());
    }
    log::info!(
        files = summary.files,
        errors = summary.errors,
        warnings = summary.warnings,
        millis = started.elapsed().as_millis() as u64;
        "validated"
    );
    if summary.failed > 0 {
        outcome = outcome.merge(Outcome::Failure);
    }
    if summary.errors > 0 {
        outcome = outcome.merge(Outcome::Errors);
    }
    outcome
}

/// The options every file shares (the file name and EPP are set per file).
fn parse_options(args: &ValidateArgs) -> ParseOptions {
    let strict = match args.strict {
        StrictArg::Off => Strict::Off,
        StrictArg::Warning => Strict::Warning,
        StrictArg::Error => Strict::Error,
    };
    let location = args.modulepath.as_ref().map(|mp| {
        let dirs: Vec<PathBuf> = std::env::split_paths(mp)
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        // Ruby resolves relative paths against the working directory and `~` from $HOME.
        let working_dir = std::env::current_dir().unwrap_or_default();
        let home = std::env::var_os("HOME").map(PathBuf::from);
        LocationContext::new(dirs, args.manifest.clone(), working_dir).with_home(home)
    });
    let mut options = ParseOptions::new().strict(strict).tasks(args.parse.tasks);
    options.location = location;
    options
}

fn format_name(format: OutputFormat) -> &'static str {
    match format {
        OutputFormat::Human => "human",
        OutputFormat::Json => "json",
    }
}

/// The files to validate, sorted: the given files as they are, and the `*.pp`/`*.epp` files
/// below the given directories. The flag is set when a path could not be read (reported).
fn collect_inputs(paths: &[PathBuf]) -> (Vec<PathBuf>, bool) {
    let default = [PathBuf::from(".")];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    // One `stat` per path, in parallel (thousands of files may be named).
    let is_dir: Vec<bool> = paths
        .par_iter()
        .map(|p| p.as_os_str() != "-" && p.is_dir())
        .collect();
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for (path, is_dir) in paths.iter().zip(is_dir) {
        if !is_dir {
            files.push(path.clone()); // a missing file is reported when read
            continue;
        }
        let root = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        let found = walk(path, &[root]);
        files.extend(found.files);
        problems.extend(found.problems);
    }
    for problem in &problems {
        let _ = writeln!(io::stderr().lock(), "puppet-parser: {problem}");
        log::debug!("directory walk: {problem}");
    }
    let failed = !problems.is_empty();
    // Byte order of the paths (like `LC_ALL=C sort`; cheaper than comparing components).
    files.sort_unstable_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
    files.dedup();
    (files, failed)
}

/// What a directory walk found.
#[derive(Default)]
struct Found {
    files: Vec<PathBuf>,
    /// Unreadable directories, loops, broken links to Puppet files.
    problems: Vec<String>,
}

/// The `*.pp` and `*.epp` files below `dir`, its subdirectories walked in parallel. Symbolic
/// links are followed (Debian's module path is a directory of links); a link back to a
/// directory being walked (`ancestors`: the canonical paths from the walk's root down to `dir`)
/// is a loop, reported and not followed. Only links need a `stat`: the other entries' types
/// come with the directory listing.
fn walk(dir: &Path, ancestors: &[PathBuf]) -> Found {
    let mut found = Found::default();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => {
            found
                .problems
                .push(format!("cannot read {}: {err}", dir.display()));
            return found;
        }
    };
    let mut subdirs: Vec<(PathBuf, bool)> = Vec::new();
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                found
                    .problems
                    .push(format!("cannot read {}: {err}", dir.display()));
                continue;
            }
        };
        let path = entry.path();
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        let (is_dir, is_file, link) = if file_type.is_symlink() {
            match std::fs::metadata(&path) {
                Ok(meta) => (meta.is_dir(), meta.is_file(), true),
                Err(err) => {
                    if is_puppet_file(&path) {
                        found
                            .problems
                            .push(format!("cannot read {}: {err}", path.display()));
                    }
                    continue;
                }
            }
        } else {
            (file_type.is_dir(), file_type.is_file(), false)
        };
        if is_file && is_puppet_file(&path) {
            found.files.push(path);
        } else if is_dir {
            subdirs.push((path, link));
        }
    }
    let nested: Vec<Found> = subdirs
        .par_iter()
        .map(|(sub, link)| {
            let parent = ancestors.last().expect("the root is an ancestor");
            let canonical = if *link {
                std::fs::canonicalize(sub).unwrap_or_else(|_| sub.clone())
            } else {
                parent.join(sub.file_name().unwrap_or_default())
            };
            if ancestors.contains(&canonical) {
                return Found {
                    files: Vec::new(),
                    problems: vec![format!(
                        "not following {}: it links back to {}",
                        sub.display(),
                        canonical.display()
                    )],
                };
            }
            let mut chain = ancestors.to_vec();
            chain.push(canonical);
            walk(sub, &chain)
        })
        .collect();
    for n in nested {
        found.files.extend(n.files);
        found.problems.extend(n.problems);
    }
    found
}

fn is_puppet_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "pp" || e == "epp")
}

/// Reads, parses and validates one file (a panic becomes an error report).
fn check_file(path: &Path, parse_args: ParseArgs, base: &ParseOptions) -> Checked {
    let input = match source::read(path) {
        Ok(input) => input,
        Err(err) => {
            let _ = writeln!(
                io::stderr().lock(),
                "puppet-parser: cannot read {}: {err}",
                path.display()
            );
            log::debug!(file = path.display().to_string().as_str(); "unreadable: {err}");
            return Checked {
                name: path.display().to_string(),
                text: Arc::from(""),
                diagnostics: Vec::new(),
                failed: true,
            };
        }
    };
    let options = source::options_for(base, parse_args, path, &input.name);
    let started = Instant::now();
    match panic::catch_unwind(AssertUnwindSafe(|| {
        parse_and_validate(&input.bytes, &options)
    })) {
        Ok(result) => {
            log::debug!(
                file = input.name.as_str(),
                bytes = input.bytes.len(),
                diagnostics = result.diagnostics.len(),
                micros = started.elapsed().as_micros() as u64;
                "validated"
            );
            // The text is only needed to show diagnostics; free it here, in the worker.
            let text = if result.diagnostics.is_empty() {
                Arc::from("")
            } else {
                result.text
            };
            Checked {
                name: input.name,
                text,
                diagnostics: result.diagnostics,
                failed: false,
            }
        }
        Err(payload) => {
            super::report_panic(payload.as_ref(), &input.name, "validating");
            Checked {
                name: input.name,
                text: Arc::from(""),
                diagnostics: Vec::new(),
                failed: true,
            }
        }
    }
}

/// `FILE:LINE:COLUMN: SEVERITY[CODE]: message` and the annotated source line.
fn write_human(out: &mut impl Write, checked: &Checked) -> io::Result<()> {
    if checked.diagnostics.is_empty() {
        return Ok(());
    }
    let text = &*checked.text;
    let renderer = Renderer::plain();
    for d in &checked.diagnostics {
        writeln!(
            out,
            "{}",
            crate::report::format_diagnostic(&checked.name, d)
        )?;
        let offset = d.offset.min(text.len() as u32);
        let line = d.line;
        let line_start = text.as_bytes()[..offset as usize]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |i| line_start + i);
        let source_line = text[line_start..line_end].trim_end_matches('\r');
        let start = offset as usize - line_start;
        let end = (offset as usize + d.len as usize)
            .min(line_start + source_line.len())
            .max(offset as usize)
            - line_start;
        if source_line.trim().is_empty() {
            continue; // e.g. the end of the input on an empty last line: nothing to show
        }
        // A zero-length span (end of input, an empty node) still gets one caret; at the end of
        // the line it points just after the text.
        let padded;
        let source_line = if end == start && start >= source_line.len() {
            padded = format!("{source_line} ");
            padded.as_str()
        } else {
            source_line
        };
        let end = if end == start {
            start
                + source_line[start..]
                    .chars()
                    .next()
                    .map_or(1, char::len_utf8)
        } else {
            end
        };
        // The caret is `^` whatever the severity (the renderer draws `-` for warnings).
        let message = Level::Error.title("").snippet(
            Snippet::source(source_line)
                .line_start(line as usize)
                .annotation(Level::Error.span(start..end)),
        );
        let rendered = renderer.render(message).to_string();
        // The renderer's first line is its own (empty) title: ours is above.
        let snippet = rendered.split_once('\n').map_or("", |(_, rest)| rest);
        writeln!(out, "{snippet}")?;
    }
    Ok(())
}

/// One JSON object per diagnostic.
fn write_json(out: &mut impl Write, checked: &Checked) -> io::Result<()> {
    if checked.diagnostics.is_empty() {
        return Ok(());
    }
    for d in &checked.diagnostics {
        let (line, column) = (d.line, d.column);
        // Written field by field to keep the documented key order (serde_json's Map sorts).
        let args: Vec<String> = d
            .args
            .iter()
            .map(|(k, v)| format!("{}:{}", json_string(k), json_string(v)))
            .collect();
        writeln!(
            out,
            "{{\"file\":{},\"line\":{line},\"column\":{column},\"offset\":{},\"length\":{},\"severity\":{},\"issue\":{},\"message\":{},\"args\":{{{}}}}}",
            json_string(&checked.name),
            d.offset,
            d.len,
            json_string(d.severity.as_str()),
            json_string(d.code.as_str()),
            json_string(&d.message),
            args.join(",")
        )?;
    }
    Ok(())
}

/// Counts for the summary.
#[derive(Default)]
struct Summary {
    files: usize,
    failed: usize,
    errors: usize,
    warnings: usize,
    deprecations: usize,
}

impl Summary {
    fn add(&mut self, checked: &Checked) {
        self.files += 1;
        if checked.failed {
            self.failed += 1;
        }
        for d in &checked.diagnostics {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Deprecation => self.deprecations += 1,
            }
        }
    }

    fn to_json(&self) -> String {
        format!(
            "{{\"summary\":{{\"files\":{},\"errors\":{},\"warnings\":{},\"deprecations\":{},\"unreadable\":{}}}}}",
            self.files, self.errors, self.warnings, self.deprecations, self.failed
        )
    }

    fn line(&self) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let mut line = format!(
            "{} validated: {}, {}, {}",
            plural(self.files - self.failed, "file"),
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
            plural(self.deprecations, "deprecation")
        );
        if self.failed > 0 {
            line.push_str(&format!(
                "; {} could not be read",
                plural(self.failed, "file")
            ));
        }
        line
    }
}
