//! The reading side of the wire: a msgpack Pcore payload as a flat stream of [`Token`]s, each
//! intrinsic value or extension in stream order, as Ruby's `Unpacker#read` sees it; and the
//! JSON variant, transcoded to that msgpack first ([`json_to_msgpack`]). Every length is
//! checked against the bytes that are there and nothing recurses, so any input gives tokens
//! or an error, never a panic.
//!
//! Zero-copy: a [`Token`] is `Copy`, its strings borrowed from the payload, and an extension's
//! payload is not collected: after [`Token::Ext`] the reader pulls its scalars with
//! [`Msgpack::ext_scalar`] until `None`, and the next [`Msgpack::next`] refuses an extension
//! whose payload was not read to its end, so the arity of every extension is checked whatever
//! the reader does with it. (Profiling showed the `String` per string and the `Vec` per
//! extension of an owning token stream, and the moves and drops of non-`Copy` tokens, as the
//! largest costs of reading.)
//!
//! JSON: Ruby's stream is one JSON array in which every nested array is an extension (its first
//! element the extension number, then its payload, then possibly the values of the sequence it
//! starts); nesting carries no meaning beyond that, so the tokenizer is flat and checks only that
//! the brackets and commas are well formed. The payload arity comes from the extension number
//! (`abstract_writer.rb`'s `register_types`). Transcoding unescapes every string once, into a
//! buffer the msgpack tokens can borrow from; the msgpack written is byte for byte what the
//! msgpack packer writes for the same result (a test checks it on the corpus).

use std::borrow::Cow;

use super::error::{fail, Fail, XppErrorKind};
use super::packer::{MsgpackPacker, Packer, PayloadValue};

/// A scalar inside an extension payload.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Scalar<'a> {
    Int(i64),
    /// A string's bytes (not checked as UTF-8 here: see [`Token::Str`]).
    Str(&'a [u8]),
}

/// One value of the stream (for an extension, its number; the payload is pulled separately).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Token<'a> {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// A string's bytes, not checked as UTF-8: the reader checks a string where it uses it,
    /// unless it is the very bytes of the (checked) source at character boundaries, as nearly
    /// every string of a model is.
    Str(&'a [u8]),
    Ext(u8),
}

#[cold]
fn malformed(message: impl Into<String>) -> Fail {
    fail(XppErrorKind::Malformed, message)
}

#[cold]
fn truncated() -> Fail {
    fail(
        XppErrorKind::Truncated,
        "the payload ends in the middle of a value",
    )
}

#[cold]
fn leftover_payload() -> Fail {
    malformed("an extension payload holds more values than its extension takes")
}

// ---- msgpack ----

/// The msgpack token reader.
pub(crate) struct Msgpack<'a> {
    input: &'a [u8],
    /// The unread payload bytes of the current extension.
    ext: &'a [u8],
}

#[inline]
fn take<'a>(input: &mut &'a [u8], n: usize) -> Result<&'a [u8], Fail> {
    match input.split_at_checked(n) {
        Some((head, rest)) => {
            *input = rest;
            Ok(head)
        }
        None => Err(truncated()),
    }
}

#[inline]
fn be<const N: usize>(input: &mut &[u8]) -> Result<[u8; N], Fail> {
    match input.split_first_chunk::<N>() {
        Some((head, rest)) => {
            *input = rest;
            Ok(*head)
        }
        None => Err(truncated()),
    }
}

#[inline]
pub(crate) fn utf8(bytes: &[u8]) -> Result<&str, Fail> {
    simdutf8::basic::from_utf8(bytes).map_err(|_| malformed("a string is not valid UTF-8"))
}

