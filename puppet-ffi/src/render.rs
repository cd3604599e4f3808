//! The source line with a caret under a diagnostic's span, exactly as `puppet-parser validate
//! --format human` prints it below the diagnostic's line (rustc-style, drawn by
//! annotate-snippets: line-number gutter, tabs, wide characters and long lines handled as the
//! CLI does), so that C tools can show the same report.
//!
//! This mirrors `write_human` in `puppet-cli/src/commands/validate.rs`; both should move into
//! one shared function of the library (see puppet-ffi/README.md, "What the library lacks").

use annotate_snippets::{Level, Renderer, Snippet};
use puppet_syntax::Diagnostic;

/// The snippet lines for `d` over `text` (each ending in `\n`), or `""` when the diagnostic's
/// line is blank (the CLI shows nothing then).
pub fn snippet(text: &str, d: &Diagnostic) -> String {
    let offset = (d.offset as usize).min(text.len());
    let line_start = text.as_bytes()[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let source_line = text[line_start..line_end].trim_end_matches('\r');
    if source_line.trim().is_empty() {
        return String::new();
    }
    let start = offset - line_start;
    let end = (offset + d.len as usize)
        .min(line_start + source_line.len())
        .max(offset)
        - line_start;
    // A zero-length span (end of input, an empty node) still gets one caret; at the end of the
    // line it points just after the text.
    let padded;
    let source_line = if end == start && start >= source_line.len() {
        padded = format!("{source_line} ");
        padded.as_str()
    } else {
        source_line
    };
    let end = if end == start {
        start
            + source_line[start..]
                .chars()
                .next()
                .map_or(1, char::len_utf8)
    } else {
        end
    };
    // The caret is `^` whatever the severity (the renderer draws `-` for warnings).
    let message = Level::Error.title("").snippet(
        Snippet::source(source_line)
            .line_start(d.line as usize)
            .annotation(Level::Error.span(start..end)),
    );
    let rendered = Renderer::plain().render(message).to_string();
    // The renderer's first line is its own (empty) title: the caller prints the diagnostic.
    let mut lines = rendered
        .split_once('\n')
        .map_or(String::new(), |(_, rest)| rest.to_owned());
    lines.push('\n');
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use puppet_syntax::{parse, ParseOptions};

    #[test]
    fn caret_under_the_span() {
        let text = "$a = 1\n$b = '☺' + )\n";
        let result = parse(text.as_bytes(), &ParseOptions::new().file("x.pp"));
        assert_eq!(
            snippet(&result.text, &result.diagnostics[0]),
            "  |\n2 | $b = '☺' + )\n  |            ^\n  |\n"
        );
    }

    #[test]
    fn nothing_for_a_blank_line() {
        let result = parse(b"foo(\n", &ParseOptions::new());
        assert_eq!(snippet(&result.text, &result.diagnostics[0]), "");
    }
}
