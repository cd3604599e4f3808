//! Character classes as Onigmo reads them (`parse_char_class`, Ruby syntax), and the extent
//! and value of an escape, which classes need for their ranges.

use super::preprocess::{scan_hex, scan_octal};
use crate::lexer::chars::char_len;

/// The POSIX bracket names Onigmo knows (`[:alpha:]`, `[:^alpha:]`).
const POSIX_NAMES: [&[u8]; 14] = [
    b"alnum", b"alpha", b"blank", b"cntrl", b"digit", b"graph", b"lower", b"print", b"punct",
    b"space", b"upper", b"xdigit", b"word", b"ascii",
];

/// How far Onigmo looks for the `:]` of something that is not a POSIX bracket
/// (`POSIX_BRACKET_CHECK_LIMIT_LENGTH`).
const POSIX_LOOKAHEAD: usize = 20;

/// Where a class stands in its items (Onigmo's `CCSTATE` and `CCVALTYPE`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// At the start, or after `&&`.
    Start,
    /// After a character (its code point).
    Char(u32),
    /// After a class item (`\d`, `[:alpha:]`, a nested class).
    Class,
    /// After `x-`, waiting for the range's end.
    Range(u32),
    /// After a whole range `a-z`: a `-` now is a character.
    Complete,
}

/// The end of the class that starts at `b[start]` (a `[`), or Onigmo's message for its first
/// mistake. Nested classes are kept on a stack (no recursion).
pub(super) fn class_end(b: &[u8], start: usize) -> Result<usize, String> {
    let mut stack: Vec<State> = Vec::new();
    let mut posix_ends = PosixEnds::default();
    let mut i = open_class(b, start, &mut stack)?;
    loop {
        let Some(&c) = b.get(i) else {
            return Err("premature end of char-class".into());
        };
        match c {
            b']' => {
                stack.pop();
                i += 1;
                // A nested class leaves its parent's state as it was (Onigmo's
                // `TK_CC_CC_OPEN` does not step it): `[a-[b]c]` is the range `a-c`.
                if stack.is_empty() {
                    return Ok(i);
                }
            }
            // `[:` is a POSIX bracket only when a `:]` comes before any `]`; otherwise `[`
            // opens a nested class.
            b'[' if b.get(i + 1) == Some(&b':') && posix_ends.ahead(b, i + 2) => {
                let state = stack.last_mut().expect("inside a class");
                match posix_bracket(b, i)? {
                    Some(end) => {
                        class_item(state)?;
                        i = end;
                    }
                    // Not a POSIX bracket after all: `[` is a character.
                    None => {
                        char_item(state, u32::from(b'['))?;
                        i += 1;
                    }
                }
            }
            b'[' => i = open_class(b, i, &mut stack)?,
            b'&' if b.get(i + 1) == Some(&b'&') => {
                *stack.last_mut().expect("inside a class") = State::Start;
                i += 2;
            }
            b'-' => {
                let state = stack.last_mut().expect("inside a class");
                // Before `]` or `&&` a `-` is a character (`[a-]`).
                let ends = b.get(i + 1) == Some(&b']') || b[i + 1..].starts_with(b"&&");
                match *state {
                    State::Char(from) if !ends => *state = State::Range(from),
                    State::Class if !ends => {
                        return Err("unmatched range specifier in char-class".into())
                    }
                    // At the start, after a whole range (`[a-b-c]`), or as a range's end
                    // (`[!--]`): a character.
                    _ => char_item(state, u32::from(b'-'))?,
                }
                i += 1;
            }
            b'\\' => {
                let end = escape_end(b, i);
                let state = stack.last_mut().expect("inside a class");
                match escape_value(&b[i..end]) {
                    Some(value) => char_item(state, value)?,
                    None => {
                        super::property_error(b, i)?;
                        class_item(state)?
                    }
                }
                i = end;
            }
            _ => {
                let len = char_len(c).min(b.len() - i);
                let value = std::str::from_utf8(&b[i..i + len])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .map_or(u32::from(c), u32::from);
                char_item(stack.last_mut().expect("inside a class"), value)?;
                i += len;
            }
        }
    }
}

