//! `pn::write_program` (the CLI's streamed dump) writes exactly the bytes of
//! `transform(model).render(format)` in all four formats, on every manifest of the sample
//! environment and on programs whose body is not a block (one statement, empty).

use std::path::Path;

use puppet_syntax::pn::{self, PnFormat};
use puppet_syntax::{parse, ParseOptions};

const FORMATS: [PnFormat; 4] = [
    PnFormat::Pn,
    PnFormat::PrettyPn,
    PnFormat::Json,
    PnFormat::PrettyJson,
];

fn check(source: &str, what: &str) {
    let result = parse(source.as_bytes(), &ParseOptions::new());
    let model = result
        .model
        .as_ref()
        .unwrap_or_else(|| panic!("{what}: no model"));
    for format in FORMATS {
        let expected = pn::transform(model).render(format);
        let mut streamed = Vec::new();
        pn::write_program(model, format, &mut streamed).unwrap();
        assert_eq!(
            String::from_utf8(streamed).unwrap(),
            expected,
            "{what} in {format:?}"
        );
    }
}

#[test]
fn small_programs() {
    for source in [
        "",
        "# only a comment\n",
        "notice(1)",
        "$a = 1 $b = [1, {a => 2}] notice($a)",
        "class a { file { '/x': ensure => present } }\ninclude a\n",
        "if $x { 1 } else { 'two' }\n$y = \"${x}s\"",
    ] {
        check(source, source);
    }
}

#[test]
fn sample_environment() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/environment");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pp") {
                files.push(path);
            }
        }
    }
    assert!(files.len() >= 5, "sample environment not found");
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        check(&source, &file.display().to_string());
    }
}
