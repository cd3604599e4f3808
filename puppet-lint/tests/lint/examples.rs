use puppet_lint::checks::CHECKS;
use puppet_lint::{fix, lint_source, LintOptions, ProblemKind};

fn only(name: &str) -> LintOptions {
    let mut options = LintOptions::all();
    options.only([name]).unwrap();
    options
}

#[test]
fn every_check_fires_on_its_example_and_not_on_its_counterexample() {
    let mut failures = Vec::new();
    for check in CHECKS {
        let options = only(check.name);
        let fires = lint_source(check.fires, Some("manifests/init.pp"), &options);
        if !fires
            .iter()
            .any(|p| p.check.name == check.name && p.kind != ProblemKind::Ignored)
        {
            failures.push(format!("{}: no problem in its `fires` example", check.name));
        }
        let passes = lint_source(check.passes, Some("manifests/init.pp"), &options);
        if let Some(p) = passes.iter().find(|p| p.check.name == check.name) {
            failures.push(format!(
                "{}: `passes` example gives {}:{}: {}",
                check.name, p.line, p.column, p.message
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_fix_gives_its_documented_result() {
    let mut failures = Vec::new();
    for check in CHECKS {
        let options = only(check.name);
        let outcome = fix(check.fires, Some("manifests/init.pp"), &options);
        match check.fixed {
            Some(expected) => {
                if outcome.text != expected {
                    failures.push(format!(
                        "{}: fixed to\n{}\nnot\n{}",
                        check.name, outcome.text, expected
                    ));
                }
                if let Some(r) = outcome.refused.first() {
                    failures.push(format!("{}: fix refused: {}", check.name, r.reason));
                }
                if outcome.remaining.iter().any(|p| p.check.name == check.name) {
                    failures.push(format!("{}: problems left after the fix", check.name));
                }
            }
            None => {
                if outcome.text != check.fires {
                    failures.push(format!(
                        "{}: has no documented fix but changed the text",
                        check.name
                    ));
                }
            }
        }
        let has_fix = check.fix != puppet_lint::FixKind::None;
        if has_fix != check.fixed.is_some() {
            failures.push(format!(
                "{}: its fix kind and its `fixed` example disagree",
                check.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn names_are_unique() {
    let mut names: Vec<_> = CHECKS.iter().map(|c| c.name).collect();
    names.sort();
    let before = names.len();
    names.dedup();
    assert_eq!(before, names.len());
}

#[test]
fn the_checks_reference_page_is_generated_from_the_table() {
    let page = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/lint/checks.md");
    puppet_test_support::golden::assert_matches(&page, &puppet_lint::docs::checks_markdown());
}

/// `skipped-resources` (docs/lint/differences.md): puppet-lint 4.3.0 drops a resource whose
/// title's backwards scan meets a resource reference first; we do not.
#[test]
fn a_resource_after_a_reference_is_checked() {
    let text = "Package['haproxy'] -> class { 'haproxy':\n  global_options => {\n    'log'     => '/dev/log local0',\n    'maxconn'   => '40960',\n  },\n}\n";
    let problems = lint_source(text, Some("manifests/init.pp"), &only("arrow_alignment"));
    let found: Vec<_> = problems
        .iter()
        .map(|p| (p.line, p.column, p.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [(4, 17, "indentation of => is not properly aligned (expected in column 15, but found it in column 17)")]
    );
}
