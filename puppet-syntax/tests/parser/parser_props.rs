//! Property and robustness tests for the whole pipeline (lexer → parser → CST / model → PN):
//! for any input the CST text equals the input, nothing panics, and adversarial nesting becomes a
//! diagnostic instead of a stack overflow.

use proptest::prelude::*;
use puppet_syntax::{parse, IssueCode, ParseOptions};

/// Puppet-flavoured fragments, so random inputs reach deep into the grammar.
const FRAGMENTS: &[&str] = &[
    "$x",
    "=",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ",",
    ";",
    ":",
    "=>",
    "+>",
    "->",
    "~>",
    "<|",
    "|>",
    "<<|",
    "|>>",
    "|",
    "?",
    "@",
    "@@",
    "*",
    "-",
    "!",
    "in",
    "and",
    "or",
    "==",
    "=~",
    "/re/",
    "'s'",
    "\"d${x}\"",
    "\"$y\"",
    "1",
    "0x1F",
    "08",
    "1.5e3",
    "true",
    "undef",
    "default",
    "if",
    "elsif",
    "else",
    "unless",
    "case",
    "class",
    "define",
    "node",
    "function",
    "type",
    "inherits",
    "file",
    "File",
    "Foo::Bar",
    "foo::bar",
    "notice",
    "include",
    "@(END)\n",
    "END\n",
    "\n",
    " ",
    "# c\n",
    "/* c */",
    "<%",
    "%>",
    "<%=",
    "-%>",
    ".",
    "each",
    "|$v|",
    "Integer[1]",
    "::x",
    "$::y",
];

fn fragments() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..60).prop_map(|v| v.join(" "))
}

proptest! {
    // PROPTEST_CASES (test knob, default 2048) sets the number of cases. Failures are recorded
    // in (and replayed from) parser_props.proptest-regressions beside this file: proptest's default
    // would look for them under tests/proptest-regressions/, as this file sits beside the
    // binary's main.rs.
    #![proptest_config(ProptestConfig {
        cases: puppet_test_support::knobs::number("PROPTEST_CASES") as u32,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn cst_round_trips_arbitrary_text(text in "\\PC{0,200}") {
        for epp in [false, true] {
            let options = ParseOptions::new().epp(epp).cst(true).model(false);
            let parse = parse(text.as_bytes(), &options);
            prop_assert_eq!(parse.syntax_node().unwrap().to_string(), text.clone());
        }
    }

    #[test]
    fn pipeline_never_panics_on_puppet_like_text(text in fragments()) {
        for epp in [false, true] {
            let options = ParseOptions::new().file("x.pp").epp(epp).cst(true);
            let result = parse(text.as_bytes(), &options);
            prop_assert_eq!(result.syntax_node().unwrap().to_string(), text.clone());
            // The lowering never meets a tree shape it does not know.
            prop_assert!(
                !result.diagnostics.iter().any(|d| d.message.contains("internal error")),
                "{:?}",
                result.diagnostics
            );
            if let Some(model) = &result.model {
                let _ = puppet_syntax::pn::to_pn_string(model);
                let _ = puppet_syntax::pn::to_json_string(model);
            }
        }
    }
}

#[test]
fn deep_nesting_is_a_diagnostic_not_a_crash() {
    for (open, close) in [
        ("[", "]"),
        ("(", ")"),
        ("{", "}"),
        ("!", ""),
        ("-", ""),
        ("\"${", "}\""),
    ] {
        let text = format!("$x = {}1{}", open.repeat(100_000), close.repeat(100_000));
        let result = parse(text.as_bytes(), &ParseOptions::new().cst(true));
        assert_eq!(result.syntax_node().unwrap().to_string(), text);
        assert!(
            result
                .diagnostics
                .iter()
                .any(|d| d.code == IssueCode::NESTING_TOO_DEEP),
            "no NESTING_TOO_DEEP for {open}"
        );
        assert!(result.model.is_none());
    }
}

/// Where the parser looks ahead or parses on trial (`<%= {`: a hash or a block), nested
/// input must not make it quadratic or worse: 3,000 nested `<%= { $a.map |$x| {` once took
/// minutes (a scan ahead through `nth` per level); the whole suite's time limit is the check.
#[test]
fn nested_render_blocks_parse_without_blowing_up() {
    let n = 3_000;
    let text = format!(
        "{}{}",
        "<%= { $a.map |$x| { %>t".repeat(n),
        "<% } } %>".repeat(n)
    );
    let result = parse(text.as_bytes(), &ParseOptions::new().epp(true).cst(true));
    assert_eq!(result.syntax_node().unwrap().to_string(), text);
    // Ruby fails at the first `%>`: a statement must follow the lambda's `{`.
    let first = &result.diagnostics[0];
    assert_eq!((first.code, first.offset), (IssueCode::SYNTAX_ERROR, 20));
}

