//! Byte offset → (line, column) the way Puppet's `Locator19` computes them: lines are counted by
//! `\n` only, the column is 1-based and counted in characters (Unicode scalar values).

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
}
