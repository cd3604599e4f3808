//! Text edits: what a fix, a formatter or a rename changes, as byte ranges of the text it was
//! computed on (rust-analyzer's `TextEdit`, ruff's `Edit`).
//!
//! An [`Indel`] deletes a range and inserts a text in its place; a [`TextEdit`] is a set of
//! indels on one text, sorted and never overlapping, so that it applies in one pass and two
//! edits can be merged or found to conflict; a [`SourceChange`] is the edits of several files.
//! Ranges always refer to the text *before* the edit.

use std::collections::BTreeMap;
use std::path::PathBuf;

use puppet_syntax::{TextRange, TextSize};

/// Deletes `delete` and inserts `insert` in its place.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Indel {
    /// The text inserted.
    pub insert: String,
    /// The range deleted (empty for an insertion).
    pub delete: TextRange,
}

impl Indel {
    /// Inserts `text` at `offset`.
    pub fn insert(offset: TextSize, text: impl Into<String>) -> Indel {
        Indel::replace(TextRange::empty(offset), text)
    }

    /// Deletes `range`.
    pub fn delete(range: TextRange) -> Indel {
        Indel::replace(range, String::new())
    }

    /// Replaces `range` with `text`.
    pub fn replace(range: TextRange, text: impl Into<String>) -> Indel {
        Indel {
            insert: text.into(),
            delete: range,
        }
    }

    /// Whether this changes nothing.
    pub fn is_empty(&self) -> bool {
        self.insert.is_empty() && self.delete.is_empty()
    }
}

/// Two edits of one text touch the same range.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("edits overlap at {first:?} and {second:?}")]
pub struct Conflict {
    /// The range of one of the edits.
    pub first: TextRange,
    /// The range of the other.
    pub second: TextRange,
}

/// The edit of a range outside the text it is applied to.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("edit of {range:?} is outside the text (length {len}) or not on character boundaries")]
pub struct OutOfBounds {
    /// The range.
    pub range: TextRange,
    /// The text's length.
    pub len: u32,
}

/// Indels on one text, sorted by position and never overlapping (two insertions at one offset
/// apply in the order they were added).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct TextEdit {
    indels: Vec<Indel>,
}

impl TextEdit {
    /// The edit that changes nothing.
    pub fn new() -> TextEdit {
        TextEdit::default()
    }

    /// One indel.
    pub fn single(indel: Indel) -> TextEdit {
        TextEdit {
            indels: vec![indel],
        }
    }

    /// An edit of `indels` (in any order); a [`Conflict`] when two of them overlap.
    pub fn from_indels(indels: impl IntoIterator<Item = Indel>) -> Result<TextEdit, Conflict> {
        let mut edit = TextEdit::new();
        for indel in indels {
            edit.add(indel)?;
        }
        Ok(edit)
    }

    /// Adds `indel`; a [`Conflict`] (and the edit unchanged) when it overlaps one already
    /// there. An insertion at the edge of a replaced range does not overlap it.
    pub fn add(&mut self, indel: Indel) -> Result<(), Conflict> {
        if indel.is_empty() {
            return Ok(());
        }
        // Sorted by start; at one start, insertions (in the order added) before the range
        // that starts there.
        let key = |i: &Indel| (i.delete.start(), !i.delete.is_empty());
        let at = self
            .indels
            .partition_point(|other| key(other) <= key(&indel));
        let overlaps = |other: &Indel| {
            let (a, b) = (other.delete, indel.delete);
            // Two ranges overlap when they share a byte, or when one is an insertion
            // strictly inside the other.
            a.start() < b.end() && b.start() < a.end()
                || (a.is_empty() && b.start() < a.start() && a.start() < b.end())
                || (b.is_empty() && a.start() < b.start() && b.start() < a.end())
        };
        for other in self.indels[..at]
            .iter()
            .rev()
            .take(1)
            .chain(self.indels[at..].iter().take(1))
        {
            if overlaps(other) {
                return Err(Conflict {
                    first: other.delete,
                    second: indel.delete,
                });
            }
        }
        self.indels.insert(at, indel);
        Ok(())
    }

    /// Adds every indel of `other`; on a [`Conflict`] this edit is left unchanged.
    pub fn union(&mut self, other: TextEdit) -> Result<(), Conflict> {
        let mut merged = self.clone();
        for indel in other.indels {
            merged.add(indel)?;
        }
        *self = merged;
        Ok(())
    }

    /// The indels, in order.
    pub fn indels(&self) -> &[Indel] {
        &self.indels
    }

    /// Whether this changes nothing.
    pub fn is_empty(&self) -> bool {
        self.indels.is_empty()
    }

    /// `text` with the edit applied.
    pub fn apply(&self, text: &str) -> Result<String, OutOfBounds> {
        let mut out = String::with_capacity(text.len());
        let mut at = 0usize;
        for indel in &self.indels {
            let (start, end) = (
                usize::from(indel.delete.start()),
                usize::from(indel.delete.end()),
            );
            if start < at
                || end > text.len()
                || !text.is_char_boundary(start)
                || !text.is_char_boundary(end)
            {
                return Err(OutOfBounds {
                    range: indel.delete,
                    len: text.len() as u32,
                });
            }
            out.push_str(&text[at..start]);
            out.push_str(&indel.insert);
            at = end;
        }
        out.push_str(&text[at..]);
        Ok(out)
    }

