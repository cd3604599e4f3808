//! `puppet-parser lint [puppet-lint's options] [PATH...]`: puppet-lint's checks and the Vox
//! Pupuli plugin set, with `puppet-lint`.
//!
//! * Options ([`args`]): puppet-lint 4.3.0's, option files included; an option we do not know is
//!   an error.
//! * Inputs: named files as they are; below named directories, every `*.pp` (the walk of
//!   `validate`: ignore files honoured, each real file once); no PATH: the current directory.
//!   `--ignore-paths` patterns (default `vendor/**/*.pp`) are matched against the path as
//!   found, as puppet-lint's `File.fnmatch` does.
//! * Files are linted in parallel and reported in path order ([`output`]: text, JSON, SARIF,
//!   Code Climate, GitHub annotations).
//! * `--fix` rewrites a file atomically when a fix changed it; a fix that would leave a file
//!   that does not parse, or that changes what Puppet evaluates when it should not, is refused
//!   and said so on stderr.
//!
//! Exit status: 1 when a file has an error (or a warning, with `--fail-on-warnings`), 0 when
//! none has; 2 for usage errors and files that cannot be read or written.

pub(crate) mod args;
mod output;

use std::ffi::OsString;
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use puppet_lint::checks::CHECKS;
use puppet_lint::{Problem, ProblemKind};
use rayon::prelude::*;

use crate::{inputs, source, Outcome};
use args::{ArgsError, LintArgs};
use output::FileReport;

/// What became of one file.
enum Done {
    Linted {
        report: FileReport,
        refused: Vec<puppet_lint::fix::Refusal>,
        control_warnings: Vec<String>,
    },
    Failed(String),
}

/// Runs `lint` with its arguments (those after `lint`).
pub fn run(argv: Vec<OsString>) -> Outcome {
    let args = match args::parse(argv) {
        Ok(args) => args,
        Err(ArgsError::Help(text)) => {
            let _ = io::stdout().write_all(text.as_bytes());
            return Outcome::Clean;
        }
        Err(ArgsError::Usage(message)) => {
            let _ = writeln!(io::stderr(), "puppet-parser lint: {message}");
            let _ = writeln!(
                io::stderr(),
                "puppet-parser lint: try 'puppet-parser lint --help' for more information"
            );
            return Outcome::Failure;
        }
    };
    // (Buffered: stdout is line-buffered, and a JSON report of the corpus is 400,000 lines.)
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    if args.version {
        let _ = writeln!(
            out,
            "puppet-parser lint {} (the checks of puppet-lint 4.3.0 and the Vox Pupuli plugins)",
            env!("CARGO_PKG_VERSION")
        );
        return Outcome::Clean;
    }
    if args.list_checks {
        for check in CHECKS {
            let _ = writeln!(out, "{}", check.name);
        }
        return Outcome::Clean;
    }
    let started = Instant::now();
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let ignore = match ignore_set(&args.ignore_paths) {
        Ok(set) => set,
        Err(message) => {
            let _ = writeln!(
                io::stderr(),
                "puppet-parser lint: --ignore-paths: {message}"
            );
            return Outcome::Failure;
        }
    };
    let walk = puppet_workspace::walk::WalkOptions {
        ignore_files: !args.no_ignore,
    };
    let found = inputs::collect(&paths, walk);
    let files: Vec<PathBuf> = found
        .files
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "pp") || paths.contains(f))
        .filter(|f| !ignore.is_match(source::display_name(f)))
        .collect();
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            let _ = writeln!(io::stderr(), "puppet-parser lint: {e}");
            return Outcome::Failure;
        }
    };
    let results: Vec<Done> =
        pool.install(|| files.par_iter().map(|f| lint_file(f, &args)).collect());
    let mut outcome = if found.problems > 0 {
        Outcome::Failure
    } else {
        Outcome::Clean
    };
    let mut reports = Vec::with_capacity(results.len());
    let mut stderr = io::stderr().lock();
    for done in results {
        match done {
            Done::Failed(message) => {
                let _ = writeln!(stderr, "puppet-parser lint: {message}");
                outcome = outcome.merge(Outcome::Failure);
            }
            Done::Linted {
                report,
                refused,
                control_warnings,
            } => {
                for warning in control_warnings {
                    let _ = writeln!(stderr, "{}: {warning}", report.path);
                }
                for r in refused {
                    let _ = writeln!(
                        stderr,
                        "{}:{}:{}: the fix of {} was refused: {}",
                        report.path,
                        r.problem.line,
                        r.problem.column,
                        r.problem.check.name,
                        r.reason
                    );
                }
                if report.problems.iter().any(|p| p.check.name == "syntax") {
                    let _ = writeln!(
                        stderr,
                        "Try running `puppet parser validate {}`",
                        report.path
                    );
                }
                if report
                    .problems
                    .iter()
                    .any(|p| p.fails(args.fail_on_warnings))
                {
                    outcome = outcome.merge(Outcome::Errors);
                }
                reports.push(report);
            }
        }
    }
    drop(stderr);
    let written = if args.sarif {
        output::write_sarif(&mut out, &args, &reports, &sarif_base(&paths))
    } else if args.json {
        output::write_json(&mut out, &args, &reports)
    } else {
        let with_filename = args.with_filename || reports.len() > 1;
        let github = std::env::var_os("GITHUB_ACTION").is_some();
        reports
            .iter()
            .try_for_each(|r| output::write_text(&mut out, &args, with_filename, github, r))
    };
    if written.and_then(|()| out.flush()).is_err() {
        outcome = outcome.merge(Outcome::Failure);
    }
    if let Some(file) = &args.codeclimate_report_file {
        if let Err(e) = output::write_codeclimate(file, &reports) {
            let _ = writeln!(io::stderr(), "puppet-parser lint: {}: {e}", file.display());
            outcome = outcome.merge(Outcome::Failure);
        }
    }
    let problems: usize = reports.iter().map(|r| r.problems.len()).sum();
    log::info!(files = reports.len(), problems = problems, millis = started.elapsed().as_millis() as u64; "lint finished");
    outcome
}