/// What a msgpack marker starts.
enum Item<'a> {
    Token(Token<'a>),
    /// An extension: its number and payload bytes.
    Ext(u8, &'a [u8]),
}

/// One msgpack value (scalars and extensions only: Pcore sequences are extensions).
#[inline]
fn read_msgpack<'a>(input: &mut &'a [u8]) -> Result<Item<'a>, Fail> {
    let [marker] = be::<1>(input)?;
    let token = match marker {
        0x00..=0x7f => Token::Int(i64::from(marker)),
        0xe0..=0xff => Token::Int(i64::from(marker as i8)),
        0xa0..=0xbf => Token::Str(take(input, usize::from(marker & 0x1f))?),
        0xc0 => Token::Nil,
        0xc2 => Token::Bool(false),
        0xc3 => Token::Bool(true),
        0xcc => Token::Int(i64::from(u8::from_be_bytes(be(input)?))),
        0xcd => Token::Int(i64::from(u16::from_be_bytes(be(input)?))),
        0xce => Token::Int(i64::from(u32::from_be_bytes(be(input)?))),
        0xcf => Token::Int(
            i64::try_from(u64::from_be_bytes(be(input)?))
                .map_err(|_| malformed("an integer above 2^63"))?,
        ),
        0xd0 => Token::Int(i64::from(i8::from_be_bytes(be(input)?))),
        0xd1 => Token::Int(i64::from(i16::from_be_bytes(be(input)?))),
        0xd2 => Token::Int(i64::from(i32::from_be_bytes(be(input)?))),
        0xd3 => Token::Int(i64::from_be_bytes(be(input)?)),
        0xca => Token::Float(f64::from(f32::from_be_bytes(be(input)?))),
        0xcb => Token::Float(f64::from_be_bytes(be(input)?)),
        0xd9 => {
            let n = usize::from(u8::from_be_bytes(be(input)?));
            Token::Str(take(input, n)?)
        }
        0xda => {
            let n = usize::from(u16::from_be_bytes(be(input)?));
            Token::Str(take(input, n)?)
        }
        0xdb => {
            let n = u32::from_be_bytes(be(input)?) as usize;
            Token::Str(take(input, n)?)
        }
        0xd4..=0xd8 | 0xc7..=0xc9 => {
            let len = match marker {
                0xd4..=0xd8 => 1usize << (marker - 0xd4),
                0xc7 => usize::from(u8::from_be_bytes(be(input)?)),
                0xc8 => usize::from(u16::from_be_bytes(be(input)?)),
                _ => u32::from_be_bytes(be(input)?) as usize,
            };
            let [number] = be::<1>(input)?;
            if number > 0x7f {
                return Err(malformed(format!(
                    "reserved msgpack extension type {}",
                    number as i8
                )));
            }
            return Ok(Item::Ext(number, take(input, len)?));
        }
        other => {
            return Err(malformed(format!(
                "unexpected msgpack marker 0x{other:02x}"
            )))
        }
    };
    Ok(Item::Token(token))
}

/// A msgpack integer of at most 16 bits at the start of `bytes`, and its length.
#[inline(always)]
fn small_int(bytes: &[u8]) -> Option<(i64, usize)> {
    match *bytes {
        [b @ 0x00..=0x7f, ..] => Some((i64::from(b), 1)),
        [b @ 0xe0..=0xff, ..] => Some((i64::from(b as i8), 1)),
        [0xcc, b, ..] => Some((i64::from(b), 2)),
        [0xcd, hi, lo, ..] => Some((i64::from(u16::from_be_bytes([hi, lo])), 3)),
        _ => None,
    }
}

impl<'a> Msgpack<'a> {
    pub(crate) fn new(input: &'a [u8]) -> Msgpack<'a> {
        Msgpack { input, ext: &[] }
    }

    /// The bytes not read yet, for a reader that decodes common shapes itself (empty while an
    /// extension's payload is being read, so that such a reader leaves that to [`Self::next`],
    /// which refuses it).
    #[inline(always)]
    pub(crate) fn unread(&self) -> &'a [u8] {
        if self.ext.is_empty() {
            self.input
        } else {
            &[]
        }
    }

    /// Consumes `n` bytes of [`Self::unread`] (at most its length).
    #[inline(always)]
    pub(crate) fn skip(&mut self, n: usize) {
        self.input = &self.input[n..];
    }

