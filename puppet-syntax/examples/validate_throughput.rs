//! In-process throughput of `parse_and_validate` on one thread, for `scripts/bench-vs-ruby`:
//! reads every file named on stdin (one path per line; `.epp` files are parsed as EPP) into
//! memory, then parses and validates all of them ITER times (default 5) and prints one line:
//! `files=N bytes=B min_seconds=S median_seconds=M diagnostics=D`.
//!
//! usage: find DIR -name '*.pp' | cargo run --release -p puppet-syntax --example validate_throughput [ITER]

use std::io::BufRead;
use std::time::Instant;

use puppet_syntax::{parse_and_validate, ParseOptions};

fn main() {
    let iterations: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    let files: Vec<(String, String)> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.is_empty())
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            (path, text)
        })
        .collect();
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    let mut times = Vec::with_capacity(iterations);
    let mut diagnostics = 0;
    for _ in 0..iterations {
        let started = Instant::now();
        diagnostics = 0;
        for (path, text) in &files {
            let options = ParseOptions::new()
                .file(path.as_str())
                .epp(path.ends_with(".epp"));
            let result = parse_and_validate(text.as_bytes(), &options);
            diagnostics += result.diagnostics.len();
        }
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!(
        "files={} bytes={bytes} min_seconds={:.6} median_seconds={:.6} diagnostics={diagnostics}",
        files.len(),
        times[0],
        times[times.len() / 2]
    );
}
