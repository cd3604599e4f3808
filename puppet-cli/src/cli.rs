//! Command-line syntax (clap derive). New subcommands and dump formats slot in as new
//! `Command` / `Format` variants. The exit statuses and examples shown by `--help` are here too.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// The exit statuses, as `--help` shows them (the values are [`crate::Outcome`]'s); a macro
/// because `concat!` takes only literals.
macro_rules! exit_status {
    () => {
        "\
Exit status:
  0  no file has an error (warnings alone are fine)
  1  some file has an error
  2  usage error, or a file or directory could not be read"
    };
}

const MAIN_AFTER_HELP: &str = concat!(
    exit_status!(),
    "

Examples:
  puppet-parser validate --modulepath modules:site modules site manifests/site.pp
  puppet-parser dump --format pn --pretty manifests/init.pp"
);

const VALIDATE_AFTER_HELP: &str = concat!(
    exit_status!(),
    "

Examples:
  puppet-parser validate --modulepath modules:site modules site manifests/site.pp
  puppet-parser validate --format json --max-errors 0 . | jq -c 'select(.issue)'"
);

const FMT_AFTER_HELP: &str =
    "Exit status: 0 when every file is formatted (or was reformatted), 1 when a file has
syntax errors (it is left as it is) or, with --check, would change, 2 on usage or I/O errors.

Examples:
  puppet-parser fmt modules site manifests
  puppet-parser fmt --check .            # in CI: a diff and status 1 when a file would change
  puppet-parser fmt - < init.pp          # an editor's filter";

const DUMP_AFTER_HELP: &str = concat!(
    exit_status!(),
    "

The diagnostics go to stderr. A file with syntax errors has no model: `pn` and `json` print
nothing for it (as Puppet prints no dump), `cst` still prints its whole tree. Where the input
stops being UTF-8, the valid part before it is dumped. Where Puppet's own dump fails (its PN
transformer raises: a `*$rest` parameter, a parameter name like `$0`), the PN is printed and
the file gets `error[PN_TRANSFORM_FAILED]`.

Examples:
  puppet-parser dump --format pn --pretty manifests/init.pp
  puppet-parser dump --format cst templates/ > trees.txt"
);

const XPP_AFTER_HELP: &str = "\
Exit status:
  0  every file is fine
  1  some source has an error (build), or some .xpp is stale, missing, orphaned or unreadable (check)
  2  usage error, or a file or directory could not be read or written

Examples:
  puppet-parser xpp build /etc/puppetlabs/code/environments/production --jobs 2
  puppet-parser xpp dump production/.xpp/modules/environment/manifests/site.xpp
  puppet-parser xpp check production --modulepath production/modules:/usr/share/puppet/modules";

#[derive(Parser, Debug)]
#[command(
    name = "puppet-parser",
    version,
    about = "Validate, format and lint Puppet 7 and 8 manifests and EPP templates, and serve them to editors",
    after_help = MAIN_AFTER_HELP
)]
pub struct Cli {
    /// Log level of the messages written to stderr (default: warn, or RUST_LOG when set).
    #[arg(long, global = true, value_enum)]
    pub log_level: Option<LogLevel>,

    /// Log line format: `text` for people, `json` for one JSON object per line.
    #[arg(long, global = true, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Colour human output: `auto` colours a terminal unless NO_COLOR is set (non-empty).
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse files and print their syntax tree.
    #[command(after_help = DUMP_AFTER_HELP)]
    Dump(DumpArgs),
    /// Parse and validate manifests and EPP templates as Puppet does (static checks).
    #[command(after_help = VALIDATE_AFTER_HELP)]
    Validate(crate::commands::validate::ValidateArgs),
    /// Format manifests and EPP templates in place (gofmt-style: no options, the meaning never
    /// changes).
    #[command(after_help = FMT_AFTER_HELP)]
    Fmt(crate::commands::fmt::FmtArgs),
    /// Lint manifests with the checks of puppet-lint 4.3.0 and the Vox Pupuli plugins
    /// (puppet-lint's options and outputs; see `puppet-parser lint --help`).
    #[command(disable_help_flag = true)]
    Lint(LintPassThrough),
    /// PRFC-23 XPP files: pre-parsed, pre-validated sources of an environment.
    #[command(subcommand, after_help = XPP_AFTER_HELP)]
    Xpp(crate::commands::xpp::XppCommand),
    /// The language server: diagnostics, navigation, completion, formatting and lint fixes
    /// for editors, over standard input and output (see docs/editors.md).
    #[command(after_help = LSP_AFTER_HELP)]
    Lsp(LspArgs),
    /// Print the completion script of a shell (bash, zsh, fish, elvish, powershell).
    #[command(after_help = COMPLETIONS_AFTER_HELP)]
    Completions(CompletionsArgs),
    /// Print the man page puppet-parser(1) (roff), or write it and one page a command
    /// (puppet-parser-lint(1), …) into a directory.
    #[command(after_help = MAN_AFTER_HELP)]
    Man(ManArgs),
}

