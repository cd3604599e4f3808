//! Character classes of Ruby's regular expressions as the lexer uses them, on bytes.
//!
//! Ruby matches Puppet's patterns on UTF-8 strings with Onigmo: `\w` is ASCII only
//! (`[A-Za-z0-9_]`), `[[:blank:]]` is Unicode (tab and the space separators), and `\b` uses
//! Unicode word characters (so `1é` is not a number followed by `é`).

/// `\w` (ASCII): `[A-Za-z0-9_]` (the validator's name checks use it too).
#[inline]
pub(crate) fn is_word(b: u8) -> bool {
    // A table: one load instead of three range checks in the name-scanning loops.
    WORD_BYTES[b as usize]
}

/// `[A-Za-z0-9_]`, by byte.
static WORD_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = b.is_ascii_alphanumeric() || b == b'_';
        i += 1;
    }
    table
};

/// Length of the `[[:blank:]]` character at `b[i]` (0 if none; `\r` is not blank).
#[inline]
pub(super) fn blank_len(b: &[u8], i: usize) -> usize {
    match b[i] {
        b' ' | b'\t' => 1,
        0xC2 | 0xE1 | 0xE2 | 0xE3 => unicode_blank_len(b, i),
        _ => 0,
    }
}

/// Length of a non-ASCII `[[:blank:]]` character at `b[i]` (0 if none): the Unicode space
/// separators U+00A0, U+1680, U+2000–U+200A, U+202F, U+205F, U+3000 (checked against Ruby).
pub(super) fn unicode_blank_len(b: &[u8], i: usize) -> usize {
    let at = |k: usize| b.get(i + k).copied().unwrap_or(0);
    match (b[i], at(1), at(2)) {
        (0xC2, 0xA0, _) => 2,
        (0xE1, 0x9A, 0x80) => 3,
        (0xE2, 0x80, 0x80..=0x8A | 0xAF) => 3,
        (0xE2, 0x81, 0x9F) => 3,
        (0xE3, 0x80, 0x80) => 3,
        _ => 0,
    }
}

/// Whether `c` is `[[:blank:]]`.
pub(super) fn is_blank_char(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// The byte length of the UTF-8 character starting with byte `lead` (1 for invalid leads).
#[inline]
pub(super) fn char_len(lead: u8) -> usize {
    match lead {
        0xF0..=0xF7 => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

/// The character ending at byte `end` of `s` (`end` must be a char boundary > 0).
pub(super) fn char_before(s: &str, end: usize) -> Option<char> {
    s[..end].chars().next_back()
}

/// The character starting at byte `at` of `s`, if any.
pub(super) fn char_at(s: &str, at: usize) -> Option<char> {
    s.get(at..).and_then(|r| r.chars().next())
}

/// Onigmo's Unicode word character (`\b` boundaries): letters, marks, decimal digits and
/// connector punctuation. Rust has no general-category tables, so marks are approximated by
/// the common combining blocks.
pub(super) fn is_unicode_word(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(
            c,
            '_' | '\u{203f}'
                | '\u{2040}'
                | '\u{2054}'
                | '\u{fe33}'
                | '\u{fe34}'
                | '\u{fe4d}'..='\u{fe4f}'
                | '\u{ff3f}'
                | '\u{0300}'..='\u{036f}'
                | '\u{0483}'..='\u{0489}'
                | '\u{0591}'..='\u{05bd}'
                | '\u{064b}'..='\u{065f}'
                | '\u{0900}'..='\u{0903}'
                | '\u{093a}'..='\u{094f}'
                | '\u{1ab0}'..='\u{1aff}'
                | '\u{1dc0}'..='\u{1dff}'
                | '\u{20d0}'..='\u{20ff}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{fe20}'..='\u{fe2f}'
        )
}

/// Whether a `\b` boundary exists right after a word character that ends at byte `at`.
pub(super) fn word_boundary_after_word(s: &str, at: usize) -> bool {
    match char_at(s, at) {
        None => true,
        Some(c) => !is_unicode_word(c),
    }
}

/// Position of the first `needle` byte at or after `from` (or `None`).
#[inline]
pub(super) fn find_byte(b: &[u8], from: usize, needle: u8) -> Option<usize> {
    // memchr's vectorised search: comment lines and string bodies are long.
    memchr::memchr(needle, b.get(from..)?).map(|i| i + from)
}

/// Number of consecutive `\` bytes ending right before `end`, not looking before `floor`.
#[inline]
pub(super) fn backslashes_before(b: &[u8], floor: usize, end: usize) -> usize {
    let mut i = end;
    while i > floor && b[i - 1] == b'\\' {
        i -= 1;
    }
    end - i
}
