//! Ruby Puppet 7.23 reads our XPP JSON: for every corpus file, our whole JSON payload
//! (`xpp::payload`: Program, Locator, diagnostics) is given to Ruby's
//! `Serialization::Deserializer` (`scripts/oracle/pcore_deserialize.rb`, one Ruby process), which
//! must build a `Puppet::Pops::Model::Program` whose PN and class/offset/length of every node
//! equal our parse's.
//!
//! Ruby's deserializer is slow (about 40 s for the corpus), so this runs only with
//! `PUPPET_XPP_RUBY=1` (set by `scripts/differential`); `PUPPET_CORPUS` picks another corpus,
//! `PUPPET_ORACLE_RUBY` and `PUPPET_ORACLE_RELEASE` another Ruby Puppet
//! (`puppet_test_support::oracle`).

use std::path::PathBuf;
use std::process::Stdio;

use puppet_syntax::xpp::{self, XppFormat};
use puppet_syntax::{parse_and_validate, ParseOptions};
use puppet_test_support::corpus::files as corpus_files;
use puppet_test_support::knobs;
use puppet_test_support::oracle as oracle_env;
use serde_json::Value;

#[test]
fn ruby_deserializes_our_json_into_the_same_program() {
    if !knobs::is_set("PUPPET_XPP_RUBY") {
        eprintln!(
            "note: set PUPPET_XPP_RUBY=1 (scripts/differential does) to run Ruby's deserializer"
        );
        return;
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/xpp-ruby-reads");
    std::fs::create_dir_all(&dir).unwrap();
    let mut list = String::new();
    let mut expected = Vec::new();
    for (i, path) in corpus_files().iter().enumerate() {
        let source = std::fs::read(path).unwrap();
        let name = path.display().to_string();
        let options = ParseOptions::new()
            .file(&name)
            .epp(name.ends_with(".epp"))
            .release(oracle_env::release());
        let result = parse_and_validate(&source, &options);
        let model = result.model.as_ref().expect("corpus files parse");
        let payload_file = dir.join(format!("{i}.json"));
        std::fs::write(
            &payload_file,
            xpp::payload(&result, XppFormat::Json).unwrap(),
        )
        .unwrap();
        list.push_str(&format!("{}\t{name}\n", payload_file.display()));
        let locs: Vec<Value> = model
            .locs()
            .into_iter()
            .map(|(c, o, l)| serde_json::json!([c.name(), o, l]))
            .collect();
        expected.push((name, puppet_syntax::pn::to_pn_string(model), locs));
    }
    assert!(!expected.is_empty(), "no corpus files");
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/oracle/pcore_deserialize.rb");
    // The list goes through a file: writing it to Ruby's stdin while Ruby fills its stdout
    // would deadlock once both pipes are full.
    let list_file = dir.join("list.tsv");
    std::fs::write(&list_file, &list).unwrap();
    let output = oracle_env::ruby_command()
        .arg(&script)
        .stdin(std::fs::File::open(&list_file).unwrap())
        .stdout(Stdio::piped())
        .output()
        .expect("ruby runs");
    assert!(output.status.success(), "the Ruby script failed");
    let lines: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(lines.len(), expected.len());
    let (mut same, mut nodes) = (0, 0);
    let mut failures = Vec::new();
    for (line, (name, pn, locs)) in lines.iter().zip(&expected) {
        let record: Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["name"].as_str(), Some(name.as_str()));
        let problems: Vec<&str> = [
            (record["class"].as_str() != Some("Puppet::Pops::Model::Program")).then_some("class"),
            // Ruby's PN transformer crashes on a few constructs (captures-rest): nothing to compare.
            (record["pn_crash"].is_null() && record["pn"].as_str() != Some(pn.as_str()))
                .then_some("pn"),
            (record["locs"].as_array() != Some(locs)).then_some("positions"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if problems.is_empty() {
            same += 1;
            nodes += locs.len();
        } else {
            failures.push(format!("{name}: {problems:?} {}", record["error"]));
        }
    }
    eprintln!(
        "xpp ruby reads: {same} of {} payloads read back by Ruby's Deserializer into the same Program ({nodes} nodes)",
        expected.len()
    );
    for failure in failures.iter().take(10) {
        eprintln!("{failure}");
    }
    assert!(failures.is_empty(), "{} payloads differ", failures.len());
}
