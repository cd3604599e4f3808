//! The text: the edits that turn the source into the formatted text, gap by gap and token by
//! token, so that an editor gets small edits and [`crate::format_range`] can keep those of a
//! few statements.

use puppet_syntax::{SyntaxKind::*, TextRange};

use crate::tokens::{Gap, Tokens};
use crate::{size, Indel, TextEdit};

/// The decisions of every pass over one source.
pub(crate) struct Layout<'s> {
    pub tokens: Tokens<'s>,
}

impl Layout<'_> {
    fn newline(&self) -> &'static str {
        if self.tokens.crlf {
            "\r\n"
        } else {
            "\n"
        }
    }
}

/// The edits of the whole source, or of those inside `only`.
pub(crate) fn edits(layout: &Layout, only: Option<TextRange>) -> TextEdit {
    let t = &layout.tokens;
    let source = t.source;
    let nl = layout.newline();
    let mut indels: Vec<Indel> = Vec::new();
    let inside = |start: u32, end: u32| {
        only.is_none_or(|r| u32::from(r.start()) <= start && end <= u32::from(r.end()))
    };
    let push = |indels: &mut Vec<Indel>, start: u32, end: u32, new: &str| {
        if &source[start as usize..end as usize] != new && inside(start, end) {
            let range = TextRange::new(size(start as usize), size(end as usize));
            indels.push(Indel::replace(range, new.to_string()));
        }
    };
    let mut buffer = String::new();
    for i in 0..t.toks.len() {
        let tok = &t.toks[i];
        let original = &source[tok.gap_start as usize..tok.start as usize];
        buffer.clear();
        match tok.gap {
            Gap::Space(n) => push_spaces(&mut buffer, n),
            Gap::Lines(n) => {
                let after_text = i > 0 && t.text(i - 1).ends_with('\n');
                let breaks = n.saturating_sub(u32::from(after_text));
                for _ in 0..breaks {
                    buffer.push_str(nl);
                }
                push_spaces(&mut buffer, tok.indent);
            }
            Gap::Verbatim => buffer.push_str(original),
            Gap::Trimmed => trim_line_ends(original, &mut buffer),
            Gap::BodyBreak => {
                let start = original.find(['\r', '\n']).unwrap_or(original.len());
                buffer.push_str(&original[start..]);
            }
        }
        push(&mut indels, tok.gap_start, tok.start, &buffer);
        if let Some(text) = &tok.text {
            if tok.text_indented {
                let mut sep = String::from(nl);
                push_spaces(&mut sep, tok.indent);
                push(&mut indels, tok.start, tok.end, &text.replace('\n', &sep));
            } else {
                push(&mut indels, tok.start, tok.end, text);
            }
        }
        if tok.comma_after && inside(tok.end, tok.end) {
            indels.push(Indel::insert(size(tok.end as usize), ","));
        }
    }
    // The end: one line break after the last token (EPP text is the template's own).
    let tail = &source[t.tail_start as usize..];
    let wanted = match t.toks.last() {
        None => "",
        Some(_) if t.epp => tail,
        Some(last) if last.kind == HEREDOC_BODY && source[..last.end as usize].ends_with('\n') => {
            ""
        }
        Some(_) => nl,
    };
    push(&mut indels, t.tail_start, source.len() as u32, wanted);
    // Gaps, texts and commas come in source order; a comma at a token's end and the gap
    // after it touch, in that order.
    TextEdit::from_indels(indels).expect("the formatter's edits do not overlap")
}

/// `text` without the blanks before each of its line breaks.
fn trim_line_ends(text: &str, out: &mut String) {
    let mut rest = text;
    while let Some(nl) = rest.find('\n') {
        let line = &rest[..nl];
        let cr = line.ends_with('\r');
        let body = line.trim_end_matches(['\r', ' ', '\t']);
        out.push_str(body);
        if cr {
            out.push('\r');
        }
        out.push('\n');
        rest = &rest[nl + 1..];
    }
    out.push_str(rest);
}

/// `n` spaces.
fn push_spaces(out: &mut String, n: u32) {
    const SPACES: &str = "                                                                ";
    let mut n = n as usize;
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}
