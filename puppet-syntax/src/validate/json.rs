//! Puppet's `json` heredoc syntax checker (`lib/puppet/syntax_checkers/json.rb`), which calls
//! `Puppet::Util::Json.load` — on Debian, Ruby's `JSON.parse` from the `json` 2.6.3 C extension
//! (Debian's `ruby-json`, which `puppet` pulls in through `hiera`; it replaces Ruby 3.1's bundled
//! 2.6.1, whose messages started with the C source line, `859: unexpected token …`).
//!
//! Written here rather than using `serde_json` because the point is to accept exactly what that
//! Ruby parser accepts, which is not strict RFC 8259: it allows `/* … */` and `// …\n` comments
//! wherever white space may appear, any escaped character in a string (`"\q"`), a scalar at the
//! top level; it rejects control characters in strings, `NaN`/`Infinity`, a high surrogate escape
//! with fewer than six characters after it in the string, and nesting deeper than 100. `serde_json`
//! would report false errors for the first three. Only validity matters (no value is built).
//!
//! The message reproduces Ruby's too (`unexpected token at '<rest of the input>'`): an error
//! inside an array is raised there (at the element or separator where the array stopped), one
//! anywhere else fails the whole document (at the start of the top-level value, or at trailing
//! garbage); `NaN`, `Infinity`, `-Infinity`, an incomplete surrogate pair and too deep nesting
//! are raised where they are found.

/// Ruby's default `max_nesting`.
const MAX_NESTING: usize = 100;

