//! The reading side of the wire: a Pcore payload (msgpack or JSON) as a flat stream of
//! [`Token`]s, each intrinsic value or extension (number + payload) in stream order, as Ruby's
//! `Unpacker#read` sees it. Both unpackers check every length against the bytes that are there
//! and never recurse, so any input gives tokens or an error, never a panic.
//!
//! JSON: Ruby's stream is one JSON array in which every nested array is an extension (its first
//! element the extension number, then its payload, then possibly the values of the sequence it
//! starts); nesting carries no meaning beyond that, so the tokenizer is flat and checks only that
//! the brackets and commas are well formed.

use super::error::{XppErrorKind, XppReadError};

/// A scalar inside an extension payload.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum PayloadScalar {
    Int(i64),
    Str(String),
}

/// One value of the stream.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Ext(u8, Vec<PayloadScalar>),
}

fn malformed(message: impl Into<String>) -> XppReadError {
    XppReadError::new(XppErrorKind::Malformed, message)
}

fn truncated() -> XppReadError {
    XppReadError::new(
        XppErrorKind::Truncated,
        "the payload ends in the middle of a value",
    )
}

/// A source of tokens.
pub(crate) trait Unpacker {
    fn next(&mut self) -> Result<Token, XppReadError>;
    /// Ok when nothing but the end of the stream is left.
    fn finish(&mut self) -> Result<(), XppReadError>;
}

// ---- msgpack ----

pub(crate) struct MsgpackUnpacker<'a> {
    input: &'a [u8],
}

impl<'a> MsgpackUnpacker<'a> {
    pub(crate) fn new(input: &'a [u8]) -> MsgpackUnpacker<'a> {
        MsgpackUnpacker { input }
    }
}

fn take<'a>(input: &mut &'a [u8], n: usize) -> Result<&'a [u8], XppReadError> {
    if input.len() < n {
        return Err(truncated());
    }
    let (head, rest) = input.split_at(n);
    *input = rest;
    Ok(head)
}

fn be_uint(input: &mut &[u8], n: usize) -> Result<u64, XppReadError> {
    Ok(take(input, n)?
        .iter()
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b)))
}

fn utf8(bytes: &[u8]) -> Result<String, XppReadError> {
    String::from_utf8(bytes.to_vec()).map_err(|_| malformed("a string is not valid UTF-8"))
}

/// One msgpack value (scalars and extensions only: Pcore sequences are extensions); inside an
/// extension payload (`in_payload`) only scalars.
fn read_msgpack(input: &mut &[u8], in_payload: bool) -> Result<Token, XppReadError> {
    let marker = take(input, 1)?[0];
    if in_payload && matches!(marker, 0xd4..=0xd8 | 0xc7..=0xc9) {
        return Err(malformed("an extension inside an extension payload"));
    }
    let token = match marker {
        0x00..=0x7f => Token::Int(i64::from(marker)),
        0xe0..=0xff => Token::Int(i64::from(marker as i8)),
        0xc0 => Token::Nil,
        0xc2 => Token::Bool(false),
        0xc3 => Token::Bool(true),
        0xcc => Token::Int(be_uint(input, 1)? as i64),
        0xcd => Token::Int(be_uint(input, 2)? as i64),
        0xce => Token::Int(be_uint(input, 4)? as i64),
        0xcf => Token::Int(
            i64::try_from(be_uint(input, 8)?).map_err(|_| malformed("an integer above 2^63"))?,
        ),
        0xd0 => Token::Int(i64::from(be_uint(input, 1)? as u8 as i8)),
        0xd1 => Token::Int(i64::from(be_uint(input, 2)? as u16 as i16)),
        0xd2 => Token::Int(i64::from(be_uint(input, 4)? as u32 as i32)),
        0xd3 => Token::Int(be_uint(input, 8)? as i64),
        0xca => Token::Float(f64::from(f32::from_bits(be_uint(input, 4)? as u32))),
        0xcb => Token::Float(f64::from_bits(be_uint(input, 8)?)),
        0xa0..=0xbf => Token::Str(utf8(take(input, usize::from(marker & 0x1f))?)?),
        0xd9..=0xdb => {
            let n = be_uint(input, 1 << (marker - 0xd9))? as usize;
            Token::Str(utf8(take(input, n)?)?)
        }
        0xd4..=0xd8 | 0xc7..=0xc9 => {
            let len = match marker {
                0xd4..=0xd8 => 1usize << (marker - 0xd4),
                _ => be_uint(input, 1 << (marker - 0xc7))? as usize,
            };
            let number = take(input, 1)?[0];
            if number > 0x7f {
                return Err(malformed(format!(
                    "reserved msgpack extension type {}",
                    number as i8
                )));
            }
            let mut payload = take(input, len)?;
            let mut values = Vec::new();
            while !payload.is_empty() {
                match read_msgpack(&mut payload, true).map_err(|e| match e.kind {
                    XppErrorKind::Truncated => malformed("an extension payload is cut short"),
                    _ => e,
                })? {
                    Token::Int(v) => values.push(PayloadScalar::Int(v)),
                    Token::Str(s) => values.push(PayloadScalar::Str(s)),
                    _ => return Err(malformed("an extension payload holds a non-scalar")),
                }
            }
            Token::Ext(number, values)
        }
        other => {
            return Err(malformed(format!(
                "unexpected msgpack marker 0x{other:02x}"
            )))
        }
    };
    Ok(token)
}

