//! `--fix`: every fix is an edit of the one text, and a fix that would break the program is
//! refused.
//!
//! A round lints the text, takes the fixes of the problems that are not silenced (a fix whose
//! edit overlaps one already taken waits for the next round), and applies them in two steps:
//!
//! 1. the layout fixes ([`FixKind::Layout`]) together: the result must parse, and its PN (the
//!    program Puppet evaluates) must be the one before;
//! 2. the fixes that change the program on purpose ([`FixKind::Meaning`]) together: the result
//!    must parse and must not give Puppet's validator an error it did not give before.
//!
//! When a step's result fails its test, its fixes are tried one at a time and the ones that
//! fail alone are refused (reported in [`FixOutcome::refused`], never applied). Rounds repeat on
//! the new text until no fix is left, so a fix never works on stale positions; the final text
//! is linted once more for what remains.

use puppet_diagnostics::TextEdit;
use puppet_syntax::{pn, IssueCode, ParseOptions};

use crate::check::FixKind;
use crate::problem::{Problem, ProblemKind};
use crate::{lint, parse_for_lint, LintOptions};

/// More rounds than this means two fixes undo each other: stop there.
const MAX_ROUNDS: u32 = 10;

/// A fix that was not applied, and why.
#[derive(Clone, Debug)]
pub struct Refusal {
    /// The problem whose fix it was (positions of the text of its round).
    pub problem: Problem,
    /// Why it was refused.
    pub reason: String,
}

/// What `fix` did to one source.
#[derive(Clone, Debug, Default)]
pub struct FixOutcome {
    /// The fixed text (the original when nothing was fixed).
    pub text: String,
    /// The problems fixed, kind [`ProblemKind::Fixed`], each positioned in the text of the
    /// round that fixed it (the original text for the first round).
    pub fixed: Vec<Problem>,
    /// The problems of the fixed text.
    pub remaining: Vec<Problem>,
    /// The fixes refused.
    pub refused: Vec<Refusal>,
    /// The rounds that changed the text.
    pub rounds: u32,
}

impl FixOutcome {
    /// Whether the text changed.
    pub fn changed(&self, original: &str) -> bool {
        self.text != original
    }
}

/// What the checks of a fix step compare.
struct Verdict {
    parses: bool,
    pn: Option<String>,
    errors: Vec<IssueCode>,
}

fn judge(text: &str, path: Option<&str>) -> Verdict {
    let mut options = ParseOptions::new().epp(path.is_some_and(|p| p.ends_with(".epp")));
    if let Some(path) = path {
        options = options.file(path);
    }
    let result = puppet_syntax::parse_and_validate(text.as_bytes(), &options);
    let parses = !result
        .diagnostics
        .iter()
        .any(|d| d.is_error() && d.code.is_syntax())
        && result.model.is_some();
    let mut errors: Vec<IssueCode> = result
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code)
        .collect();
    errors.sort_by_key(|c| c.as_str());
    Verdict {
        parses,
        pn: result.model.as_ref().map(pn::to_pn_string),
        errors,
    }
}

