//! `puppet-parser lint`'s arguments: puppet-lint 4.3.0's, so that existing setups keep working.
//!
//! The option files come first, as puppet-lint reads them (unless `--no-config` is given):
//! `/etc/puppet-lint.rc`, `~/.puppet-lint.rc`, then `.puppet-lint.rc` in the working directory;
//! each line of a file is one argument (a line `--option value` is also taken as the option
//! and its value, blank lines and `#` lines are skipped), and `-c FILE`/`--config FILE` reads
//! one more in place. The command line comes last, so it wins. Flags apply in the order they
//! come: `--only-checks a,b --no-a-check` runs `b`.
//!
//! Every check has `--no-<check>-check` and `--<check>-check`. An option we do not know, in a
//! file or on the command line, is an error that names it (and the file): never ignored.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::{Arg, ArgAction, ArgMatches, Command};
use puppet_lint::checks::CHECKS;
use puppet_lint::LintOptions;

/// puppet-lint's `--error-level`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorLevel {
    All,
    Warning,
    Error,
}

/// Everything `lint` was asked to do.
#[derive(Debug)]
pub struct LintArgs {
    pub options: LintOptions,
    pub fix: bool,
    pub json: bool,
    pub sarif: bool,
    pub codeclimate_report_file: Option<PathBuf>,
    pub with_filename: bool,
    pub with_context: bool,
    pub log_format: Option<String>,
    pub show_ignored: bool,
    pub fail_on_warnings: bool,
    pub error_level: ErrorLevel,
    pub ignore_paths: Vec<String>,
    pub list_checks: bool,
    pub version: bool,
    pub jobs: Option<usize>,
    pub no_ignore: bool,
    pub paths: Vec<PathBuf>,
}

/// Why the arguments could not be taken.
#[derive(Debug)]
pub enum ArgsError {
    /// `--help`: the text to print (status 0).
    Help(String),
    /// A usage error (status 2).
    Usage(String),
}

const ABOUT: &str = "Lint manifests with puppet-lint's checks and the Vox Pupuli plugin set \
(puppet-lint 4.3.0's options and outputs)";

const AFTER_HELP: &str = "\
Option files (unless --no-config): /etc/puppet-lint.rc, ~/.puppet-lint.rc, ./.puppet-lint.rc,
one argument a line; the command line comes after them.

Exit status: 0 when no file has an error (or, with --fail-on-warnings, a warning), 1 when one
has, 2 on a usage error or a file that cannot be read or written.

Examples:
  puppet-parser lint manifests modules/mymod
  puppet-parser lint --fix --no-140chars-check .
  puppet-parser lint --json --only-checks legacy_facts,top_scope_facts site > problems.json";

/// The options of `lint`: puppet-lint's, one pair of flags a check, and `--jobs`.
pub fn command() -> Command {
    let flag = |name: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .help(help)
            .action(ArgAction::SetTrue)
    };
    let value = |name: &'static str, value: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .value_name(value)
            .help(help)
            .action(ArgAction::Set)
    };
    let mut cmd = Command::new("lint")
        .bin_name("puppet-parser lint")
        .about(ABOUT)
        .after_help(AFTER_HELP)
        .disable_version_flag(true)
        // A flag given twice (in an option file and on the command line) is fine; the last
        // value of an option wins.
        .args_override_self(true)
        // puppet-lint (Ruby's OptionParser) takes any unambiguous prefix: `--fail-on`.
        .infer_long_args(true)
        .arg(flag("version", "Print the version (of puppet-lint this follows) and exit"))
        .arg(flag("no-config", "Do not read the option files"))
        .arg(
            Arg::new("config")
                .short('c')
                .long("config")
                .value_name("FILE")
                .help("Read options from FILE, at this point of the arguments")
                .action(ArgAction::Set),
        )
        .arg(flag("with-context", "Show the line of each problem with a caret under it"))
        .arg(flag("with-filename", "Print the file's path before each problem"))
        .arg(flag("fail-on-warnings", "Exit with status 1 for warnings too"))
        .arg(value(
            "error-level",
            "LEVEL",
            "Show only problems of this kind: all, warning or error",
        ))
        .arg(flag("show-ignored", "Show problems silenced by control comments"))
        .arg(flag(
            "relative",
            "autoloader_layout: take the module's name from the path relative to the working directory",
        ))
        .arg(
            Arg::new("load")
                .short('l')
                .long("load")
                .value_name("FILE")
                .help("Refused: Ruby plugins cannot be loaded (the Vox Pupuli checks are built in)")
                .action(ArgAction::Set),
        )
        .arg(value(
            "load-from-puppet",
            "MODULEPATH",
            "Refused: Ruby plugins cannot be loaded",
        ))
        .arg(
            Arg::new("fix")
                .short('f')
                .long("fix")
                .help("Fix what can be fixed, in place (a fix that would break the file is refused)")
                .action(ArgAction::SetTrue),
        )
        .arg(value(
            "log-format",
            "FORMAT",
            "The text line of a problem: %{filename} %{path} %{fullpath} %{line} %{column} %{kind} %{KIND} %{check} %{message}",
        ))
        .arg(flag("json", "Print the problems as puppet-lint's JSON"))
        .arg(flag("sarif", "Print the problems as SARIF 2.1.0"))
        .arg(value(
            "codeclimate-report-file",
            "FILE",
            "Also write a Code Climate (GitLab code quality) report to FILE",
        ))
        .arg(flag("list-checks", "List the checks and exit"))
        .arg(value(
            "only-checks",
            "CHECKS",
            "Run only these checks (comma-separated)",
        ))
        .arg(value(
            "ignore-paths",
            "PATTERNS",
            "Skip files whose path matches one of these patterns (comma-separated, fnmatch)",
        ))
        .arg(value(
            "top-scope-variables",
            "VARS",
            "top_scope_facts: top-scope variables that are not facts (comma-separated)",
        ))
        .arg(
            Arg::new("jobs")
                .short('j')
                .long("jobs")
                .value_name("N")
                .help("Files linted in parallel (default: all cores)")
                .value_parser(clap::value_parser!(usize))
                .action(ArgAction::Set),
        )
        .arg(flag(
            "no-ignore",
            "Also lint files that .ignore/.gitignore files ignore in named directories",
        ))
        .arg(
            Arg::new("paths")
                .value_name("PATH")
                .help("Files and directories (every *.pp below them); default: the current directory")
                .value_parser(clap::value_parser!(PathBuf))
                .action(ArgAction::Set),
        );
    for check in CHECKS {
        let off: &'static str = Box::leak(format!("no-{}-check", check.name).into_boxed_str());
        let on: &'static str = Box::leak(format!("{}-check", check.name).into_boxed_str());
        let off_help: &'static str =
            Box::leak(format!("Skip the {} check", check.name).into_boxed_str());
        let on_help: &'static str =
            Box::leak(format!("Run the {} check", check.name).into_boxed_str());
        cmd = cmd
            .arg(
                Arg::new(off)
                    .long(off)
                    .help(off_help)
                    .action(ArgAction::SetTrue)
                    .help_heading("Checks"),
            )
            .arg(
                Arg::new(on)
                    .long(on)
                    .help(on_help)
                    .action(ArgAction::SetTrue)
                    .help_heading("Checks")
                    .hide(check.default_enabled),
            );
    }
    cmd
}