    /// The next value of the stream.
    #[inline]
    pub(crate) fn next(&mut self) -> Result<Token<'a>, Fail> {
        if !self.ext.is_empty() {
            return Err(leftover_payload());
        }
        match read_msgpack(&mut self.input)? {
            Item::Token(token) => Ok(token),
            Item::Ext(number, payload) => {
                self.ext = payload;
                Ok(Token::Ext(number))
            }
        }
    }

    /// The next scalar of the payload of the extension [`next`](Self::next) just returned;
    /// `None` at its end.
    #[inline]
    pub(crate) fn ext_scalar(&mut self) -> Result<Option<Scalar<'a>>, Fail> {
        // The shapes of type names (short strings, indices and counts below 128) inline.
        match *self.ext {
            [] => Ok(None),
            [b @ 0x00..=0x7f, ref rest @ ..] => {
                self.ext = rest;
                Ok(Some(Scalar::Int(i64::from(b))))
            }
            [b @ 0xa0..=0xbf, ref rest @ ..] if rest.len() >= usize::from(b & 0x1f) => {
                let (text, rest) = rest.split_at(usize::from(b & 0x1f));
                self.ext = rest;
                Ok(Some(Scalar::Str(text)))
            }
            _ => self.ext_scalar_in_general(),
        }
    }

    fn ext_scalar_in_general(&mut self) -> Result<Option<Scalar<'a>>, Fail> {
        match read_msgpack(&mut self.ext) {
            Ok(Item::Token(Token::Int(v))) => Ok(Some(Scalar::Int(v))),
            Ok(Item::Token(Token::Str(s))) => Ok(Some(Scalar::Str(s))),
            Ok(Item::Ext(..)) => Err(malformed("an extension inside an extension payload")),
            Ok(Item::Token(_)) => Err(malformed("an extension payload holds a non-scalar")),
            Err(e) if e.kind == XppErrorKind::Truncated => {
                Err(malformed("an extension payload is cut short"))
            }
            Err(e) => Err(e),
        }
    }

    // Fast paths for the shapes that make up most of a payload (an integer; an extension whose
    // payload is one integer: tabulations, array and map starts), decoded straight from the
    // bytes. They take only what is exactly that shape and otherwise consume nothing, so the
    // caller falls back to `next`, which checks everything and reports errors: the fast paths
    // accept nothing `next` would refuse.

    /// The next value if it is an integer of at most 16 bits.
    #[inline(always)]
    pub(crate) fn fast_int(&mut self) -> Option<i64> {
        if !self.ext.is_empty() {
            return None;
        }
        let (value, len) = small_int(self.input)?;
        self.input = &self.input[len..];
        Some(value)
    }

    /// What follows the object start of nearly every node, if it is exactly that: the
    /// back-reference to the Locator (`TABULATION` of `locator`, below 128), then offset and
    /// length as integers of at most 16 bits.
    #[inline(always)]
    pub(crate) fn fast_node_position(&mut self, locator: Option<u8>) -> Option<(i64, i64)> {
        let locator = locator?;
        if !self.ext.is_empty() {
            return None;
        }
        match *self.input {
            [0xd4, 0x01, index, ref rest @ ..] if index == locator => {
                let (offset, a) = small_int(rest)?;
                let (length, b) = small_int(&rest[a..])?;
                self.input = &rest[a + b..];
                Some((offset, length))
            }
            _ => None,
        }
    }

    /// The next value if it is a string (its bytes, not checked as UTF-8).
    #[inline(always)]
    pub(crate) fn fast_str(&mut self) -> Option<&'a [u8]> {
        if !self.ext.is_empty() {
            return None;
        }
        let (start, len) = match *self.input {
            [b @ 0xa0..=0xbf, ..] => (1, usize::from(b & 0x1f)),
            [0xd9, n, ..] => (2, usize::from(n)),
            [0xda, hi, lo, ..] => (3, usize::from(u16::from_be_bytes([hi, lo]))),
            _ => return None,
        };
        let bytes = self.input.get(start..start + len)?;
        self.input = &self.input[start + len..];
        Some(bytes)
    }

    /// The next value if it is an extension numbered `0x00`, `0x01`, `0x10` or `0x11` whose
    /// payload is exactly one integer of at most 16 bits: its number and the integer.
    #[inline(always)]
    pub(crate) fn fast_ext_int(&mut self) -> Option<(u8, i64)> {
        if !self.ext.is_empty() {
            return None;
        }
        let (number, start, len) = match *self.input {
            [0xd4, number, ..] => (number, 2, 1),
            [0xd5, number, ..] => (number, 2, 2),
            [0xc7, 3, number, ..] => (number, 3, 3),
            _ => return None,
        };
        if !matches!(number, 0x00 | 0x01 | 0x10 | 0x11) {
            return None;
        }
        let payload = self.input.get(start..start + len)?;
        let (value, used) = small_int(payload)?;
        if used != len {
            return None;
        }
        self.input = &self.input[start + len..];
        Some((number, value))
    }

    /// Ok when nothing but the end of the stream is left.
    pub(crate) fn finish(&mut self) -> Result<(), Fail> {
        if !self.ext.is_empty() {
            Err(leftover_payload())
        } else if self.input.is_empty() {
            Ok(())
        } else {
            Err(fail(
                XppErrorKind::TrailingBytes,
                format!("{} bytes after the last value", self.input.len()),
            ))
        }
    }
}

// ---- JSON ----

/// A JSON scalar (strings unescaped only when they hold escapes).
enum JsonScalar<'a> {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Cow<'a, str>),
}

