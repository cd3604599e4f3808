//! What a check is: its name and defaults as puppet-lint has them, its documentation and
//! examples (which the docs are generated from and the tests run), and the function that looks.

use crate::context::{Context, Report};

/// The kind of problem a check reports (puppet-lint's `notify :warning` / `notify :error`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Level {
    /// `warning`.
    Warning,
    /// `error`.
    Error,
}

impl Level {
    /// `"warning"` or `"error"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }
}

/// Where a check comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Origin {
    /// puppet-lint 4.3.0 itself.
    Core,
    /// A Vox Pupuli plugin gem (its name and the version whose behaviour the check follows).
    Plugin {
        /// The gem, e.g. `puppet-lint-trailing_comma-check`.
        gem: &'static str,
        /// Its version, e.g. `2.0.0`.
        version: &'static str,
    },
    /// This project: a problem puppet-lint cannot see without a parser.
    Native,
}

/// What a check's fix does to the program.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FixKind {
    /// The check has no fix.
    None,
    /// Layout only: the program Puppet evaluates is the same (its PN is compared after every
    /// fix).
    Layout,
    /// It changes the program on purpose, exactly as its message says (a legacy fact to the
    /// structured fact, a quoted boolean to a boolean): the result must parse and validate.
    Meaning,
}

/// One check.
pub struct Check {
    /// puppet-lint's name (`arrow_alignment`): the `--no-arrow_alignment-check` flag, the
    /// `lint:ignore:arrow_alignment` comment and the `check` field of the outputs.
    pub name: &'static str,
    /// The kind of its problems.
    pub level: Level,
    /// Whether it runs without being asked for.
    pub default_enabled: bool,
    /// Where it comes from.
    pub origin: Origin,
    /// What its fix does.
    pub fix: FixKind,
    /// One line: what it finds (the SARIF rule description).
    pub summary: &'static str,
    /// Why it matters, and where it differs from puppet-lint (Markdown).
    pub why: &'static str,
    /// A manifest it reports a problem in.
    pub fires: &'static str,
    /// A manifest it is silent on.
    pub passes: &'static str,
    /// `fires` after `lint --fix`, for a check with a fix.
    pub fixed: Option<&'static str>,
    /// The look: reports each problem through `report`.
    pub run: fn(&Context, &mut Report),
}

impl std::fmt::Debug for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Check").field("name", &self.name).finish()
    }
}

impl PartialEq for Check {
    fn eq(&self, other: &Check) -> bool {
        self.name == other.name
    }
}

impl Eq for Check {}