/// Where and why Ruby's `JSON.parse` raises: the byte offset and the `JSON::ParserError`'s
/// message (`unexpected token at '<rest of the input>'`).
pub(crate) fn parse_error(text: &str) -> Option<(usize, String)> {
    let mut parser = Parser {
        b: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let error = parser.document().err()?;
    Some(match error {
        // document() turns failures into document errors.
        Error::Fail => (0, format!("unexpected token at '{text}'")),
        Error::Nesting(depth) => (parser.pos, format!("nesting of {depth} is too deep")),
        Error::Raise { at, what } => {
            let at = floor_char_boundary(text, at);
            (at, format!("{what} at '{}'", &text[at..]))
        }
    })
}

/// `Err(message)` with Puppet's message when Ruby's `JSON.parse` would raise.
pub(crate) fn check(text: &str) -> Result<(), String> {
    let Some((_, detail)) = parse_error(text) else {
        return Ok(());
    };
    let detail: String = detail
        .chars()
        .take(100)
        .collect::<String>()
        .replace("\r\n", "\\n")
        .replace('\n', "\\n");
    Err(format!(
        "JSON syntax checker: Cannot parse invalid JSON string. \"{detail}\""
    ))
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Why parsing stopped.
#[derive(Clone, Copy, Debug)]
enum Error {
    /// The value does not parse; the enclosing array or the document reports it.
    Fail,
    /// Ruby raises right away, at byte `at`.
    Raise {
        at: usize,
        what: &'static str,
    },
    Nesting(usize),
}

fn unexpected(at: usize) -> Error {
    Error::Raise {
        at,
        what: "unexpected token",
    }
}

type Step = Result<(), Error>;

struct Parser<'a> {
    b: &'a [u8],
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// `ignore* value ignore*`.
    fn document(&mut self) -> Step {
        self.skip_ignored().map_err(unexpected)?;
        let start = self.pos;
        match self.value() {
            Ok(()) => {}
            Err(Error::Fail) => return Err(unexpected(start)),
            Err(other) => return Err(other),
        }
        self.skip_ignored().map_err(unexpected)?;
        if self.pos != self.b.len() {
            return Err(unexpected(self.pos));
        }
        Ok(())
    }

    /// White space (` \t\r\n`) and comments. `Err(at)`, where Ruby reports the error: the end
    /// of the input for an unterminated comment, just after a `/` that starts no comment (Ruby's
    /// scanner has taken it).
    fn skip_ignored(&mut self) -> Result<(), usize> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.pos += 1,
                Some(b'/') => match self.b.get(self.pos + 1) {
                    Some(b'*') => {
                        let body = &self.b[self.pos + 2..];
                        match body.windows(2).position(|w| w == b"*/") {
                            Some(end) => self.pos += 2 + end + 2,
                            None => return Err(self.b.len()),
                        }
                    }
                    Some(b'/') => match self.b[self.pos..].iter().position(|&c| c == b'\n') {
                        Some(end) => self.pos += end + 1,
                        None => return Err(self.b.len()),
                    },
                    _ => return Err(self.pos + 1),
                },
                _ => return Ok(()),
            }
        }
    }

    fn value(&mut self) -> Step {
        crate::deep::guarded(|| {
            let start = self.pos;
            let rest = &self.b[self.pos..];
            if rest.starts_with(b"NaN") {
                return Err(unexpected(start));
            }
            if rest.starts_with(b"Infinity") {
                // Ruby points one character before the word (nowhere at the very start).
                return Err(unexpected(if start == 0 {
                    self.b.len()
                } else {
                    start - 1
                }));
            }
            if rest.starts_with(b"-Infinity") {
                return Err(unexpected(start));
            }
            match self.peek() {
                Some(b'{') => self.object(),
                Some(b'[') => self.array(),
                Some(b'"') => self.string(),
                Some(b'-' | b'0'..=b'9') => self.number(),
                Some(b't') => self.keyword(b"true"),
                Some(b'f') => self.keyword(b"false"),
                Some(b'n') => self.keyword(b"null"),
                _ => Err(Error::Fail),
            }
        })
    }

    fn keyword(&mut self, word: &[u8]) -> Step {
        if self.b[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(Error::Fail)
        }
    }

    fn enter(&mut self) -> Step {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(Error::Nesting(self.depth));
        }
        self.pos += 1;
        Ok(())
    }

    /// An object fails as a whole (nothing is raised for its own errors).
    fn object(&mut self) -> Step {
        self.enter()?;
        let fail = |_| Error::Fail;
        self.skip_ignored().map_err(fail)?;
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(());
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(Error::Fail);
            }
            self.string()?;
            self.skip_ignored().map_err(fail)?;
            if self.peek() != Some(b':') {
                return Err(Error::Fail);
            }
            self.pos += 1;
            self.skip_ignored().map_err(fail)?;
            self.value()?;
            self.skip_ignored().map_err(fail)?;
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ignored().map_err(fail)?;
                }
                Some(b'}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                _ => return Err(Error::Fail),
            }
        }
    }

    /// An array raises its own errors (451) where it stopped.
    fn array(&mut self) -> Step {
        self.enter()?;
        let here = |p: &Self| unexpected(p.pos);
        self.skip_ignored().map_err(unexpected)?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(());
        }
        loop {
            let element = self.pos;
            match self.value() {
                Ok(()) => {}
                Err(Error::Fail) => return Err(unexpected(element)),
                Err(other) => return Err(other),
            }
            self.skip_ignored().map_err(unexpected)?;
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ignored().map_err(unexpected)?;
                }
                Some(b']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                _ => return Err(here(self)),
            }
        }
    }

    /// `"…"`: no raw control characters; `\u` needs four hex digits; any other escaped
    /// character is accepted; a `\uD8xx`–`\uDBxx` escape needs six more characters in the string
    /// (else Ruby raises "incomplete surrogate pair").
    fn string(&mut self) -> Step {
        self.pos += 1;
        let mut high_surrogates: Vec<usize> = Vec::new();
        loop {
            match self.peek() {
                None => return Err(Error::Fail),
                Some(b'"') => break,
                Some(c) if c < 0x20 => return Err(Error::Fail),
                Some(b'\\') => match self.b.get(self.pos + 1) {
                    None => return Err(Error::Fail),
                    Some(c) if *c < 0x20 => return Err(Error::Fail),
                    Some(b'u') => {
                        let hex = self.b.get(self.pos + 2..self.pos + 6).ok_or(Error::Fail)?;
                        if !hex.iter().all(u8::is_ascii_hexdigit) {
                            return Err(Error::Fail);
                        }
                        let code = u16::from_str_radix(std::str::from_utf8(hex).unwrap_or("0"), 16)
                            .unwrap_or(0);
                        self.pos += 6;
                        if code & 0xFC00 == 0xD800 {
                            high_surrogates.push(self.pos);
                        }
                    }
                    Some(_) => {
                        self.pos += 2;
                        // Skip the rest of a multi-byte escaped character.
                        while self.peek().is_some_and(|c| c & 0xC0 == 0x80) {
                            self.pos += 1;
                        }
                    }
                },
                Some(_) => self.pos += 1,
            }
        }
        let end = self.pos;
        self.pos += 1;
        if let Some(&after) = high_surrogates.iter().find(|&&after| end - after < 6) {
            return Err(Error::Raise {
                at: after - 6,
                what: "incomplete surrogate pair",
            });
        }
        Ok(())
    }

    /// `-?(0|[1-9][0-9]*)` optionally followed by `(\.[0-9]+)?([eE][+-]?[0-9]+)?`. As Ruby's
    /// float and integer machines do: a fraction or exponent that is incomplete, or followed by
    /// another `.`, `e`, `E` or digit, is not part of the number (the integer part is); an
    /// integer part followed by a digit (`01`) fails.
    fn number(&mut self) -> Step {
        let b = self.b;
        let digits = |mut i: usize| {
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            i
        };
        let mut i = self.pos;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let integer_end = match b.get(i) {
            Some(b'0') => i + 1,
            Some(b'1'..=b'9') => digits(i + 1),
            _ => return Err(Error::Fail),
        };
        if b.get(integer_end).is_some_and(u8::is_ascii_digit) {
            return Err(Error::Fail);
        }
        let mut end = integer_end;
        let mut float = false;
        let mut complete = true;
        if b.get(end) == Some(&b'.') {
            let after = digits(end + 1);
            if after == end + 1 {
                complete = false;
            }
            end = after;
            float = true;
        }
        if complete && matches!(b.get(end), Some(b'e' | b'E')) {
            let mut j = end + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            let after = digits(j);
            if after == j {
                complete = false;
            }
            end = after;
            float = true;
        }
        let float_ok =
            float && complete && !matches!(b.get(end), Some(b'.' | b'e' | b'E' | b'0'..=b'9'));
        self.pos = if float_ok { end } else { integer_end };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn accepts_what_ruby_accepts() {
        for ok in [
            "2",
            "\"abc\"",
            "/* c */ [1]",
            "[1] // x\n",
            "[1 /* x */ ,2]",
            "[1e5, -0, 0.5E+3, 1.0e-5]",
            "[\"\\q\"]",
            "[true,false,null]",
            "[1]\r\n\t ",
            "[1]/**/",
            "[/**/]",
            "{ }",
            "{\"a\":1 /* c */}",
            "//c\n1",
            "[\"\\ud800\\u0041\"]",
            "[\"\\ud800abcdef\"]",
            "[\"\\u007f\u{7f}\"]",
            "{\"a\": {\"b\": [1, 2, {\"c\": null}]}}",
        ] {
            assert!(check(ok).is_ok(), "{ok:?}: {:?}", check(ok));
        }
    }

    #[test]
    fn rejects_what_ruby_rejects() {
        for bad in [
            "",
            " ",
            "[1,]",
            "{\"a\":1,}",
            "\"\t\"",
            "[NaN]",
            "[01]",
            "[-]",
            "[1.]",
            "[\"a\u{1}\"]",
            "[\"\\u12\"]",
            "{\"a\" : 1 } x",
            "[Infinity]",
            "[-Infinity]",
            "\u{feff}[1]",
            "[1]\u{a0}",
            "[tru]",
            "[\"\\ud800\"]",
            "[\"\\ud800abcde\"]",
            "[\"\\udbff\\n\"]",
            "{1:2}",
            "[1] /* ",
            "[1] //x",
            "[1]/*/",
            "[1e]",
            "[1E+]",
            "[-01]",
            "[1 2]",
            "nul",
            "[1]\u{c}",
            "[2]#",
        ] {
            assert!(check(bad).is_err(), "{bad:?}");
        }
        let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
        assert!(check(&deep).is_err());
        let ok = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(check(&ok).is_ok());
    }

    /// Ruby json 2.6.3's messages (`JSON.parse(s) rescue $!`), as the checker wraps them.
    #[test]
    fn messages_like_ruby() {
        let cases = [
            ("{\"a\":}\n", "unexpected token at '{\"a\":}\\n'"),
            ("  nul", "unexpected token at 'nul'"),
            (
                "{\"a\": {\"b\":}}",
                "unexpected token at '{\"a\": {\"b\":}}'",
            ),
            ("[{\"a\":}]", "unexpected token at '{\"a\":}]'"),
            ("{\"a\": [1,]}", "unexpected token at ']}'"),
            ("[1, nul]", "unexpected token at 'nul]'"),
            ("NaN", "unexpected token at 'NaN'"),
            (" [1] x", "unexpected token at 'x'"),
            ("[[1,]", "unexpected token at ']'"),
            ("[1", "unexpected token at ''"),
            ("[1.5.2]", "unexpected token at '.5.2]'"),
            ("  -Infinity", "unexpected token at '-Infinity'"),
            ("Infinity", "unexpected token at ''"),
            ("[ Infinity]", "unexpected token at ' Infinity]'"),
            ("{\"a\":NaN}", "unexpected token at 'NaN}'"),
            (
                "{\"a\":\"\\ud800\"}",
                "incomplete surrogate pair at '\\ud800\"}'",
            ),
            ("[\"x\"  \"y\"]", "unexpected token at '\"y\"]'"),
            ("[,]", "unexpected token at ',]'"),
            ("[1]]", "unexpected token at ']'"),
            ("01", "unexpected token at '01'"),
            ("-0.5e", "unexpected token at '.5e'"),
            ("2.", "unexpected token at '.'"),
            ("[1e]", "unexpected token at 'e]'"),
            ("[01]", "unexpected token at '01]'"),
            ("", "unexpected token at ''"),
            ("[1] /* ", "unexpected token at ''"),
            // A `/` that starts no comment: Ruby's scanner has taken it.
            ("1 /x", "unexpected token at 'x'"),
            ("[/x 1]", "unexpected token at 'x 1]'"),
            ("1 /", "unexpected token at ''"),
            ("[1 /]", "unexpected token at ']'"),
            ("[1, /x]", "unexpected token at 'x]'"),
            ("[/1]", "unexpected token at '1]'"),
            ("/ 1", "unexpected token at ' 1'"),
            ("[/*x*/ /y]", "unexpected token at 'y]'"),
            ("1 //", "unexpected token at ''"),
            ("{\"a\": /x}", "unexpected token at '{\"a\": /x}'"),
        ];
        for (input, ruby) in cases {
            assert_eq!(
                check(input).unwrap_err(),
                format!(
                    "JSON syntax checker: Cannot parse invalid JSON string. \"{}\"",
                    ruby.replace('\n', "\\n")
                ),
                "{input:?}"
            );
        }
    }
}