/// Lints `text` and applies every fix that keeps the program whole, round after round.
pub fn fix(text: &str, path: Option<&str>, options: &LintOptions) -> FixOutcome {
    let mut outcome = FixOutcome {
        text: text.to_string(),
        ..FixOutcome::default()
    };
    let mut refused_keys: Vec<(&'static str, String, u32, u32)> = Vec::new();
    let mut parsed = parse_for_lint(text, path);
    if parsed.has_errors() {
        outcome.remaining = lint(&parsed, options);
        return outcome;
    }
    // The verdict on the text a round starts with, when the round before made it.
    let mut known: Option<Verdict> = None;
    for _ in 0..MAX_ROUNDS {
        let problems = lint(&parsed, options);
        // Judged only when some fix is tried (most files have nothing to fix), and not again
        // when the last round judged it.
        let before_cell = std::cell::OnceCell::new();
        if let Some(verdict) = known.take() {
            let _ = before_cell.set(verdict);
        }
        let round_text = outcome.text.clone();
        let before = || before_cell.get_or_init(|| judge(&round_text, path));
        let mut changed = false;
        for kind in [FixKind::Layout, FixKind::Meaning] {
            let candidates: Vec<&Problem> = problems
                .iter()
                .filter(|p| {
                    p.kind != ProblemKind::Ignored && p.check.fix == kind && p.fix.is_some()
                })
                .filter(|p| !refused_keys.contains(&key(p)))
                .collect();
            if candidates.is_empty() {
                continue;
            }
            let accept = |edit: &TextEdit| -> Result<(String, Verdict), String> {
                let new = edit.apply(&outcome.text).map_err(|e| e.to_string())?;
                let after = judge(&new, path);
                if !after.parses {
                    return Err("the fixed text would not parse".to_string());
                }
                match kind {
                    FixKind::Layout if after.pn != before().pn => {
                        Err("the fix would change what Puppet evaluates".to_string())
                    }
                    FixKind::Meaning
                        if after.errors.iter().any(|e| !before().errors.contains(e)) =>
                    {
                        Err("the fixed text would not pass Puppet's validation".to_string())
                    }
                    _ => Ok((new, after)),
                }
            };
            // All of them at once, the ones that do not overlap.
            let (edit, taken) = merge(&candidates);
            let new = match accept(&edit) {
                Ok((new, verdict)) => Some((new, verdict, taken)),
                Err(_) => {
                    // One at a time: refuse those that fail alone, then take the rest together.
                    let mut good = Vec::new();
                    for p in &taken {
                        let single = p.fix.clone().expect("candidates have fixes");
                        match accept(&single) {
                            Ok(_) => good.push(*p),
                            Err(reason) => {
                                refused_keys.push(key(p));
                                outcome.refused.push(Refusal {
                                    problem: (*p).clone(),
                                    reason,
                                });
                            }
                        }
                    }
                    let (edit, taken) = merge(&good);
                    match accept(&edit) {
                        Ok((new, verdict)) => Some((new, verdict, taken)),
                        // Fine alone, not together: the first alone now, the rest next round.
                        Err(_) => good.first().and_then(|p| {
                            accept(p.fix.as_ref().expect("has a fix"))
                                .ok()
                                .map(|(new, verdict)| (new, verdict, vec![*p]))
                        }),
                    }
                }
            };
            if let Some((new, verdict, taken)) = new {
                if new != outcome.text {
                    known = Some(verdict);
                    outcome.fixed.extend(taken.into_iter().map(|p| Problem {
                        kind: ProblemKind::Fixed,
                        ..p.clone()
                    }));
                    outcome.text = new;
                    changed = true;
                }
            }
            // The meaning step works on the text the layout step left, in the next round.
            if changed {
                break;
            }
        }
        if !changed {
            // Nothing more to fix: these are the problems of the final text.
            outcome.remaining = problems;
            return outcome;
        }
        outcome.rounds += 1;
        parsed = parse_for_lint(&outcome.text, path);
        if parsed.has_errors() {
            // Cannot happen (every step's result parses), but never leave a broken text.
            outcome.text = text.to_string();
            outcome.fixed.clear();
            parsed = parse_for_lint(text, path);
            break;
        }
    }
    outcome.remaining = lint(&parsed, options);
    outcome
}

/// What identifies a refused fix from one round to the next: its check, message and position.
fn key(p: &Problem) -> (&'static str, String, u32, u32) {
    (p.check.name, p.message.clone(), p.line, p.column)
}

/// The union of the fixes that do not overlap one taken before, and those taken.
fn merge<'p>(problems: &[&'p Problem]) -> (TextEdit, Vec<&'p Problem>) {
    let mut edit = TextEdit::new();
    let mut taken = Vec::new();
    for p in problems {
        let Some(fix) = &p.fix else { continue };
        let mut trial = edit.clone();
        if trial.union(fix.clone()).is_ok() {
            edit = trial;
            taken.push(*p);
        }
    }
    (edit, taken)
}
