//! In-process speed of `xpp::read_xpp` on one thread, for profiling the reader: writes the
//! msgpack XPP of every file named on stdin (one path per line) into memory, then reads all of
//! them back ITER times (default 20) and prints one line:
//! `files=N xpp_bytes=B min_ms=S median_ms=M nodes=K`.
//!
//! usage: find DIR -name '*.pp' | cargo run --release -p puppet-syntax --example xpp_read_throughput [ITER]
//! (`perf record -g` on the binary shows where reading goes; writing is a small part of a run
//! of 20 or more passes.)

mod harness;

use puppet_syntax::xpp::{self, XppFormat, XppWriteOptions};
use puppet_syntax::{parse_and_validate, ParseOptions};

fn main() {
    let iterations = harness::iterations(20);
    let files: Vec<Vec<u8>> = harness::files_from_stdin()
        .into_iter()
        .map(|(path, source)| {
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
    let mut nodes = 0;
    let (min, median) = harness::time_passes(iterations, || {
        nodes = 0;
        for bytes in &files {
            let file = xpp::read_xpp(bytes, None).expect("readable");
            nodes += file.result.model.as_ref().map_or(0, |m| m.node_count());
        }
    });
    println!(
        "files={} xpp_bytes={bytes} min_ms={:.2} median_ms={:.2} nodes={nodes}",
        files.len(),
        min * 1e3,
        median * 1e3
    );
}
