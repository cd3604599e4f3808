//! Differential test on broken input: mutants of the Debian corpus (`mutants/`: an excerpt of
//! 5 to 30 lines of a file, or the whole file, with one or two edits at token boundaries:
//! tokens deleted, duplicated or copied elsewhere, or one of `FRAGMENTS` inserted), validated
//! by Ruby Puppet 7.23 as `puppet parser validate --modulepath` does and by us, through the
//! same driver as `generated_validation.rs`. Where Ruby's parse fails (most mutants), our
//! first error must be Ruby's: issue, line, column and Puppet's message (`Syntax error at
//! 'VALUE'`). Where it does not, every diagnostic must be Ruby's, in Ruby's order. Where Ruby
//! crashes with an internal error (its lexer on a bad regexp, its validator on a model its
//! parser should not have built), we must report an error.
//!
//! Generated programs are valid by construction; these are not, so this is the test of error
//! positions and of the order in which Ruby meets errors (its lexer is lazy, its parser
//! reduces before it fails). Its first runs (7,500 mutants made by a script, before it was a
//! test) found 177 differences; as a test, seeds 1 to 12 of 50,000 found 11 more (a trailing
//! comma in a parameter's type, text runs split by EPP comments, `Regexp#to_s` of `(?i:…)`,
//! errors inside a heredoc's text ordered before earlier ones, `? { }`, a bad regexp and
//! `name { * => $h }` where Ruby crashes, a grammar action reduced before the next token is
//! lexed). All are fixed, and kept as cases of `test_data/validate/cases.txt`.
//!
//! Knobs: `PUPPET_MUTANT_SEED`, `PUPPET_MUTANT_COUNT` (default 20,000),
//! `PUPPET_MUTANT_GENERATED` (the percentage of mutants made from a program of `gen/` instead
//! of a corpus file: those nest strings, heredocs, interpolation and EPP in each other as the
//! corpus rarely does; default 25). Ruby's answers are
//! cached in `target/oracle/mutant-validation-*.jsonl`. `#[ignore]`d in a plain `cargo test`:
//! `scripts/differential` runs it (with `PUPPET_ORACLE_REQUIRED`, without which a missing Ruby
//! only prints a note). A difference is fixed, then kept as a snippet of
//! `test_data/validate/cases.txt`; the failure message shows the mutant and its edits.

use puppet_test_support::knobs;
use std::time::Instant;

use crate::diag_util::oracle::{validate_sources_with_ruby, RubyValidation};
use crate::diag_util::verdict::{assert_no_failures, differs_from_ruby};
use crate::gen;
use crate::mutants::{corpus_files, mutant, Rng};
use puppet_syntax::parse_and_validate;

/// Text inserted by the fourth kind of edit: every kind of token, keywords, the openers and
/// closers of every mode (strings, interpolation, heredoc, EPP, comments), bad numbers.
const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ",",
    ";",
    ":",
    "=",
    "=>",
    "->",
    "~>",
    "<-",
    "|",
    "||",
    "$",
    "${",
    "@(",
    "@@",
    "@",
    "<%",
    "%>",
    "<%=",
    "-%>",
    "\"",
    "'",
    "\"${\"",
    "\"$x\"",
    "'a'",
    "if",
    "else",
    "elsif",
    "unless",
    "case",
    "class",
    "define",
    "node",
    "default",
    "undef",
    "and",
    "or",
    "in",
    "function",
    "type",
    "plan",
    "site",
    "application",
    "attr",
    "private",
    "inherits",
    "true",
    "1",
    "0x",
    "1.5e",
    "08",
    "$x",
    "$::y",
    "Foo",
    "foo",
    "Foo::Bar",
    "::",
    "?",
    "!",
    "-",
    "+",
    "*",
    "/",
    "%",
    "<",
    ">",
    "<<",
    ">>",
    "==",
    "=~",
    "/re/",
    ".",
    "..",
    "&",
    "^",
    "`",
    "@(END)\nx\nEND\n",
    "@(\"X\")",
    "|>",
    "<|",
    "<<|",
    "|>>",
    "\\",
    "#",
    "/*",
    "*/",
    "@(END:json)",
    "\n",
    "${x}",
    "$x::",
    "Integer[1]",
    ".each |$x| {",
    "{ $x }",
    " ",
];

