//! Replays the differences the program generator found (`test_data/generated/`, written by
//! `differential/generated_programs.rs`) against Ruby's recorded output, without Ruby. A case
//! listed in `known-failures.txt` must still differ; any other case must
//! equal Ruby; so the list can only shrink as the parser is fixed.

use crate::gen;

use gen::cases;
use gen::compare::{compare, Verdict};

#[test]
fn generated_regressions_replay() {
    let all = cases::load_all();
    let known = cases::known_failures();
    let mut failing = Vec::new();
    let mut problems = Vec::new();
    for case in &all {
        let verdict = compare(&case.src, case.epp, &case.ruby);
        let listed = known.get(&case.name);
        match (verdict, listed) {
            (Verdict::Same, None) => eprintln!("{}: equal to Ruby", case.name),
            (Verdict::Same, Some(note)) => problems.push(format!(
                "{} ({note}) now equals Ruby: remove it from known-failures.txt",
                case.name
            )),
            (Verdict::RubyRejects(why), _) => problems.push(format!(
                "{}: the recorded Ruby output is no parse: {why}",
                case.name
            )),
            (Verdict::Differs(d), Some(note)) => {
                eprintln!("{}: known failure ({note}): {}", case.name, d.fingerprint);
                failing.push(case.name.clone());
            }
            (Verdict::Differs(d), None) => problems.push(format!(
                "{} differs from Ruby and is not in known-failures.txt:\n{}\n{}",
                case.name, case.src, d.detail
            )),
        }
    }
    for name in known.keys() {
        if !all.iter().any(|c| &c.name == name) {
            problems.push(format!(
                "known-failures.txt lists {name}, which has no case file"
            ));
        }
    }
    eprintln!(
        "generated regression cases: {}, of which {} known failures",
        all.len(),
        failing.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
