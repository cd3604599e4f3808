//! Golden corner cases for parsing + lowering, verified against Ruby Puppet 7.23:
//! `test_data/model/corner_cases.txt` (heredocs with margins, interpolation, precedence,
//! statement calls, nested classes, resource shapes, EPP trimming, …) and Ruby's output for each
//! snippet in `corner_cases.jsonl` (written by `ruby test_data/pn/differential.rb <
//! test_data/model/corner_cases.txt > test_data/model/corner_cases.jsonl`). Our PN (text and
//! JSON), node positions and `Program#definitions` must be identical.

use puppet_syntax::{parse, ParseOptions};
use serde_json::Value;

#[test]
fn corner_cases_equal_ruby() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/test_data/model/corner_cases.jsonl"
    );
    let jsonl = std::fs::read_to_string(path).expect("corner_cases.jsonl");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in jsonl.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let src = record["src"].as_str().unwrap();
        let epp = record["epp"].as_bool().unwrap_or(false);
        count += 1;
        let result = parse(src.as_bytes(), &ParseOptions::new().epp(epp));
        let Some(model) = result.model else {
            failures.push(format!("{src:?}: no model: {:?}", result.diagnostics));
            continue;
        };
        if let Some(pn) = record["pn"].as_str() {
            let ours = puppet_syntax::pn::to_pn_string(&model);
            if ours != pn {
                failures.push(format!("{src:?}: PN\n  ruby: {pn}\n  ours: {ours}"));
            }
        }
        if let Some(json) = record.get("json").filter(|j| !j.is_null()) {
            let ours: Value =
                serde_json::from_str(&puppet_syntax::pn::to_json_string(&model)).unwrap();
            let theirs: Value = match json {
                Value::String(s) => serde_json::from_str(s).unwrap(),
                other => other.clone(),
            };
            if ours != theirs {
                failures.push(format!("{src:?}: PN JSON differs"));
            }
        }
        let ours: Vec<Value> = model
            .locs()
            .into_iter()
            .map(|(c, o, l)| serde_json::json!([c.name(), o, l]))
            .collect();
        let theirs = record["locs"].as_array().cloned().unwrap_or_default();
        if ours != theirs {
            let at = ours
                .iter()
                .zip(&theirs)
                .position(|(a, b)| a != b)
                .unwrap_or(ours.len().min(theirs.len()));
            failures.push(format!(
                "{src:?}: node {at}: ruby {:?} ours {:?}",
                theirs.get(at),
                ours.get(at)
            ));
        }
        let definitions: Vec<Value> = model
            .definitions()
            .iter()
            .map(|&d| {
                let (o, l) = model.span(d);
                let loc = serde_json::json!([model.class(d).name(), o, l]);
                serde_json::json!(theirs.iter().position(|x| *x == loc))
            })
            .collect();
        if Value::Array(definitions.clone()) != record["definitions"] {
            failures.push(format!(
                "{src:?}: definitions ruby {} ours {:?}",
                record["definitions"], definitions
            ));
        }
    }
    assert!(count >= 50, "only {count} corner cases");
    assert!(
        failures.is_empty(),
        "{} of {count} corner cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Tasks mode (`plan`, `apply`): node positions as Ruby Puppet 7.23 reports them with
/// `Puppet[:tasks] = true` (expected values copied from Ruby's `_pcore_all_contents`).
#[test]
fn tasks_mode_apply_and_plan_equal_ruby() {
    let options = ParseOptions::new().tasks(true);
    let result = parse(b"apply($t) { file { \"/x\": } }", &options);
    let model = result.model.expect("apply parses in tasks mode");
    let locs: Vec<(&str, u32, u32)> = model
        .locs()
        .into_iter()
        .map(|(c, o, l)| (c.name(), o, l))
        .collect();
    assert_eq!(
        locs,
        [
            ("ApplyExpression", 0, 28),
            ("VariableExpression", 6, 2),
            ("QualifiedName", 7, 1),
            ("ApplyBlockExpression", 0, 0),
            ("ResourceExpression", 12, 14),
            ("QualifiedName", 12, 4),
            ("ResourceBody", 12, 0),
            ("LiteralString", 19, 4),
        ]
    );
    let result = parse(b"plan foo { plan bar {} }", &options);
    let model = result.model.expect("nested plans parse");
    assert_eq!(
        puppet_syntax::pn::to_pn_string(&model),
        r#"(plan {:name "foo" :body [(plan {:name "foo::bar"})]})"#
    );
    // Without tasks mode `plan` is a plain name.
    assert!(parse(b"plan foo { }", &ParseOptions::default())
        .model
        .is_some());
}
