//! Our parser's output for a program against Ruby's record of it: PN text and the class, offset
//! and length of every model node in `_pcore_all_contents` pre-order, as in
//! `tests/differential/corpus_model.rs`.

use std::panic::{self, AssertUnwindSafe};

use puppet_syntax::{parse, ParseOptions};
use serde_json::Value;

/// What kind of difference (shrinking keeps the kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DiffKind {
    /// Our parser panicked.
    Panic,
    /// Ruby parses the program, we report errors.
    Rejected,
    /// Our PN differs (positions may too).
    Pn,
    /// Same PN, different node positions.
    Positions,
}

impl DiffKind {
    /// Shrinking keeps the class: a PN difference may become a positions difference (or the
    /// reverse) when the program gets smaller (Ruby prints no PN for some models).
    pub fn shrink_class(self) -> u8 {
        match self {
            DiffKind::Panic => 0,
            DiffKind::Rejected => 1,
            DiffKind::Pn | DiffKind::Positions => 2,
        }
    }
}

impl DiffKind {
    /// The prefix of regression case names.
    pub fn name(self) -> &'static str {
        match self {
            DiffKind::Panic => "panic",
            DiffKind::Rejected => "rejected",
            DiffKind::Pn => "pn",
            DiffKind::Positions => "positions",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Difference {
    pub kind: DiffKind,
    /// Tells differences apart: the first differing node (with the PN list it is in) or our
    /// first error. A shrunk difference gets a regression case per fingerprint.
    pub fingerprint: String,
    /// Coarser: the programs of one group are shrunk once (PN differences are grouped by the
    /// kinds of the differing tokens only, wherever they are).
    pub group: String,
    /// Ruby's output and ours where they part, for people.
    pub detail: String,
}

pub enum Verdict {
    Same,
    /// Ruby reports a syntax error (or crashes): the program is not valid Puppet.
    RubyRejects(String),
    Differs(Difference),
}

/// Our output: `Err` holds our diagnostics when there is no model (the outer `Err`, a panic).
pub struct Ours {
    pub pn: String,
    /// Where we say Ruby's PN transformer raises (`Class: message`).
    pub pn_crash: Option<String>,
    pub locs: Vec<(String, u64, u64)>,
}

pub fn ours(src: &str, epp: bool) -> Result<Result<Ours, Vec<String>>, String> {
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        parse(src.as_bytes(), &ParseOptions::new().epp(epp))
    }))
    .map_err(|p| {
        p.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string())
    })?;
    let model = match result.model {
        Some(model) if !result.has_errors() => model,
        _ => {
            // Errors only: a warning (an unrecognized escape, say) is no reason.
            let diags: Vec<String> = result
                .diagnostics
                .iter()
                .filter(|d| d.severity.as_str() == "error")
                .map(|d| format!("{}@{}: {}", d.code, d.offset, d.message))
                .collect();
            return Ok(Err(diags));
        }
    };
    let locs = model
        .locs()
        .into_iter()
        .map(|(c, o, l)| (c.name().to_string(), o as u64, l as u64))
        .collect();
    let (pn, pn_crash) = puppet_syntax::pn::transform_noting_ruby_failure(&model);
    Ok(Ok(Ours {
        pn: pn.to_pn_string(),
        pn_crash: pn_crash.map(|f| f.ruby_error(&model)),
        locs,
    }))
}