impl Unpacker for MsgpackUnpacker<'_> {
    fn next(&mut self) -> Result<Token, XppReadError> {
        read_msgpack(&mut self.input, false)
    }

    fn finish(&mut self) -> Result<(), XppReadError> {
        if self.input.is_empty() {
            Ok(())
        } else {
            Err(XppReadError::new(
                XppErrorKind::TrailingBytes,
                format!("{} bytes after the last value", self.input.len()),
            ))
        }
    }
}

// ---- JSON ----

pub(crate) struct JsonUnpacker<'a> {
    input: &'a [u8],
    pos: usize,
    depth: usize,
    /// A value (or `]`) was just read: a `,` or `]` must come next.
    after_value: bool,
    /// Ruby's extension arity: how many payload scalars the open extension still takes.
    started: bool,
}

impl<'a> JsonUnpacker<'a> {
    pub(crate) fn new(input: &'a [u8]) -> JsonUnpacker<'a> {
        JsonUnpacker {
            input,
            pos: 0,
            depth: 0,
            after_value: false,
            started: false,
        }
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.input.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Result<u8, XppReadError> {
        self.skip_ws();
        self.input.get(self.pos).copied().ok_or_else(truncated)
    }

    /// Moves to the start of the next value, consuming separators and closing brackets;
    /// returns whether it starts an extension (`[`).
    fn advance(&mut self) -> Result<bool, XppReadError> {
        if !self.started {
            if self.peek()? != b'[' {
                return Err(malformed("the JSON payload is not an array"));
            }
            self.pos += 1;
            self.depth = 1;
            self.started = true;
        }
        loop {
            let b = self.peek()?;
            match b {
                b']' if self.after_value => {
                    self.pos += 1;
                    self.depth -= 1;
                    if self.depth == 0 {
                        return Err(truncated());
                    }
                }
                b',' if self.after_value => {
                    self.pos += 1;
                    self.after_value = false;
                }
                _ if self.after_value => return Err(malformed("expected ',' or ']'")),
                b'[' => {
                    self.pos += 1;
                    self.depth += 1;
                    return Ok(true);
                }
                _ => return Ok(false),
            }
        }
    }

    fn scalar(&mut self) -> Result<Token, XppReadError> {
        let b = self.peek()?;
        let start = self.pos;
        let token = match b {
            b'"' => {
                let mut i = start + 1;
                loop {
                    match self.input.get(i) {
                        None => return Err(truncated()),
                        Some(b'\\') => i += 2,
                        Some(b'"') => break,
                        Some(_) => i += 1,
                    }
                }
                let literal = &self.input[start..=i];
                self.pos = i + 1;
                Token::Str(
                    serde_json::from_slice::<String>(literal)
                        .map_err(|e| malformed(format!("a bad JSON string: {e}")))?,
                )
            }
            b'-' | b'0'..=b'9' => {
                let mut i = start + 1;
                while let Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-') = self.input.get(i) {
                    i += 1;
                }
                if i == self.input.len() {
                    return Err(truncated());
                }
                self.pos = i;
                let text = std::str::from_utf8(&self.input[start..i]).expect("ASCII");
                if text.contains(['.', 'e', 'E']) {
                    Token::Float(
                        text.parse::<f64>()
                            .map_err(|_| malformed(format!("a bad number {text}")))?,
                    )
                } else {
                    Token::Int(
                        text.parse::<i64>()
                            .map_err(|_| malformed(format!("a bad integer {text}")))?,
                    )
                }
            }
            _ => {
                let rest = &self.input[start..];
                let (token, len) = if rest.starts_with(b"null") {
                    (Token::Nil, 4)
                } else if rest.starts_with(b"true") {
                    (Token::Bool(true), 4)
                } else if rest.starts_with(b"false") {
                    (Token::Bool(false), 5)
                } else if b"null".starts_with(rest)
                    || b"true".starts_with(rest)
                    || b"false".starts_with(rest)
                {
                    return Err(truncated());
                } else {
                    return Err(malformed(format!("unexpected byte 0x{b:02x} in JSON")));
                };
                self.pos += len;
                token
            }
        };
        self.after_value = true;
        Ok(token)
    }

    fn payload_scalar(&mut self) -> Result<PayloadScalar, XppReadError> {
        if self.advance()? {
            return Err(malformed("an extension payload holds an array"));
        }
        match self.scalar()? {
            Token::Int(v) => Ok(PayloadScalar::Int(v)),
            Token::Str(s) => Ok(PayloadScalar::Str(s)),
            _ => Err(malformed("an extension payload holds a non-scalar")),
        }
    }
}

impl Unpacker for JsonUnpacker<'_> {
    fn next(&mut self) -> Result<Token, XppReadError> {
        if !self.advance()? {
            return self.scalar();
        }
        let number = match self.scalar()? {
            Token::Int(n @ 0..=0x7f) => n as u8,
            _ => return Err(malformed("an extension array without an extension number")),
        };
        // Payload arity by extension number (abstract_writer.rb's register_types).
        let mut payload = Vec::new();
        match number {
            0x00 | 0x01 | 0x10 | 0x11 | 0x13 | 0x21 | 0x30 | 0x31 | 0x32 | 0x35 | 0x36 | 0x37
            | 0x38 | 0x39 => payload.push(self.payload_scalar()?),
            0x33 | 0x34 => {
                payload.push(self.payload_scalar()?);
                payload.push(self.payload_scalar()?);
            }
            0x12 => {
                let segments = self.payload_scalar()?;
                let PayloadScalar::Int(n @ 1..=16) = segments else {
                    return Err(malformed("a type name with a bad segment count"));
                };
                payload.push(segments);
                for _ in 0..=n {
                    payload.push(self.payload_scalar()?);
                }
            }
            0x14 | 0x20 => {}
            other => return Err(malformed(format!("unknown extension number {other}"))),
        }
        Ok(Token::Ext(number, payload))
    }

