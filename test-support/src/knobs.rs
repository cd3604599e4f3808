//! Every environment variable that the tests and the test scripts read, in one table: its name,
//! what it does, its default and who reads it.
//!
//! The Rust tests read their knobs through [`var`], [`is_set`], [`number`] and [`text`], which
//! panic when a name is not in [`KNOBS`] (or is marked as read by scripts only), so a knob cannot
//! be added without being documented here; a test of this crate also checks, without running
//! them, that the test sources of puppet-syntax and puppet-cli read no variable another way and
//! no name missing from the table. The scripts' knobs (bash, Ruby specs) are listed too,
//! with [`Scope::Scripts`]. `cargo xtask test-knobs` prints the table, and
//! `cargo xtask test-knobs --markdown` writes the table of `docs/contributing.md`, which a test of
//! this crate keeps in sync.
//!
//! This file uses `std` only: xtask includes it by path.

use std::fmt::Write as _;

/// Who reads a knob.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The Rust tests (through this module).
    Tests,
    /// The Rust tests and some scripts.
    TestsAndScripts,
    /// Scripts only (bash, the Ruby specs): listed for completeness, not readable from Rust.
    Scripts,
}

/// What a knob's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Set (to anything) or not.
    Flag,
    /// A whole number, decimal or `0x` hexadecimal (`_` allowed).
    Number,
    /// A path or other text.
    Text,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Knob {
    pub name: &'static str,
    pub kind: Kind,
    /// The value used when the variable is not set (`unset` for flags and optional texts).
    pub default: &'static str,
    pub what: &'static str,
    pub read_by: &'static str,
    pub scope: Scope,
}

const fn knob(
    name: &'static str,
    kind: Kind,
    default: &'static str,
    what: &'static str,
    read_by: &'static str,
    scope: Scope,
) -> Knob {
    Knob {
        name,
        kind,
        default,
        what,
        read_by,
        scope,
    }
}

use Kind::{Flag, Number, Text};
use Scope::{Scripts, Tests, TestsAndScripts};

