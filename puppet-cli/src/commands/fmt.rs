//! `puppet-parser fmt [OPTIONS] [PATH...]`: format manifests and EPP templates in place, with
//! `puppet-fmt`.
//!
//! * Inputs as `validate` takes them (directories walked for `*.pp` and `*.epp`, ignore files
//!   honoured; no PATH: the current directory). `-` formats standard input to standard output.
//! * A file that changes is written atomically: the new text goes to a temporary file in the
//!   same directory, which takes the old file's permissions and then replaces it. A file that
//!   is formatted already is not written at all.
//! * `--check` writes nothing, prints a unified diff of each file that would change and exits
//!   1 when one would; `--diff` prints the diffs and writes nothing.
//! * A file with syntax errors is left as it is and its errors are reported (exit 1), as is a
//!   file the formatter could not prove it formats without changing its meaning (a bug, exit 1).
//! * One summary line on stderr. Exit status: 0, 1 as above, 2 on usage or I/O problems.

use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use puppet_fmt::{format, FormatError, FormatOptions};
use rayon::prelude::*;

use crate::cli::{ColorChoice, ReportArgs, WalkArgs};
use crate::report::{self, plural, Human};
use crate::{inputs, source, Outcome};

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Write nothing; print a unified diff of each file that would change, and exit with
    /// status 1 when one would.
    #[arg(long)]
    pub check: bool,

    /// Write nothing; print a unified diff of each file that would change.
    #[arg(long, conflicts_with = "check")]
    pub diff: bool,

    /// Format standard input (`-`) as an EPP template (files ending in `.epp` always are).
    #[arg(long)]
    pub epp: bool,

    /// Number of files formatted in parallel (default: all cores).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    #[command(flatten)]
    pub report: ReportArgs,

    #[command(flatten)]
    pub walk: WalkArgs,

    /// Files and directories to format (directories: every `*.pp` and `*.epp` below them;
    /// `-`: standard input to standard output). Default: the current directory.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

/// What became of one file.
enum Done {
    Unchanged,
    /// Changed; with `--check` or `--diff`, its diff (made by the worker, in parallel).
    Changed {
        diff: Option<String>,
    },
    NotFormatted {
        text: String,
        error: FormatError,
    },
    Failed(String),
}

pub fn run(args: &FmtArgs, color: ColorChoice) -> Outcome {
    let started = Instant::now();
    if args.paths.len() == 1 && args.paths[0].as_os_str() == "-" {
        return run_stdin(args, color);
    }
    if args.paths.iter().any(|p| p.as_os_str() == "-") {
        let _ = writeln!(
            io::stderr(),
            "puppet-parser: fmt: `-` cannot be mixed with other paths"
        );
        return Outcome::Failure;
    }
    let found = inputs::collect(&args.paths, args.walk.options());
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            let _ = writeln!(io::stderr(), "puppet-parser: fmt: {e}");
            return Outcome::Failure;
        }
    };
    let write = !args.check && !args.diff;
    let results: Vec<(PathBuf, Done)> = pool.install(|| {
        found
            .files
            .par_iter()
            .map(|path| (path.clone(), format_file(path, write)))
            .collect()
    });
    let mut outcome = if found.problems > 0 {
        Outcome::Failure
    } else {
        Outcome::Clean
    };
    let human = Human {
        colour: report::use_colour_for(color, io::IsTerminal::is_terminal(&io::stderr())),
        max_errors: args.report.max_errors,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let (mut changed, mut unchanged, mut refused, mut failed) = (0usize, 0usize, 0usize, 0usize);
    for (path, done) in &results {
        let name = source::display_name(path);
        match done {
            Done::Unchanged => unchanged += 1,
            Done::Changed { diff } => {
                changed += 1;
                if let Some(diff) = diff {
                    let _ = out.write_all(diff.as_bytes());
                }
                if args.check {
                    outcome = outcome.merge(Outcome::Errors);
                }
            }
            Done::NotFormatted { text, error } => {
                refused += 1;
                report_not_formatted(&human, &name, text, error);
                outcome = outcome.merge(Outcome::Errors);
            }
            Done::Failed(message) => {
                failed += 1;
                let _ = writeln!(
                    io::stderr(),
                    "puppet-parser: {}: {message}",
                    report::escape_path(path)
                );
                outcome = outcome.merge(Outcome::Failure);
            }
        }
    }
    let _ = out.flush();
    let verb = if write {
        "reformatted"
    } else {
        "would be reformatted"
    };
    let mut summary = format!(
        "{} {verb}, {} already formatted",
        plural(changed, "file"),
        plural(unchanged, "file")
    );
    if refused > 0 {
        summary.push_str(&format!(
            ", {} not formatted (errors)",
            plural(refused, "file")
        ));
    }
    if failed > 0 {
        summary.push_str(&format!(
            ", {} unreadable or unwritable",
            plural(failed, "file")
        ));
    }
    log::info!(files = results.len(), changed = changed, millis = started.elapsed().as_millis() as u64; "fmt finished");
    let _ = writeln!(io::stderr(), "{summary}");
    outcome
}

