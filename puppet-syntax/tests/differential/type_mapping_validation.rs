//! Differential test of the import of type mappings (`validate/import/type_mapping.rs`):
//! `PUPPET_TYPE_MAPPING_COUNT` (default 4,000) generated files, each a
//! `type Runtime[…] = …` whose keys are drawn from names, literals, lists, hashes, `-x`,
//! heredocs, type names of every origin, variables and calls, nested, with the right side a
//! type name or a pattern, sometimes after a definition that the mapping's names may load.
//! Ruby validates them as `puppet parser validate --modulepath` does (answers cached in
//! `target/oracle/`), and our diagnostics must be Ruby's (`verdict::Expected`). Seeded
//! (`PUPPET_TYPE_MAPPING_SEED`).
//!
//! What the import does not reproduce is not generated: parameterized types (`Integer[1]`)
//! and type aliases with more than a name as their body. A random version of this test, run
//! by hand on 7,000 files, found the second argument's checks (a pattern mapped to a type, an
//! empty replacement) and Ruby's internal errors during the import.

use crate::diag_util::oracle::{validate_sources_with_ruby, RubyValidation};
use crate::diag_util::show_rows;
use crate::diag_util::verdict::{assert_no_failures, validation_rows, Expected};
use crate::rng::Rng;
use puppet_syntax::parse_and_validate;
use puppet_test_support::knobs;

/// The keys' leaves: each kind of value the type parser interprets, and some it refuses.
const LEAVES: &[&str] = &[
    "ruby",
    "rubyx",
    "Ruby",
    "'ruby'",
    "''",
    "'X'",
    "'a b'",
    "'it\\'s'",
    "\"t\\tx\"",
    "\"a\\nb\"",
    "1",
    "-2",
    "1.5",
    "-1.5",
    "true",
    "undef",
    "default",
    "/re/",
    "/a\\/b/",
    "Integer",
    "String",
    "Any",
    "Object",
    "TypeSet",
    "Foo",
    "Foo::Bar",
    "File",
    "Data",
    "Pcore::URI",
    "Error",
    "Deferred",
    "Puppet::AST::Program",
    "$x",
    "f()",
    "\"a${x}\"",
    "-'s'",
    "-true",
    "-default",
    "$x[1]",
    "@(E)\n  text\n  | E\n",
    "@(\"E\")\n  t${x}\n  | E\n",
];

/// A key: a leaf, or a list, hash or pattern of keys.
fn key(rng: &mut Rng, depth: u32) -> String {
    if depth < 3 {
        match rng.below(100) {
            0..=14 => {
                let n = rng.below(4);
                let items: Vec<String> = (0..n).map(|_| key(rng, depth + 1)).collect();
                return format!("[{}]", items.join(", "));
            }
            15..=21 => {
                let n = rng.below(3);
                let items: Vec<String> = (0..n)
                    .map(|_| {
                        let k = *rng.pick(&["a", "1", "'k'", "''", "true"]);
                        format!("{k} => {}", key(rng, depth + 1))
                    })
                    .collect();
                return format!("{{{}}}", items.join(", "));
            }
            22..=33 => {
                let pattern = *rng.pick(&["/p/", "/q\\/r/", "'s'"]);
                return format!("[{pattern}, {}]", key(rng, depth + 1));
            }
            _ => {}
        }
    }
    (*rng.pick(LEAVES)).to_owned()
}

/// One file: perhaps a definition first, then the mapping.
fn program(rng: &mut Rng) -> String {
    let before = *rng.pick(&[
        "",
        "",
        "",
        "type A::B = String\n",
        "define foo {}\n",
        "type Foo = Integer\n",
        "class a {}\n",
    ]);
    let count = *rng.pick(&[2, 2, 2, 2, 1, 3]);
    let mut keys = vec![if rng.chance(60) {
        (*rng.pick(&["ruby", "rubyx"])).to_owned()
    } else {
        key(rng, 0)
    }];
    keys.extend((1..count).map(|_| key(rng, 0)));
    let mapped = *rng.pick(&["A::B", "Integer", "[/c/, 'd']", "[/c/, '']", "Foo", "Data"]);
    let after = if rng.chance(10) { "class a {}\n" } else { "" };
    format!(
        "{before}type Runtime[{}] = {mapped}\n{after}",
        keys.join(", ")
    )
}

#[test]
#[ignore = "needs Ruby Puppet; run by scripts/differential"]
fn type_mappings_import_like_ruby() {
    let seed = knobs::number("PUPPET_TYPE_MAPPING_SEED");
    let count = knobs::number("PUPPET_TYPE_MAPPING_COUNT");
    let mut rng = Rng::new(seed);
    let sources: Vec<(bool, String)> = (0..count).map(|_| (false, program(&mut rng))).collect();
    let Some(RubyValidation {
        files,
        records,
        cached,
        ruby_time,
        options,
    }) = validate_sources_with_ruby("type-mapping-validation", &sources)
    else {
        return;
    };
    let (mut compared, mut raised, mut failures) = (0, 0, Vec::new());
    for ((file, (_, source)), record) in files.iter().zip(&sources).zip(&records) {
        assert_eq!(
            record["file"].as_str(),
            file.to_str(),
            "Ruby's answers are out of step"
        );
        assert!(
            record.get("syntax_error").is_none_or(|s| s.is_null()),
            "a generated mapping Ruby cannot parse:\n{source}"
        );
        compared += 1;
        let result = parse_and_validate(
            source.as_bytes(),
            &options.clone().file(file.to_string_lossy()),
        );
        let ours = validation_rows(&result.diagnostics);
        let expected = Expected::of(record);
        raised += usize::from(record["import"].as_array().is_some_and(|a| !a.is_empty()));
        if !expected.matches(&ours) {
            failures.push(format!(
                "{}\n--- program\n{source}--- ruby ({}):{}\n--- ours:{}",
                file.display(),
                expected.mode,
                show_rows(&expected.rows),
                show_rows(&ours)
            ));
        }
    }
    eprintln!(
        "type mapping validation: {count} files, seed {seed}; Ruby {:.1} s{}; {compared} \
         compared, {raised} with an import error in Ruby; {} differ",
        ruby_time.as_secs_f64(),
        if cached { " (cached answers)" } else { "" },
        failures.len()
    );
    assert_no_failures(
        &failures,
        "type mappings are imported differently from Ruby Puppet",
    );
}