/// Every knob, sorted by name (one row a line: kept unformatted).
#[rustfmt::skip]
pub const KNOBS: &[Knob] = &[
    knob("CARGO_INCREMENTAL", Text, "0", "cargo's incremental compilation; `scripts/test` turns it off (one build per profile) unless set", "scripts/test", Scripts),
    knob("CARGO_TARGET_DIR", Text, "target", "where cargo builds; `scripts/test-c` finds `puppet-parser` there", "scripts/test-c", Scripts),
    knob("CI", Flag, "unset", "set by CI: a missing corpus fails the corpus tests instead of skipping them", "puppet-syntax corpus tests (test-support `corpus`)", Tests),
    knob("CRITERION", Flag, "1", "`0` skips the in-process criterion part of `scripts/bench-fmt`", "scripts/bench-fmt", Scripts),
    knob("ITER", Number, "script's own", "runs per measurement of the benchmark scripts (`scripts/test` sets 1 for memory, 2 for pathological)", "scripts/bench-memory, scripts/bench-pathological (set by scripts/test), scripts/bench-fmt, scripts/bench-lint", Scripts),
    knob("KEEP", Flag, "0", "`1` keeps the work directory of the C ABI tests", "scripts/test-c", Scripts),
    knob("LEXER_DIFF_CODES", Flag, "unset", "print the diagnostic codes of the lexer-vs-Ruby comparison", "puppet-syntax tests/lexer (lexer_ruby_diff)", Tests),
    knob("LEXER_DIFF_EPP", Flag, "unset", "with LEXER_DIFF_SHOW: lex the snippet as EPP", "puppet-syntax tests/lexer (lexer_ruby_diff)", Tests),
    knob("LEXER_DIFF_RANDOM", Number, "3000", "random fragments compared with Ruby's lexer", "puppet-syntax tests/lexer (lexer_ruby_diff)", Tests),
    knob("LEXER_DIFF_SEED", Number, "1", "seed of the random fragments", "puppet-syntax tests/lexer (lexer_ruby_diff)", Tests),
    knob("LEXER_DIFF_SHOW", Text, "unset", "a snippet whose tokens (ours and Ruby's) are printed side by side", "puppet-syntax tests/lexer (lexer_ruby_diff)", Tests),
    knob("LSP_FUZZ_EDITS", Number, "600", "random edits typed into the language server, each followed by every request", "puppet-lsp tests/lsp (robustness)", Tests),
    knob("LSP_FUZZ_SEED", Number, "0x5EED15B", "seed of the language server's random edits", "puppet-lsp tests/lsp (robustness)", Tests),
    knob("MUTATIONS_PER_FILE", Number, "24", "mutations per sampled corpus file", "puppet-syntax tests/corpus (mutations)", Tests),
    knob("MUTATION_FILES", Number, "300", "corpus files sampled by the mutation test", "puppet-syntax tests/corpus (mutations)", Tests),
    knob("MUTATION_SEED", Number, "0x5EED0F9077E7", "seed of the mutation test", "puppet-syntax tests/corpus (mutations)", Tests),
    knob("PROPTEST_CASES", Number, "2048", "cases of each property test of the lexer and the parser", "puppet-syntax tests/lexer (lexer_props), tests/parser (parser_props)", Tests),
    knob("PUPPET_CORPUS", Text, "/usr/share/puppet/modules.available", "the module corpus the corpus tests walk", "test-support `corpus`; scripts/test-c; spec/spec_helper.rb", TestsAndScripts),
    knob("PUPPET_GEN_COUNT", Number, "10000", "generated programs compared with Ruby (the round trip takes at most 1,000 of them)", "puppet-syntax tests/differential (generated_programs); puppet-fmt tests/fmt (properties: at most 3,000)", Tests),
    knob("PUPPET_GEN_DUMP", Text, "unset", "a directory where the generated programs are written", "puppet-syntax tests/differential (generated_programs)", Tests),
    knob("PUPPET_GEN_RUBY_JOBS", Number, "the number of cores", "Ruby processes answering for the generated programs", "puppet-syntax tests/differential (generated_programs)", Tests),
    knob("PUPPET_GEN_SEED", Number, "0x5EED0012", "seed of the program generator", "puppet-syntax tests/differential (generated_programs, generated_validation); puppet-fmt tests/fmt (properties)", Tests),
    knob("PUPPET_GEN_SHRINK_MAX", Number, "60", "differences shrunk to a minimal program", "puppet-syntax tests/differential (generated_programs)", Tests),
    knob("PUPPET_GEN_VALIDATE_COUNT", Number, "10000", "generated programs validated by Ruby", "puppet-syntax tests/differential (generated_validation)", Tests),
    knob("PUPPET_LINT_ORACLE", Text, "/tmp/lint-oracle", "the puppet-lint 4.3.0 oracle with the Vox Pupuli plugins (how to build it: scripts/fmt-lint-check)", "scripts/fmt-lint-check, scripts/fmt-lint-record, scripts/bench-fmt, scripts/lint-oracle-record, scripts/bench-lint", Scripts),
    knob("PUPPET_LOAD_PATH", Text, "PREFIX/puppet-7.23/lib", "the Puppet library the gem's specs load on another Ruby", "scripts/test-gem", Scripts),
    knob("PUPPET_MODULEPATH", Text, "unset", "validate the corpus with this module path (location checks)", "puppet-syntax tests/differential (validate_corpus)", Tests),
    knob("PUPPET_MUTANT_COUNT", Number, "20000", "mutants validated by Ruby", "puppet-syntax tests/differential (mutant_validation)", Tests),
    knob("PUPPET_MUTANT_GENERATED", Number, "25", "percent of the mutants made from generated programs instead of corpus files", "puppet-syntax tests/differential (mutant_validation)", Tests),
    knob("PUPPET_MUTANT_SEED", Number, "0x5EED3A7E", "seed of the mutants", "puppet-syntax tests/differential (mutant_validation)", Tests),
    knob("PUPPET_NATIVE_PARSER_EXPECT_GEM_HOME", Text, "unset", "the specs check that the gem is loaded from this GEM_HOME", "spec/spec_helper.rb (set by scripts/test-gem)", Scripts),
    knob("PUPPET_ORACLE_JSONL", Text, "ORACLE_DIR/corpus.jsonl", "Ruby's answers for the corpus (PN, positions, diagnostics); ORACLE_DIR is target/oracle, or target/oracle/release-RELEASE for another oracle", "puppet-syntax tests/differential (corpus_model, validate_corpus)", Tests),
    knob("PUPPET_ORACLE_MODULEPATH_JSONL", Text, "ORACLE_DIR/modulepath.jsonl", "Ruby's answers for the corpus validated with a module path", "puppet-syntax tests/differential (validate_corpus)", Tests),
    knob("PUPPET_ORACLE_RELEASE", Text, "7.23.0", "the Puppet release the oracle loads; our side validates with its rules", "test-support `oracle`; scripts/oracle/env.sh", TestsAndScripts),
    knob("PUPPET_ORACLE_REQUIRED", Flag, "unset", "missing oracle answers (or Ruby) fail the differential tests instead of skipping them", "test-support `oracle`; puppet-syntax tests/differential", Tests),
    knob("PUPPET_ORACLE_RUBY", Text, "ruby", "the ruby command (and arguments) that answers for Ruby Puppet", "test-support `oracle`; scripts/oracle/env.sh", TestsAndScripts),
    knob("PUPPET_ORACLE_TASKS", Flag, "unset", "the oracle's answers were made in tasks mode; parse the corpus in tasks mode too", "puppet-syntax tests/differential (corpus_model, validate_corpus, xpp_corpus)", Tests),
    knob("PUPPET_PARSER_BIN", Text, "target/release/puppet-parser", "the puppet-parser the gem's XPP specs run", "spec/xpp_spec.rb", Scripts),
    knob("PUPPET_PCORE_ORACLE_JSONL", Text, "ORACLE_DIR/pcore.jsonl", "Ruby's Pcore serialization of the corpus", "puppet-syntax tests/differential (xpp_corpus)", Tests),
    knob("PUPPET_SPEC_PUPPET_DIR", Text, "unset", "a Puppet source tree whose own specs run against the drop-in", "spec/spec_helper.rb", Scripts),
    knob("PUPPET_TYPE_MAPPING_COUNT", Number, "4000", "type mapping programs imported by Ruby", "puppet-syntax tests/differential (type_mapping_validation)", Tests),
    knob("PUPPET_TYPE_MAPPING_SEED", Number, "31", "seed of the type mapping programs", "puppet-syntax tests/differential (type_mapping_validation)", Tests),
    knob("PUPPET_XPP_RUBY", Flag, "unset", "run the test where Ruby reads our XPP files (set by scripts/differential)", "puppet-syntax tests/differential (xpp_ruby_reads)", Tests),
    knob("RUBY", Text, "ruby", "the Ruby the gem is built and tested with", "scripts/test-gem", Scripts),
    knob("TMPDIR", Text, "/tmp", "where the C ABI tests make their work directory", "scripts/test-c", Scripts),
    knob("UPDATE_EXPECT", Flag, "unset", "rewrite the golden files with the actual output instead of comparing (review the diff)", "test-support `golden`; puppet-syntax tests/lexer, tests/parser; puppet-fmt tests/fmt (tricky); puppet-lint tests/lint (docs/lint/checks.md, corpus-differences.tsv); puppet-ffi header", Tests),
    knob("VALGRIND", Flag, "1", "`0` runs the valgrind steps of the C ABI tests natively", "scripts/test-c", Scripts),
    knob("XPP_CORRUPTIONS", Number, "100000", "corrupted XPP files the reader must refuse", "puppet-syntax tests/xpp (xpp_roundtrip)", Tests),
    knob("XPP_CORRUPTION_SEED", Number, "0x5EED1234ABCD0001", "seed of the XPP corruptions", "puppet-syntax tests/xpp (xpp_roundtrip)", Tests),
];