/// Opens a class at `b[start]` (a `[`, and its `^`): pushes its state and returns the index
/// of its first item. A `]` first is a character when another `]` comes later, else the
/// class is empty.
fn open_class(b: &[u8], start: usize, stack: &mut Vec<State>) -> Result<usize, String> {
    let mut i = start + 1;
    if b.get(i) == Some(&b'^') {
        i += 1;
    }
    stack.push(State::Start);
    if b.get(i) == Some(&b']') {
        if !unescaped_close_after(b, i + 1) {
            return Err("empty char-class".into());
        }
        char_item(stack.last_mut().expect("just pushed"), u32::from(b']'))?;
        i += 1;
    }
    Ok(i)
}

/// Whether a `]` comes at or after `from` (`code_exist_check`, which means to pass over
/// escaped characters but does not: `[]\]` is not empty), in the pattern as `re.c` left it,
/// where `\c]` or `\C-]` is one character written `\x1D`.
fn unescaped_close_after(b: &[u8], from: usize) -> bool {
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' if matches!(b.get(i + 1), Some(b'c' | b'C' | b'M')) => i = escape_end(b, i),
            b']' => return true,
            _ => i += 1,
        }
    }
    false
}

/// Whether `:]` comes before any `]` (`str_exist_check_with_esc`), with the last answer
/// kept: a scan from a later point that starts before where the last one stopped stops at
/// the same place, so a pattern of many `[:` is read once, not once for each.
#[derive(Default)]
struct PosixEnds {
    /// `(from, stop, found)`: the scan from `from` stopped at `stop` (a `:]` when `found`,
    /// a `]`, or the end of the pattern).
    last: Option<(usize, usize, bool)>,
}

impl PosixEnds {
    fn ahead(&mut self, b: &[u8], from: usize) -> bool {
        if let Some((start, stop, found)) = self.last {
            if start <= from && from <= stop {
                return found;
            }
        }
        let mut i = from;
        let (stop, found) = loop {
            if i >= b.len() {
                break (b.len(), false);
            }
            if b[i] == b'\\' {
                i = escape_end(b, i);
                continue;
            }
            if b[i..].starts_with(b":]") {
                break (i, true);
            }
            if b[i] == b']' {
                break (i, false);
            }
            i += 1;
        };
        self.last = Some((from, stop, found));
        found
    }
}

/// A POSIX bracket at `b[start]` (`[:`, with a `:]` ahead): `Some(end)` for a known name,
/// `None` when it is not one (then `[` is a character), or the error for a known name not
/// followed by `:]`, or for `[:name:]` with an unknown name.
fn posix_bracket(b: &[u8], start: usize) -> Result<Option<usize>, String> {
    let mut i = start + 2;
    if b.get(i) == Some(&b'^') {
        i += 1;
    }
    for name in POSIX_NAMES {
        if b[i..].starts_with(name) {
            if b[i + name.len()..].starts_with(b":]") {
                return Ok(Some(i + name.len() + 2));
            }
            return Err("invalid POSIX bracket type".into());
        }
    }
    let mut scanned = 0;
    while let Some(&c) = b.get(i) {
        if c == b':' || c == b']' {
            break;
        }
        scanned += 1;
        if scanned > POSIX_LOOKAHEAD {
            return Ok(None);
        }
        i += 1;
    }
    if b.get(i) == Some(&b':') && b.get(i + 1) == Some(&b']') {
        return Err("invalid POSIX bracket type".into());
    }
    Ok(None)
}

/// A character `value` in a class whose state is `state`.
fn char_item(state: &mut State, value: u32) -> Result<(), String> {
    *state = match *state {
        State::Range(from) if from > value => return Err("empty range in char class".into()),
        State::Range(_) => State::Complete,
        _ => State::Char(value),
    };
    Ok(())
}

