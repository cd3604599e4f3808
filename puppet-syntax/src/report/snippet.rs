//! The source line under a diagnostic, with a caret under its span, rendered by
//! `annotate-snippets` (rustc's renderer):
//!
//! ```text
//! 2 | $x = $Abc
//!   |      ^^^^
//! ```
//!
//! The line is escaped first ([`super::escape`]) and the span moved with it, so that a file
//! cannot send terminal sequences through it and the caret stays under the same characters.
//! Tabs become four spaces here too: the renderer draws a tab as four spaces but counts it as
//! one column when placing the caret (annotate-snippets 0.11), which put carets after a tab
//! three columns too far left.

use std::borrow::Cow;

use super::escape::escape_with_span;
use crate::diagnostics::Diagnostic;
use annotate_snippets::{Level, Renderer, Snippet};

/// The rendered lines for `d` in `text` (the text the diagnostic's offsets are in), without a
/// trailing newline; `None` when there is nothing to show (the span is on an empty line, e.g.
/// the end of the input).
pub fn snippet(text: &str, d: &Diagnostic, colour: bool) -> Option<String> {
    let offset = floor_char_boundary(text, d.offset as usize);
    let line_start = text.as_bytes()[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let source_line = text[line_start..line_end].trim_end_matches('\r');
    if source_line.trim().is_empty() {
        return None;
    }
    // The span may start in the `\r`s trimmed off the line's end (a diagnostic at the end of
    // the input, after a last line ending in `\r`): its caret goes right after the line.
    let start = (offset - line_start).min(source_line.len());
    let end = floor_char_boundary(
        source_line,
        (offset + d.len as usize).min(line_start + source_line.len()) - line_start,
    )
    .max(start);
    let (escaped, start, end) = escape_with_span(source_line, start, end);
    let (escaped, start, end) = expand_tabs_with_span(&escaped, start, end);
    // A zero-length span (end of input, an empty node) still gets one caret; at the end of the
    // line it points just after the text.
    let padded;
    let shown: &str = if end == start && start >= escaped.len() {
        padded = format!("{escaped} ");
        &padded
    } else {
        &escaped
    };
    let end = if end == start {
        start + shown[start..].chars().next().map_or(1, char::len_utf8)
    } else {
        end
    };
    // The caret is `^` whatever the severity (the renderer draws `-` for warnings); its colour
    // is the severity's.
    let renderer = if colour {
        Renderer::styled().error(super::severity_style(d.severity))
    } else {
        Renderer::plain()
    };
    let message = Level::Error.title("").snippet(
        Snippet::source(shown)
            .line_start(d.line as usize)
            .annotation(Level::Error.span(start..end)),
    );
    let rendered = renderer.render(message).to_string();
    // The renderer's first line is its own (empty) title: ours is above.
    rendered.split_once('\n').map(|(_, rest)| rest.to_owned())
}

/// `line` with each tab replaced by four spaces (as rustc shows them), and the byte range
/// `start..end` moved to the same characters.
fn expand_tabs_with_span(line: &str, start: usize, end: usize) -> (Cow<'_, str>, usize, usize) {
    if !line.contains('\t') {
        return (Cow::Borrowed(line), start, end);
    }
    let moved = |offset: usize| offset + 3 * line[..offset].matches('\t').count();
    (
        Cow::Owned(line.replace('\t', "    ")),
        moved(start),
        moved(end),
    )
}

/// The largest character boundary of `text` at or before `offset` (clamped to its length).
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_and_validate, ParseOptions};

    fn first(text: &str) -> Diagnostic {
        parse_and_validate(text.as_bytes(), &ParseOptions::new())
            .diagnostics
            .remove(0)
    }

    #[test]
    fn caret_under_the_span() {
        let text = "$a = 1\n$x = $Abc\n";
        let shown = snippet(text, &first(text), false).unwrap();
        assert_eq!(shown, "  |\n2 | $x = $Abc\n  |      ^^^^\n  |");
    }

    #[test]
    fn control_characters_are_escaped_and_the_caret_follows() {
        let text = "notice('\u{1b}]0;pwned\u{7}\u{1b}[2J') $x = $Abc\n";
        let shown = snippet(text, &first(text), false).unwrap();
        assert!(
            !shown.contains('\u{1b}') && !shown.contains('\u{7}'),
            "{shown}"
        );
        let lines: Vec<&str> = shown.lines().collect();
        let source = lines[1];
        let caret = lines[2];
        assert_eq!(source, "1 | notice('\\x1b]0;pwned\\x07\\x1b[2J') $x = $Abc");
        let at = caret.find('^').unwrap();
        assert_eq!(&source[at..at + 4], "$Abc", "{shown}");
    }

    #[test]
    fn carets_after_tabs_are_under_their_span() {
        let text = "\t$x = $Abc\n\t\t\"a\" $y = 1\n";
        let result = parse_and_validate(text.as_bytes(), &ParseOptions::new());
        let shown: Vec<String> = result
            .diagnostics
            .iter()
            .map(|d| snippet(text, d, false).unwrap())
            .collect();
        assert_eq!(
            shown,
            [
                "  |\n2 |         \"a\" $y = 1\n  |         ^^^\n  |",
                "  |\n1 |     $x = $Abc\n  |          ^^^^\n  |"
            ]
        );
    }

    /// A fuzzer's find: the span of an error at the end of the input started after the line's
    /// trimmed `\r`, past the end of the escaped line (a panic when the line had a control
    /// character to escape).
    #[test]
    fn a_span_in_the_trimmed_carriage_returns_goes_after_the_line() {
        let text = "\0 {target\r";
        let result = parse_and_validate(text.as_bytes(), &ParseOptions::new());
        let last = result.diagnostics.last().unwrap();
        assert_eq!(last.offset as usize, text.len());
        assert_eq!(
            snippet(text, last, false).unwrap(),
            "  |\n1 | \\x00 {target \n  |             ^\n  |"
        );
    }

    #[test]
    fn colour_only_when_asked() {
        let text = "$x = $Abc\n";
        assert!(!snippet(text, &first(text), false)
            .unwrap()
            .contains('\u{1b}'));
        assert!(snippet(text, &first(text), true)
            .unwrap()
            .contains("\u{1b}["));
    }
}
