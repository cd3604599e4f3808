//! Formatter throughput, in-process on one thread, in one criterion run:
//!
//! - `format/corpus`: every `.pp` and `.epp` file of the Debian corpus
//!   (`/usr/share/puppet/modules.available`, or `PUPPET_CORPUS=DIR`), each formatted separately
//!   from its original text, all of them in one iteration (`Throughput::Bytes`);
//! - `format/corpus-formatted`: the same files formatted already (what an editor's format on
//!   save meets most);
//! - `format/3000-lines`: one file of 3,000 lines (whole corpus manifests, joined), as an editor
//!   formats it on save;
//! - `parse/corpus`: the parse alone (CST and model, as the formatter parses), for reference.
//!
//! Run: `cargo bench -p puppet-fmt --bench fmt`, or `scripts/bench-fmt`, which adds the
//! command line against `puppet-lint --fix` and prints the ratios.

use std::fs;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use puppet_fmt::{format, FormatOptions};
use puppet_syntax::{parse, ParseOptions};

const DEFAULT_CORPUS: &str = "/usr/share/puppet/modules.available";

/// (text, is EPP) of every corpus file, sorted by path (symbolic links not followed).
fn corpus() -> Vec<(String, bool)> {
    let root = std::env::var_os("PUPPET_CORPUS")
        .map_or_else(|| PathBuf::from(DEFAULT_CORPUS), PathBuf::from);
    puppet_test_support::corpus::files_below(&root, false)
        .iter()
        .filter_map(|p| Some((fs::read_to_string(p).ok()?, p.extension()? == "epp")))
        .collect()
}

fn options(epp: bool) -> FormatOptions {
    FormatOptions::new().epp(epp)
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    assert!(
        !files.is_empty(),
        "no corpus: install it (scripts/install-deps) or set PUPPET_CORPUS"
    );
    let bytes: usize = files.iter().map(|(t, _)| t.len()).sum();
    let formatted: Vec<(String, bool)> = files
        .iter()
        .map(|(t, epp)| {
            (
                format(t, &options(*epp)).unwrap_or_else(|_| t.clone()),
                *epp,
            )
        })
        .collect();
    let formatted_bytes: usize = formatted.iter().map(|(t, _)| t.len()).sum();
    // A file of 3,000 lines or a little more: whole corpus manifests, joined while the join
    // still parses.
    let mut long = String::new();
    for (text, epp) in &formatted {
        if long.lines().count() >= 3000 {
            break;
        }
        let joined = format!("{long}{text}");
        if !*epp && format(&joined, &options(false)).is_ok() {
            long = joined;
        }
    }
    eprintln!(
        "format/3000-lines: {} lines, {} bytes",
        long.lines().count(),
        long.len()
    );
    let mut group = c.benchmark_group("format");
    group.sample_size(10).warm_up_time(Duration::from_secs(2));
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("corpus", |b| {
        b.iter(|| {
            for (text, epp) in &files {
                let _ = black_box(format(black_box(text), &options(*epp)));
            }
        })
    });
    group.throughput(Throughput::Bytes(formatted_bytes as u64));
    group.bench_function("corpus-formatted", |b| {
        b.iter(|| {
            for (text, epp) in &formatted {
                let _ = black_box(format(black_box(text), &options(*epp)));
            }
        })
    });
    group.throughput(Throughput::Bytes(long.len() as u64));
    group.sample_size(50);
    group.bench_function("3000-lines", |b| {
        b.iter(|| black_box(format(black_box(&long), &options(false))))
    });
    group.finish();

    let mut group = c.benchmark_group("parse");
    group.sample_size(10).warm_up_time(Duration::from_secs(2));
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("corpus", |b| {
        b.iter(|| {
            for (text, epp) in &files {
                black_box(parse(
                    black_box(text.as_bytes()),
                    &ParseOptions::new().epp(*epp).cst(true),
                ));
            }
        })
    });
    group.bench_function("corpus-cst-only", |b| {
        b.iter(|| {
            for (text, epp) in &files {
                black_box(parse(
                    black_box(text.as_bytes()),
                    &ParseOptions::new().epp(*epp).cst(true).model(false),
                ));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
