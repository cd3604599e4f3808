//! Code mode: one token per call, dispatched on its first byte like Ruby's `@selector`.
//!
//! Punctuation is decided by explicit look-ahead; names, bare words, class references and
//! variables reproduce Ruby's regular expressions (`PATTERN_BARE_WORD`, `PATTERN_NAME`,
//! `PATTERN_CLASSREF`, `PATTERN_DOLLAR_VAR`) with the same greedy/backtracking outcome;
//! whitespace, newlines (with the heredoc body jump), comments and `/` (comment, regexp or
//! division) live here too. Numbers, strings, heredocs and EPP tags have their own files.

use super::chars::{
    backslashes_before, char_before, char_len, find_byte, is_word, unicode_blank_len,
};
use super::{regexp_acceptable, EppMode, Lexer};
use crate::diagnostics::IssueCode;
use crate::syntax_kind::SyntaxKind::{self, *};

/// `' '`, `\t`, `\r`, `\n` as bits of a mask: one test per byte and no jump table (which
/// mispredicts on almost every token).
const ASCII_WHITESPACE: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\r' | 1 << b'\n';

impl Lexer<'_> {
    /// Lex one code-mode token at `self.pos` (which is before the end of the input).
    pub(super) fn code_token(&mut self) {
        let p = self.pos;
        let b = self.b;
        let at = |k: usize| b.get(p + k).copied().unwrap_or(0);
        match b[p] {
            b' ' | b'\t' | b'\r' | b'\n' => self.whitespace(),
            b'a'..=b'z' | b'_' => self.bare_word(p, true),
            b'A'..=b'Z' => self.class_reference(p, 1),
            b'0'..=b'9' => self.number(),
            b'$' => self.dollar_variable(),
            b'"' => self.dq_string(),
            b'\'' => self.sq_string(),
            b'#' => {
                let end = find_byte(b, p, b'\n').unwrap_or(b.len());
                self.push(COMMENT, end);
                self.pos = end;
            }
            b'/' => self.slash(),
            b'{' => {
                self.brace_count += 1;
                self.emit(
                    if self.after == QMARK {
                        SELBRACE
                    } else {
                        LBRACE
                    },
                    p + 1,
                );
            }
            b'}' => {
                self.brace_count -= 1;
                match self.interps.last() {
                    Some(frame) if frame.base == self.brace_count => self.close_interpolation(),
                    _ => self.emit(RBRACE, p + 1),
                }
            }
            b'[' => {
                let list = p == 0
                    || matches!(b[p - 1], b' ' | b'\t' | b'\r' | b'\n')
                    || (b[p - 1] >= 0x80
                        && char_before(self.src, p).is_some_and(super::chars::is_blank_char));
                self.emit(if list { LISTSTART } else { LBRACK }, p + 1);
            }
            b'(' => self.emit(if self.line_clean { WSLPAREN } else { LPAREN }, p + 1),
            b']' => self.emit(RBRACK, p + 1),
            b')' => self.emit(RPAREN, p + 1),
            b',' => self.emit(COMMA, p + 1),
            b';' => self.emit(SEMIC, p + 1),
            b'?' => self.emit(QMARK, p + 1),
            b'*' => self.emit(TIMES, p + 1),
            b'.' => self.emit(DOT, p + 1),
            b'%' => {
                if at(1) == b'>' && self.epp.is_some() {
                    self.epp_end_tag(p + 2, false);
                } else {
                    self.emit(MODULO, p + 1);
                }
            }
            b'@' => match at(1) {
                b'@' => self.emit(ATAT, p + 2),
                b'(' => self.heredoc(),
                _ => self.emit(AT, p + 1),
            },
            b'|' => match (at(1), at(2)) {
                (b'>', b'>') => self.emit(RRCOLLECT, p + 3),
                (b'>', _) => self.emit(RCOLLECT, p + 2),
                _ => self.emit(PIPE, p + 1),
            },
            b'=' => match at(1) {
                b'=' => self.emit(ISEQUAL, p + 2),
                b'>' => self.emit(FARROW, p + 2),
                b'~' => self.emit(MATCH, p + 2),
                _ => self.emit(EQUALS, p + 1),
            },
            b'+' => match at(1) {
                b'=' => self.emit(APPENDS, p + 2),
                b'>' => self.emit(PARROW, p + 2),
                _ => self.emit(PLUS, p + 1),
            },
            b'-' => {
                if self.epp.is_some() && at(1) == b'%' && at(2) == b'>' {
                    self.epp_end_tag(p + 3, true);
                } else {
                    match at(1) {
                        b'>' => self.emit(IN_EDGE, p + 2),
                        b'=' => self.emit(DELETES, p + 2),
                        _ => self.emit(MINUS, p + 1),
                    }
                }
            }
            b'!' => match at(1) {
                b'=' => self.emit(NOTEQUAL, p + 2),
                b'~' => self.emit(NOMATCH, p + 2),
                _ => self.emit(NOT, p + 1),
            },
            b'~' => self.emit(
                if at(1) == b'>' { IN_EDGE_SUB } else { TILDE },
                p + 1 + usize::from(at(1) == b'>'),
            ),
            b'<' => match (at(1), at(2)) {
                (b'<', b'|') => self.emit(LLCOLLECT, p + 3),
                (b'<', _) => self.emit(LSHIFT, p + 2),
                (b'=', _) => self.emit(LESSEQUAL, p + 2),
                (b'|', _) => self.emit(LCOLLECT, p + 2),
                (b'-', _) => self.emit(OUT_EDGE, p + 2),
                (b'~', _) => self.emit(OUT_EDGE_SUB, p + 2),
                _ => self.emit(LESSTHAN, p + 1),
            },
            b'>' => match at(1) {
                b'>' => self.emit(RSHIFT, p + 2),
                b'=' => self.emit(GREATEREQUAL, p + 2),
                _ => self.emit(GREATERTHAN, p + 1),
            },
            b':' => self.colon(),
            0x80.. if super::chars::unicode_blank_len(b, p) > 0 => self.whitespace(),
            c => {
                // Ruby's `OTHER`: no rule for this character. One token per character so
                // tokens stay on UTF-8 boundaries; the parser reports the syntax error.
                let end = (p + char_len(c)).min(b.len());
                self.emit(ERROR_TOKEN, end);
            }
        }
    }

    /// `[[:blank:]\r\n]+` as one `WHITESPACE` token. Each newline starts a new line for the
    /// `WSLPAREN` rule; a newline with pending heredoc bodies ends the token and jumps over
    /// the bodies (Ruby's `:newline_jump`).
    #[inline(always)]
    fn whitespace(&mut self) {
        let b = self.b;
        let mut i = self.pos;
        while let Some(&byte) = b.get(i) {
            if byte == b' ' {
                // The most common byte: one test.
                i += 1;
                continue;
            }
            if byte < 64 && ASCII_WHITESPACE >> byte & 1 != 0 {
                i += 1;
                if byte == b'\n' {
                    if self.newline_jump.is_some() {
                        return self.whitespace_to_heredoc_bodies(i);
                    }
                    self.line_clean = true;
                    // Indentation: runs of spaces, eight at a time.
                    while b.get(i..i + 8) == Some(b"        ") {
                        i += 8;
                    }
                }
                continue;
            }
            let n = if byte >= 0x80 {
                unicode_blank_len(b, i)
            } else {
                0
            };
            if n == 0 {
                break;
            }
            i += n;
        }
        self.push(WHITESPACE, i);
        self.pos = i;
    }

    /// [`Lexer::whitespace`] up to `end`, a newline with pending heredoc bodies, which it then
    /// jumps over (out of line: rare, and the whitespace loop is inlined in the dispatch).
    #[cold]
    #[inline(never)]
    fn whitespace_to_heredoc_bodies(&mut self, end: usize) {
        self.push(WHITESPACE, end);
        self.pos = end;
        self.jump_over_heredoc_bodies();
    }

    /// At the code-mode newline of a line holding heredoc headers: emit their bodies and
    /// continue after them. Bodies already covered by other tokens (a multi-line token after
    /// the header) are clipped, and a jump backwards lexes that text again, as Ruby does
    /// (`Replay`).
    fn jump_over_heredoc_bodies(&mut self) {
        let jump = self.newline_jump.take().unwrap_or(self.pos);
        for k in 0..self.pending_bodies.len() {
            let end = self.pending_bodies[k];
            if end > self.last_end {
                self.push(HEREDOC_BODY, end);
            }
        }
        self.pending_bodies.clear();
        if jump < self.pos && self.replay.is_none() {
            // Back over text already lexed, as Ruby does (see `Replay`).
            self.replay = Some(super::Replay {
                real_end: jump,
                until: self.last_end,
            });
            self.replay_floor = self.replay_floor.max(self.last_end as u32);
            self.pos = jump;
        } else if let Some(replay) = self.replay.as_mut().filter(|_| jump > self.pos) {
            // A heredoc header in text read a second time: Ruby's newline jumps over its
            // body there too, and reads on after it.
            replay.real_end = replay.real_end.max(jump);
            self.pos = jump;
        } else {
            self.pos = self.pos.max(jump).max(self.last_end);
        }
        self.line_clean = true;
    }

    /// A bare word starting at `p` (`[a-z_]`, or `::` followed by one in the `:` handler):
    /// keyword, `NAME` or `WORD`. `keywords`: look the word up in the keyword tables (the
    /// `::` form never is).
    #[inline(always)]
    fn bare_word(&mut self, p: usize, keywords: bool) {
        let (end, is_name) = scan_bare_word(self.b, p);
        let kind = if !is_name {
            WORD
        } else if keywords {
            keyword(&self.b[p..end], self.tasks).unwrap_or(NAME)
        } else {
            NAME
        };
        self.emit(kind, end);
    }

    /// A class reference starting at `p`. `error_skip` is how far past the scanned
    /// reference Ruby moves before reporting an error (1 when the dispatch was on `A-Z`,
    /// 3 for `::A-Z`).
    fn class_reference(&mut self, p: usize, error_skip: usize) {
        let b = self.b;
        let end = scan_class_reference(b, p);
        if b.get(end..end + 2) == Some(b"::") {
            // `Foo::bar`, `Foo::`: Ruby reports at the scanned end + 1 (or + 3 after `::`).
            // Best guess: one CLASSREF covering the whole qualified word.
            let mut stop = end;
            while stop < b.len() && (is_word(b[stop]) || b.get(stop..stop + 2) == Some(b"::")) {
                stop += if b[stop] == b':' { 2 } else { 1 };
            }
            let (code, msg) = if error_skip == 1 {
                (
                    IssueCode::ILLEGAL_CLASS_REFERENCE,
                    "Illegal class reference",
                )
            } else {
                (
                    IssueCode::ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE,
                    "Illegal fully qualified class reference",
                )
            };
            let at = (end + error_skip).min(b.len());
            self.error(code, at, stop.saturating_sub(at), msg);
            self.emit(CLASSREF, stop);
        } else {
            self.emit(CLASSREF, end);
        }
    }

    /// `:` — `COLON`, or a name/class reference starting with `::`.
    fn colon(&mut self) {
        let p = self.pos;
        let b = self.b;
        if b.get(p + 1) != Some(&b':') {
            self.emit(COLON, p + 1);
            return;
        }
        match b.get(p + 2) {
            Some(b'A'..=b'Z') => self.class_reference(p, 3),
            Some(b'a'..=b'z' | b'_') => self.bare_word(p, false),
            _ => {
                // Ruby reports at the position after `::` (and crashes when the input
                // ends there). Best guess: an error token over `::` and a following word.
                let mut end = p + 2;
                while end < b.len() && is_word(b[end]) {
                    end += 1;
                }
                self.error(
                    IssueCode::ILLEGAL_FULLY_QUALIFIED_NAME,
                    p + 2,
                    end - p - 2,
                    "Illegal fully qualified name",
                );
                self.emit(ERROR_TOKEN, end);
            }
        }
    }

    /// `$name` (`\$(::)?(\w+::)*\w+`), or a lone `$` (a `VARIABLE` of length 1).
    fn dollar_variable(&mut self) {
        let p = self.pos;
        let end = scan_variable_name(self.b, p + 1).unwrap_or(p + 1);
        self.emit(VARIABLE, end);
    }

    /// `/`: `/* */` comment, regular expression (where one is acceptable), or `DIV`.
    fn slash(&mut self) {
        let p = self.pos;
        let b = self.b;
        if b.get(p + 1) == Some(&b'*') {
            let mut i = p + 2;
            let end = loop {
                match find_byte(b, i, b'*') {
                    Some(k) if b.get(k + 1) == Some(&b'/') => break Some(k + 2),
                    Some(k) => i = k + 1,
                    None => break None,
                }
            };
            let end = end.unwrap_or_else(|| {
                self.error(
                    IssueCode::UNCLOSED_MLCOMMENT,
                    p,
                    b.len() - p,
                    "Unclosed multiline comment",
                );
                b.len()
            });
            self.push(ML_COMMENT, end);
            self.pos = end;
            return;
        }
        if regexp_acceptable(self.after) && p < self.no_regex_end_from {
            match scan_regex(b, p) {
                Some(end) => {
                    if let Some(problem) = super::regexp::regexp_error(&b[p + 1..end - 1]) {
                        self.error(
                            IssueCode::INVALID_REGEXP,
                            p,
                            end - p,
                            format!("Invalid regular expression: {problem}"),
                        );
                    }
                    self.emit(REGEX, end);
                    return;
                }
                // Whether a `/` is escaped does not depend on where the scan started, so no
                // later `/` can start a regexp either.
                None => self.no_regex_end_from = p,
            }
        }
        self.emit(DIV, p + 1);
    }
}

