//! The library's edges.

use puppet_fmt::{format, format_range, FormatError, FormatOptions, TextRange, TextSize};

#[test]
fn crlf_stays_crlf_and_a_final_newline_is_added() {
    let out = format("class a {\r\n$x=1\r\n}", &FormatOptions::new()).unwrap();
    assert_eq!(out, "class a {\r\n  $x = 1\r\n}\r\n");
}

#[test]
fn a_syntax_error_leaves_the_file_alone() {
    let err = format("class a {\n  $x = \n", &FormatOptions::new()).unwrap_err();
    let FormatError::Syntax(diagnostics) = err else {
        panic!("{err}")
    };
    assert!(!diagnostics.is_empty());
}

#[test]
fn range_formatting_touches_only_the_statements_in_the_range() {
    let source = "$a=1\n$b=2\n$c=3\n";
    let start = source.find("$b").unwrap();
    let range = TextRange::new(
        TextSize::from(start as u32),
        TextSize::from(start as u32 + 2),
    );
    let edit = format_range(source, range, &FormatOptions::new()).unwrap();
    assert_eq!(edit.apply(source).unwrap(), "$a=1\n$b = 2\n$c=3\n");
}

#[test]
fn empty_and_blank_sources() {
    assert_eq!(format("", &FormatOptions::new()).unwrap(), "");
    assert_eq!(format("\n\n  \n", &FormatOptions::new()).unwrap(), "");
    assert_eq!(format("# c", &FormatOptions::new()).unwrap(), "# c\n");
}

#[test]
fn a_heredoc_margin_moves_only_when_its_value_stays() {
    // Every text line starts with the margin: the margin moves to one level in from the
    // header's line, the blank line stays blank.
    let moved = format(
        "class a {\n      $x = @(E)\n      text\n\n        more\n      | E\n}\n",
        &FormatOptions::new(),
    )
    .unwrap();
    assert_eq!(
        moved,
        "class a {\n  $x = @(E)\n    text\n\n      more\n    | E\n}\n"
    );
    // A line with fewer blanks than the margin keeps its own (Puppet does not strip it), and
    // would start with the new margin: the text stays as it is.
    let kept = "class a {\n      $x = @(E)\n     short\n      | E\n}\n";
    assert_eq!(
        format(kept, &FormatOptions::new()).unwrap(),
        "class a {\n  $x = @(E)\n     short\n      | E\n}\n"
    );
    // No margin marker: never moved.
    let bare = "class a {\n  $x = @(E)\ntext\nE\n}\n";
    assert_eq!(format(bare, &FormatOptions::new()).unwrap(), bare);
}