    fn finish(&mut self) -> Result<(), XppReadError> {
        // Close the open brackets: only `]` may be left, then the end.
        loop {
            self.skip_ws();
            match self.input.get(self.pos) {
                Some(b']') if self.after_value && self.depth > 0 => {
                    self.pos += 1;
                    self.depth -= 1;
                }
                None if self.depth == 0 => return Ok(()),
                None => return Err(truncated()),
                Some(_) => {
                    return Err(XppReadError::new(
                        XppErrorKind::TrailingBytes,
                        "values after the end of the parse result",
                    ))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xpp::{payload, XppFormat};
    use crate::{parse_and_validate, ParseOptions};

    fn tokens(unpacker: &mut dyn Unpacker) -> Vec<Token> {
        let mut out = Vec::new();
        while let Ok(token) = unpacker.next() {
            out.push(token);
        }
        out
    }

    /// The msgpack and JSON payloads of the same result decode to the same token stream (the
    /// corpus, when installed, and a few sources with every kind of value).
    #[test]
    fn both_encodings_carry_the_same_values() {
        let mut sources: Vec<(String, Vec<u8>)> = [
            "$a = [1, -2, 3.5, 1e30, 'two', /re\\/x/, true, undef, default]\n",
            "class a($x = {k => v}) inherits b { notice(\"x${y}z\") }\n",
            "$a = \n",
        ]
        .iter()
        .map(|s| ("snippet.pp".to_owned(), s.as_bytes().to_vec()))
        .collect();
        let mut stack = vec![std::path::PathBuf::from(
            "/usr/share/puppet/modules.available",
        )];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "pp") {
                    sources.push((path.display().to_string(), std::fs::read(&path).unwrap()));
                }
            }
        }
        for (file, source) in &sources {
            let result = parse_and_validate(source, &ParseOptions::new().file(file.as_str()));
            let json = payload(&result, XppFormat::Json).unwrap();
            let msgpack = payload(&result, XppFormat::Msgpack).unwrap();
            let mut from_json = JsonUnpacker::new(&json);
            let mut from_msgpack = MsgpackUnpacker::new(&msgpack);
            let json_tokens = tokens(&mut from_json);
            assert!(json_tokens.len() > 3, "{file}");
            assert_eq!(json_tokens, tokens(&mut from_msgpack), "{file}");
            assert_eq!(from_json.finish(), Ok(()), "{file}");
            assert_eq!(from_msgpack.finish(), Ok(()), "{file}");
        }
    }
}
