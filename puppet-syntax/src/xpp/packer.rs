//! The lowest layer of Pcore serialization: packers that put intrinsic values (nil, booleans,
//! integers, floats, strings) and Pcore extensions (a number, a payload of integers and strings,
//! and how many stream values follow as its elements) on the wire.
//!
//! * [`JsonPacker`] is a port of Ruby Puppet 7.23's `Serialization::JSON::Packer`, down to its
//!   bookkeeping of open arrays (`@nested`, `write_delim`): an extension is a JSON array
//!   `[number, payload…` that stays open for the values of a sequence (array, object) and closes
//!   after the last one. A tabulated object start (`[0,n]`) closes at once, so its attribute
//!   values become siblings in the enclosing array, exactly as Ruby writes them (the stream is
//!   read as a flat sequence, so this is harmless). Scalars are written as Ruby's
//!   `JSON.generate` writes them (`Float#to_s` for floats).
//! * [`MsgpackPacker`] writes the same values with `rmp`: intrinsic values as msgpack values,
//!   each extension as a msgpack extension type whose data is its payload, msgpack-encoded; the
//!   elements of a sequence follow in the main stream.

use crate::ruby_format::{json_quote, ruby_float_to_s};

/// A value inside an extension's payload.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum PayloadValue<'a> {
    /// An integer (counts, tabulation indices).
    Int(i64),
    /// A string (a type name segment, a regexp source).
    Str(&'a str),
}

/// A Pcore packer: where the serializer's values go.
pub(crate) trait Packer {
    fn nil(&mut self);
    fn bool(&mut self, value: bool);
    fn int(&mut self, value: i64);
    /// `false` when the format cannot hold the value (JSON has no NaN or infinity).
    fn float(&mut self, value: f64) -> bool;
    fn str(&mut self, value: &str);
    /// An extension with its payload; `sequence` values that follow belong to it.
    fn ext(&mut self, number: u8, payload: &[PayloadValue<'_>], sequence: u32);
}

/// Ruby's `Serialization::JSON::Packer` (see the module docs).
pub(crate) struct JsonPacker {
    out: String,
    /// Ruby's `@nested`: `None` inside an extension payload, `Some(n)` for an open sequence
    /// that still takes `n` values.
    nested: Vec<Option<u32>>,
}

impl JsonPacker {
    pub(crate) fn new(capacity: usize) -> JsonPacker {
        let mut out = String::with_capacity(capacity);
        out.push('[');
        JsonPacker {
            out,
            nested: Vec::new(),
        }
    }

    /// Ruby's `flush`: drops the last delimiter and closes the stream array.
    pub(crate) fn finish(mut self) -> String {
        if self.out.len() > 1 {
            self.out.pop();
        }
        self.out.push(']');
        self.out
    }

    fn write_delim(&mut self) {
        loop {
            match self.nested.last_mut() {
                Some(Some(1)) => {
                    self.out.push(']');
                    self.nested.pop();
                }
                Some(Some(count)) => {
                    *count -= 1;
                    self.out.push(',');
                    return;
                }
                Some(None) | None => {
                    self.out.push(',');
                    return;
                }
            }
        }
    }

    fn scalar(&mut self, text: &str) {
        self.out.push_str(text);
        self.write_delim();
    }
}

impl Packer for JsonPacker {
    fn nil(&mut self) {
        self.scalar("null");
    }

    fn bool(&mut self, value: bool) {
        self.scalar(if value { "true" } else { "false" });
    }

    fn int(&mut self, value: i64) {
        self.scalar(&value.to_string());
    }

    fn float(&mut self, value: f64) -> bool {
        if !value.is_finite() {
            return false;
        }
        let text = ruby_float_to_s(value);
        self.scalar(&text);
        true
    }

    fn str(&mut self, value: &str) {
        json_quote(value, &mut self.out);
        self.write_delim();
    }

    fn ext(&mut self, number: u8, payload: &[PayloadValue<'_>], sequence: u32) {
        self.out.push('[');
        self.out.push_str(&number.to_string());
        self.out.push(',');
        self.nested.push(None);
        for value in payload {
            match *value {
                PayloadValue::Int(v) => self.int(v),
                PayloadValue::Str(s) => self.str(s),
            }
        }
        self.nested.pop();
        if sequence > 0 {
            self.nested.push(Some(sequence));
        } else {
            self.out.pop();
            self.out.push(']');
            self.write_delim();
        }
    }
}

/// The msgpack packer (see the module docs).
pub(crate) struct MsgpackPacker {
    out: Vec<u8>,
    payload: Vec<u8>,
}

impl MsgpackPacker {
    pub(crate) fn new(capacity: usize) -> MsgpackPacker {
        MsgpackPacker {
            out: Vec::with_capacity(capacity),
            payload: Vec::with_capacity(64),
        }
    }

    pub(crate) fn finish(self) -> Vec<u8> {
        self.out
    }
}

// Writing to a `Vec<u8>` cannot fail; rmp's `Result`s only carry the writer's errors.
impl Packer for MsgpackPacker {
    fn nil(&mut self) {
        rmp::encode::write_nil(&mut self.out).expect("Vec write");
    }

    fn bool(&mut self, value: bool) {
        rmp::encode::write_bool(&mut self.out, value).expect("Vec write");
    }

    fn int(&mut self, value: i64) {
        rmp::encode::write_sint(&mut self.out, value).expect("Vec write");
    }

    fn float(&mut self, value: f64) -> bool {
        rmp::encode::write_f64(&mut self.out, value).expect("Vec write");
        true
    }

    fn str(&mut self, value: &str) {
        rmp::encode::write_str(&mut self.out, value).expect("Vec write");
    }

    fn ext(&mut self, number: u8, payload: &[PayloadValue<'_>], _sequence: u32) {
        self.payload.clear();
        for value in payload {
            match *value {
                PayloadValue::Int(v) => {
                    rmp::encode::write_sint(&mut self.payload, v).expect("Vec write");
                }
                PayloadValue::Str(s) => {
                    rmp::encode::write_str(&mut self.payload, s).expect("Vec write");
                }
            }
        }
        let len = u32::try_from(self.payload.len()).expect("an extension payload under 4 GiB");
        // Pcore extension numbers are 0x00..=0x39: application types, never negative.
        rmp::encode::write_ext_meta(&mut self.out, len, number as i8).expect("Vec write");
        self.out.extend_from_slice(&self.payload);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_sequences_close_after_their_last_value() {
        let mut p = JsonPacker::new(16);
        p.ext(16, &[PayloadValue::Int(2)], 2);
        p.int(1);
        p.ext(16, &[PayloadValue::Int(0)], 0);
        p.str("x");
        assert_eq!(p.finish(), r#"[[16,2,1,[16,0]],"x"]"#);
    }

    #[test]
    fn json_empty_payload_extension() {
        let mut p = JsonPacker::new(16);
        p.ext(0x20, &[], 0);
        assert_eq!(p.finish(), "[[32]]");
        assert_eq!(JsonPacker::new(1).finish(), "[]");
    }

    #[test]
    fn msgpack_extension_carries_its_payload() {
        let mut p = MsgpackPacker::new(16);
        p.ext(0x10, &[PayloadValue::Int(1)], 1);
        p.int(0);
        // fixext1 (0xd4), type 0x10, payload 0x01; then 0x00.
        assert_eq!(p.finish(), vec![0xd4, 0x10, 0x01, 0x00]);
    }
}
