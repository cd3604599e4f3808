//! In-process throughput of `parse_and_validate` on one thread, for `scripts/bench-vs-ruby`:
//! reads every file named on stdin (one path per line; `.epp` files are parsed as EPP) into
//! memory, then parses and validates all of them ITER times (default 5) and prints one line:
//! `files=N bytes=B min_seconds=S median_seconds=M diagnostics=D`.
//!
//! usage: find DIR -name '*.pp' | cargo run --release -p puppet-syntax --example validate_throughput [ITER]

mod harness;

use puppet_syntax::{parse_and_validate, ParseOptions};

fn main() {
    let iterations = harness::iterations(5);
    let files = harness::files_from_stdin();
    let bytes: usize = files.iter().map(|(_, b)| b.len()).sum();
    let mut diagnostics = 0;
    let (min, median) = harness::time_passes(iterations, || {
        diagnostics = 0;
        for (path, bytes) in &files {
            let options = ParseOptions::new()
                .file(path.as_str())
                .epp(path.ends_with(".epp"));
            let result = parse_and_validate(bytes, &options);
            diagnostics += result.diagnostics.len();
        }
    });
    println!(
        "files={} bytes={bytes} min_seconds={min:.6} median_seconds={median:.6} diagnostics={diagnostics}",
        files.len()
    );
}
