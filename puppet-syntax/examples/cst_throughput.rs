//! In-process throughput of the CST path (`parse` with the CST only, no model), as the `cst`
//! group of `benches/parse.rs` calls it: reads every file named on stdin (one path per line)
//! into memory, parses all of them ITER times (default 5) and prints one line:
//! `files=N bytes=B min_seconds=S median_seconds=M errors=E`. Small enough to run under
//! callgrind, whose instruction counts do not depend on the machine's load.
//!
//! usage: find DIR -name '*.pp' | cargo run --release -p puppet-syntax --example cst_throughput [ITER]

use std::io::BufRead;
use std::time::Instant;

use puppet_syntax::{parse, ParseOptions};

fn main() {
    let iterations: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    let files: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.is_empty())
        .map(|path| std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect();
    let bytes: usize = files.iter().map(String::len).sum();
    let options = ParseOptions::new().cst(true).model(false);
    let mut times = Vec::with_capacity(iterations);
    let mut errors = 0;
    for _ in 0..iterations {
        let started = Instant::now();
        errors = 0;
        for text in &files {
            let result = parse(text.as_bytes(), &options);
            errors += usize::from(result.has_errors());
        }
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    println!(
        "files={} bytes={bytes} min_seconds={:.6} median_seconds={:.6} errors={errors}",
        files.len(),
        times[0],
        times[times.len() / 2]
    );
}
