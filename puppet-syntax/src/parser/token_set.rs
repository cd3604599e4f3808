//! `TokenSet`: a bit set of token kinds, for FIRST sets and named recovery sets.

use crate::syntax_kind::SyntaxKind;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct TokenSet(u128);

impl TokenSet {
    pub(crate) const EMPTY: TokenSet = TokenSet(0);

    pub(crate) const fn new(kinds: &[SyntaxKind]) -> TokenSet {
        let mut bits = 0u128;
        let mut i = 0;
        while i < kinds.len() {
            bits |= mask(kinds[i]);
            i += 1;
        }
        TokenSet(bits)
    }

    #[allow(dead_code)]
    pub(crate) const fn union(self, other: TokenSet) -> TokenSet {
        TokenSet(self.0 | other.0)
    }

    /// One 64-bit word tested (a shift of the whole 128 bits by a variable amount takes
    /// several instructions, and this runs for most lookaheads).
    #[inline]
    pub(crate) const fn contains(&self, kind: SyntaxKind) -> bool {
        let raw = kind as u16 as u32;
        if raw >= 128 {
            return false;
        }
        let word = if raw < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        (word >> (raw & 63)) & 1 != 0
    }
}

const fn mask(kind: SyntaxKind) -> u128 {
    let raw = kind as u16;
    if raw < 128 {
        1u128 << raw
    } else {
        0
    }
}

#[test]
fn token_set_works() {
    use SyntaxKind::*;
    let s = TokenSet::new(&[COMMA, SEMIC]).union(TokenSet::new(&[EOF]));
    assert!(s.contains(COMMA) && s.contains(EOF) && !s.contains(NAME));
    assert!(!TokenSet::EMPTY.contains(COMMA));
}
