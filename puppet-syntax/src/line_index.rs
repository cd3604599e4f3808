//! Byte offset ↔ position. Two conventions live here, on one table of line starts:
//!
//! * Puppet's (`Locator19`): lines counted by `\n` only, 1-based, the column 1-based and
//!   counted in characters (Unicode scalar values): [`LineIndex::line_col`], what every
//!   diagnostic carries.
//! * The editors': 0-based line and column, the column counted in the code units of an
//!   [`Encoding`]: UTF-16 (the Language Server Protocol's default, and SARIF's), UTF-8 bytes or
//!   characters: [`LineIndex::position`] and back, [`LineIndex::offset`].

/// Byte offsets of line starts: `[0]` plus the offset after every `\n` (Puppet's `line_index`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    line_starts: Vec<u32>,
}

impl LineIndex {
    /// The line starts of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = Vec::with_capacity(text.len() / 24 + 1);
        line_starts.push(0);
        line_starts.extend(memchr_newlines(text.as_bytes()).map(|i| i as u32 + 1));
        LineIndex { line_starts }
    }

    /// The line start offsets (Puppet's `Locator#line_index`).
    pub fn line_starts(&self) -> &[u32] {
        &self.line_starts
    }

    /// The bytes of heap memory this index holds.
    pub fn heap_bytes(&self) -> usize {
        self.line_starts.capacity() * std::mem::size_of::<u32>()
    }

    /// 1-based line of a byte offset.
    pub fn line(&self, offset: u32) -> u32 {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i as u32 + 1,
            Err(i) => i as u32,
        }
    }

    /// 1-based (line, column); the column counts characters from the line start.
    pub fn line_col(&self, text: &str, offset: u32) -> (u32, u32) {
        let line = self.line(offset);
        let start = self.line_starts[line as usize - 1] as usize;
        let end = (offset as usize).min(text.len());
        (line, count_chars(&text.as_bytes()[start.min(end)..end]) + 1)
    }
}

/// The unit an editor counts a column in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Encoding {
    /// Bytes of UTF-8.
    Utf8,
    /// Code units of UTF-16: a character outside the Basic Multilingual Plane counts 2.
    Utf16,
    /// Characters (Unicode scalar values), as Puppet counts.
    Utf32,
}

impl Encoding {
    /// The LSP's name (`positionEncoding`): `"utf-8"`, `"utf-16"` or `"utf-32"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16 => "utf-16",
            Encoding::Utf32 => "utf-32",
        }
    }

    /// The code units of `c`.
    fn units(self, c: char) -> u32 {
        match self {
            Encoding::Utf8 => c.len_utf8() as u32,
            Encoding::Utf16 => c.len_utf16() as u32,
            Encoding::Utf32 => 1,
        }
    }
}

/// A 0-based line and a 0-based column in some [`Encoding`]'s code units: an LSP `Position`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Position {
    /// 0-based line (lines end at `\n`).
    pub line: u32,
    /// 0-based column, in code units.
    pub column: u32,
}

impl LineIndex {
    /// The number of lines (a text ending in `\n` has an empty last line).
    pub fn line_count(&self) -> u32 {
        self.line_starts.len() as u32
    }

    /// The byte range of 0-based line `line` in a text of `text_len` bytes, with its `\n`.
    pub fn line_range(&self, line: u32, text_len: u32) -> Option<std::ops::Range<u32>> {
        let start = *self.line_starts.get(line as usize)?;
        let end = self
            .line_starts
            .get(line as usize + 1)
            .copied()
            .unwrap_or(text_len);
        Some(start..end)
    }

    /// The position of byte `offset` of `text` (clamped to the text, and to the start of the
    /// character it falls in).
    pub fn position(&self, text: &str, offset: u32, encoding: Encoding) -> Position {
        let mut offset = (offset as usize).min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line(offset as u32) - 1;
        let start = self.line_starts[line as usize] as usize;
        let column = match encoding {
            Encoding::Utf8 => (offset - start) as u32,
            Encoding::Utf32 => count_chars(&text.as_bytes()[start..offset]),
            Encoding::Utf16 => text[start..offset]
                .chars()
                .map(|c| c.len_utf16() as u32)
                .sum(),
        };
        Position { line, column }
    }

    /// The byte offset of `position` in `text`; `None` when the line is past the end. A column
    /// past the end of its line is the end of the line (before its `\n` or `\r\n`), as the LSP asks; one
    /// inside a character (half of a UTF-16 surrogate pair) is that character's start.
    pub fn offset(&self, text: &str, position: Position, encoding: Encoding) -> Option<u32> {
        let range = self.line_range(position.line, text.len() as u32)?;
        let line = &text[range.start as usize..range.end as usize];
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0;
        for (i, c) in line.char_indices() {
            let next = units + encoding.units(c);
            if next > position.column {
                return Some(range.start + i as u32);
            }
            units = next;
        }
        Some(range.start + line.len() as u32)
    }
}