/// The shape shared by Ruby's name patterns, `((::){0,1}SEGMENT)+`, at `p`: the first segment
/// may be preceded by `::`, every later one must be. `segment(b, start)` returns the end of a
/// segment starting at `start`, or `None` where none does. Returns the end of the last segment
/// (`p` when there is none).
fn scan_segments(
    b: &[u8],
    p: usize,
    mut segment: impl FnMut(&[u8], usize) -> Option<usize>,
) -> usize {
    let mut i = p;
    let mut first = true;
    loop {
        let start = if b.get(i..i + 2) == Some(b"::") {
            i + 2
        } else if first {
            i
        } else {
            return i;
        };
        match segment(b, start) {
            Some(end) => i = end,
            None => return i,
        }
        first = false;
    }
}

/// Ruby's `PATTERN_BARE_WORD` (`((?:::){0,1}(?:[a-z_](?:[\w-]*[\w])?))+`) at `p`, which
/// must start with `[a-z_]` or `::[a-z_]`. Returns the end and whether the word also
/// matches `PATTERN_NAME` (every segment `[a-z]\w*`).
#[inline(always)]
pub(super) fn scan_bare_word(b: &[u8], p: usize) -> (usize, bool) {
    let mut is_name = true;
    let end = scan_segments(b, p, |b, seg| {
        match b.get(seg) {
            Some(b'a'..=b'z') => {}
            Some(b'_') => is_name = false,
            _ => return None,
        }
        // `[\w-]*` greedy, then back off to the last `\w` (a segment never ends in `-`).
        let mut j = seg + 1;
        let mut end = j;
        let mut dash = false;
        while j < b.len() {
            let c = b[j];
            if is_word(c) {
                j += 1;
                end = j;
            } else if c == b'-' {
                j += 1;
                dash = true;
            } else {
                break;
            }
        }
        if dash && b[seg..end].contains(&b'-') {
            is_name = false;
        }
        Some(end)
    });
    (end, is_name)
}

