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
use crate::Diagnostic;
use annotate_snippets::{Level, Renderer, Snippet};

/// The rendered lines for `d` in `text` (the text the diagnostic's offsets are in), without a
/// trailing newline; `None` when there is nothing to show (the span is on an empty line, e.g.
/// the end of the input).
pub fn snippet(text: &str, d: &Diagnostic, colour: bool) -> Option<String> {
    let offset = floor_char_boundary(text, d.offset() as usize);
    let span_end = floor_char_boundary(text, offset + d.len() as usize);
    let (line_start, line_end) = line_around(text, offset, span_end);
    let source_line = text[line_start..line_end].trim_end_matches('\r');
    if source_line.trim().is_empty() {
        return None;
    }
    // The span may start in the `\r`s trimmed off the line's end (a diagnostic at the end of
    // the input, after a last line ending in `\r`): its caret goes right after the line.
    let start = (offset - line_start).min(source_line.len());
    let end = floor_char_boundary(
        source_line,
        (offset + d.len() as usize).min(line_start + source_line.len()) - line_start,
    )
    .max(start);
    let (escaped, start, end) = escape_with_span(source_line, start, end);
    // A line cut short by `line_around` says so at either end.
    let cut_before = line_start > 0 && text.as_bytes()[line_start - 1] != b'\n';
    let cut_after = line_end < text.len() && text.as_bytes()[line_end] != b'\n';
    let (escaped, start, end) = if cut_before || cut_after {
        let before = if cut_before { "..." } else { "" };
        let after = if cut_after { "..." } else { "" };
        (
            Cow::Owned(format!("{before}{escaped}{after}")),
            start + before.len(),
            end + before.len(),
        )
    } else {
        (escaped, start, end)
    };
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
        Renderer::styled().error(super::human::severity_style(d.severity))
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

/// A line longer than this is shown only around the span (an export or a minified file can be
/// one line of megabytes, and each of its diagnostics would show it whole).
const LONG_LINE: usize = 4096;

/// How much of a long line is shown on either side of the span: little enough that the
/// renderer, which cuts lines longer than its width itself, leaves the part whole.
const CONTEXT: usize = 60;

/// The byte range of the line of `text` around `offset..span_end`, or of its part around the
/// span when the line is long (found without looking further than [`LONG_LINE`] bytes away).
fn line_around(text: &str, offset: usize, span_end: usize) -> (usize, usize) {
    let bytes = text.as_bytes();
    let back = offset.saturating_sub(LONG_LINE);
    let start = match memchr::memrchr(b'\n', &bytes[back..offset]) {
        Some(i) => back + i + 1,
        None if back == 0 => 0,
        None => floor_char_boundary(text, offset.saturating_sub(CONTEXT)),
    };
    // The span's own first line ends the shown part.
    let from = span_end.max(offset);
    let ahead = (from + LONG_LINE).min(text.len());
    let newline = memchr::memchr(b'\n', &bytes[offset..from]).map(|i| offset + i);
    let end = match newline.or_else(|| memchr::memchr(b'\n', &bytes[from..ahead]).map(|i| from + i))
    {
        Some(i) => i,
        None if ahead == text.len() => text.len(),
        None => floor_char_boundary(text, from + CONTEXT),
    };
    (start, end.max(start))
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
    use puppet_syntax::{parse_and_validate, ParseOptions};

    fn first(text: &str) -> Diagnostic {
        parse_and_validate(text.as_bytes(), &ParseOptions::new())
            .diagnostics
            .remove(0)
            .into()
    }

    #[test]
    fn a_long_line_is_shown_around_the_span() {
        // 40,000 duplicate keys on one line of 320 KB: each snippet shows a part of it.
        let text = format!("$h = {{{}}}\n", " a => 1,".repeat(40_000));
        let result = parse_and_validate(text.as_bytes(), &ParseOptions::new());
        let last = &Diagnostic::from(result.diagnostics.last().unwrap());
        let shown = snippet(&text, last, false).unwrap();
        assert!(shown.len() < 8 * CONTEXT, "{} bytes", shown.len());
        let lines: Vec<&str> = shown.lines().collect();
        let at = lines[2].find('^').unwrap();
        // (Puppet places a duplicate key's warning at its `=>`.)
        assert_eq!(&lines[1][at..at + 2], "=>", "{shown}");
        assert!(lines[1].contains("..."), "{shown}");
        // The first key's line start is in reach: no cut before it.
        let first = snippet(&text, &result.diagnostics[0].clone().into(), false).unwrap();
        assert!(
            first
                .lines()
                .nth(1)
                .unwrap()
                .starts_with("1 | $h = { a => 1,"),
            "{first}"
        );
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
            .map(|d| snippet(text, &d.into(), false).unwrap())
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
        let last = &Diagnostic::from(result.diagnostics.last().unwrap());
        assert_eq!(last.offset() as usize, text.len());
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
