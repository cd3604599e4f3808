//! libFuzzer target `xpp_read`: `fuzz_checks::check_xpp_read` (what it checks is documented there, in
//! `puppet-syntax/tests/fuzz_checks/mod.rs`, which `puppet-syntax/tests/parser/fuzz_regressions.rs`
//! also runs on the inputs kept in `puppet-syntax/test_data/libfuzzer/xpp_read/`).

#![no_main]

#[path = "../../puppet-syntax/tests/fuzz_checks/mod.rs"]
#[allow(dead_code)]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::check_xpp_read(data));
