//! Lints every `.pp` file below a directory with every check on, and prints the problems as
//! the recorded puppet-lint oracle has them (`test_data/corpus-oracle.tsv`): `path line column
//! kind check message`, the path relative to the directory, sorted, exact duplicates removed.
//!
//! usage: cargo run -p puppet-lint --example corpus_tsv -- [ROOT] [CHECK...]

use std::path::PathBuf;

use puppet_lint::{lint_source, LintOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let root = PathBuf::from(
        args.next()
            .unwrap_or_else(|| "/usr/share/puppet/modules.available".to_string()),
    );
    let only: Vec<String> = args.collect();
    let mut options = LintOptions::all();
    if !only.is_empty() {
        options
            .only(only.iter().map(String::as_str))
            .expect("known checks");
    }
    let mut rows = Vec::new();
    for path in puppet_test_support::corpus::files_below(&root, false) {
        if path.extension().and_then(|e| e.to_str()) != Some("pp") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = path.to_string_lossy().to_string();
        let rel = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .to_string_lossy()
            .to_string();
        for p in lint_source(&text, Some(&name), &options) {
            if p.kind == puppet_lint::ProblemKind::Ignored {
                continue;
            }
            let message = p.message.replace('\t', "\\t").replace('\n', "\\n");
            rows.push((
                rel.clone(),
                p.line,
                p.column,
                p.check.name.to_string(),
                message,
                p.kind.as_str(),
            ));
        }
    }
    rows.sort_by(|a, b| (&a.0, a.1, a.2, &a.3, &a.4).cmp(&(&b.0, b.1, b.2, &b.3, &b.4)));
    rows.dedup();
    for (path, line, column, check, message, kind) in rows {
        println!("{path}\t{line}\t{column}\t{kind}\t{check}\t{message}");
    }
}