/// The arguments of one option file, each with the file it came from.
fn read_option_file(path: &Path) -> Result<Option<Vec<OsString>>, ArgsError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(ArgsError::Usage(format!(
                "cannot read option file {}: {e}",
                path.display()
            )))
        }
    };
    let mut args = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // `--option value` on one line: the option and its value (puppet-lint wants
        // `--option=value`; both work here).
        match line.split_once(char::is_whitespace) {
            Some((option, rest)) if option.starts_with("--") && !option.contains('=') => {
                args.push(OsString::from(option));
                args.push(OsString::from(rest.trim()));
            }
            _ => args.push(OsString::from(line)),
        }
    }
    Ok(Some(args))
}

/// Checks that an option file holds only options we know, naming the file when not.
fn checked(path: &Path, args: Vec<OsString>) -> Result<Vec<OsString>, ArgsError> {
    let mut probe = vec![OsString::from("lint")];
    probe.extend(args.iter().cloned());
    match command().try_get_matches_from(probe) {
        Ok(m) if m.get_many::<PathBuf>("paths").is_some() => Err(ArgsError::Usage(format!(
            "{}: a path in an option file: {}",
            path.display(),
            m.get_many::<PathBuf>("paths")
                .into_iter()
                .flatten()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ))),
        Ok(_) => Ok(args),
        Err(e) => Err(ArgsError::Usage(format!(
            "{}: {}",
            path.display(),
            e.kind_text(&e)
        ))),
    }
}

trait KindText {
    fn kind_text(&self, e: &clap::Error) -> String;
}

impl KindText for clap::Error {
    fn kind_text(&self, e: &clap::Error) -> String {
        // clap's rendering without its usage lines.
        e.render()
            .to_string()
            .lines()
            .next()
            .unwrap_or("invalid option")
            .trim_start_matches("error: ")
            .to_string()
    }
}

/// The default option files, in the order puppet-lint reads them.
fn default_option_files() -> Vec<PathBuf> {
    let mut files = vec![PathBuf::from("/etc/puppet-lint.rc")];
    if let Some(home) = std::env::var_os("HOME") {
        files.push(Path::new(&home).join(".puppet-lint.rc"));
    }
    files.push(PathBuf::from(".puppet-lint.rc"));
    files
}