#[test]
#[ignore = "needs Ruby Puppet; run by scripts/differential"]
fn mutants_fail_and_validate_like_ruby() {
    let seed = knobs::number("PUPPET_MUTANT_SEED");
    let count = knobs::number("PUPPET_MUTANT_COUNT") as usize;
    let generated_percent = knobs::number("PUPPET_MUTANT_GENERATED") as usize;
    let required = knobs::is_set("PUPPET_ORACLE_REQUIRED");
    let files = corpus_files();
    if files.is_empty() {
        assert!(!required, "the corpus is needed");
        return;
    }
    let (pp, epp): (Vec<_>, Vec<_>) = files
        .iter()
        .partition(|f| f.extension().is_some_and(|e| e == "pp"));

    // One mutant in eight from a template, as in the corpus.
    let mut rng = Rng(seed);
    let mut sources = Vec::with_capacity(count);
    let mut origins = Vec::with_capacity(count);
    let mut programs = 0;
    while sources.len() < count {
        let (is_epp, text, origin) = if rng.below(100) < generated_percent {
            programs += 1;
            let program = gen::program(seed, programs);
            let origin = format!("program {programs} of seed {seed:#x}");
            (program.epp, program.source(), origin)
        } else {
            let is_epp = !epp.is_empty() && rng.below(8) == 0;
            let pool = if is_epp { &epp } else { &pp };
            let path = pool[rng.below(pool.len())];
            let Ok(text) = std::fs::read_to_string(path) else {
                continue;
            };
            (is_epp, excerpt(&mut rng, &text), path.display().to_string())
        };
        let Some((mutated, steps)) = mutant(&mut rng, &text, is_epp, 2, FRAGMENTS) else {
            continue;
        };
        origins.push(format!("{origin} [{}]", steps.join(", ")));
        sources.push((is_epp, mutated));
    }

    let Some(RubyValidation {
        files: paths,
        records,
        cached,
        ruby_time,
        options,
    }) = validate_sources_with_ruby("mutant-validation", &sources)
    else {
        return;
    };

    let start = Instant::now();
    let (mut syntax_errors, mut crashes) = (0, 0);
    let mut failures = Vec::new();
    for (((path, (epp, source)), record), origin) in
        paths.iter().zip(&sources).zip(&records).zip(&origins)
    {
        assert_eq!(
            record["file"].as_str(),
            path.to_str(),
            "Ruby's answers are out of step"
        );
        let file_options = options.clone().file(path.to_string_lossy()).epp(*epp);
        let result = parse_and_validate(source.as_bytes(), &file_options);
        let crashed = record.get("crash").is_some_and(|c| !c.is_null());
        let problem = if record.get("syntax_error").is_some_and(|s| !s.is_null()) {
            syntax_errors += 1;
            differs_from_ruby(record, &result.diagnostics)
        } else if crashed {
            // Ruby's lexer, parser or validator crashed: ours must give a clean error.
            crashes += 1;
            (!result.diagnostics.iter().any(|d| d.is_error()))
                .then(|| format!("ruby crashed ({}), ours reports no error", record["crash"]))
        } else {
            differs_from_ruby(record, &result.diagnostics)
        };
        if let Some(problem) = problem {
            failures.push(format!(
                "{}\n    from {origin}\n    {problem}\n--- mutant\n{}",
                path.display(),
                source.chars().take(1500).collect::<String>()
            ));
        }
    }
    eprintln!(
        "mutant validation: {count} mutants, seed {seed:#x}; Ruby {:.1} s{}; ours {:.2} s; \
         {syntax_errors} with a Ruby syntax error, {crashes} where Ruby crashed, {} \
         validated by Ruby; {} differ",
        ruby_time.as_secs_f64(),
        if cached { " (cached answers)" } else { "" },
        start.elapsed().as_secs_f64(),
        count - syntax_errors - crashes,
        failures.len()
    );
    assert!(syntax_errors > count / 4, "too few mutants are broken");
    assert_no_failures(
        &failures,
        "mutants are reported differently from Ruby Puppet",
    );
}

/// Mostly a window of 5 to 30 lines of a longer file (smaller mutants: Ruby is the slow
/// side, and the edit is more often near the error it causes), else the whole file.
fn excerpt(rng: &mut Rng, text: &str) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    if lines.len() <= 30 || rng.below(100) >= 85 {
        return text.to_owned();
    }
    let width = 5 + rng.below(26);
    let first = rng.below(lines.len() - width);
    lines[first..first + width].concat()
}
