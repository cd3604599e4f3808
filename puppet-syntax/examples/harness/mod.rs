//! What the throughput examples share (`validate_throughput`, `cst_throughput`,
//! `xpp_read_throughput`): the iteration count from the first argument, the files named on
//! standard input, and the passes timed, so that each example holds only what it measures.

use std::io::BufRead;
use std::time::Instant;

/// The first argument as a count of passes (at least 1), else `default`.
pub fn iterations(default: usize) -> usize {
    std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
        .max(1)
}

/// Every file named on standard input (one path per line), read: its path and bytes.
pub fn files_from_stdin() -> Vec<(String, Vec<u8>)> {
    std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.is_empty())
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            (path, bytes)
        })
        .collect()
}

/// `pass` run `iterations` times: the shortest and the median time, in seconds.
pub fn time_passes(iterations: usize, mut pass: impl FnMut()) -> (f64, f64) {
    let mut times: Vec<f64> = (0..iterations)
        .map(|_| {
            let started = Instant::now();
            pass();
            started.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[0], times[times.len() / 2])
}
