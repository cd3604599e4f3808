//! Differential test on generated programs: `gen/` writes `PUPPET_GEN_COUNT` (default
//! 10,000) valid Puppet programs from `PUPPET_GEN_SEED` (manifests, and one in eight an EPP
//! template); Ruby Puppet 7.23 parses all of them, once (`scripts/oracle/program_reference.rb`,
//! one process per core, `PUPPET_GEN_RUBY_JOBS`; the answers are cached in
//! `target/oracle/generated-*.jsonl`, keyed by the programs), and our PN and node positions must
//! equal Ruby's for each.
//!
//! A program Ruby rejects is a generator bug: the test fails and shows it. A program where we
//! differ is shrunk (`gen/shrink.rs`, asking the same Ruby process) and written to
//! `test_data/generated/` as a regression case, replayed by `parser/generated_regressions.rs`
//! without Ruby; the test fails unless every difference found shrinks to a case listed in
//! `test_data/generated/known-failures.txt`, or to a difference of the same fingerprint as a
//! listed case (the same bug, shrunk to another program after a change of the generator: no
//! new case is written then). One program per group of differences (the kinds of the first
//! differing PN tokens, the first differing node, or our first error) is shrunk, for at most
//! `PUPPET_GEN_SHRINK_MAX` (default 60) groups, and a case is written for each fingerprint of
//! the shrunk differences (the same plus the PN list the difference is in); shrinking is
//! bounded by counts, not time, so a run gives the same cases on
//! every machine.
//!
//! `PUPPET_GEN_DUMP=DIR` also writes every program to `DIR` (`00042.pp`, `00043.epp`, …).
//!
//! The Ruby test is `#[ignore]`d in a plain `cargo test` (it needs Ruby Puppet and a minute):
//! `scripts/differential` runs it with `--ignored`, and sets `PUPPET_ORACLE_REQUIRED`, without
//! which a missing Ruby only prints a note.

use puppet_test_support::knobs;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use crate::diag_util::oracle::AnswerCache;
use crate::gen::compare::{compare, ours, DiffKind, Difference, Verdict};
use crate::gen::ruby::RubyOracle;
use crate::gen::{self, cases, shrink, Program};
use puppet_syntax::{parse, ParseOptions};
use serde_json::Value;

/// Without Ruby: every generated program is parsed without a panic and its CST is the program,
/// byte for byte; the generator is deterministic.
#[test]
fn generated_programs_round_trip_through_the_cst() {
    let seed = knobs::number("PUPPET_GEN_SEED");
    let count = knobs::number("PUPPET_GEN_COUNT").min(1_000);
    let mut bytes = 0;
    for i in 0..count {
        let program = gen::program(seed, i);
        let src = program.source();
        assert_eq!(
            src,
            gen::program(seed, i).source(),
            "program {i} is not reproducible"
        );
        bytes += src.len();
        let options = ParseOptions::new().epp(program.epp).cst(true).model(false);
        let result = parse(src.as_bytes(), &options);
        assert_eq!(
            result.syntax_node().unwrap().to_string(),
            src,
            "program {i} of seed {seed}: the CST is not the program"
        );
    }
    eprintln!("generated {count} programs, {bytes} bytes: all round-trip");
}