fn ruby_locs(record: &Value) -> Vec<(String, u64, u64)> {
    record["locs"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| {
                    (
                        e[0].as_str().unwrap_or_default().to_string(),
                        e[1].as_u64().unwrap_or(u64::MAX),
                        e[2].as_u64().unwrap_or(u64::MAX),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Compares our output for `src` with Ruby's `record`.
pub fn compare(src: &str, epp: bool, record: &Value) -> Verdict {
    if let Some(e) = record.get("syntax_error").filter(|e| !e.is_null()) {
        return Verdict::RubyRejects(format!("syntax error: {e}"));
    }
    if let Some(e) = record.get("oracle_crash").filter(|e| !e.is_null()) {
        return Verdict::RubyRejects(format!("Ruby crashed: {e}"));
    }
    let ours = match ours(src, epp) {
        Err(panic) => {
            let fingerprint = format!("panic {}", strip_digits(&panic));
            return Verdict::Differs(Difference {
                kind: DiffKind::Panic,
                group: fingerprint.clone(),
                fingerprint,
                detail: format!("our parser panicked: {panic}"),
            });
        }
        Ok(Err(diagnostics)) => {
            let first = diagnostics.first().map_or("", String::as_str);
            let fingerprint = format!("rejected {}", message_class(first));
            return Verdict::Differs(Difference {
                kind: DiffKind::Rejected,
                group: fingerprint.clone(),
                fingerprint,
                detail: format!("Ruby parses it, we report: {}", diagnostics.join(" | ")),
            });
        }
        Ok(Ok(ours)) => ours,
    };
    let theirs = ruby_locs(record);
    let first_loc_difference = ours
        .locs
        .iter()
        .zip(&theirs)
        .position(|(a, b)| a != b)
        .or((ours.locs.len() != theirs.len()).then(|| ours.locs.len().min(theirs.len())));
    let loc_detail = |at: usize| {
        format!(
            "node {at}: ruby {:?}, ours {:?} ({} vs {} nodes)",
            theirs.get(at),
            ours.locs.get(at),
            theirs.len(),
            ours.locs.len()
        )
    };
    // Ruby's PN transformer raises on some models (captures-rest parameters): we must say so,
    // with Ruby's error, and then only positions are compared.
    if record["pn_crash"].as_str() != ours.pn_crash.as_deref() {
        let (ruby, ours) = (record["pn_crash"].as_str(), ours.pn_crash.as_deref());
        return Verdict::Differs(Difference {
            kind: DiffKind::Pn,
            fingerprint: format!("pn_crash: ruby {ruby:?}, ours {ours:?}"),
            group: format!("pn_crash: ruby {}, ours {}", ruby.is_some(), ours.is_some()),
            detail: format!("Ruby's PN transformer: ruby {ruby:?}\n  ours: {ours:?}"),
        });
    }
    if let Some(pn) = record["pn"].as_str() {
        if pn != ours.pn {
            let at = pn
                .bytes()
                .zip(ours.pn.bytes())
                .take_while(|(a, b)| a == b)
                .count();
            let tokens = format!(
                "ruby {}, ours {}",
                token_class(pn, at),
                token_class(&ours.pn, at)
            );
            return Verdict::Differs(Difference {
                kind: DiffKind::Pn,
                fingerprint: format!("pn in {}: {tokens}", enclosing_head(pn, at)),
                group: format!("pn: {tokens}"),
                detail: format!(
                    "PN differs at byte {at}\n  ruby: {}\n  ours: {}{}",
                    pn,
                    ours.pn,
                    first_loc_difference
                        .map(|at| format!("\n  positions: {}", loc_detail(at)))
                        .unwrap_or_default()
                ),
            });
        }
    }
    match first_loc_difference {
        None => Verdict::Same,
        Some(at) => {
            let fingerprint = format!(
                "positions {} / {}",
                theirs.get(at).map_or("-", |l| l.0.as_str()),
                ours.locs.get(at).map_or("-", |l| l.0.as_str())
            );
            Verdict::Differs(Difference {
                kind: DiffKind::Positions,
                group: fingerprint.clone(),
                fingerprint,
                detail: format!("positions differ at {}", loc_detail(at)),
            })
        }
    }
}

/// The head of the innermost PN list open at byte `at` (`access`, `concat`, …), strings skipped.
fn enclosing_head(pn: &str, at: usize) -> String {
    let bytes = pn.as_bytes();
    let mut heads: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < at.min(bytes.len()) {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' => heads.push(i + 1),
            b')' => {
                heads.pop();
            }
            _ => {}
        }
        i += 1;
    }
    match heads.last() {
        Some(&start) => pn[start..]
            .split([' ', ')'])
            .next()
            .unwrap_or_default()
            .to_string(),
        None => "top".to_string(),
    }
}

/// What kind of PN token starts at byte `at` (back to the start of a string if inside one).
fn token_class(pn: &str, at: usize) -> &'static str {
    let mut at = at.min(pn.len());
    while !pn.is_char_boundary(at) {
        at -= 1;
    }
    match pn[..at].rfind([' ', '(', '[', '{']) {
        Some(i) => match pn[i + 1..].chars().next() {
            Some('"') => "string",
            Some('(') => "list",
            Some(c) if c.is_ascii_digit() || c == '-' => "number",
            Some(':') => "key",
            Some(_) => "word",
            None => "end",
        },
        None => "start",
    }
}

/// A diagnostic without the token it quotes (`Syntax error at '…'`) and digits.
fn message_class(message: &str) -> String {
    let message = match message.split_once(" at '") {
        Some((before, after)) => match after.split_once("'; ") {
            Some((_, rest)) => format!("{before} at _; {rest}"),
            None => before.to_string(),
        },
        None => message.to_string(),
    };
    strip_digits(&message)
}

fn strip_digits(s: &str) -> String {
    s.chars().filter(|c| !c.is_ascii_digit()).collect()
}
