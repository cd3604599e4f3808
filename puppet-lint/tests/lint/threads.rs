//! `lint_full_threads` (the checks shared among threads, as the language server lints a large
//! buffer) gives what `lint_full` gives, problem for problem and in the same order, on every
//! corpus manifest and on the control-comment cases (`lint:ignore` is applied after the
//! shares are merged).

use puppet_lint::{lint_full, lint_full_threads, parse_for_lint, LintOptions, Linted};

use crate::mutants::corpus_files;

/// Everything a problem says, to compare two runs.
fn described(linted: &Linted) -> Vec<String> {
    let mut lines: Vec<String> = linted
        .problems
        .iter()
        .map(|p| {
            format!(
                "{} {:?} {}:{} {:?} {:?} {:?} {:?}",
                p.check.name, p.kind, p.line, p.column, p.range, p.message, p.fix, p.reason
            )
        })
        .collect();
    lines.extend(
        linted
            .control_warnings
            .iter()
            .map(|w| format!("control: {w}")),
    );
    lines
}

fn assert_same(text: &str, name: &str, options: &LintOptions) -> usize {
    let parsed = parse_for_lint(text, Some(name));
    let one = described(&lint_full(&parsed, options));
    for threads in [2, 3] {
        let shared = described(&lint_full_threads(&parsed, options, threads));
        assert_eq!(shared, one, "{name} on {threads} threads");
    }
    one.len()
}

#[test]
fn the_checks_shared_among_threads_find_what_one_thread_finds() {
    let options = LintOptions::all();
    let mut files = 0;
    let mut problems = 0;
    for path in corpus_files() {
        if path.extension().is_none_or(|e| e != "pp") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        problems += assert_same(&text, &path.to_string_lossy(), &options);
        files += 1;
    }
    let controls = [
        "class a {\n  $x = \"a\" # lint:ignore:double_quoted_strings\n}\n",
        "# lint:ignore:140chars lint:ignore:arrow_on_right_operand_line\nclass b {\n  notify { 'x': message => \"y\" }\n}\n# lint:endignore\n",
        "# lint:endignore\nclass c { $y = \"z\" }\n",
        "# lint:ignore:double_quoted_strings some reason\nclass d { $y = \"z\" }\n",
    ];
    for (i, text) in controls.iter().enumerate() {
        problems += assert_same(text, &format!("control{i}.pp"), &options);
    }
    eprintln!(
        "threads: {files} corpus manifests, {problems} problems, the same on 1, 2 and 3 threads"
    );
}