/// The row of `name`; panics, naming the table, when there is none.
pub fn knob_named(name: &str) -> &'static Knob {
    KNOBS.iter().find(|k| k.name == name).unwrap_or_else(|| {
        panic!("test knob {name} is not in the table of test-support/src/knobs.rs: add it there")
    })
}

/// The row of `name`, which the Rust tests may read.
fn readable(name: &str) -> &'static Knob {
    let knob = knob_named(name);
    assert!(
        knob.scope != Scope::Scripts,
        "test knob {name} is marked as read by scripts only in test-support/src/knobs.rs"
    );
    knob
}

/// The value of knob `name`, or `None` when it is not set.
pub fn var(name: &str) -> Option<String> {
    readable(name);
    std::env::var_os(name).map(|v| v.to_string_lossy().into_owned())
}

/// Whether knob `name` is set (to anything, even empty).
pub fn is_set(name: &str) -> bool {
    var(name).is_some()
}

/// The value of knob `name` (a [`Kind::Text`]), or its default from the table.
pub fn text(name: &str) -> String {
    let knob = readable(name);
    match var(name) {
        Some(value) if !value.trim().is_empty() => value,
        _ => knob.default.to_owned(),
    }
}

/// The number in knob `name` (a [`Kind::Number`]), or its default from the table. Panics when
/// the value is not a number.
pub fn number(name: &str) -> u64 {
    let knob = readable(name);
    assert!(
        knob.kind == Kind::Number,
        "test knob {name} is not a number"
    );
    match var(name) {
        Some(value) if !value.trim().is_empty() => parse_number(&value)
            .unwrap_or_else(|| panic!("{name}={value:?} is not a number (decimal or 0x…)")),
        _ => default_number(knob),
    }
}

