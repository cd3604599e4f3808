//! An open document: its text, version and line index, the client's edits applied to it
//! (incremental sync), and the conversions between byte offsets and the client's positions
//! (UTF-16 code units unless the client and server agreed on UTF-8 or UTF-32 columns).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Url};
use puppet_syntax::{Encoding, LineIndex, TextRange, TextSize};

use crate::analysis::Analysis;

/// One version of a text with its line index: what every feature works on.
#[derive(Debug)]
pub struct Text {
    pub text: String,
    pub lines: LineIndex,
    pub encoding: Encoding,
}

impl Text {
    pub fn new(text: String, encoding: Encoding) -> Text {
        let lines = LineIndex::new(&text);
        Text {
            text,
            lines,
            encoding,
        }
    }

    /// The client's position of byte `offset`.
    pub fn position(&self, offset: u32) -> Position {
        let p = self.lines.position(&self.text, offset, self.encoding);
        Position::new(p.line, p.column)
    }

    /// The client's range of `range`.
    pub fn range(&self, range: TextRange) -> Range {
        Range::new(
            self.position(range.start().into()),
            self.position(range.end().into()),
        )
    }

    /// The byte offset of a client's position: a line past the end is the end of the text.
    pub fn offset(&self, position: Position) -> u32 {
        let p = puppet_syntax::Position {
            line: position.line,
            column: position.character,
        };
        self.lines
            .offset(&self.text, p, self.encoding)
            .unwrap_or(self.text.len() as u32)
    }

    /// The byte range of a client's range (its ends in order).
    pub fn text_range(&self, range: Range) -> TextRange {
        let start = self.offset(range.start);
        let end = self.offset(range.end).max(start);
        TextRange::new(TextSize::from(start), TextSize::from(end))
    }
}

/// An open document at one version. Immutable: an edit makes a new one, so that a request
/// being answered on a worker keeps the version it was asked about.
#[derive(Debug)]
pub struct Document {
    pub uri: Url,
    /// Its file, for `file:` URIs.
    pub path: Option<PathBuf>,
    pub version: i32,
    /// `languageId` `epp`, or a path ending in `.epp`.
    pub epp: bool,
    /// Opened by the client (not a file read from disk to answer a request about it).
    pub open: bool,
    pub text: Arc<Text>,
    /// Computed once, on first use (by diagnostics, usually right after the edit).
    analysis: OnceLock<Arc<Analysis>>,
}

impl Document {
    pub fn new(
        uri: Url,
        version: i32,
        language_id: &str,
        text: String,
        encoding: Encoding,
    ) -> Document {
        let path = uri.to_file_path().ok();
        let epp = language_id == "epp"
            || path
                .as_ref()
                .is_some_and(|p| p.extension().is_some_and(|e| e == "epp"));
        Document {
            uri,
            path,
            version,
            epp,
            open: true,
            text: Arc::new(Text::new(text, encoding)),
            analysis: OnceLock::new(),
        }
    }

    /// The document after the client's `changes` (applied in order, each on the text the one
    /// before left), at `version`. A change whose range lies outside the text is clamped to it.
    pub fn changed(&self, version: i32, changes: Vec<TextDocumentContentChangeEvent>) -> Document {
        let encoding = self.text.encoding;
        let mut current: Option<Text> = None;
        for change in changes {
            let base = current.as_ref().unwrap_or(&self.text);
            let text = match change.range {
                None => change.text,
                Some(range) => {
                    let range = base.text_range(range);
                    let mut text = String::with_capacity(base.text.len() + change.text.len());
                    text.push_str(&base.text[..usize::from(range.start())]);
                    text.push_str(&change.text);
                    text.push_str(&base.text[usize::from(range.end())..]);
                    text
                }
            };
            current = Some(Text::new(text, encoding));
        }
        Document {
            uri: self.uri.clone(),
            path: self.path.clone(),
            version,
            epp: self.epp,
            open: self.open,
            text: current
                .map(Arc::new)
                .unwrap_or_else(|| Arc::clone(&self.text)),
            analysis: OnceLock::new(),
        }
    }

    /// The path the workspace knows the document by: its file's, or its URI for an unsaved
    /// buffer.
    pub fn key_path(&self) -> PathBuf {
        self.path
            .clone()
            .unwrap_or_else(|| PathBuf::from(self.uri.as_str()))
    }

    /// The path the tools are told (the file's, or the URI for an unsaved buffer).
    pub fn display_path(&self) -> String {
        match &self.path {
            Some(path) => path.to_string_lossy().into_owned(),
            None => self.uri.to_string(),
        }
    }

    /// The analysis of this version, computed on first use with `compute`.
    pub fn analysis(&self, compute: impl FnOnce(&Document) -> Analysis) -> Arc<Analysis> {
        Arc::clone(self.analysis.get_or_init(|| Arc::new(compute(self))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str) -> Document {
        Document::new(
            Url::parse("file:///m/init.pp").unwrap(),
            1,
            "puppet",
            text.to_string(),
            Encoding::Utf16,
        )
    }

    fn change(range: ((u32, u32), (u32, u32)), text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(
                Position::new(range.0 .0, range.0 .1),
                Position::new(range.1 .0, range.1 .1),
            )),
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn incremental_changes_apply_in_order() {
        let d = doc("$a = 1\n$b = 2\n");
        let d = d.changed(
            2,
            vec![
                change(((0, 1), (0, 2)), "x"),
                change(((1, 5), (1, 6)), "42"),
            ],
        );
        assert_eq!(d.text.text, "$x = 1\n$b = 42\n");
        assert_eq!(d.version, 2);
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs() {
        let d = doc("$a = '😀'; $b = 1\n");
        // '😀' is two UTF-16 units: `;` is at column 9.
        let semicolon = d.text.text.find(';').unwrap() as u32;
        assert_eq!(d.text.position(semicolon), Position::new(0, 9));
        assert_eq!(d.text.offset(Position::new(0, 9)), semicolon);
    }

    #[test]
    fn ranges_past_the_end_are_clamped() {
        let d = doc("$a = 1\n");
        let d = d.changed(2, vec![change(((5, 0), (9, 9)), "$b = 2\n")]);
        assert_eq!(d.text.text, "$a = 1\n$b = 2\n");
        let d = d.changed(3, vec![change(((0, 40), (0, 50)), " # one")]);
        assert_eq!(d.text.text, "$a = 1 # one\n$b = 2\n");
    }
}
