//! Puppet's `json` heredoc syntax checker (`lib/puppet/syntax_checkers/json.rb`), which calls
//! `Puppet::Util::Json.load` — on Debian, Ruby's `JSON.parse` from the `json` 2.6.1 C extension.
//!
//! Written here rather than using `serde_json` because the point is to accept exactly what that
//! Ruby parser accepts, which is not strict RFC 8259: it allows `/* … */` and `// …\n` comments
//! wherever white space may appear, any escaped character in a string (`"\q"`), a scalar at the
//! top level; it rejects control characters in strings, `NaN`/`Infinity`, a high surrogate escape
//! with fewer than six characters after it in the string, and nesting deeper than 100. `serde_json`
//! would report false errors for the first three. Only validity matters (no value is built).
//!
//! The message reproduces the shape of Ruby's (`unexpected token at '<rest of the input>'`), not
//! the source line number of the C parser that Ruby puts in front of it.

/// Ruby's default `max_nesting`.
const MAX_NESTING: usize = 100;

/// `Err(message)` with a Puppet-style message when Ruby's `JSON.parse` would raise.
pub(crate) fn check(text: &str) -> Result<(), String> {
    let mut parser = Parser {
        b: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let result = (|| {
        parser.skip_ignored()?;
        parser.value()?;
        parser.skip_ignored()?;
        if parser.pos != parser.b.len() {
            return Err(parser.pos);
        }
        Ok(())
    })();
    result.map_err(|at| {
        let rest = &text[floor_char_boundary(text, at)..];
        let detail = match parser.depth > MAX_NESTING {
            true => format!("nesting of {} is too deep", parser.depth),
            false => format!("unexpected token at '{rest}'"),
        };
        let detail: String = detail
            .chars()
            .take(100)
            .collect::<String>()
            .replace("\r\n", "\\n")
            .replace('\n', "\\n");
        format!("JSON syntax checker: Cannot parse invalid JSON string. \"{detail}\"")
    })
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

struct Parser<'a> {
    b: &'a [u8],
    pos: usize,
    depth: usize,
}

/// `Err(position)` of the first unacceptable input.
type Step = Result<(), usize>;

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// White space (` \t\r\n`) and comments.
    fn skip_ignored(&mut self) -> Step {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.pos += 1,
                Some(b'/') => match self.b.get(self.pos + 1) {
                    Some(b'*') => {
                        let start = self.pos;
                        let body = &self.b[self.pos + 2..];
                        match body.windows(2).position(|w| w == b"*/") {
                            Some(end) => self.pos += 2 + end + 2,
                            None => return Err(start),
                        }
                    }
                    Some(b'/') => {
                        let start = self.pos;
                        match self.b[self.pos..].iter().position(|&c| c == b'\n') {
                            Some(end) => self.pos += end + 1,
                            None => return Err(start),
                        }
                    }
                    _ => return Err(self.pos),
                },
                _ => return Ok(()),
            }
        }
    }

    fn value(&mut self) -> Step {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string(),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b't') => self.keyword(b"true"),
            Some(b'f') => self.keyword(b"false"),
            Some(b'n') => self.keyword(b"null"),
            _ => Err(self.pos),
        }
    }

    fn keyword(&mut self, word: &[u8]) -> Step {
        if self.b[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.pos)
        }
    }

    fn enter(&mut self) -> Step {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.pos);
        }
        self.pos += 1;
        self.skip_ignored()
    }

    fn object(&mut self) -> Step {
        let start = self.pos;
        self.enter()?;
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(());
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(start);
            }
            self.string().map_err(|_| start)?;
            self.skip_ignored()?;
            if self.peek() != Some(b':') {
                return Err(start);
            }
            self.pos += 1;
            self.skip_ignored()?;
            // Ruby reports a bad member value at the start of the object.
            self.value()
                .map_err(|at| if self.depth > MAX_NESTING { at } else { start })?;
            self.skip_ignored()?;
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ignored()?;
                }
                Some(b'}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                _ => return Err(start),
            }
        }
    }

    fn array(&mut self) -> Step {
        self.enter()?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(());
        }
        loop {
            self.value()?;
            self.skip_ignored()?;
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_ignored()?;
                }
                Some(b']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(());
                }
                _ => return Err(self.pos),
            }
        }
    }

    /// `"…"`: no raw control characters; `\u` needs four hex digits; any other escaped
    /// character is accepted; a `\uD8xx`–`\uDBxx` escape needs six more characters in the string.
    fn string(&mut self) -> Step {
        let start = self.pos;
        self.pos += 1;
        let mut high_surrogates: Vec<usize> = Vec::new();
        loop {
            match self.peek() {
                None => return Err(start),
                Some(b'"') => break,
                Some(c) if c < 0x20 => return Err(start),
                Some(b'\\') => match self.b.get(self.pos + 1) {
                    None => return Err(start),
                    Some(c) if *c < 0x20 => return Err(start),
                    Some(b'u') => {
                        let hex = self.b.get(self.pos + 2..self.pos + 6).ok_or(start)?;
                        if !hex.iter().all(u8::is_ascii_hexdigit) {
                            return Err(start);
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
        if let Some(&at) = high_surrogates.iter().find(|&&after| end - after < 6) {
            return Err(at - 6);
        }
        Ok(())
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, and a following digit is an error
    /// (`01`).
    fn number(&mut self) -> Step {
        let start = self.pos;
        let digits = |p: &mut Self| {
            let s = p.pos;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.pos += 1;
            }
            p.pos - s
        };
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => {
                self.pos += 1;
                if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    return Err(start);
                }
            }
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return Err(start),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.pos - 1);
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            let e = self.pos;
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(e);
            }
        }
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

    #[test]
    fn message_shape() {
        assert_eq!(
            check("{\"a\":}\n").unwrap_err(),
            "JSON syntax checker: Cannot parse invalid JSON string. \"unexpected token at '{\"a\":}\\n'\""
        );
    }
}