/// [`LineIndex::line_col`] for many offsets of one text: an offset on the line of the one
/// before, and after it, is counted on from there, so that the columns of a file's diagnostics
/// (in source order, as they mostly are) cost a pass over their lines, not one per diagnostic
/// (30,000 duplicate keys on one line took seconds).
pub struct ColumnCursor<'a> {
    index: &'a LineIndex,
    text: &'a str,
    /// The last offset asked for, its line and column.
    last: Option<(u32, u32, u32)>,
}

impl<'a> ColumnCursor<'a> {
    /// A cursor over `text`, whose line index is `index`.
    pub fn new(index: &'a LineIndex, text: &'a str) -> Self {
        ColumnCursor {
            index,
            text,
            last: None,
        }
    }

    /// 1-based (line, column) of `offset`, as [`LineIndex::line_col`] gives it.
    pub fn line_col(&mut self, offset: u32) -> (u32, u32) {
        let offset = offset.min(self.text.len() as u32);
        let line = self.index.line(offset);
        let (line, column) = match self.last {
            Some((last_offset, last_line, last_column))
                if last_line == line && last_offset <= offset =>
            {
                let chars =
                    count_chars(&self.text.as_bytes()[last_offset as usize..offset as usize]);
                (line, last_column + chars)
            }
            _ => self.index.line_col(self.text, offset),
        };
        self.last = Some((offset, line, column));
        (line, column)
    }
}

/// The characters of UTF-8 `bytes` (those that are not continuation bytes).
fn count_chars(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u32
}

/// Offsets of every `\n` (SIMD search: this runs once per parsed file).
fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'\n', bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_character_columns() {
        let text = "ab\n☺ x\n";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_starts(), &[0, 3, 9]);
        assert_eq!(idx.line_col(text, 0), (1, 1));
        assert_eq!(idx.line_col(text, 3), (2, 1));
        // 'x' is at byte 7: after the 3-byte smiley and a space → column 3
        assert_eq!(idx.line_col(text, 7), (2, 3));
        assert_eq!(idx.line_col(text, 9), (3, 1));
        let mut cursor = ColumnCursor::new(&idx, text);
        for offset in [0, 3, 7, 4, 9, 7, 8, 2, 40] {
            assert_eq!(
                cursor.line_col(offset),
                idx.line_col(text, offset.min(9)),
                "{offset}"
            );
        }
    }

    #[test]
    fn positions_in_each_encoding_and_back() {
        // 'é' is 2 bytes, 1 UTF-16 unit; '𝄞' is 4 bytes, 2 UTF-16 units, 1 character.
        let text = "a\né𝄞x\r\nz";
        let idx = LineIndex::new(text);
        let x = text.find('x').unwrap() as u32;
        let at = |encoding| idx.position(text, x, encoding);
        assert_eq!(at(Encoding::Utf8), Position { line: 1, column: 6 });
        assert_eq!(at(Encoding::Utf16), Position { line: 1, column: 3 });
        assert_eq!(at(Encoding::Utf32), Position { line: 1, column: 2 });
        for encoding in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            // (Between a `\r` and its `\n` is no position of an editor's.)
            let between_cr_lf = |o: usize| text[..o].ends_with('\r') && text[o..].starts_with('\n');
            for offset in (0..=text.len() as u32)
                .filter(|&o| text.is_char_boundary(o as usize) && !between_cr_lf(o as usize))
            {
                let position = idx.position(text, offset, encoding);
                assert_eq!(
                    idx.offset(text, position, encoding),
                    Some(offset),
                    "{encoding:?} {offset}"
                );
            }
        }
        // Inside a surrogate pair: the character's start; past the line: before its line end.
        assert_eq!(
            idx.offset(text, Position { line: 1, column: 2 }, Encoding::Utf16),
            Some(4)
        );
        assert_eq!(
            idx.offset(text, Position { line: 0, column: 9 }, Encoding::Utf16),
            Some(1)
        );
        assert_eq!(
            idx.offset(
                text,
                Position {
                    line: 1,
                    column: 99
                },
                Encoding::Utf16
            ),
            Some(x + 1)
        );
        assert_eq!(
            idx.offset(text, Position { line: 3, column: 0 }, Encoding::Utf16),
            None
        );
        // Inside a character: its start.
        assert_eq!(
            idx.position(text, 3, Encoding::Utf16),
            Position { line: 1, column: 0 }
        );
        assert_eq!(idx.line_count(), 3);
    }
}