/// Ruby's `PATTERN_CLASSREF` (`((::){0,1}[A-Z][\w]*)+`) at `p` (known to match).
fn scan_class_reference(b: &[u8], p: usize) -> usize {
    scan_segments(b, p, |b, seg| {
        if !b.get(seg).is_some_and(u8::is_ascii_uppercase) {
            return None;
        }
        let mut j = seg + 1;
        while j < b.len() && is_word(b[j]) {
            j += 1;
        }
        Some(j)
    })
}

/// `(::)?(\w+::)*\w+` at `p`: the end of a variable name, if there is one.
pub(super) fn scan_variable_name(b: &[u8], p: usize) -> Option<usize> {
    let mut i = if b.get(p..p + 2) == Some(b"::") {
        p + 2
    } else {
        p
    };
    let mut end = None;
    loop {
        let start = i;
        while i < b.len() && is_word(b[i]) {
            i += 1;
        }
        if i == start {
            return end;
        }
        end = Some(i);
        if b.get(i..i + 2) == Some(b"::") && b.get(i + 2).is_some_and(|&c| is_word(c)) {
            i += 2;
        } else {
            return end;
        }
    }
}

/// Ruby's regexp scan at `p` (a `/`): `/[^/]*/`, extended while the closing `/` is escaped
/// by an odd number of backslashes. `None` when no closing `/` is found (→ `DIV`).
fn scan_regex(b: &[u8], p: usize) -> Option<usize> {
    let mut i = p + 1;
    loop {
        let k = find_byte(b, i, b'/')?;
        if backslashes_before(b, p + 1, k) % 2 == 0 {
            return Some(k + 1);
        }
        i = k + 1;
    }
}

