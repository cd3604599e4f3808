use puppet_lint::{lint_full, parse_for_lint, LintOptions, ProblemKind};

fn kinds(text: &str) -> Vec<(u32, &'static str, ProblemKind, Option<String>)> {
    let parsed = parse_for_lint(text, Some("x.pp"));
    let mut options = LintOptions::all();
    options
        .only(["trailing_whitespace", "file_ensure"])
        .unwrap();
    lint_full(&parsed, &options)
        .problems
        .into_iter()
        .map(|p| (p.line, p.check.name, p.kind, p.reason))
        .collect()
}

#[test]
fn a_region_silences_its_checks_from_its_line_to_the_endignore() {
    let text =
        "$a = 1 \n# lint:ignore:trailing_whitespace old code\n$b = 2 \n# lint:endignore\n$c = 3 \n";
    assert_eq!(
        kinds(text),
        vec![
            (1, "trailing_whitespace", ProblemKind::Error, None),
            (
                3,
                "trailing_whitespace",
                ProblemKind::Ignored,
                Some("old code".into())
            ),
            (5, "trailing_whitespace", ProblemKind::Error, None),
        ]
    );
}

#[test]
fn a_comment_after_code_silences_its_line_only() {
    let text = "file { '/x': ensure => present } # lint:ignore:file_ensure\nfile { '/y': ensure => present }\n";
    assert_eq!(
        kinds(text),
        vec![
            (1, "file_ensure", ProblemKind::Ignored, Some(String::new())),
            (2, "file_ensure", ProblemKind::Warning, None),
        ]
    );
}

#[test]
fn unmatched_control_comments_are_reported() {
    let parsed = parse_for_lint("# lint:endignore\n# lint:ignore:140chars\n", None);
    let linted = lint_full(&parsed, &LintOptions::default());
    assert_eq!(
        linted.control_warnings,
        vec![
            "WARNING: lint:endignore comment with no opening lint:ignore:<check> comment found on line 1",
            "WARNING: lint:ignore:140chars comment on line 2 with no closing lint:endignore comment",
        ]
    );
}
