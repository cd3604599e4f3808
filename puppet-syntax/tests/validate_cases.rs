//! Differential test of the validator against Ruby Puppet 7.23 on a suite of (mostly invalid)
//! snippets covering every check: `test_data/validate/cases.txt` holds the snippets,
//! `test_data/validate/expected.jsonl` what Ruby reports for them, generated once with
//! `ruby scripts/oracle/validate_cases.rb < cases.txt > expected.jsonl` (regenerate after adding
//! cases; the test fails when the two files are out of step).
//!
//! For every snippet: a syntax error must be the same (issue, line, column) as Ruby's
//! `ParseErrorWithIssue`; otherwise the validator's diagnostics must equal Ruby's acceptor
//! (issue code, severity, line, column and message, in order). Where Ruby *raises* during
//! validation (heredoc syntax checkers) our diagnostics must start with what Ruby accepted before
//! plus the raised issue (we continue after it); where Ruby crashes, they must start with what it
//! accepted and then report an error.
//!
//! When validation found no error, Ruby's record also has what `puppet parser validate` reports
//! next, importing the definitions (`import`: warnings and at most one raised error, without
//! issue codes, and mostly without positions); ours must follow the validator's diagnostics:
//! the code that Ruby's message stands for, severity and message equal, and the line (and
//! column) where Ruby gives one. Snippets are imported as `/oracle/x.pp` on Ruby's side; ours
//! run with the working directory `/oracle` (an empty module path), which names the file so.

mod diag_util;

use diag_util::verdict::{first_error_differs, Expected};
use diag_util::{diagnostic_row, show_rows, Row};
use puppet_syntax::{parse, LocationContext, ParseOptions, Strict};
use serde_json::Value;

const CASES: &str = include_str!("../test_data/validate/cases.txt");
const EXPECTED: &str = include_str!("../test_data/validate/expected.jsonl");

struct Case {
    line: String,
    source: String,
    /// The parse options, and the validation options (`strict`, `tasks`, no location).
    options: ParseOptions,
}

fn cases() -> Vec<Case> {
    CASES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("# "))
        .map(|line| {
            let (options, snippet) = match line.strip_prefix("#![") {
                Some(rest) => {
                    let (opts, snippet) = rest.split_once(']').expect("closing ] of the options");
                    (
                        opts.split(',').map(str::trim).collect::<Vec<_>>(),
                        snippet.strip_prefix(' ').unwrap_or(snippet),
                    )
                }
                None => (Vec::new(), line),
            };
            let strict = match options.iter().find_map(|o| o.strip_prefix("strict=")) {
                Some("off") => Strict::Off,
                Some("error") => Strict::Error,
                _ => Strict::Warning,
            };
            let epp = options.contains(&"epp");
            Case {
                line: line.to_owned(),
                source: snippet.replace("\\n", "\n"),
                options: ParseOptions::new()
                    .file(if epp { "x.epp" } else { "x.pp" })
                    .epp(epp)
                    .tasks(options.contains(&"tasks"))
                    .strict(strict)
                    .location(LocationContext::new(Vec::new(), None, "/oracle".into())),
            }
        })
        .collect()
}

#[test]
fn validator_matches_ruby_on_every_case() {
    let cases = cases();
    let expected: Vec<Value> = EXPECTED
        .lines()
        .map(|l| serde_json::from_str(l).expect("expected.jsonl is JSON"))
        .collect();
    assert_eq!(
        cases.len(),
        expected.len(),
        "cases.txt and expected.jsonl are out of step: regenerate with scripts/oracle/validate_cases.rb"
    );
    let mut failures = Vec::new();
    let (mut compared, mut diagnostics) = (0, 0);
    for (case, ruby) in cases.iter().zip(&expected) {
        assert_eq!(
            ruby["case"].as_str(),
            Some(case.line.as_str()),
            "expected.jsonl is out of step with cases.txt"
        );
        let mut result = parse(case.source.as_bytes(), &case.options);
        compared += 1;
        if let Some(syntax) = ruby.get("syntax_error").filter(|s| !s.is_null()) {
            if let Some(problem) = first_error_differs(syntax, &result.diagnostics) {
                failures.push(format!("{}\n    {problem}", case.line));
            }
            continue;
        }
        let crashed = ruby.get("crash").is_some_and(|c| !c.is_null());
        if crashed && (ruby.get("diagnostics").is_none() || result.has_errors()) {
            // Ruby's lexer or parser crashed (a bad regexp), or its validator on a model its
            // parser should not have built (`foo { * => $h }`), which ours rejects: ours must
            // give a clean error. (Where ours builds the model too, the validator's rows are
            // compared below, then an error.)
            if !result.has_errors() {
                failures.push(format!(
                    "{}\n    ruby crashed ({}), ours reports no error",
                    case.line, ruby["crash"]
                ));
            }
            continue;
        }
        if result.has_errors() {
            failures.push(format!(
                "{}\n    ruby: no syntax error\n    ours:{}",
                case.line,
                show_rows(
                    &result
                        .diagnostics
                        .iter()
                        .map(diagnostic_row)
                        .collect::<Vec<_>>()
                )
            ));
            continue;
        }
        let parse_count = result.diagnostics.len();
        result.validate(&case.options);
        let ours: Vec<Row> = result.diagnostics[parse_count..]
            .iter()
            .map(diagnostic_row)
            .collect();
        // Ruby's diagnostics, then its import's report; after a raise, ours may go on; after
        // a crash, ours must hold an error next.
        let expected = Expected::of(ruby);
        diagnostics += expected.rows.len();
        if !expected.matches(&ours) {
            failures.push(format!(
                "{}\n    ruby ({}):{}\n    ours:{}",
                case.line,
                expected.mode,
                show_rows(&expected.rows),
                show_rows(&ours)
            ));
        }
    }
    eprintln!(
        "validator cases: {compared} snippets, {diagnostics} Ruby diagnostics, {} differ",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {compared} cases differ from Ruby Puppet:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