struct JsonTokenizer<'a> {
    input: &'a [u8],
    pos: usize,
    depth: usize,
    /// A value (or `]`) was just read: a `,` or `]` must come next.
    after_value: bool,
}

/// The msgpack stream of a JSON Pcore payload (see the module docs): the same values, strings
/// unescaped, each extension with its payload.
pub(crate) fn json_to_msgpack(input: &[u8]) -> Result<Vec<u8>, Fail> {
    let mut json = JsonTokenizer {
        input,
        pos: 0,
        depth: 0,
        after_value: false,
    };
    if json.peek()? != b'[' {
        return Err(malformed("the JSON payload is not an array"));
    }
    json.pos += 1;
    json.depth = 1;
    // Source text is about half of either payload; the JSON one is ~1.4 times the msgpack.
    let mut out = MsgpackPacker::new(input.len());
    // The strings of the current extension's payload (owned when unescaped).
    let mut strings: Vec<Cow<'_, str>> = Vec::new();
    while let Some(is_ext) = json.advance()? {
        if !is_ext {
            match json.scalar()? {
                JsonScalar::Nil => out.nil(),
                JsonScalar::Bool(b) => out.bool(b),
                JsonScalar::Int(i) => out.int(i),
                JsonScalar::Float(f) => {
                    out.float(f);
                }
                JsonScalar::Str(s) => out.str(&s),
            }
            continue;
        }
        let number = match json.scalar()? {
            JsonScalar::Int(n @ 0..=0x7f) => n as u8,
            _ => return Err(malformed("an extension array without an extension number")),
        };
        // At most a type name's: the segment count, 16 segments, the attribute count.
        let mut ints = [None::<i64>; 18];
        let mut len = 0;
        let arity = match number {
            0x00 | 0x01 | 0x10 | 0x11 | 0x13 | 0x21 | 0x30 | 0x31 | 0x32 | 0x35 | 0x36 | 0x37
            | 0x38 | 0x39 => 1,
            0x33 | 0x34 => 2,
            0x12 => match json.payload_scalar()? {
                JsonScalar::Int(n @ 1..=16) => {
                    ints[0] = Some(n);
                    len = 1;
                    n as usize + 2
                }
                _ => return Err(malformed("a type name with a bad segment count")),
            },
            0x14 | 0x20 => 0,
            other => return Err(malformed(format!("unknown extension number {other}"))),
        };
        strings.clear();
        while len < arity {
            match json.payload_scalar()? {
                JsonScalar::Int(i) => ints[len] = Some(i),
                JsonScalar::Str(s) => strings.push(s),
                _ => return Err(malformed("an extension payload holds a non-scalar")),
            }
            len += 1;
        }
        // Slots without an integer take the strings in order.
        let mut next_string = strings.iter();
        let mut values = [PayloadValue::Int(0); 18];
        for (value, int) in values.iter_mut().zip(&ints[..len]) {
            *value = match int {
                Some(i) => PayloadValue::Int(*i),
                None => PayloadValue::Str(next_string.next().expect("one string per slot")),
            };
        }
        out.ext(number, &values[..len], 0);
    }
    Ok(out.finish())
}

impl<'a> JsonTokenizer<'a> {
    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.input.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Result<u8, Fail> {
        self.skip_ws();
        self.input.get(self.pos).copied().ok_or_else(truncated)
    }

    /// Moves to the start of the next value, consuming separators and closing brackets;
    /// returns whether it starts an extension (`[`), or `None` at the end of the stream (the
    /// outer array closed; only whitespace may follow).
    fn advance(&mut self) -> Result<Option<bool>, Fail> {
        loop {
            let b = self.peek()?;
            match b {
                b']' if self.after_value => {
                    self.pos += 1;
                    self.depth -= 1;
                    if self.depth == 0 {
                        self.skip_ws();
                        if self.pos < self.input.len() {
                            return Err(fail(
                                XppErrorKind::TrailingBytes,
                                "bytes after the end of the JSON array",
                            ));
                        }
                        return Ok(None);
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
                    return Ok(Some(true));
                }
                _ => return Ok(Some(false)),
            }
        }
    }

    fn string(&mut self, start: usize) -> Result<Cow<'a, str>, Fail> {
        let input: &'a [u8] = self.input;
        let mut i = start + 1;
        let mut escaped = false;
        let end = loop {
            match memchr::memchr2(b'"', b'\\', &input[i..]) {
                None => return Err(truncated()),
                Some(k) if input[i + k] == b'\\' => {
                    escaped = true;
                    i += k + 2;
                    if i > input.len() {
                        return Err(truncated());
                    }
                }
                Some(k) => break i + k,
            }
        };
        self.pos = end + 1;
        let body = &input[start + 1..end];
        // JSON forbids raw control characters in strings (serde_json refuses them too).
        if !escaped && !body.iter().any(|&b| b < 0x20) {
            return utf8(body).map(Cow::Borrowed);
        }
        serde_json::from_slice::<String>(&input[start..=end])
            .map(Cow::Owned)
            .map_err(|e| malformed(format!("a bad JSON string: {e}")))
    }

