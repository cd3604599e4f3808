//! The first of Ruby's two checks of a regular expression: `re.c`'s `unescape_nonascii`,
//! which `Regexp.new` runs on the whole pattern before Onigmo parses it. It reads the escapes
//! that stand for bytes or characters (`\xHH`, octal, `\cX`, `\C-X`, `\M-X`, `\uHHHH`,
//! `\u{…}`) and fails on one that is malformed or that makes no valid UTF-8 character, with
//! Ruby's own words. The pattern is UTF-8 (a Puppet source's text), so its own characters
//! are never in question here.

/// Ruby's message for the first malformed escape of `b`, if any.
pub(super) fn check(b: &[u8]) -> Result<(), &'static str> {
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(&c) = b.get(i + 1) else {
            return Err("too short escape sequence");
        };
        match c {
            b'1'..=b'7' => {
                // `\1`…`\7`: a back reference, or an octal escape of a 7-bit byte, is left to
                // Onigmo; a larger octal value is a byte like `\xHH`.
                let (value, _) = scan_octal(&b[i + 1..]);
                if value <= 0o177 {
                    i += 2;
                } else {
                    i = escaped_character(b, i)?;
                }
            }
            b'0' | b'x' | b'c' | b'C' | b'M' => i = escaped_character(b, i)?,
            b'u' => i = unicode_escape(b, i + 2)?,
            // `\p{…}`, `\d`, `\\`, an escaped UTF-8 character…: Onigmo's.
            _ => i += 2,
        }
    }
    Ok(())
}

/// Up to three octal digits at the start of `b`: their value and count.
pub(super) fn scan_octal(b: &[u8]) -> (u32, usize) {
    let digits = b
        .iter()
        .take(3)
        .take_while(|c| matches!(c, b'0'..=b'7'))
        .count();
    let value = b[..digits]
        .iter()
        .fold(0, |v, &c| v * 8 + u32::from(c - b'0'));
    (value, digits)
}

/// Up to `most` hexadecimal digits at the start of `b`: their value and count.
pub(super) fn scan_hex(b: &[u8], most: usize) -> (u32, usize) {
    let digits = b
        .iter()
        .take(most)
        .take_while(|c| c.is_ascii_hexdigit())
        .count();
    let value = b[..digits].iter().fold(0, |v, &c| {
        v * 16 + (c as char).to_digit(16).expect("a hexadecimal digit")
    });
    (value, digits)
}

/// `unescape_escaped_nonascii`: the escaped bytes from `b[start]` (a `\`) that make one
/// character (a UTF-8 lead byte asks for more escaped bytes); the index after them.
fn escaped_character(b: &[u8], start: usize) -> Result<usize, &'static str> {
    let mut i = start;
    let mut bytes = [0u8; 4];
    let mut len = 0;
    loop {
        let (byte, next) = escaped_byte(b, i)?;
        bytes[len] = byte;
        len += 1;
        i = next;
        match std::str::from_utf8(&bytes[..len]) {
            Ok(_) => return Ok(i),
            // The start of a character that needs more bytes (`rb_enc_precise_mbclen`'s
            // "need more"), and room for them: read the next escaped byte.
            Err(e) if e.error_len().is_none() && len < bytes.len() => {}
            Err(_) => return Err("invalid multibyte escape"),
        }
    }
}

/// `read_escaped_byte`: the byte of the escape at `b[start]` and the index after it.
fn escaped_byte(b: &[u8], start: usize) -> Result<(u8, usize), &'static str> {
    if b.get(start) != Some(&b'\\') {
        return Err("too short escaped multibyte character");
    }
    let mut p = start + 1;
    let (mut meta, mut control) = (false, false);
    let code: u32 = loop {
        let Some(&c) = b.get(p) else {
            return Err("too short escape sequence");
        };
        p += 1;
        match c {
            b'\\' => break u32::from(b'\\'),
            b'n' => break u32::from(b'\n'),
            b't' => break u32::from(b'\t'),
            b'r' => break u32::from(b'\r'),
            b'f' => break 0x0c,
            b'v' => break 0x0b,
            b'a' => break 0x07,
            b'e' => break 0x1b,
            b'0'..=b'7' => {
                let (value, digits) = scan_octal(&b[p - 1..]);
                p += digits - 1;
                break value;
            }
            b'x' => {
                let (value, digits) = scan_hex(&b[p..], 2);
                if digits == 0 {
                    return Err("invalid hex escape");
                }
                p += digits;
                break value;
            }
            b'M' => {
                if meta {
                    return Err("duplicate meta escape");
                }
                meta = true;
                // `p+1 < end && *p++ == '-' && (*p & 0x80) == 0`
                if p + 1 < b.len() && b[p] == b'-' && b[p + 1] < 0x80 {
                    p += 1;
                    if b[p] == b'\\' {
                        p += 1;
                        continue;
                    }
                    p += 1;
                    break u32::from(b[p - 1]);
                }
                return Err("too short meta escape");
            }
            b'C' | b'c' => {
                if c == b'C' {
                    if b.get(p) != Some(&b'-') {
                        return Err("too short control escape");
                    }
                    p += 1;
                }
                if control {
                    return Err("duplicate control escape");
                }
                control = true;
                match b.get(p) {
                    Some(b'\\') => {
                        p += 1;
                        continue;
                    }
                    Some(&x) if x < 0x80 => {
                        p += 1;
                        break u32::from(x);
                    }
                    _ => return Err("too short control escape"),
                }
            }
            _ => return Err("unexpected escape sequence"),
        }
    };
    if code > 0xff {
        return Err("invalid escape code");
    }
    let mut byte = code as u8;
    if control {
        byte &= 0x1f;
    }
    if meta {
        byte |= 0x80;
    }
    Ok((byte, p))
}

/// `\u` escapes, from `b[i]` (after the `u`): the index after the escape.
fn unicode_escape(b: &[u8], mut i: usize) -> Result<usize, &'static str> {
    if i == b.len() {
        return Err("too short escape sequence");
    }
    if b[i] != b'{' {
        // \uHHHH
        if i + 4 > b.len() {
            return Err("invalid Unicode escape");
        }
        let (value, digits) = scan_hex(&b[i..], 4);
        if digits != 4 {
            return Err("invalid Unicode escape");
        }
        unicode_range(value)?;
        return Ok(i + 4);
    }
    // \u{H HH …}: hexadecimal numbers of up to six digits, separated by spaces (a seventh
    // digit is out of range whatever the value).
    i += 1;
    let is_space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r');
    while b.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    let mut any = false;
    loop {
        let (value, digits) = scan_hex(&b[i..], 7);
        if digits == 0 {
            break;
        }
        if digits == 7 {
            return Err("invalid Unicode range");
        }
        i += digits;
        unicode_range(value)?;
        any = true;
        while b.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
    }
    if !any || b.get(i) != Some(&b'}') {
        return Err("invalid Unicode list");
    }
    Ok(i + 1)
}

fn unicode_range(value: u32) -> Result<(), &'static str> {
    if (0xd800..=0xdfff).contains(&value) || value > 0x10ffff {
        Err("invalid Unicode range")
    } else {
        Ok(())
    }
}
