//! The tricky inputs of the formatter's design notes (`tricky/NN-*.pp`, `.epp`): each one's
//! output is its golden (`NN-*.pp.formatted`; for a file that is not formatted, the error), and
//! has the properties of `properties::check`.

use std::path::Path;

use puppet_fmt::{format, FormatOptions};
use puppet_test_support::golden;

use crate::properties;

#[test]
fn tricky_inputs_format_as_their_goldens() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmt/tricky");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pp" || e == "epp"))
        .collect();
    inputs.sort();
    assert_eq!(inputs.len(), 40);
    let mut failures = Vec::new();
    for input in &inputs {
        let text = std::fs::read_to_string(input).unwrap();
        let name = input.file_name().unwrap().to_string_lossy().into_owned();
        let epp = name.ends_with(".epp");
        let actual = match format(&text, &FormatOptions::new().epp(epp)) {
            Ok(out) => out,
            Err(e) => format!("not formatted: {e}\n"),
        };
        if let Err(e) = properties::check(&name, &text, epp) {
            failures.push(e);
        }
        if let Err(e) = golden::check(&dir.join(format!("{name}.formatted")), &actual) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
