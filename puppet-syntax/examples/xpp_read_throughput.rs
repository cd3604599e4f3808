//! In-process speed of `xpp::read_xpp` on one thread, for profiling the reader: writes the
//! msgpack XPP of every file named on stdin (one path per line) into memory, then reads all of
//! them back ITER times (default 20) and prints one line:
//! `files=N xpp_bytes=B min_ms=S median_ms=M nodes=K`.
//!
//! usage: find DIR -name '*.pp' | cargo run --release -p puppet-syntax --example xpp_read_throughput [ITER]
//! (`perf record -g` on the binary shows where reading goes; writing is a small part of a run
//! of 20 or more passes.)

use std::io::BufRead;
use std::time::Instant;

use puppet_syntax::xpp::{self, XppFormat, XppWriteOptions};
use puppet_syntax::{parse_and_validate, ParseOptions};

fn main() {
    let iterations: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20)
        .max(1);
    let files: Vec<Vec<u8>> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.is_empty())
        .map(|path| {
            let source = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let options = ParseOptions::new().file(path.as_str());
            let result = parse_and_validate(&source, &options);
            let write_options = XppWriteOptions {
                format: XppFormat::Msgpack,
                source: Some(&source),
                parse_options: &options,
                source_stat: None,
            };
            xpp::write_xpp(&result, &write_options).expect("writable")
        })
        .collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut times = Vec::with_capacity(iterations);
    let mut nodes = 0;
    for _ in 0..iterations {
        let started = Instant::now();
        nodes = 0;
        for bytes in &files {
            let file = xpp::read_xpp(bytes, None).expect("readable");
            nodes += file.result.model.as_ref().map_or(0, |m| m.node_count());
        }
        times.push(started.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "files={} xpp_bytes={bytes} min_ms={:.2} median_ms={:.2} nodes={nodes}",
        files.len(),
        times[0],
        times[times.len() / 2]
    );
}