#[test]
#[ignore = "needs Ruby Puppet; run by scripts/differential"]
fn generated_programs_equal_ruby() {
    let seed = knobs::number("PUPPET_GEN_SEED");
    let count = knobs::number("PUPPET_GEN_COUNT");
    let shrink_max = knobs::number("PUPPET_GEN_SHRINK_MAX") as usize;
    let required = knobs::is_set("PUPPET_ORACLE_REQUIRED");

    let start = Instant::now();
    let programs: Vec<Program> = (0..count).map(|i| gen::program(seed, i)).collect();
    let sources: Vec<(bool, String)> = programs.iter().map(|p| (p.epp, p.source())).collect();
    let bytes: usize = sources.iter().map(|(_, s)| s.len()).sum();
    let epps = sources.iter().filter(|(epp, _)| *epp).count();
    let generate_time = start.elapsed();
    if let Some(dir) = knobs::var("PUPPET_GEN_DUMP") {
        dump_programs(&PathBuf::from(dir), &sources);
    }

    let mut oracle: Option<RubyOracle> = None;
    let start = Instant::now();
    let (records, cached) = match ruby_records(&sources, &mut oracle) {
        Ok(r) => r,
        Err(e) => {
            assert!(!required, "Ruby Puppet is needed: {e}");
            eprintln!(
                "note: Ruby Puppet is not available ({e}); generated-program differential skipped"
            );
            return;
        }
    };
    let ruby_time = start.elapsed();

    let start = Instant::now();
    let mut rejected_by_ruby = Vec::new();
    let mut differences: Vec<(usize, Difference)> = Vec::new();
    for (i, ((epp, src), record)) in sources.iter().zip(&records).enumerate() {
        match compare(src, *epp, record) {
            Verdict::Same => {}
            Verdict::RubyRejects(_) => rejected_by_ruby.push(i),
            Verdict::Differs(d) => differences.push((i, d)),
        }
    }
    let ours_time = start.elapsed();
    eprintln!(
        "generated programs: {count} ({epps} EPP), {bytes} bytes, seed {seed:#x}, generated in {:.2} s; \
         Ruby {:.2} s{}; ours {:.2} s; identical {}, differing {}, rejected by Ruby {}",
        generate_time.as_secs_f64(),
        ruby_time.as_secs_f64(),
        if cached { " (cached answers)" } else { "" },
        ours_time.as_secs_f64(),
        count as usize - differences.len() - rejected_by_ruby.len(),
        differences.len(),
        rejected_by_ruby.len()
    );

    // Shrink the first program of each group (up to PUPPET_GEN_SHRINK_MAX of them): the others
    // most probably show the same difference.
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (n, (_, d)) in differences.iter().enumerate() {
        groups.entry(d.group.clone()).or_default().push(n);
    }
    let known = cases::known_failures();
    // The fingerprints of the recorded cases that differ today.
    let recorded: BTreeMap<String, String> = cases::load_all()
        .into_iter()
        .filter_map(|case| match compare(&case.src, case.epp, &case.ruby) {
            Verdict::Differs(d) => Some((d.fingerprint, case.name)),
            _ => None,
        })
        .collect();
    let mut found: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut shrunk_count = 0;
    let mut same_group = 0;
    let mut minimal_fingerprints = std::collections::HashSet::new();
    for group in groups.values() {
        if shrunk_count == shrink_max {
            break;
        }
        same_group += group.len() - 1;
        let (i, difference) = &differences[group[0]];
        let Some(ruby) = oracle_or_start(&mut oracle) else {
            break;
        };
        let (program, record) = shrink_difference(&programs[*i], difference.kind, ruby);
        shrunk_count += 1;
        let src = program.source();
        let Verdict::Differs(minimal) = compare(&src, program.epp, &record) else {
            unreachable!("shrinking keeps the difference");
        };
        eprintln!(
            "group {:?} ({} programs) shrinks to {:?}",
            difference.group,
            group.len(),
            minimal.fingerprint
        );
        // Programs of several groups often shrink to one difference: one case for each.
        if !minimal_fingerprints.insert(minimal.fingerprint.clone()) {
            continue;
        }
        // A difference of a recorded case's fingerprint is that case's (a change of the
        // generator shrinks the same bug to another program): no new case.
        let (name, new) = match recorded.get(&minimal.fingerprint) {
            Some(name) => (name.clone(), false),
            None => {
                let name = cases::case_name(minimal.kind, &src, program.epp);
                let new = cases::write(&cases::Case {
                    name: name.clone(),
                    epp: program.epp,
                    src: src.clone(),
                    ruby: record,
                });
                (name, new)
            }
        };
        found.entry(name).or_insert((
            format!(
                "{}{} (fingerprint {:?}, {} programs)",
                if new { "NEW " } else { "" },
                minimal.detail,
                minimal.fingerprint,
                group.len()
            ),
            src,
        ));
    }
    let unshrunk = differences.len() - shrunk_count - same_group;
    let mut unexpected = Vec::new();
    for (name, (detail, src)) in &found {
        let status = match known.get(name) {
            Some(note) => format!("known ({note})"),
            None => {
                unexpected.push(name.clone());
                "NOT in known-failures.txt".to_string()
            }
        };
        eprintln!("difference {name}: {status}\n--- program\n{src}\n--- {detail}\n");
    }
    eprintln!(
        "{} differing programs in {} groups: {shrunk_count} shrunk into {} cases ({} not \
         known), {same_group} in the group of a shrunk one, {unshrunk} not shrunk \
         (PUPPET_GEN_SHRINK_MAX {shrink_max})",
        differences.len(),
        groups.len(),
        found.len(),
        unexpected.len(),
    );
    // Show the generator bugs shrunk, a few of them.
    let mut rejection_examples = Vec::new();
    for &i in rejected_by_ruby.iter().take(5) {
        let Some(ruby) = oracle_or_start(&mut oracle) else {
            break;
        };
        let (program, why) = shrink_rejection(&programs[i], ruby);
        rejection_examples.push(format!(
            "program {i} of seed {seed} ({}), shrunk: {why}\n{}",
            if program.epp { "epp" } else { "pp" },
            program.source()
        ));
    }
    assert!(
        rejected_by_ruby.is_empty(),
        "{} generated programs are not valid Puppet for Ruby (generator bugs):\n{}",
        rejected_by_ruby.len(),
        rejection_examples.join("\n\n")
    );
    assert!(
        unexpected.is_empty(),
        "differences from Ruby not listed in test_data/generated/known-failures.txt (the cases are \
         written there: fix the parser, or commit them and list them): {unexpected:?}"
    );
}