/// The keyword token for a word matching `PATTERN_NAME`, if it is one.
fn keyword(word: &[u8], tasks: bool) -> Option<SyntaxKind> {
    Some(match word {
        b"case" => CASE,
        b"class" => CLASS,
        b"default" => DEFAULT,
        b"define" => DEFINE,
        b"if" => IF,
        b"elsif" => ELSIF,
        b"else" => ELSE,
        b"inherits" => INHERITS,
        b"node" => NODE,
        b"and" => AND,
        b"or" => OR,
        b"undef" => UNDEF,
        b"true" | b"false" => BOOLEAN,
        b"in" => IN,
        b"unless" => UNLESS,
        b"function" => FUNCTION,
        b"type" => TYPE,
        b"attr" => ATTR,
        b"private" => PRIVATE,
        b"plan" if tasks => PLAN,
        b"apply" if tasks => APPLY,
        _ => return None,
    })
}

impl Lexer<'_> {
    /// `%>` / `-%>` in EPP code mode: end the tag and lex the following text.
    fn epp_end_tag(&mut self, end: usize, trim: bool) {
        if self.epp == Some(EppMode::Expr) {
            self.emit(if trim { EPP_END_TRIM } else { EPP_END }, end);
        } else {
            self.push(EPP_CODE_END, end);
            self.pos = end;
        }
        self.epp = Some(EppMode::Text);
        self.epp_text(trim);
    }
}