/// Expands `-c FILE` / `--config FILE` in place.
fn expand_config(args: Vec<OsString>, depth: u32) -> Result<Vec<OsString>, ArgsError> {
    let mut out = Vec::new();
    let mut iter = args.into_iter();
    while let Some(arg) = iter.next() {
        let text = arg.to_string_lossy();
        let file = if text == "-c" || text == "--config" {
            match iter.next() {
                Some(file) => Some(PathBuf::from(file)),
                None => return Err(ArgsError::Usage(format!("{text} wants a FILE"))),
            }
        } else {
            text.strip_prefix("--config=").map(PathBuf::from)
        };
        match file {
            Some(file) => {
                if depth > 8 {
                    return Err(ArgsError::Usage(format!(
                        "{}: option files include each other too deeply",
                        file.display()
                    )));
                }
                let Some(inner) = read_option_file(&file)? else {
                    return Err(ArgsError::Usage(format!(
                        "option file {} not found",
                        file.display()
                    )));
                };
                out.extend(expand_config(checked(&file, inner)?, depth + 1)?);
            }
            None => out.push(arg),
        }
    }
    Ok(out)
}

/// Parses `lint`'s arguments (without the program and subcommand names).
pub fn parse(cli: Vec<OsString>) -> Result<LintArgs, ArgsError> {
    let mut all = Vec::new();
    if !cli.iter().any(|a| a == "--no-config") {
        for file in default_option_files() {
            if let Some(args) = read_option_file(&file)? {
                all.extend(checked(&file, args)?);
            }
        }
    }
    all.extend(cli);
    let all = expand_config(all, 0)?;
    let mut argv = vec![OsString::from("lint")];
    argv.extend(all);
    let m = match command().try_get_matches_from(argv) {
        Ok(m) => m,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => {
            return Err(ArgsError::Help(e.render().to_string()))
        }
        Err(e) => return Err(ArgsError::Usage(e.kind_text(&e))),
    };
    from_matches(&m)
}

fn last<'m>(m: &'m ArgMatches, id: &str) -> Option<&'m String> {
    m.get_one::<String>(id)
}

fn list(m: &ArgMatches, id: &str) -> Vec<String> {
    last(m, id)
        .map(|v| {
            v.split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

fn from_matches(m: &ArgMatches) -> Result<LintArgs, ArgsError> {
    if m.get_many::<String>("load").is_some() || m.get_many::<String>("load-from-puppet").is_some()
    {
        return Err(ArgsError::Usage(
            "--load/--load-from-puppet: Ruby plugins cannot be loaded; the checks of puppet-lint \
             4.3.0 and the Vox Pupuli plugins are built in (see --list-checks)"
                .to_string(),
        ));
    }
    let count = |id: &str| m.get_flag(id);
    let error_level = match last(m, "error-level").map(String::as_str) {
        None | Some("all") => ErrorLevel::All,
        Some("warning") => ErrorLevel::Warning,
        Some("error") => ErrorLevel::Error,
        Some(other) => {
            return Err(ArgsError::Usage(format!(
                "invalid argument: --error-level {other} (all, warning or error)"
            )))
        }
    };
    // The check switches, in the order they were given.
    let mut options = LintOptions::default();
    let mut switches: Vec<(usize, Switch)> = Vec::new();
    if let Some(indices) = m.indices_of("only-checks") {
        let values: Vec<&String> = m
            .get_many::<String>("only-checks")
            .into_iter()
            .flatten()
            .collect();
        for (i, v) in indices.zip(values) {
            switches.push((i, Switch::Only(v.clone())));
        }
    }
    for check in CHECKS {
        for (id, on) in [
            (format!("no-{}-check", check.name), false),
            (format!("{}-check", check.name), true),
        ] {
            if m.value_source(&id) != Some(clap::parser::ValueSource::CommandLine) {
                continue;
            }
            if let Some(indices) = m.indices_of(&id) {
                for i in indices {
                    switches.push((i, Switch::Set(check.name, on)));
                }
            }
        }
    }
    switches.sort_by_key(|(i, _)| *i);
    for (_, switch) in switches {
        match switch {
            Switch::Only(names) => {
                let names: Vec<&str> = names.split(',').filter(|s| !s.is_empty()).collect();
                options
                    .only(names)
                    .map_err(|e| ArgsError::Usage(format!("--only-checks: {e}")))?;
            }
            Switch::Set(name, on) => {
                options
                    .set(name, on)
                    .map_err(|e| ArgsError::Usage(e.to_string()))?;
            }
        }
    }
    options.relative = count("relative");
    options.top_scope_variables = list(m, "top-scope-variables");
    Ok(LintArgs {
        options,
        fix: count("fix"),
        json: count("json"),
        sarif: count("sarif"),
        codeclimate_report_file: last(m, "codeclimate-report-file")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("CODECLIMATE_REPORT_FILE").map(PathBuf::from)),
        with_filename: count("with-filename"),
        with_context: count("with-context"),
        log_format: last(m, "log-format").cloned().filter(|f| !f.is_empty()),
        show_ignored: count("show-ignored"),
        fail_on_warnings: count("fail-on-warnings"),
        error_level,
        ignore_paths: list(m, "ignore-paths"),
        list_checks: count("list-checks"),
        version: count("version"),
        jobs: m.get_one::<usize>("jobs").copied(),
        no_ignore: count("no-ignore"),
        paths: m
            .get_many::<PathBuf>("paths")
            .into_iter()
            .flatten()
            .cloned()
            .collect(),
    })
}

enum Switch {
    Only(String),
    Set(&'static str, bool),
}
