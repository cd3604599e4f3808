//! `puppet-lint`: the checks of puppet-lint 4.3.0 and of the Vox Pupuli plugin set, on the
//! exact Puppet syntax tree, with fixes that cannot break code.
//!
//! ```
//! use puppet_lint::{lint_source, LintOptions};
//! let problems = lint_source("file { '/x': ensure => present }\n", Some("init.pp"), &LintOptions::default());
//! let p = &problems[0];
//! assert_eq!((p.check.name, p.line, p.column), ("file_ensure", 1, 24));
//! assert_eq!(p.message, "ensure set to present on file resource");
//! ```
//!
//! # Where things live
//!
//! * [`check`]: what a check is ([`Check`]: its name, kind, default, origin, fix kind and the
//!   documentation with examples that the docs are generated from and the tests run);
//! * [`checks`]: one module per check, and [`checks::CHECKS`], the one table of them in
//!   puppet-lint's registration order (the order of its output);
//! * [`context`]: what a check sees ([`Context`]: text, tree, tokens, model, options) and how
//!   it reports ([`Report`]);
//! * [`tokens`]: the tokens with whitespace split as puppet-lint's lexer splits it;
//! * [`control`]: `# lint:ignore:<check>` … `# lint:endignore` comments;
//! * [`resource_types`]: the core resource types and their attributes, read off Puppet;
//! * [`problem`]: [`Problem`] and its kinds, and its conversion to the tools' [`Diagnostic`];
//! * [`docs`]: the checks' reference page, generated from the table;
//! * [`mod@fix`]: `--fix`: every fix an edit of the one text, the text parsed again after each round
//!   and refused when it would not parse or would change what Puppet evaluates.

#![warn(missing_docs)]

pub mod check;
pub mod checks;
pub mod context;
pub mod control;
pub mod docs;
pub mod fix;
pub mod problem;
pub mod resource_types;
pub mod tokens;

pub use check::{Check, FixKind, Level, Origin};
pub use context::{Context, Report};
pub use fix::{fix, FixOutcome};
pub use problem::{Problem, ProblemKind};
pub use puppet_diagnostics::{Diagnostic, TextEdit};

use puppet_syntax::{ParseOptions, ParseResult};

use crate::checks::CHECKS;
use crate::control::Ignores;

/// A check name that no check has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown check '{0}'")]
pub struct UnknownCheck(pub String);

/// Which checks run, and the settings some of them read.
#[derive(Clone, Debug)]
pub struct LintOptions {
    enabled: Vec<bool>,
    /// puppet-lint's `--relative`: `autoloader_layout` takes the module name from the path
    /// relative to the working directory, not from the directory above `manifests/`.
    pub relative: bool,
    /// puppet-lint's `--top-scope-variables`: top-scope variables `top_scope_facts` accepts
    /// as `$::name` (added to its list of names that are not facts).
    pub top_scope_variables: Vec<String>,
}

impl Default for LintOptions {
    fn default() -> LintOptions {
        LintOptions {
            enabled: CHECKS.iter().map(|c| c.default_enabled).collect(),
            relative: false,
            top_scope_variables: Vec::new(),
        }
    }
}

impl LintOptions {
    /// Every check enabled, the ones off by default too.
    pub fn all() -> LintOptions {
        LintOptions {
            enabled: vec![true; CHECKS.len()],
            ..LintOptions::default()
        }
    }

    /// Turns one check on or off.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), UnknownCheck> {
        let i = CHECKS
            .iter()
            .position(|c| c.name == name)
            .ok_or_else(|| UnknownCheck(name.to_string()))?;
        self.enabled[i] = on;
        Ok(())
    }

    /// Only these checks (puppet-lint's `--only-checks`).
    pub fn only<'n>(
        &mut self,
        names: impl IntoIterator<Item = &'n str>,
    ) -> Result<(), UnknownCheck> {
        self.enabled.iter_mut().for_each(|e| *e = false);
        for name in names {
            self.set(name, true)?;
        }
        Ok(())
    }

    /// Whether a check runs.
    pub fn is_enabled(&self, check: &Check) -> bool {
        CHECKS
            .iter()
            .position(|c| c.name == check.name)
            .is_some_and(|i| self.enabled[i])
    }

    /// The checks that run, in registration order.
    pub fn enabled_checks(&self) -> impl Iterator<Item = &'static Check> + '_ {
        CHECKS
            .iter()
            .zip(&self.enabled)
            .filter(|(_, on)| **on)
            .map(|(c, _)| *c)
    }
}

