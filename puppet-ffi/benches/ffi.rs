//! The cost of the C API: parsing and validating every `.pp` file of the Debian corpus
//! (`/usr/share/puppet/modules.available`, or `PUPPET_CORPUS=DIR`), each file separately with
//! its file name, all files per iteration, measured in the same run two ways:
//!
//! - `parse-validate/rust`: `puppet_syntax::parse_and_validate` with `ParseOptions`, reading the
//!   diagnostic count, dropping the result;
//! - `parse-validate/c-api`: the exported `puppet_parse_and_validate` with a `puppet_options`
//!   (the file name as a C string), `puppet_result_diagnostic_count`, `puppet_result_free`:
//!   exactly what a C caller runs (the same functions `libpuppet.so` exports, called here
//!   without the dynamic-linking indirection, which costs a few nanoseconds per call).
//!
//! Criterion measures the two one after the other, so a change in the machine's load between
//! them shows up as a difference; the bench first also runs them paired (rust, c-api, c-api,
//! rust, …, 20 rounds) and prints the median of each and their ratio, which cancels most of
//! that drift.
//!
//! Run: `cargo bench -p puppet-ffi --bench ffi` (criterion prints both, in bytes per second).

use std::ffi::CString;
use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use puppet::{
    puppet_options, puppet_options_init_sized, puppet_parse_and_validate, puppet_result,
    puppet_result_diagnostic_count, puppet_result_free, puppet_status,
};
use puppet_syntax::{parse_and_validate, ParseOptions};

const DEFAULT_CORPUS: &str = "/usr/share/puppet/modules.available";

struct File {
    name: String,
    c_name: CString,
    bytes: Vec<u8>,
}

fn corpus() -> Vec<File> {
    let root = std::env::var_os("PUPPET_CORPUS")
        .map_or_else(|| PathBuf::from(DEFAULT_CORPUS), PathBuf::from);
    let mut paths = Vec::new();
    collect(&root, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter_map(|p| {
            let bytes = fs::read(&p).ok()?;
            let name = p.display().to_string();
            let c_name = CString::new(name.clone()).ok()?;
            Some(File {
                name,
                c_name,
                bytes,
            })
        })
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

fn bench(c: &mut Criterion) {
    let files = corpus();
    if files.is_empty() {
        eprintln!("ffi bench: no corpus (scripts/install-deps installs it); nothing to measure");
        return;
    }
    let bytes: u64 = files.iter().map(|f| f.bytes.len() as u64).sum();
    let mut group = c.benchmark_group("parse-validate");
    group.throughput(Throughput::Bytes(bytes));
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(2));
    group.measurement_time(Duration::from_secs(10));

    paired(&files, bytes);
    group.bench_function("rust", |b| b.iter(|| rust_pass(&files)));
    group.bench_function("c-api", |b| b.iter(|| c_pass(&files)));
    group.finish();
}

/// One corpus pass through the Rust API; returns the number of diagnostics.
fn rust_pass(files: &[File]) -> usize {
    let base = ParseOptions::new();
    let mut diagnostics = 0;
    for f in files {
        let options = base.clone().file(f.name.as_str());
        let result = parse_and_validate(black_box(&f.bytes), &options);
        diagnostics += result.diagnostics.len();
    }
    diagnostics
}

/// One corpus pass through the C API; returns the number of diagnostics.
fn c_pass(files: &[File]) -> usize {
    let mut options = std::mem::MaybeUninit::<puppet_options>::uninit();
    assert_eq!(
        puppet_options_init_sized(options.as_mut_ptr(), std::mem::size_of::<puppet_options>()),
        puppet_status::PUPPET_OK
    );
    // SAFETY: initialised, every byte, by puppet_options_init_sized.
    let mut options = unsafe { options.assume_init() };
    let mut diagnostics = 0;
    for f in files {
        options.file = f.c_name.as_ptr();
        let mut result: *mut puppet_result = std::ptr::null_mut();
        let status = puppet_parse_and_validate(
            black_box(f.bytes.as_ptr()),
            f.bytes.len(),
            &options,
            &mut result,
        );
        assert_eq!(status, puppet_status::PUPPET_OK);
        diagnostics += puppet_result_diagnostic_count(result);
        puppet_result_free(result);
    }
    diagnostics
}

/// Rust and C passes in ABBA order; prints the medians and the C / Rust ratio.
fn paired(files: &[File], bytes: u64) {
    const ROUNDS: usize = 20;
    let time = |pass: fn(&[File]) -> usize| {
        let start = Instant::now();
        black_box(pass(files));
        start.elapsed().as_secs_f64()
    };
    let (mut rust, mut c) = (Vec::new(), Vec::new());
    time(rust_pass);
    time(c_pass);
    for round in 0..ROUNDS {
        if round % 2 == 0 {
            rust.push(time(rust_pass));
            c.push(time(c_pass));
        } else {
            c.push(time(c_pass));
            rust.push(time(rust_pass));
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (rust, c) = (median(&mut rust), median(&mut c));
    let mbs = |s: f64| bytes as f64 / s / 1e6;
    println!(
        "paired ({ROUNDS} rounds, {} files, {bytes} bytes): rust {:.1} ms ({:.1} MB/s), \
         c-api {:.1} ms ({:.1} MB/s), c-api / rust = {:.3}",
        files.len(),
        rust * 1e3,
        mbs(rust),
        c * 1e3,
        mbs(c),
        c / rust
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