/// A class item (`\d`, a POSIX bracket, a nested class) in a class whose state is `state`.
fn class_item(state: &mut State) -> Result<(), String> {
    *state = match *state {
        State::Range(_) => return Err("char-class value at end of range".into()),
        _ => State::Class,
    };
    Ok(())
}

/// The end of the escape at `b[i]` (a `\`), its sequences taken whole: `\xHH`, `\uHHHH`,
/// `\u{…}`, octal, `\cX`, `\C-X`, `\M-X` (and their combinations), `\p{…}`.
pub(super) fn escape_end(b: &[u8], i: usize) -> usize {
    let Some(&c) = b.get(i + 1) else {
        return b.len();
    };
    let after = i + 2;
    let count = |from: usize, most: usize, digit: fn(&u8) -> bool| {
        from + b[from.min(b.len())..]
            .iter()
            .take(most)
            .take_while(|c| digit(c))
            .count()
    };
    match c {
        b'x' => count(after, 2, u8::is_ascii_hexdigit),
        b'0'..=b'7' => count(after, 2, |c| matches!(c, b'0'..=b'7')),
        b'u' | b'p' | b'P' if b.get(after) == Some(&b'{') => b[after..]
            .iter()
            .position(|&c| c == b'}')
            .map_or(b.len(), |close| after + close + 1),
        b'u' => count(after, 4, u8::is_ascii_hexdigit),
        b'c' | b'C' | b'M' => {
            let mut p = if c == b'c' { after } else { after + 1 };
            match b.get(p) {
                Some(b'\\') => escape_end(b, p),
                Some(&x) => {
                    p += char_len(x);
                    p.min(b.len())
                }
                None => b.len(),
            }
        }
        _ => (i + 1 + char_len(c)).min(b.len()),
    }
}

/// The code point an escape stands for in a class, or `None` for a class escape (`\d`,
/// `\p{…}`, …). Escapes that make a multibyte character from bytes (`\xE2\x98\xBA`) are
/// read one byte at a time here, which only matters for a range between such characters.
fn escape_value(escape: &[u8]) -> Option<u32> {
    let c = *escape.get(1)?;
    Some(match c {
        b'd' | b'D' | b'w' | b'W' | b's' | b'S' | b'h' | b'H' | b'p' | b'P' | b'R' | b'X' => {
            return None
        }
        b'x' => scan_hex(&escape[2..], 2).0,
        // `\uHHHH`, or the first character of `\u{…}`.
        b'u' => {
            let digits = escape[2..].strip_prefix(b"{").unwrap_or(&escape[2..]);
            let digits = digits.trim_ascii_start();
            scan_hex(digits, 6).0
        }
        b'0'..=b'7' => scan_octal(&escape[1..]).0,
        b'n' => 0x0a,
        b't' => 0x09,
        b'r' => 0x0d,
        b'f' => 0x0c,
        b'v' => 0x0b,
        b'a' => 0x07,
        b'e' => 0x1b,
        b'b' => 0x08,
        b'c' | b'C' | b'M' => control_value(escape),
        _ => std::str::from_utf8(&escape[1..])
            .ok()
            .and_then(|s| s.chars().next())
            .map_or(u32::from(c), u32::from),
    })
}

/// The byte `\cX`, `\C-X`, `\M-X` and their combinations stand for.
fn control_value(escape: &[u8]) -> u32 {
    let (mut control, mut meta) = (false, false);
    let mut p = 0;
    let mut value = 0u32;
    while p + 1 < escape.len() && escape[p] == b'\\' {
        match escape[p + 1] {
            b'c' => {
                control = true;
                p += 2;
            }
            b'C' => {
                control = true;
                p += 3;
            }
            b'M' => {
                meta = true;
                p += 3;
            }
            _ => {
                value = escape_value(&escape[p..]).unwrap_or(0);
                p = escape.len();
            }
        }
    }
    if p < escape.len() {
        value = u32::from(escape[p]);
    }
    if control {
        value &= 0x1f;
    }
    if meta {
        value |= 0x80;
    }
    value
}