/// The check with this name.
pub fn find_check(name: &str) -> Option<&'static Check> {
    CHECKS.iter().copied().find(|c| c.name == name)
}

/// What one source gave.
#[derive(Debug, Default)]
pub struct Linted {
    /// Every problem, in puppet-lint's order (check by check in registration order, each
    /// check's in its own order); silenced ones have kind [`ProblemKind::Ignored`].
    pub problems: Vec<Problem>,
    /// puppet-lint's warnings about unmatched control comments.
    pub control_warnings: Vec<String>,
}

/// The problems of a parsed source (parsed with or without its CST).
pub fn lint(parsed: &ParseResult, options: &LintOptions) -> Vec<Problem> {
    lint_full(parsed, options).problems
}

/// Parses and lints a source.
pub fn lint_source(text: &str, path: Option<&str>, options: &LintOptions) -> Vec<Problem> {
    lint_full(&parse_for_lint(text, path), options).problems
}

/// The parse `lint` wants: the CST and the model.
pub fn parse_for_lint(text: &str, path: Option<&str>) -> ParseResult {
    let mut parse = ParseOptions::new()
        .cst(true)
        .epp(path.is_some_and(|p| p.ends_with(".epp")));
    if let Some(path) = path {
        parse = parse.file(path);
    }
    puppet_syntax::parse(text.as_bytes(), &parse)
}

/// The problems of a parsed source, and the control comments' warnings.
pub fn lint_full(parsed: &ParseResult, options: &LintOptions) -> Linted {
    lint_full_threads(parsed, options, 1)
}

/// As [`lint_full`], with the checks shared among `threads` threads: each takes the next
/// check not yet taken until none is left. Each thread makes its own view of the source
/// ([`Context`]: its tokens, nodes and shared views, about a tenth of the time of every
/// check), so this spends more CPU to give the problems sooner: for one large source someone
/// is waiting on, such as an editor's buffer, not for many files linted side by side. The
/// problems and their order are those of [`lint_full`]; `threads` of 0 or 1 is `lint_full`.
pub fn lint_full_threads(parsed: &ParseResult, options: &LintOptions, threads: usize) -> Linted {
    if parsed.has_errors() {
        return Linted {
            problems: checks::syntax::problems(parsed),
            control_warnings: Vec::new(),
        };
    }
    let reparsed;
    let cst = match &parsed.cst {
        Some(cst) => cst,
        None => {
            reparsed = parse_for_lint(&parsed.text, parsed.file.as_deref());
            match &reparsed.cst {
                Some(cst) => cst,
                None => return Linted::default(),
            }
        }
    };
    let checks: Vec<&'static Check> = options.enabled_checks().collect();
    let threads = threads.clamp(1, checks.len().max(1));
    let context = || {
        Context::new(
            &parsed.text,
            parsed.file.as_deref(),
            cst.syntax_node(),
            parsed.model.as_ref(),
            options,
        )
    };
    let next = std::sync::atomic::AtomicUsize::new(0);
    // The problems of the checks one thread took, each check's with its position in `checks`.
    let run_checks = |cx: &Context| {
        let mut found = Vec::new();
        loop {
            let position = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(&check) = checks.get(position) else {
                return found;
            };
            let mut problems = Vec::new();
            let mut report = Report {
                check,
                problems: &mut problems,
                text: cx.text,
                index: &cx.index,
                tokens: &cx.tokens,
            };
            (check.run)(cx, &mut report);
            found.push((position, problems));
        }
    };
    let (cx, mut found) = if threads == 1 {
        let cx = context();
        let found = run_checks(&cx);
        (cx, found)
    } else {
        std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads)
                .map(|_| scope.spawn(|| run_checks(&context())))
                .collect();
            let cx = context();
            let mut found = run_checks(&cx);
            for other in others {
                match other.join() {
                    Ok(more) => found.extend(more),
                    // A check's panic, as on one thread: it goes on up to the caller.
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            (cx, found)
        })
    };
    found.sort_by_key(|(position, _)| *position);
    let mut problems: Vec<Problem> = found.into_iter().flat_map(|(_, p)| p).collect();
    let ignores = Ignores::collect(&cx);
    for p in &mut problems {
        if let Some(reason) = ignores.reason(p.check.name, p.line) {
            p.kind = ProblemKind::Ignored;
            p.reason = Some(reason.to_string());
        }
    }
    Linted {
        problems,
        control_warnings: ignores.warnings,
    }
}
