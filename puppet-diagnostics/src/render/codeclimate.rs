//! A Code Climate issue array (GitLab's code quality report, `artifacts:reports:codequality`):
//!
//! ```text
//! [{"type":"issue","check_name":"DUPLICATE_KEY","description":"…","categories":["Bug Risk"],
//!   "severity":"major","location":{"path":"x.pp","lines":{"begin":1,"end":1}},
//!   "fingerprint":"…"}]
//! ```
//!
//! Errors are `major`, warnings and deprecations `minor`; syntax errors and Puppet issues are
//! in the `Bug Risk` category, lint rules in `Style`. GitLab tells issues apart, and follows
//! them from one pipeline to the next, by the fingerprint: a hash of the path, the code, the
//! message and the text of the span, not of the line number, so an issue keeps its fingerprint
//! when lines are added above it. (Two equal issues in one file get the same fingerprint; the
//! second gets its ordinal mixed in.)

use std::collections::HashMap;
use std::io::{self, Write};

use puppet_syntax::Severity;
use serde::Serialize;
use xxhash_rust::xxh3::Xxh3;

use super::end_line_column;
use crate::{CodeKind, Diagnostic};

/// A Code Climate report being collected: add the files, then [`CodeClimate::write`].
#[derive(Default)]
pub struct CodeClimate {
    issues: Vec<Issue>,
    seen: HashMap<u128, u32>,
}

impl CodeClimate {
    /// An empty report.
    pub fn new() -> CodeClimate {
        CodeClimate::default()
    }

    /// Adds the diagnostics of the file at `path` (as the report's reader resolves it, usually
    /// relative to the repository), whose offsets are in `text` when given.
    pub fn add_file(&mut self, path: &str, text: Option<&str>, diagnostics: &[Diagnostic]) {
        for d in diagnostics {
            let span = text
                .and_then(|t| t.get(d.offset() as usize..(d.offset() + d.len()) as usize))
                .unwrap_or("");
            let mut hash = Xxh3::new();
            for part in [path, d.code.name, &d.message, span] {
                hash.update(part.as_bytes());
                hash.update(&[0]);
            }
            let base = hash.digest128();
            let ordinal = self.seen.entry(base).or_insert(0);
            *ordinal += 1;
            if *ordinal > 1 {
                hash.update(&ordinal.to_le_bytes());
            }
            let (end, _) = end_line_column(d, text);
            self.issues.push(Issue {
                kind: "issue",
                check_name: d.code.name,
                description: d.message.clone(),
                categories: [match d.code.kind {
                    CodeKind::Lint => "Style",
                    CodeKind::Syntax | CodeKind::Puppet => "Bug Risk",
                }],
                severity: match d.severity {
                    Severity::Error => "major",
                    Severity::Warning | Severity::Deprecation => "minor",
                },
                location: Location {
                    path: path.to_owned(),
                    lines: Lines { begin: d.line, end },
                },
                fingerprint: format!("{:032x}", hash.digest128()),
            });
        }
    }

    /// Writes the array (pretty-printed JSON and a newline).
    pub fn write(self, out: &mut impl Write) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, &self.issues)?;
        writeln!(out)
    }
}

#[derive(Serialize)]
struct Issue {
    #[serde(rename = "type")]
    kind: &'static str,
    check_name: &'static str,
    description: String,
    categories: [&'static str; 1],
    severity: &'static str,
    location: Location,
    fingerprint: String,
}

#[derive(Serialize)]
struct Location {
    path: String,
    lines: Lines,
}

#[derive(Serialize)]
struct Lines {
    begin: u32,
    end: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{parse_and_validate, ParseOptions};

    fn report(text: &str) -> serde_json::Value {
        let result = parse_and_validate(text.as_bytes(), &ParseOptions::new());
        let found: Vec<Diagnostic> = result.diagnostics.into_iter().map(Into::into).collect();
        let mut report = CodeClimate::new();
        report.add_file("m/x.pp", Some(text), &found);
        let mut out = Vec::new();
        report.write(&mut out).unwrap();
        serde_json::from_slice(&out).unwrap()
    }

    #[test]
    fn issues_with_fingerprints_that_survive_added_lines() {
        let before = report("$h = {a => 1, a => 2}\n$h2 = {a => 1, a => 2}\n");
        let after = report("\n\n$h = {a => 1, a => 2}\n$h2 = {a => 1, a => 2}\n");
        let issues = before.as_array().unwrap();
        assert_eq!(issues.len(), 2);
        assert_eq!(issues[0]["check_name"], "DUPLICATE_KEY");
        assert_eq!(issues[0]["categories"][0], "Bug Risk");
        assert_eq!(issues[0]["severity"], "major");
        assert_eq!(issues[0]["location"]["path"], "m/x.pp");
        assert_eq!(issues[0]["location"]["lines"]["begin"], 1);
        assert_eq!(after[0]["location"]["lines"]["begin"], 3);
        // Equal issues are told apart, and keep their fingerprints when lines move.
        assert_ne!(issues[0]["fingerprint"], issues[1]["fingerprint"]);
        assert_eq!(issues[0]["fingerprint"], after[0]["fingerprint"]);
        assert_eq!(issues[1]["fingerprint"], after[1]["fingerprint"]);
    }
}
