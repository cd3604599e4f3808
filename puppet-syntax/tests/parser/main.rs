//! The parser's tests, one binary: golden CST files (`test_data/parser/`), properties
//! (proptest; recorded regressions in `parser_props.proptest-regressions` beside its source),
//! corner cases, diagnostic locations, the kept fuzzer inputs (`test_data/libfuzzer/`, checked
//! by `tests/fuzz_checks/`, which the fuzz targets share) and the recorded generated-program
//! regressions (`test_data/generated/`).

#[path = "../fuzz_checks/mod.rs"]
mod fuzz_checks;
#[path = "../gen/mod.rs"]
mod gen;
#[path = "../rng/mod.rs"]
mod rng;

mod corner_cases;
mod diagnostics_location;
mod fuzz_regressions;
mod generated_regressions;
mod parser_golden;
mod parser_props;
