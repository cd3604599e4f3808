//! Puppet's `base64` heredoc syntax checker (`lib/puppet/syntax_checkers/base64.rb`): remove
//! `\r`, `?`, `\n` and blanks (Ruby's `/[\r?\n[:blank:]]/` — the `?` is a quirk of the
//! character class), then Ruby's `Base64.strict_decode64` must accept the rest: groups of four
//! alphabet characters, `=` padding only at the very end, and zero unused bits in the last group.
//!
//! Twenty lines of code, so no crate: the `base64` crate's strict engine would do, but a
//! dependency for a validity check of this size is not worth it, and the Ruby details (what is
//! stripped, which message) have to be written here anyway.

/// `Err(message)` with Puppet's message when the text is not strict Base64.
pub(crate) fn check(text: &str) -> Result<(), String> {
    let cleaned: String = text
        .chars()
        .filter(|&c| !matches!(c, '\r' | '?' | '\n') && !is_blank(c))
        .collect();
    if strict_decodes(cleaned.as_bytes()) {
        return Ok(());
    }
    Err(if (cleaned.len() * 8) % 6 != 0 {
        "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct"
            .to_owned()
    } else {
        "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)"
            .to_owned()
    })
}

/// Onigmo's `[[:blank:]]` on a UTF-8 string: tab and the space separators (Unicode `Zs`).
fn is_blank(c: char) -> bool {
    matches!(
        c,
        '\t' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// Ruby `unpack1("m0")` (strict Base64) succeeds.
fn strict_decodes(b: &[u8]) -> bool {
    if b.len() % 4 != 0 {
        return false;
    }
    let value = |c: u8| -> Option<u8> {
        match c {
            b'A'..=b'Z' => Some(c - b'A'),
            b'a'..=b'z' => Some(c - b'a' + 26),
            b'0'..=b'9' => Some(c - b'0' + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    };
    let groups = b.len() / 4;
    for (g, chunk) in b.chunks(4).enumerate() {
        let last = g + 1 == groups;
        let padding = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if padding > 2 || (padding > 0 && !last) {
            return false;
        }
        let mut values = [0u8; 4];
        for (i, &c) in chunk[..4 - padding].iter().enumerate() {
            match value(c) {
                Some(v) => values[i] = v,
                None => return false,
            }
        }
        // Unused low bits of the last character must be zero.
        if (padding == 1 && values[2] & 0b11 != 0) || (padding == 2 && values[1] & 0b1111 != 0) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_like_ruby() {
        for ok in [
            "QQ==",
            "QUI=",
            "QUJD",
            "",
            "QUJDRA==",
            "QU JD\nRA==\n",
            "QUJ?D",
        ] {
            assert!(check(ok).is_ok(), "{ok}");
        }
        for bad in [
            "QR==",
            "QUJ=",
            "Q===",
            "QQ=",
            "QQ",
            "QQ==QQ==",
            "=AAA",
            "Q\u{e9}==",
            "QQ=A",
        ] {
            assert!(check(bad).is_err(), "{bad}");
        }
        assert_eq!(
            check("not base64!").unwrap_err(),
            "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct"
        );
        assert!(check("QQ-")
            .unwrap_err()
            .contains("outside strict base 64 range"));
    }
}