/// Everything Ruby Puppet 7.23 accepts (it overflows its stack at about 1,100 nested arrays
/// or calls, 720 hashes or interpolations, 1,980 parentheses or `if` blocks) parses, validates
/// and prints as PN and JSON, on a thread with a small stack: every recursive pass grows its
/// stack on the heap when it runs low.
#[test]
fn nesting_as_deep_as_ruby_accepts_parses_on_a_small_stack() {
    let cases = [
        format!("$x = {}1{}", "[".repeat(1200), "]".repeat(1200)),
        format!("$x = {}1{}", "f(".repeat(1200), ")".repeat(1200)),
        format!("$x = {}1{}", "{a => ".repeat(800), "}".repeat(800)),
        format!("$x = {}1{}", "\"${".repeat(800), "}\"".repeat(800)),
        format!("$x = {}1{}", "(".repeat(2000), ")".repeat(2000)),
        format!("{}notice(1){}", "if true {".repeat(2000), "}".repeat(2000)),
        format!("$x = {}1", "-".repeat(2000)),
        format!("$x = {}$y", "!".repeat(2000)),
        format!("$x = {}1{}", "$a ? { 1 => ".repeat(1000), " }".repeat(1000)),
    ];
    let worker = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            for text in cases {
                let options = ParseOptions::new().cst(true);
                let result = puppet_syntax::parse_and_validate(text.as_bytes(), &options);
                let head: String = text.chars().take(12).collect();
                assert!(
                    result.diagnostics.is_empty(),
                    "{head}: {:?}",
                    result.diagnostics
                );
                let model = result.model.as_ref().expect("a model");
                assert!(!puppet_syntax::pn::to_pn_string(model).is_empty());
                assert!(!puppet_syntax::pn::to_json_string(model).is_empty());
            }
        })
        .unwrap();
    worker.join().expect("no stack overflow");
}

#[test]
fn bom_and_odd_bytes_do_not_panic() {
    for text in [
        "\u{feff}notice(1)",
        "\u{0}\u{1}\u{7f}",
        "é ☺ \u{a0} $x",
        "@(",
        "@(END",
        "\"${",
        "/*",
        "<%",
    ] {
        for epp in [false, true] {
            let result = parse(text.as_bytes(), &ParseOptions::new().epp(epp).cst(true));
            assert_eq!(result.syntax_node().unwrap().to_string(), text);
        }
    }
}

/// Chains without brackets nest the model as deep as they are long, beyond any nesting cap:
/// Ruby Puppet 7.23 accepts an `if` with 20,000 `elsif`s (it overflows its stack between
/// 20,000 and 30,000), and left-associative chains (`1 + 2 + …`, `$a.f.f…`, `$a[1][1]…`,
/// `A -> B -> …`) as long as its own stack allows. They parse (the `elsif`s in a loop),
/// validate, print and go through XPP and back on a thread with a small stack. Right-recursive
/// chains (`$a = $b = …`, `@ @ …`) count as nesting: Ruby overflows its stack at about 1,500
/// assignments, and past [`puppet_syntax::parser::MAX_DEPTH`] we stop with NESTING_TOO_DEEP.
#[test]
fn long_chains_parse_on_a_small_stack() {
    use puppet_syntax::xpp;
    let n = 50_000;
    let elsifs: String = (0..n).map(|i| format!(" elsif $a{i} {{}}")).collect();
    let accepted = [
        format!("if $a {{}}{elsifs}\n"),
        format!("if $a {{}}{elsifs} else {{ notice(1) }}\n"),
        format!("$x = 1{}\n", " + 1".repeat(n)),
        format!("$x = $a{}\n", ".f".repeat(n)),
        format!("$x = $a{}\n", "[1]".repeat(n)),
        format!("A{}\n", " -> B".repeat(n)),
        format!("{}1\n", "$a = ".repeat(8_000)),
        format!("{}file {{ 'x': }}\n", "@ ".repeat(8_000)),
    ];
    let too_deep = [
        format!("{}1\n", "$a = ".repeat(9_000)),
        format!("{}file {{ 'x': }}\n", "@ ".repeat(9_000)),
    ];
    let worker = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            for text in accepted {
                let head: String = text.chars().take(16).collect();
                let options = ParseOptions::new().cst(true).file("chain.pp");
                let result = puppet_syntax::parse_and_validate(text.as_bytes(), &options);
                assert_eq!(result.syntax_node().unwrap().to_string(), text, "{head}");
                // `@ @ file` is refused by the validator, not the parser.
                assert!(
                    result
                        .diagnostics
                        .iter()
                        .all(|d| d.code != IssueCode::SYNTAX_ERROR
                            && d.code != IssueCode::NESTING_TOO_DEEP),
                    "{head}: {:?}",
                    &result.diagnostics[..1]
                );
                let model = result.model.as_ref().expect("a model");
                let pn = puppet_syntax::pn::to_pn_string(model);
                assert!(!puppet_syntax::pn::to_json_string(model).is_empty());
                let write_options = xpp::XppWriteOptions {
                    format: xpp::XppFormat::Msgpack,
                    source: Some(text.as_bytes()),
                    source_stat: None,
                    parse_options: &options,
                };
                let bytes = xpp::write_xpp(&result, &write_options).expect("writable");
                let read = xpp::read_xpp(&bytes, Some(text.as_bytes())).expect("readable");
                let read_model = read.result.model.as_ref().expect("a model read back");
                assert!(puppet_syntax::pn::to_pn_string(read_model) == pn, "{head}");
            }
            for text in too_deep {
                let result =
                    puppet_syntax::parse_and_validate(text.as_bytes(), &ParseOptions::new());
                assert_eq!(result.diagnostics[0].code, IssueCode::NESTING_TOO_DEEP);
            }
        })
        .unwrap();
    worker.join().expect("no stack overflow");
}
