//! The inputs the libFuzzer targets (`fuzz/`, see the README's "Fuzzing") once failed on, kept
//! in `test_data/libfuzzer/<target>/` and run through the same checks (`fuzz_checks/mod.rs`)
//! on every test run, so that each stays fixed. A new one: copy the file from
//! `fuzz/artifacts/<target>/` into the target's folder with the fix.

use crate::fuzz_checks;

use std::path::Path;

/// Runs `check` on every file of `test_data/libfuzzer/<target>/`; returns how many there were.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test_data/libfuzzer")
        .join(target);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_none())
        .collect();
    paths.sort();
    for path in &paths {
        let data = std::fs::read(path).unwrap();
        if let Err(panic) = std::panic::catch_unwind(|| check(&data)) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("{}: {message}", path.display());
        }
    }
    paths.len()
}

#[test]
fn parse_inputs_pass_the_parse_checks() {
    let n = replay("parse", fuzz_checks::check_parse);
    assert!(n > 0, "no kept inputs for `parse`");
}

#[test]
fn xpp_read_inputs_pass_the_reader_checks() {
    let n = replay("xpp_read", fuzz_checks::check_xpp_read);
    assert!(n > 0, "no kept inputs for `xpp_read`");
}