const COMPLETIONS_AFTER_HELP: &str = "\
Install (the directories the shells look in):
  puppet-parser completions bash > ~/.local/share/bash-completion/completions/puppet-parser
  puppet-parser completions zsh > ~/.zfunc/_puppet-parser   # with fpath+=~/.zfunc in ~/.zshrc
  puppet-parser completions fish > ~/.config/fish/completions/puppet-parser.fish";

const MAN_AFTER_HELP: &str = "\
Install:
  puppet-parser man --dir ~/.local/share/man/man1
  man puppet-parser-lint";

/// `man`'s arguments.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write puppet-parser.1 and puppet-parser-COMMAND.1 for every command into DIR (made if
    /// missing) instead of printing puppet-parser(1).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
}

/// `completions`' arguments.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

const LSP_AFTER_HELP: &str = "\
The server speaks the Language Server Protocol on standard input and output; it is started by
an editor, not by hand. Its settings come from the editor (initializationOptions or the
`puppet` section of the workspace configuration) and from the workspace's .puppet-lint.rc.
Logs go to stderr, or to --log-file; never to stdout.

Examples:
  puppet-parser lsp
  puppet-parser lsp --log-level debug --log-format json --log-file /tmp/puppet-lsp.log";

/// `lsp`'s options.
#[derive(Args, Debug)]
pub struct LspArgs {
    /// Write the log to this file (appended) instead of stderr.
    #[arg(long, value_name = "FILE")]
    pub log_file: Option<std::path::PathBuf>,
}

/// `lint`'s arguments, parsed by `commands::lint` with puppet-lint's own option set (which has
/// a `--log-format` of its own): `main` hands them over before clap sees them.
#[derive(Args, Debug)]
pub struct LintPassThrough {
    /// puppet-lint's options and the paths.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub args: Vec<std::ffi::OsString>,
}

#[derive(Args, Debug)]
pub struct DumpArgs {
    /// What to print.
    #[arg(long, value_enum, default_value_t = Format::Cst)]
    pub format: Format,

    /// With `--format pn` or `json`: one element per line, indented (Puppet's `--pretty`).
    #[arg(long)]
    pub pretty: bool,

    #[command(flatten)]
    pub parse: ParseArgs,

    #[command(flatten)]
    pub report: ReportArgs,

    #[command(flatten)]
    pub walk: WalkArgs,

    /// Files and directories to parse (directories: every `*.pp` and `*.epp` below them, each
    /// real file once; `-`: standard input).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

/// How diagnostics are reported, shared by every parsing subcommand.
#[derive(Args, Debug, Clone, Copy)]
pub struct ReportArgs {
    /// Show at most N diagnostics per file (the first ones, any severity), then a line saying
    /// how many were left out; 0 shows all.
    #[arg(long, value_name = "N", default_value_t = crate::report::DEFAULT_MAX_ERRORS)]
    pub max_errors: usize,
}

/// How named directories are walked, shared by every subcommand that walks them.
#[derive(Args, Debug, Clone, Copy)]
pub struct WalkArgs {
    /// Also take the files that `.ignore`, `.gitignore` and `.git/info/exclude` files ignore
    /// in the named directories (named files are always taken).
    #[arg(long)]
    pub no_ignore: bool,
}

impl WalkArgs {
    /// The walk these arguments ask for.
    pub fn options(self) -> puppet_workspace::walk::WalkOptions {
        puppet_workspace::walk::WalkOptions {
            ignore_files: !self.no_ignore,
        }
    }
}

/// Options that select how a source is parsed, shared by every parsing subcommand.
#[derive(Args, Debug, Clone, Copy)]
pub struct ParseArgs {
    /// Parse every file as an EPP template (files ending in `.epp` always are).
    #[arg(long)]
    pub epp: bool,

    /// Tasks mode: `plan` and `apply` are keywords.
    #[arg(long)]
    pub tasks: bool,
}

/// Output format of `dump`.
#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// The lossless concrete syntax tree: one element per line, two spaces of indent per depth;
    /// nodes as `KIND@START..END`, tokens as `KIND@START..END "TEXT"` (TEXT a JSON string).
    Cst,
    /// Puppet's PN ("Puppet Extended S-Expression Notation"), exactly as
    /// `puppet parser dump --format pn` prints it, on one line.
    Pn,
    /// The JSON form of the PN (`puppet parser dump --format json`).
    Json,
}

#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum LogLevel {
    Off,
    Error,
    Warn,
    Info,
    Debug,
    Trace,
}

impl LogLevel {
    pub fn filter(self) -> log::LevelFilter {
        match self {
            LogLevel::Off => log::LevelFilter::Off,
            LogLevel::Error => log::LevelFilter::Error,
            LogLevel::Warn => log::LevelFilter::Warn,
            LogLevel::Info => log::LevelFilter::Info,
            LogLevel::Debug => log::LevelFilter::Debug,
            LogLevel::Trace => log::LevelFilter::Trace,
        }
    }
}

/// `--color`.
#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ColorChoice {
    /// Colour a terminal, unless NO_COLOR is set to a non-empty value or TERM is `dumb`.
    Auto,
    /// Always colour (overrides NO_COLOR).
    Always,
    /// Never colour.
    Never,
}

#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum LogFormat {
    Text,
    Json,
}