    fn scalar(&mut self) -> Result<JsonScalar<'a>, Fail> {
        let b = self.peek()?;
        let start = self.pos;
        let token = match b {
            b'"' => JsonScalar::Str(self.string(start)?),
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
                    JsonScalar::Float(
                        text.parse::<f64>()
                            .map_err(|_| malformed(format!("a bad number {text}")))?,
                    )
                } else {
                    JsonScalar::Int(
                        text.parse::<i64>()
                            .map_err(|_| malformed(format!("a bad integer {text}")))?,
                    )
                }
            }
            _ => {
                let rest = &self.input[start..];
                let (token, len) = if rest.starts_with(b"null") {
                    (JsonScalar::Nil, 4)
                } else if rest.starts_with(b"true") {
                    (JsonScalar::Bool(true), 4)
                } else if rest.starts_with(b"false") {
                    (JsonScalar::Bool(false), 5)
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

    fn payload_scalar(&mut self) -> Result<JsonScalar<'a>, Fail> {
        match self.advance()? {
            Some(false) => self.scalar(),
            Some(true) => Err(malformed("an extension payload holds an array")),
            None => Err(truncated()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xpp::{payload, XppFormat};
    use crate::{parse_and_validate, ParseOptions};

    /// The JSON payload of a result transcodes to exactly its msgpack payload (the corpus, when
    /// installed, and a few sources with every kind of value and escapes).
    #[test]
    fn json_transcodes_to_the_msgpack_payload() {
        let mut sources: Vec<(String, Vec<u8>)> = [
            "$a = [1, -2, 3.5, 1e30, 'two', /re\\/x/, true, undef, default, 300, -70000]\n",
            "class a($x = {k => v}) inherits b { notice(\"x${y}z\\t\\u{1F600}\\\"\") }\n",
            "$a = \n",
        ]
        .iter()
        .map(|s| ("snippet\\\".pp".to_owned(), s.as_bytes().to_vec()))
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
            assert_eq!(json_to_msgpack(&json), Ok(msgpack), "{file}");
        }
    }

    /// An extension whose payload is not read to its end is refused by the next read: a msgpack
    /// fixext 2 (an array start) holding two integers.
    #[test]
    fn an_unread_payload_is_refused() {
        let bytes = [0xd5, 0x10, 0x02, 0x07, 0x01];
        let mut msgpack = Msgpack::new(&bytes);
        assert_eq!(msgpack.next(), Ok(Token::Ext(0x10)));
        assert_eq!(msgpack.ext_scalar(), Ok(Some(Scalar::Int(2))));
        assert!(msgpack.next().is_err());
        assert!(msgpack.finish().is_err());
    }

    /// JSON extensions take their arity from their number; strings follow JSON's rules.
    #[test]
    fn json_refusals() {
        let kind = |json: &str| json_to_msgpack(json.as_bytes()).unwrap_err().kind;
        assert_eq!(kind("[[16]]"), XppErrorKind::Truncated);
        assert_eq!(kind("[[16,[1]]]"), XppErrorKind::Malformed);
        assert_eq!(kind("[[18,0,1]]"), XppErrorKind::Malformed);
        assert_eq!(kind("[[99,1]]"), XppErrorKind::Malformed);
        assert_eq!(kind("[\"a\nb\"]"), XppErrorKind::Malformed);
        assert_eq!(kind(r#"["ab\"#), XppErrorKind::Truncated);
        assert_eq!(kind("[1,2"), XppErrorKind::Truncated);
        assert_eq!(kind("[1] 2"), XppErrorKind::TrailingBytes);
        assert_eq!(kind("{}"), XppErrorKind::Malformed);
        assert_eq!(
            json_to_msgpack(br#"["a\u00e9", [16,1], null]"#),
            Ok(vec![0xa3, b'a', 0xc3, 0xa9, 0xd4, 0x10, 0x01, 0xc0])
        );
    }
}