fn run_stdin(args: &FmtArgs, color: ColorChoice) -> Outcome {
    let mut bytes = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut bytes) {
        let _ = writeln!(io::stderr(), "puppet-parser: <stdin>: {e}");
        return Outcome::Failure;
    }
    let options = FormatOptions::new().epp(args.epp).file("<stdin>");
    let human = Human {
        colour: report::use_colour_for(color, io::IsTerminal::is_terminal(&io::stderr())),
        max_errors: args.report.max_errors,
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let result = match std::str::from_utf8(&bytes) {
        Ok(text) => format(text, &options),
        Err(_) => Err(invalid_utf8(&bytes, &options)),
    };
    let mut out = io::stdout().lock();
    match result {
        Ok(new) => {
            if args.check || args.diff {
                if new != text {
                    let _ = out.write_all(unified_diff("<stdin>", &text, &new).as_bytes());
                    if args.check {
                        return Outcome::Errors;
                    }
                }
            } else if out
                .write_all(new.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
            {
                return Outcome::Failure;
            }
            Outcome::Clean
        }
        Err(error) => {
            report_not_formatted(&human, "<stdin>", &text, &error);
            if !(args.check || args.diff) {
                // The input goes through unchanged, as an editor's filter expects.
                let _ = out.write_all(&bytes);
            }
            Outcome::Errors
        }
    }
}

/// The syntax errors of a file that is not UTF-8 (its valid prefix is parsed).
fn invalid_utf8(bytes: &[u8], options: &FormatOptions) -> FormatError {
    let parse_options = puppet_syntax::ParseOptions::new()
        .epp(options.epp)
        .file(options.file.clone().unwrap_or_default());
    let parsed = puppet_syntax::parse(bytes, &parse_options);
    FormatError::Syntax(
        parsed
            .diagnostics
            .into_iter()
            .filter(puppet_syntax::Diagnostic::is_error)
            .collect(),
    )
}

fn report_not_formatted(human: &Human, name: &str, text: &str, error: &FormatError) {
    let mut stderr = io::stderr().lock();
    match error {
        FormatError::Syntax(diagnostics) => {
            let found = report::converted(diagnostics.clone());
            let _ = human.write_file(&mut stderr, name, Some(text), &found);
            let _ = writeln!(stderr, "{}: not formatted: {error}", report::escape(name));
        }
        FormatError::Unverified(_) => {
            log::error!(file = name; "{error}");
            let _ = writeln!(
                stderr,
                "{}: error[FMT_UNVERIFIED]: {error}",
                report::escape(name)
            );
        }
    }
}

fn format_file(path: &Path, write: bool) -> Done {
    let name = source::display_name(path);
    let caught = panic::catch_unwind(AssertUnwindSafe(|| {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) => return Done::Failed(e.to_string()),
        };
        let options = FormatOptions::for_path(&name);
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let error = invalid_utf8(e.as_bytes(), &options);
                return Done::NotFormatted {
                    text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
                    error,
                };
            }
        };
        match format(&text, &options) {
            Ok(new) if new == text => Done::Unchanged,
            Ok(new) => {
                if !write {
                    // (Only the diff is kept: a tree's texts are not held until the end.)
                    let diff = unified_diff(&name, &text, &new);
                    return Done::Changed { diff: Some(diff) };
                }
                if let Err(e) = write_atomically(path, &new) {
                    return Done::Failed(format!("cannot write: {e}"));
                }
                Done::Changed { diff: None }
            }
            Err(error) => Done::NotFormatted { text, error },
        }
    }));
    caught.unwrap_or_else(|payload| {
        super::report_panic(payload.as_ref(), &name, "formatting");
        Done::Failed("internal error (the file was left as it was)".to_owned())
    })
}

/// Replaces `path`'s contents with `text` through a temporary file in the same directory (same
/// file system, so the rename is atomic) that takes the file's permissions first. A symbolic
/// link is followed: its target is replaced.
pub(crate) fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let target = if std::fs::symlink_metadata(path)?.file_type().is_symlink() {
        std::fs::canonicalize(path)?
    } else {
        path.to_path_buf()
    };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let file_name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{file_name}.puppet-fmt-{}", std::process::id()));
    let permissions = std::fs::metadata(&target)?.permissions();
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        // (No fsync: the rename is what makes the change atomic, as gofmt and rustfmt write;
        // syncing every file made formatting a tree several times slower.)
        file.set_permissions(permissions)?;
        drop(file);
        std::fs::rename(&temp, &target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// A unified diff (`--- a/NAME` / `+++ b/NAME`, three lines of context).
pub fn unified_diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}