/// The number in knob `name` (a [`Kind::Number`] whose default the table describes in words,
/// such as the number of cores), or `default`.
pub fn number_or(name: &str, default: u64) -> u64 {
    let knob = readable(name);
    assert!(
        knob.kind == Kind::Number && parse_number(knob.default).is_none(),
        "test knob {name} has a number as its default in the table: read it with `number`"
    );
    match var(name) {
        Some(value) if !value.trim().is_empty() => parse_number(&value)
            .unwrap_or_else(|| panic!("{name}={value:?} is not a number (decimal or 0x…)")),
        _ => default,
    }
}

/// The table's default of a [`Kind::Number`] knob.
pub fn default_number(knob: &Knob) -> u64 {
    parse_number(knob.default)
        .unwrap_or_else(|| panic!("the default of test knob {} is not a number", knob.name))
}

/// A decimal or `0x` hexadecimal number, `_` allowed.
pub fn parse_number(text: &str) -> Option<u64> {
    let text = text.trim().replace('_', "");
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

fn scope_name(scope: Scope) -> &'static str {
    match scope {
        Scope::Tests => "tests",
        Scope::TestsAndScripts => "tests, scripts",
        Scope::Scripts => "scripts only",
    }
}

/// The table as aligned plain text, for a terminal.
pub fn render_text() -> String {
    let width = KNOBS.iter().map(|k| k.name.len()).max().unwrap_or(0);
    let mut out = String::new();
    for k in KNOBS {
        let _ = writeln!(out, "{:width$}  {}", k.name, k.what);
        let _ = writeln!(
            out,
            "{:width$}  default: {}; read by: {} ({})",
            "",
            k.default,
            k.read_by,
            scope_name(k.scope)
        );
    }
    out
}

/// The table in Markdown, as `docs/contributing.md` holds it between its markers.
pub fn render_markdown() -> String {
    let mut out = String::from("| Variable | What it does | Default | Read by | Scope |\n");
    out.push_str("|---|---|---|---|---|\n");
    for k in KNOBS {
        let _ = writeln!(
            out,
            "| `{}` | {} | `{}` | {} | {} |",
            k.name,
            k.what.replace('|', "\\|"),
            k.default,
            k.read_by.replace('|', "\\|"),
            scope_name(k.scope)
        );
    }
    out
}

/// The line before the generated table in `docs/contributing.md`.
pub const MARKDOWN_BEGIN: &str = "<!-- test-knobs: begin (cargo xtask test-knobs --markdown) -->";
/// The line after it.
pub const MARKDOWN_END: &str = "<!-- test-knobs: end -->";

/// `document` with the text between [`MARKDOWN_BEGIN`] and [`MARKDOWN_END`] replaced by the
/// current table, or `None` when the markers are missing.
pub fn splice_markdown(document: &str) -> Option<String> {
    let begin = document.find(MARKDOWN_BEGIN)? + MARKDOWN_BEGIN.len();
    let end = begin + document[begin..].find(MARKDOWN_END)?;
    Some(format!(
        "{}\n{}{}",
        &document[..begin],
        render_markdown(),
        &document[end..]
    ))
}