/// puppet-lint's `--ignore-paths`: `File.fnmatch` patterns (a `*` matches `/` too).
fn ignore_set(patterns: &[String]) -> Result<GlobSet, String> {
    let defaults = ["vendor/**/*.pp".to_string()];
    let patterns = if patterns.is_empty() {
        &defaults[..]
    } else {
        patterns
    };
    let mut set = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = GlobBuilder::new(pattern)
            .literal_separator(false)
            .build()
            .map_err(|e| e.to_string())?;
        set.add(glob);
    }
    set.build().map_err(|e| e.to_string())
}

/// The base of SARIF's relative paths: the first PATH if it is a directory, else its directory.
fn sarif_base(paths: &[PathBuf]) -> PathBuf {
    let first = std::path::absolute(&paths[0]).unwrap_or_else(|_| paths[0].clone());
    if first.is_dir() {
        first
    } else {
        first.parent().map_or(first.clone(), Path::to_path_buf)
    }
}

fn lint_file(path: &Path, args: &LintArgs) -> Done {
    let name = source::display_name(path);
    let caught = panic::catch_unwind(AssertUnwindSafe(|| {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) => return Done::Failed(format!("{name}: {e}")),
        };
        let fullpath = std::path::absolute(path)
            .map(|p| source::display_name(&p))
            .unwrap_or_else(|_| name.clone());
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let parsed = puppet_syntax::parse(
            &bytes,
            &puppet_syntax::ParseOptions::new()
                .cst(true)
                .epp(name.ends_with(".epp"))
                .file(name.clone()),
        );
        if !args.fix || parsed.has_errors() || std::str::from_utf8(&bytes).is_err() {
            let linted = puppet_lint::lint_full(&parsed, &args.options);
            return Done::Linted {
                report: FileReport {
                    path: name.clone(),
                    fullpath,
                    text,
                    problems: linted.problems,
                },
                refused: Vec::new(),
                control_warnings: linted.control_warnings,
            };
        }
        let outcome = puppet_lint::fix(&text, Some(&name), &args.options);
        if outcome.changed(&text) {
            if let Err(e) = super::fmt::write_atomically(path, &outcome.text) {
                return Done::Failed(format!("{name}: cannot write: {e}"));
            }
        }
        let mut problems: Vec<Problem> = outcome.fixed;
        problems.extend(
            outcome
                .remaining
                .into_iter()
                .filter(|p| p.kind != ProblemKind::Fixed),
        );
        let order = |p: &Problem| CHECKS.iter().position(|c| c.name == p.check.name);
        problems.sort_by_key(order);
        Done::Linted {
            report: FileReport {
                path: name.clone(),
                fullpath,
                text: outcome.text,
                problems,
            },
            refused: outcome.refused,
            control_warnings: Vec::new(),
        }
    }));
    caught.unwrap_or_else(|payload| {
        super::report_panic(payload.as_ref(), &name, "linting");
        Done::Failed(format!(
            "{name}: internal error (the file was left as it was)"
        ))
    })
}