/// `PUPPET_GEN_DUMP=DIR`: every program as `DIR/INDEX.pp` (or `.epp`), to read or to feed to
/// other tools.
fn dump_programs(dir: &std::path::Path, sources: &[(bool, String)]) {
    std::fs::create_dir_all(dir).expect("PUPPET_GEN_DUMP directory");
    for (i, (epp, src)) in sources.iter().enumerate() {
        let name = format!("{i:05}.{}", if *epp { "epp" } else { "pp" });
        std::fs::write(dir.join(name), src).expect("write a program");
    }
}

/// Ruby's records for `sources`: from the cache when the same programs were asked before, else
/// from a new Ruby process (left in `oracle` for shrinking). The flag says "from the cache".
fn ruby_records(
    sources: &[(bool, String)],
    oracle: &mut Option<RubyOracle>,
) -> std::io::Result<(Vec<Value>, bool)> {
    let script = std::fs::read(gen::ruby::script_path()).unwrap_or_default();
    let cache = AnswerCache::new("generated", |eat| {
        eat(&script);
        for (epp, src) in sources {
            eat(&[*epp as u8]);
            eat(src.as_bytes());
            eat(&[0]);
        }
    });
    if let Some(records) = cache.read(sources.len()) {
        return Ok((records, true));
    }
    // Ruby is the slow side: one process per core (PUPPET_GEN_RUBY_JOBS), the first kept open
    // for shrinking.
    let jobs = knobs::number_or(
        "PUPPET_GEN_RUBY_JOBS",
        std::thread::available_parallelism().map_or(1, |n| n.get() as u64),
    )
    .max(1);
    let mut pool = Vec::new();
    for _ in 0..jobs {
        pool.push(RubyOracle::start()?);
    }
    let records = gen::ruby::ask_all(&mut pool, sources)?;
    *oracle = pool.into_iter().next();
    cache.write(&records);
    Ok((records, false))
}

fn oracle_or_start(oracle: &mut Option<RubyOracle>) -> Option<&mut RubyOracle> {
    if oracle.is_none() {
        match RubyOracle::start() {
            Ok(o) => *oracle = Some(o),
            Err(e) => {
                eprintln!("cannot start the Ruby oracle: {e}");
                return None;
            }
        }
    }
    oracle.as_mut()
}

/// Shrinks `program` while Ruby accepts it and we still differ in the same way; returns the
/// smallest program and Ruby's record of it.
fn shrink_difference(program: &Program, kind: DiffKind, ruby: &mut RubyOracle) -> (Program, Value) {
    // Only candidates that fail on our side as the original did go to Ruby.
    let our_side_matches = |p: &Program| -> bool {
        let src = p.source();
        match ours(&src, p.epp) {
            Err(_) => kind == DiffKind::Panic,
            Ok(Err(_)) => kind == DiffKind::Rejected,
            Ok(Ok(_)) => matches!(kind, DiffKind::Pn | DiffKind::Positions),
        }
    };
    let smallest = shrink::shrink(program, 400, |batch| {
        let asked: Vec<(usize, (bool, String))> = batch
            .iter()
            .enumerate()
            .filter(|(_, p)| our_side_matches(p))
            .map(|(i, p)| (i, (p.epp, p.source())))
            .collect();
        if asked.is_empty() {
            return None;
        }
        let inputs: Vec<(bool, String)> = asked.iter().map(|(_, s)| s.clone()).collect();
        let records = ruby.ask(&inputs).expect("the Ruby oracle answers");
        asked
            .iter()
            .zip(&records)
            .find_map(|((i, (epp, src)), record)| {
                matches!(compare(src, *epp, record),
                Verdict::Differs(d) if d.kind.shrink_class() == kind.shrink_class())
                .then_some(*i)
            })
    });
    let record = ruby
        .ask(&[(smallest.epp, smallest.source())])
        .expect("the Ruby oracle answers")
        .remove(0);
    (smallest, record)
}

/// Ruby's complaint about a program, without its position.
fn rejection(record: &Value) -> Option<String> {
    let e = record
        .get("syntax_error")
        .filter(|e| !e.is_null())
        .or_else(|| record.get("oracle_crash"))?;
    let message = e["message"]
        .as_str()
        .map_or_else(|| e.to_string(), str::to_string);
    Some(
        message
            .split(" (line:")
            .next()
            .unwrap_or_default()
            .to_string(),
    )
}

/// Shrinks a program Ruby rejects while Ruby rejects it with the same message.
fn shrink_rejection(program: &Program, ruby: &mut RubyOracle) -> (Program, String) {
    let src = program.source();
    let record = ruby
        .ask(&[(program.epp, src)])
        .expect("the Ruby oracle answers")
        .remove(0);
    let why = rejection(&record).unwrap_or_default();
    let smallest = shrink::shrink(program, 200, |batch| {
        let inputs: Vec<(bool, String)> = batch.iter().map(|p| (p.epp, p.source())).collect();
        let records = ruby.ask(&inputs).expect("the Ruby oracle answers");
        records
            .iter()
            .position(|r| rejection(r).as_deref() == Some(why.as_str()))
    });
    (smallest, why)
}
