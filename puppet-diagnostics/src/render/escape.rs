//! Control characters made visible before text from an input reaches a terminal.
//!
//! A manifest is untrusted text: echoed raw, `ESC ] 0 ; … BEL` retitles the user's terminal and
//! `ESC [ 2 J` clears it; a carriage return lets a line overwrite what was printed before it;
//! bidirectional overrides make the shown text differ from the bytes ("Trojan Source"). Every
//! human rendering (diagnostic messages, the source line under a diagnostic, file names) goes
//! through [`escape`]. The library's messages stay Puppet's exact text (they are compared with
//! Ruby's), so the escaping happens here, when rendering, and nowhere else.
//!
//! ASCII controls and DEL become `\xHH`, C1 controls and the Unicode bidirectional formatting
//! characters `\u{HHHH}`; a tab is left alone (harmless, and indentation in source lines).

use std::borrow::Cow;
use std::fmt::Write;
use std::path::Path;

/// Whether `c` must not reach a terminal as it is.
fn needs_escape(c: char) -> bool {
    match c {
        '\t' => false,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => true,
        // Bidirectional formatting: marks, embeddings, overrides, isolates.
        '\u{061c}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}' => true,
        _ => false,
    }
}

fn push_escaped(out: &mut String, c: char) {
    let code = u32::from(c);
    // Writing to a String cannot fail.
    let _ = if code < 0x80 {
        write!(out, "\\x{code:02x}")
    } else {
        write!(out, "\\u{{{code:x}}}")
    };
}

/// `text` with its control characters escaped (borrowed when there are none, the usual case).
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A path for a human to read: lossily decoded, then escaped.
pub fn escape_path(path: &Path) -> Cow<'_, str> {
    match path.to_string_lossy() {
        Cow::Borrowed(text) => escape(text),
        Cow::Owned(text) => Cow::Owned(escape(&text).into_owned()),
    }
}

/// `line` escaped, with the byte range `start..end` of `line` moved to the same characters of
/// the escaped text (so that a caret drawn under it stays under them). `start` and `end` must
/// be character boundaries of `line`.
pub(crate) fn escape_with_span(
    line: &str,
    start: usize,
    end: usize,
) -> (Cow<'_, str>, usize, usize) {
    let escaped = escape(line);
    let Cow::Owned(text) = &escaped else {
        return (escaped, start, end);
    };
    let moved = |offset: usize| -> usize {
        let added: usize = line[..offset]
            .chars()
            .filter(|&c| needs_escape(c))
            .map(|c| {
                let mut s = String::new();
                push_escaped(&mut s, c);
                s.len() - c.len_utf8()
            })
            .sum();
        offset + added
    };
    let (start, end) = (moved(start), moved(end));
    debug_assert!(text.is_char_boundary(start) && text.is_char_boundary(end));
    (escaped, start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_borrowed() {
        assert!(matches!(escape("notice('☺')\t$x"), Cow::Borrowed(_)));
    }

    #[test]
    fn terminal_sequences_become_visible() {
        assert_eq!(
            escape("\u{1b}]0;pwned\u{7}\u{1b}[2J"),
            "\\x1b]0;pwned\\x07\\x1b[2J"
        );
        assert_eq!(escape("a\rb\nc\u{0}"), "a\\x0db\\x0ac\\x00");
        assert_eq!(escape("\u{7f}ELF\u{2}"), "\\x7fELF\\x02");
        assert_eq!(escape("\u{9b}2J"), "\\u{9b}2J");
        assert_eq!(escape("x\u{202e}y\u{2066}"), "x\\u{202e}y\\u{2066}");
    }

    #[test]
    fn spans_follow_the_escaped_text() {
        // `$x` after an escape sequence: the span moves by the added characters.
        let line = "\u{1b}[2J $x ☺\u{7}";
        let start = line.find('$').unwrap();
        let (text, s, e) = escape_with_span(line, start, start + 2);
        assert_eq!(text, "\\x1b[2J $x ☺\\x07");
        assert_eq!(&text[s..e], "$x");
        // A span covering a control character covers its escape.
        let bell = line.find('\u{7}').unwrap();
        let (text, s, e) = escape_with_span(line, bell, bell + 1);
        assert_eq!(&text[s..e], "\\x07");
        // Nothing to escape: the same offsets.
        assert_eq!(
            escape_with_span("$x = 1", 5, 6),
            (Cow::Borrowed("$x = 1"), 5, 6)
        );
    }
}
