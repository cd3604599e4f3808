//! Checks of the table of test knobs ([`crate::knobs`]): its rows are well formed, unknown
//! names are refused, and `docs/contributing.md` holds the table as it is now.

use crate::knobs::{self, Kind, KNOBS};

#[test]
fn names_are_sorted_and_unique_and_number_defaults_parse() {
    for pair in KNOBS.windows(2) {
        assert!(
            pair[0].name < pair[1].name,
            "{} and {} are out of order",
            pair[0].name,
            pair[1].name
        );
    }
    for knob in KNOBS {
        assert!(
            !knob.what.is_empty() && !knob.read_by.is_empty(),
            "{}",
            knob.name
        );
        // A default in words (`the number of cores`) is computed by the test (`number_or`).
        if knob.kind == Kind::Number && knob.default.starts_with(|c: char| c.is_ascii_digit()) {
            knobs::default_number(knob);
        }
    }
}

#[test]
fn numbers_are_decimal_or_hexadecimal() {
    assert_eq!(knobs::parse_number("10_000"), Some(10_000));
    assert_eq!(knobs::parse_number("0x5EED_0012"), Some(0x5EED_0012));
    assert_eq!(knobs::parse_number("ten"), None);
}

#[test]
#[should_panic(expected = "is not in the table")]
fn an_unknown_name_is_refused() {
    knobs::is_set("PUPPET_NO_SUCH_KNOB");
}

#[test]
#[should_panic(expected = "scripts only")]
fn a_script_knob_is_refused() {
    knobs::is_set("VALGRIND");
}

#[test]
fn contributing_md_holds_the_current_table() {
    let path = crate::oracle::workspace_root().join("docs/contributing.md");
    let document = std::fs::read_to_string(&path).expect("docs/contributing.md");
    let expected = knobs::splice_markdown(&document).expect("the test-knobs markers");
    assert!(
        document == expected,
        "the table of test knobs in docs/contributing.md is out of date: run \
         `cargo xtask test-knobs --markdown`\n{}",
        crate::golden::diff(&document, &expected)
    );
}
