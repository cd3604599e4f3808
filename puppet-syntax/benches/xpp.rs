//! XPP speed on the Debian corpus (`PUPPET_CORPUS=DIR` for another directory): every `.pp`
//! file, each separately, all files per iteration, throughput in *source* bytes per second so
//! that the groups compare directly:
//! - `xpp-parse-validate`: `parse_and_validate` (what reading an XPP replaces);
//! - `xpp-read-msgpack` / `xpp-read-json`: `xpp::read_xpp` of the files written beforehand
//!   (digests checked, model and diagnostics rebuilt), without the source digest check;
//! - `xpp-write-msgpack` / `xpp-write-json`: `xpp::write_xpp` of the parse results.
//!
//! Run: `cargo bench -p puppet-syntax --bench xpp`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use puppet_syntax::xpp::{self, XppFormat, XppWriteOptions};
use puppet_syntax::{parse_and_validate, ParseOptions, ParseResult};

const DEFAULT_CORPUS: &str = "/usr/share/puppet/modules.available";

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => collect(&path, out),
            Ok(t) if t.is_file() && path.extension().is_some_and(|e| e == "pp") => out.push(path),
            _ => {}
        }
    }
}

fn bench_xpp(c: &mut Criterion) {
    let root = std::env::var_os("PUPPET_CORPUS")
        .map_or_else(|| PathBuf::from(DEFAULT_CORPUS), PathBuf::from);
    let mut paths = Vec::new();
    collect(&root, &mut paths);
    paths.sort();
    if paths.is_empty() {
        eprintln!("xpp bench: no corpus; nothing to measure");
        return;
    }
    let files: Vec<(ParseOptions, Vec<u8>)> = paths
        .iter()
        .map(|p| {
            (
                ParseOptions::new().file(p.display().to_string()),
                std::fs::read(p).unwrap(),
            )
        })
        .collect();
    let bytes: u64 = files.iter().map(|(_, b)| b.len() as u64).sum();
    let results: Vec<ParseResult> = files
        .iter()
        .map(|(o, b)| parse_and_validate(b, o))
        .collect();
    let written = |format| -> Vec<Vec<u8>> {
        files
            .iter()
            .zip(&results)
            .map(|((options, source), result)| {
                let options = XppWriteOptions {
                    format,
                    source: Some(source),
                    parse_options: options,
                    source_stat: None,
                };
                xpp::write_xpp(result, &options).unwrap()
            })
            .collect()
    };
    let msgpack = written(XppFormat::Msgpack);
    let json = written(XppFormat::Json);
    let size = |v: &Vec<Vec<u8>>| v.iter().map(Vec::len).sum::<usize>();
    eprintln!(
        "xpp bench: {} files, {bytes} source bytes; msgpack {} bytes ({:.2}x), json {} bytes ({:.2}x)",
        files.len(),
        size(&msgpack),
        size(&msgpack) as f64 / bytes as f64,
        size(&json),
        size(&json) as f64 / bytes as f64
    );

    let mut run = |name: &str, f: &mut dyn FnMut()| {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(bytes));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(2));
        group.measurement_time(Duration::from_secs(6));
        group.bench_function("corpus", |b| b.iter(&mut *f));
        group.finish();
    };
    run("xpp-parse-validate", &mut || {
        for (options, source) in &files {
            black_box(parse_and_validate(black_box(source), options));
        }
    });
    for (name, format, data) in [
        ("xpp-read-msgpack", XppFormat::Msgpack, &msgpack),
        ("xpp-read-json", XppFormat::Json, &json),
    ] {
        let _ = format;
        run(name, &mut || {
            for bytes in data.iter() {
                black_box(xpp::read_xpp(black_box(bytes), None).unwrap());
            }
        });
    }
    for (name, format) in [
        ("xpp-write-msgpack", XppFormat::Msgpack),
        ("xpp-write-json", XppFormat::Json),
    ] {
        run(name, &mut || {
            for ((options, source), result) in files.iter().zip(&results) {
                let options = XppWriteOptions {
                    format,
                    source: Some(source),
                    parse_options: options,
                    source_stat: None,
                };
                black_box(xpp::write_xpp(black_box(result), &options).unwrap());
            }
        });
    }
}

criterion_group!(benches, bench_xpp);
criterion_main!(benches);
