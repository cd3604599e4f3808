//! Differential test of the validator against Ruby Puppet on a suite of (mostly invalid)
//! snippets covering every check, for every Puppet release recorded:
//! `test_data/validate/cases.txt` holds the snippets; what Ruby reports for them is in
//! `expected.jsonl` (Puppet 7.23), `expected-puppet-8.10.0.jsonl`,
//! `expected-openvox-8.28.1.jsonl`, and `releases/<puppet|openvox>-<version>.jsonl` for each
//! release where a rule of `puppet_syntax::release` changed, all generated with
//! `scripts/oracle/record-releases` (regenerate after adding cases; the test fails when a file
//! is out of step). Each file is compared with the library's rules of its release; a snippet
//! without `strict=` takes the release's default, as in Ruby.
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

use crate::diag_util::verdict::{first_error_differs, Expected};
use crate::diag_util::{diagnostic_row, show_rows, Row};
use puppet_syntax::{parse, LocationContext, ParseOptions, PuppetRelease, Strict};
use serde_json::Value;

const CASES: &str = include_str!("../../test_data/validate/cases.txt");
const EXPECTED: &str = include_str!("../../test_data/validate/expected.jsonl");
const EXPECTED_8_10: &str = include_str!("../../test_data/validate/expected-puppet-8.10.0.jsonl");
const EXPECTED_OPENVOX: &str =
    include_str!("../../test_data/validate/expected-openvox-8.28.1.jsonl");
const RELEASES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/test_data/validate/releases");

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
            let strict = options
                .iter()
                .find_map(|o| o.strip_prefix("strict="))
                .map(|s| s.parse::<Strict>().expect("strict=off|warning|error"));
            let epp = options.contains(&"epp");
            Case {
                line: line.to_owned(),
                source: snippet.replace("\\n", "\n"),
                options: {
                    let mut options = ParseOptions::new()
                        .file(if epp { "x.epp" } else { "x.pp" })
                        .epp(epp)
                        .tasks(options.contains(&"tasks"))
                        .location(LocationContext::new(Vec::new(), None, "/oracle".into()));
                    options.strict = strict;
                    options
                },
            }
        })
        .collect()
}

#[test]
fn validator_matches_puppet_7_23_on_every_case() {
    assert_release_matches(PuppetRelease::PUPPET_7_23, "expected.jsonl", EXPECTED);
}

#[test]
fn validator_matches_puppet_8_10_on_every_case() {
    assert_release_matches(
        PuppetRelease::PUPPET_8_10,
        "expected-puppet-8.10.0.jsonl",
        EXPECTED_8_10,
    );
}

#[test]
fn validator_matches_openvox_8_28_1_on_every_case() {
    assert_release_matches(
        PuppetRelease::NEWEST,
        "expected-openvox-8.28.1.jsonl",
        EXPECTED_OPENVOX,
    );
}

/// Every release recorded where a rule changed (`releases/`): 7.29.0, 7.29.1, 7.30.0, 8.0.0,
/// 8.5.0, 8.5.1, 8.6.0, 8.8.1, 8.9.0, OpenVox 8.27.0 and 8.28.0.
#[test]
fn validator_matches_every_recorded_release() {
    let mut files: Vec<_> = std::fs::read_dir(RELEASES_DIR)
        .expect("test_data/validate/releases")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    assert!(files.len() >= 11, "{files:?}");
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let release: PuppetRelease = name.parse().expect("releases/<puppet|openvox>-VERSION");
        let text = std::fs::read_to_string(&path).expect("a release's record");
        assert_release_matches(release, &name, &text);
    }
}

/// A redefined built-in type's message names the file of Puppet's own installation
/// (`Originally set at file:///…/lib/puppet/pops/model/ast.rb`); the releases recorded from
/// their source trees (`/tmp/puppet-releases/<release>/lib/puppet/…`) are read as if installed
/// where Debian installs Puppet, which is the place the library names.
fn as_installed_by_debian(line: &str) -> String {
    const TREES: &str = "file:///tmp/puppet-releases/";
    let Some(start) = line.find(TREES) else {
        return line.to_owned();
    };
    let Some(lib) = line[start..].find("/lib/puppet/") else {
        return line.to_owned();
    };
    let end = start + lib + "/lib/puppet/".len();
    format!(
        "{}file:///usr/lib/ruby/vendor_ruby/puppet/{}",
        &line[..start],
        as_installed_by_debian(&line[end..])
    )
}

fn assert_release_matches(release: PuppetRelease, file: &str, expected: &str) {
    let mut cases = cases();
    for case in &mut cases {
        case.options.release = release;
    }
    let expected: Vec<Value> = expected
        .lines()
        .map(|l| serde_json::from_str(&as_installed_by_debian(l)).expect("expected.jsonl is JSON"))
        .collect();
    assert_eq!(
        cases.len(),
        expected.len(),
        "cases.txt and {file} are out of step: regenerate with scripts/oracle/record-releases"
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
        "validator cases, Puppet {release}: {compared} snippets, {diagnostics} Ruby diagnostics, {} differ",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {compared} cases differ from Ruby Puppet {release} ({file}):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
