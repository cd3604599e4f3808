//! Throughput on the Debian corpus: every `.pp` file of `/usr/share/puppet/modules.available`
//! (`PUPPET_CORPUS=DIR` for another directory), each file parsed separately, all files in one
//! iteration, reported in bytes per second (`Throughput::Bytes`).
//!
//! Groups (one benchmark `corpus` each, so the three numbers come from the same run):
//! - `lex`: our lexer (`puppet_syntax::lexer::lex`), tokens only;
//! - `cst`: our lexer + parser + rowan tree (`puppet_syntax::parse` with the CST only);
//! - `tree-sitter`: the `tree-sitter-puppet` grammar (C, via the `tree-sitter` crate) parsing the
//!   same files: the peer to compare against.
//!
//! Run: `cargo bench -p puppet-syntax --bench parse` (or `scripts/bench`, which also prints MB/s
//! and the cst/tree-sitter ratio from criterion's results).

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};

use puppet_syntax::lexer::lex;
use puppet_syntax::{parse, ParseOptions};

const DEFAULT_CORPUS: &str = "/usr/share/puppet/modules.available";

/// The text of every `.pp` file below the corpus root (symbolic links not followed), sorted by path.
fn corpus() -> Vec<String> {
    let root = std::env::var_os("PUPPET_CORPUS")
        .map_or_else(|| PathBuf::from(DEFAULT_CORPUS), PathBuf::from);
    let mut paths = Vec::new();
    collect(&root, &mut paths);
    paths.sort();
    paths
        .iter()
        .filter_map(|p| fs::read_to_string(p).ok())
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if file_type.is_dir() {
            collect(&path, out);
        } else if file_type.is_file() && path.extension().is_some_and(|e| e == "pp") {
            out.push(path);
        }
    }
}

fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>, bytes: u64) {
    group.throughput(Throughput::Bytes(bytes));
    // One iteration parses the whole corpus (~5.8 MB): few, long samples.
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(2));
    group.measurement_time(Duration::from_secs(8));
}

fn bench_corpus(c: &mut Criterion) {
    let files = corpus();
    if files.is_empty() {
        eprintln!("parse bench: no corpus (install the puppet-module-* packages: scripts/install-deps); nothing to measure");
        return;
    }
    let bytes: u64 = files.iter().map(|f| f.len() as u64).sum();
    let mut ts_parser = tree_sitter::Parser::new();
    ts_parser
        .set_language(&tree_sitter_puppet::LANGUAGE.into())
        .expect("tree-sitter-puppet grammar is compatible with the tree-sitter crate");
    let ts_errors = files
        .iter()
        .filter(|f| {
            ts_parser
                .parse(f.as_str(), None)
                .is_none_or(|t| t.root_node().has_error())
        })
        .count();
    let lex_options = ParseOptions::default();
    let cst_options = ParseOptions::new().cst(true).model(false);
    let model_options = ParseOptions::default();
    let cst_errors = files
        .iter()
        .filter(|f| parse(f.as_bytes(), &cst_options).has_errors())
        .count();
    eprintln!(
        "parse bench: {} files, {bytes} bytes; files with errors: ours {cst_errors}, tree-sitter {ts_errors}",
        files.len()
    );

    let mut group = c.benchmark_group("lex");
    configure(&mut group, bytes);
    group.bench_function("corpus", |b| {
        b.iter(|| {
            for f in &files {
                black_box(lex(black_box(f), &lex_options));
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("cst");
    configure(&mut group, bytes);
    group.bench_function("corpus", |b| {
        b.iter(|| {
            for f in &files {
                black_box(parse(black_box(f.as_bytes()), &cst_options));
            }
        })
    });
    group.finish();

    // lex + parse → the Puppet model (no CST), what `parse` does for the PN/XPP/Ruby sinks.
    let mut group = c.benchmark_group("model");
    configure(&mut group, bytes);
    group.bench_function("corpus", |b| {
        b.iter(|| {
            for f in &files {
                black_box(parse(black_box(f.as_bytes()), &model_options));
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("tree-sitter");
    configure(&mut group, bytes);
    group.bench_function("corpus", |b| {
        b.iter(|| {
            for f in &files {
                black_box(ts_parser.parse(black_box(f.as_str()), None));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_corpus);
criterion_main!(benches);
