//! In-process throughput of the CST path (`parse` with the CST only, no model), as the `cst`
//! group of `benches/parse.rs` calls it: reads every file named on stdin (one path per line)
//! into memory, parses all of them ITER times (default 5) and prints one line:
//! `files=N bytes=B min_seconds=S median_seconds=M errors=E`. Small enough to run under
//! callgrind, whose instruction counts do not depend on the machine's load.
//!
//! usage: find DIR -name '*.pp' | cargo run --release -p puppet-syntax --example cst_throughput [ITER]

mod harness;

use puppet_syntax::{parse, ParseOptions};

fn main() {
    let iterations = harness::iterations(5);
    let files = harness::files_from_stdin();
    let bytes: usize = files.iter().map(|(_, b)| b.len()).sum();
    let options = ParseOptions::new().cst(true).model(false);
    let mut errors = 0;
    let (min, median) = harness::time_passes(iterations, || {
        errors = 0;
        for (_, bytes) in &files {
            let result = parse(bytes, &options);
            errors += usize::from(result.has_errors());
        }
    });
    println!(
        "files={} bytes={bytes} min_seconds={min:.6} median_seconds={median:.6} errors={errors}",
        files.len()
    );
}