    /// Where `offset` of the text before the edit is in the text after it: text inserted at
    /// the offset comes before it, the start of a replaced range stays before its replacement,
    /// and an offset inside one moves to the end of its replacement.
    pub fn map_offset(&self, offset: TextSize) -> TextSize {
        let mut shift: i64 = 0;
        for indel in &self.indels {
            if indel.delete.start() > offset
                || (indel.delete.start() == offset && !indel.delete.is_empty())
            {
                break;
            }
            if indel.delete.start() < offset && offset < indel.delete.end() {
                let end =
                    i64::from(u32::from(indel.delete.start())) + shift + indel.insert.len() as i64;
                return TextSize::from(end as u32);
            }
            shift += indel.insert.len() as i64 - i64::from(u32::from(indel.delete.len()));
        }
        TextSize::from((i64::from(u32::from(offset)) + shift) as u32)
    }
}

/// The edits of several files, by path (a rename touches every file that names what it
/// renames; a formatter or `--fix` run one file each).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SourceChange {
    /// The edit of each file.
    pub edits: BTreeMap<PathBuf, TextEdit>,
}

impl SourceChange {
    /// No change.
    pub fn new() -> SourceChange {
        SourceChange::default()
    }

    /// Adds `edit` to the edit of `file`.
    pub fn insert(&mut self, file: impl Into<PathBuf>, edit: TextEdit) -> Result<(), Conflict> {
        self.edits.entry(file.into()).or_default().union(edit)
    }

    /// Whether nothing changes.
    pub fn is_empty(&self) -> bool {
        self.edits.values().all(TextEdit::is_empty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(start: u32, end: u32) -> TextRange {
        TextRange::new(start.into(), end.into())
    }

    #[test]
    fn applies_in_one_pass_whatever_the_order_added() {
        let text = "$a=>1";
        let edit = TextEdit::from_indels([
            Indel::replace(range(2, 4), " => "),
            Indel::insert(0.into(), "# x\n"),
            Indel::delete(range(5, 5)),
        ])
        .unwrap();
        assert_eq!(edit.apply(text).unwrap(), "# x\n$a => 1");
        assert_eq!(edit.indels().len(), 2, "an empty indel is dropped");
    }

    #[test]
    fn overlapping_edits_conflict_and_leave_the_edit_unchanged() {
        let mut edit = TextEdit::single(Indel::replace(range(2, 6), "x"));
        assert!(edit.add(Indel::delete(range(5, 8))).is_err());
        assert!(edit.add(Indel::insert(3.into(), "y")).is_err());
        assert!(edit.add(Indel::delete(range(0, 3))).is_err());
        let mut other = TextEdit::single(Indel::insert(0.into(), "z"));
        other.add(Indel::delete(range(1, 4))).unwrap();
        assert!(edit.union(other).is_err());
        assert_eq!(edit.indels().len(), 1);
        // Touching ranges and insertions at an edge do not overlap.
        edit.add(Indel::delete(range(6, 7))).unwrap();
        edit.add(Indel::insert(2.into(), "a")).unwrap();
        edit.add(Indel::insert(2.into(), "b")).unwrap();
        assert_eq!(edit.apply("0123456789").unwrap(), "01abx789");
    }

    #[test]
    fn out_of_bounds_and_split_characters_are_refused() {
        let edit = TextEdit::single(Indel::delete(range(1, 2)));
        assert!(edit.apply("é").is_err());
        assert!(edit.apply("a").is_err());
        assert_eq!(edit.apply("ab").unwrap(), "a");
    }

    #[test]
    fn offsets_map_through_the_edit() {
        let edit = TextEdit::from_indels([
            Indel::insert(1.into(), "xx"),
            Indel::replace(range(3, 5), "y"),
        ])
        .unwrap();
        assert_eq!(edit.apply("abcdef").unwrap(), "axxbcyf");
        let map = |o: u32| u32::from(edit.map_offset(o.into()));
        assert_eq!(map(0), 0);
        assert_eq!(map(1), 3, "an insertion at the offset comes before it");
        assert_eq!(map(3), 5, "the start of a replaced range stays before it");
        assert_eq!(map(4), 6);
        assert_eq!(map(5), 6);
        assert_eq!(map(6), 7);
    }

    #[test]
    fn source_changes_merge_per_file() {
        let mut change = SourceChange::new();
        assert!(change.is_empty());
        change
            .insert("a.pp", TextEdit::single(Indel::insert(0.into(), "x")))
            .unwrap();
        change
            .insert("a.pp", TextEdit::single(Indel::insert(1.into(), "y")))
            .unwrap();
        assert_eq!(change.edits.len(), 1);
        assert_eq!(change.edits[&PathBuf::from("a.pp")].indels().len(), 2);
        assert!(change
            .insert("a.pp", TextEdit::single(Indel::delete(range(0, 2))))
            .is_err());
    }
}
