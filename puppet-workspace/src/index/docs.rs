//! The documentation comment of a definition, as puppet-strings reads it: the block of `#`
//! comment lines immediately above the definition (no blank line between), with the YARD tags
//! `@summary` and `@param NAME TEXT` taken apart; any other tag (`@example`, `@see`,
//! `@return`…) stays in the raw text only. A tag's text goes on over the following lines that
//! are indented more than the tag, as YARD reads them.

use std::ops::Range;

/// A documentation comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocComment {
    /// The comment's text without the `#` and the one space after it, lines joined with `\n`.
    pub raw: String,
    /// Its byte span in the source (from the first `#` to the end of the last line).
    pub span: Range<u32>,
    /// The text before the first tag, trimmed (`""` when there is none).
    pub text: String,
    /// `@summary`'s text.
    pub summary: Option<String>,
    /// Each `@param NAME TEXT` (a `[Type]` after `@param` is skipped), in order.
    pub params: Vec<(String, String)>,
}

impl DocComment {
    /// The text of `@param name`.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(param, _)| param == name)
            .map(|(_, text)| text.as_str())
    }
}

/// The documentation comment of the definition starting at byte `start` of `source`, if the
/// lines right above the definition's line are `#` comments.
pub fn doc_comment_before(source: &str, start: usize) -> Option<DocComment> {
    let line_start = source
        .get(..start)?
        .rfind('\n')
        .map_or(0, |newline| newline + 1);
    // Only whitespace may come before the definition on its line.
    if !source[line_start..start].trim().is_empty() {
        return None;
    }
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut end = line_start;
    while end > 0 {
        let previous_end = end - 1; // the newline ending the line above
        let previous_start = source[..previous_end].rfind('\n').map_or(0, |n| n + 1);
        let line = source[previous_start..previous_end].trim_end_matches('\r');
        let trimmed = line.trim_start();
        if !trimmed.starts_with('#') {
            break;
        }
        lines.push((previous_start + (line.len() - trimmed.len()), trimmed));
        end = previous_start;
    }
    if lines.is_empty() {
        return None;
    }
    lines.reverse();
    let first = lines[0].0;
    let last = lines.last().expect("not empty");
    let span_end = last.0 + last.1.len();
    let texts: Vec<&str> = lines
        .iter()
        .map(|(_, line)| {
            let text = line.trim_start_matches('#');
            text.strip_prefix(' ').unwrap_or(text)
        })
        .collect();
    Some(parse_tags(texts, first as u32..span_end as u32))
}

/// Splits the comment's lines into the free text and the tags.
fn parse_tags(lines: Vec<&str>, span: Range<u32>) -> DocComment {
    let mut doc = DocComment {
        raw: lines.join("\n"),
        span,
        text: String::new(),
        summary: None,
        params: Vec::new(),
    };
    let mut free = Vec::new();
    // The tag being read: its name, its text so far and the indentation of its line.
    let mut current: Option<(String, String, usize)> = None;
    for line in lines {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        if let Some(tag_line) = trimmed.strip_prefix('@') {
            finish(&mut doc, current.take());
            let (tag, rest) = tag_line
                .split_once(char::is_whitespace)
                .unwrap_or((tag_line, ""));
            current = Some((tag.to_owned(), rest.trim().to_owned(), indent));
            continue;
        }
        match &mut current {
            Some((_, text, tag_indent)) if indent > *tag_indent || trimmed.is_empty() => {
                if !trimmed.is_empty() {
                    if !text.is_empty() {
                        text.push(' ');
                    }
                    text.push_str(trimmed);
                }
            }
            Some(_) => {
                finish(&mut doc, current.take());
                free.push(trimmed);
            }
            None => free.push(trimmed),
        }
    }
    finish(&mut doc, current);
    doc.text = free.join("\n").trim().to_owned();
    doc
}

/// Records a finished tag.
fn finish(doc: &mut DocComment, tag: Option<(String, String, usize)>) {
    let Some((tag, text, _)) = tag else {
        return;
    };
    match tag.as_str() {
        "summary" => doc.summary = Some(text),
        "param" => {
            let mut rest = text.as_str();
            // `@param [String] name text`: the type is puppet-strings' to check, not ours.
            if rest.starts_with('[') {
                rest = after_brackets(rest).trim_start();
            }
            let (name, text) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if !name.is_empty() {
                doc.params.push((
                    name.trim_start_matches('$').to_owned(),
                    text.trim().to_owned(),
                ));
            }
        }
        _ => {}
    }
}

/// `text` after the bracketed group it starts with (`[Array[String]] x` → ` x`); `""` when
/// the group is not closed.
fn after_brackets(text: &str) -> &str {
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return &text[at + 1..];
                }
            }
            _ => {}
        }
    }
    ""
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_block_right_above_with_summary_and_params() {
        let source = "# unrelated\n\n# Configures a vhost.\n#\n# @summary A vhost\n#   on two lines\n# @param port\n#   The port.\n# @param [String] $docroot Where files are\n# @example\n#   apache::vhost { 'x': }\ndefine apache::vhost() {}\n";
        let start = source.find("define").unwrap();
        let doc = doc_comment_before(source, start).expect("a comment");
        assert_eq!(doc.text, "Configures a vhost.");
        assert_eq!(doc.summary.as_deref(), Some("A vhost on two lines"));
        assert_eq!(doc.param("port"), Some("The port."));
        assert_eq!(doc.param("docroot"), Some("Where files are"));
        assert!(doc.raw.starts_with("Configures a vhost.\n\n@summary"));
        assert!(doc.raw.contains("apache::vhost { 'x': }"));
        assert_eq!(
            &source[doc.span.start as usize..doc.span.end as usize],
            "# Configures a vhost.\n#\n# @summary A vhost\n#   on two lines\n# @param port\n#   The port.\n# @param [String] $docroot Where files are\n# @example\n#   apache::vhost { 'x': }"
        );
    }

    #[test]
    fn a_blank_line_or_code_before_the_definition_means_no_comment() {
        let source = "# far away\n\nclass a {}\n";
        assert_eq!(
            doc_comment_before(source, source.find("class").unwrap()),
            None
        );
        let source = "# c\n$x = 1 class a {}\n";
        assert_eq!(
            doc_comment_before(source, source.find("class").unwrap()),
            None
        );
        assert_eq!(doc_comment_before("class a {}", 0), None);
    }

    #[test]
    fn crlf_lines_and_indented_definitions_are_read() {
        let source = "class a {\r\n  # Inner.\r\n  # @summary S\r\n  class b {}\r\n}";
        let doc = doc_comment_before(source, source.find("class b").unwrap()).unwrap();
        assert_eq!(doc.text, "Inner.");
        assert_eq!(doc.summary.as_deref(), Some("S"));
    }
}
