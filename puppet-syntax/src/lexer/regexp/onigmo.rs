//! The second of Ruby's checks of a regular expression: Onigmo's parser (`regparse.c`, Ruby
//! syntax) and the checks Onigmo makes on the parsed tree before it compiles it. What is
//! checked, with Onigmo's words:
//!
//! * groups: unmatched parentheses, the options of `(?imx-imx)` (`(?s)`, `(?l)`, `(?-a)` are
//!   Perl's), `(?` or `(?#` left open, group names (empty, starting with a digit, not
//!   closed);
//! * repeats: one with nothing before it, an interval with a number above 100,000 or its upper
//!   bound below its lower one;
//! * character classes: empty (`[]`, unless a `]` follows later), not closed, a range whose
//!   end comes before its start, a class (`\d`, `[:alpha:]`, `[b]`) at either end of a range,
//!   a POSIX bracket of unknown name;
//! * references: `\k<name>` to a name not defined before it, `\g<name>` and `\g<n>` to a
//!   group the pattern does not have, `\n` and `\k<n>` past the last group, and a numbered
//!   reference in a pattern with named groups;
//! * look-behinds: a repeat of variable count, a back reference, `\z` or `\Z`, a look-ahead,
//!   an atomic or absent group or a condition inside, or (negative ones) a capture group;
//! * Unicode property names (`\p{Foo}`, against `properties.rs`).
//!
//! Not checked (accepted, so that a valid pattern is never refused): recursive calls that
//! never end (and so, in a pattern with any call, what Onigmo checks after them: back
//! reference numbers and look-behinds), conditions `(?(…)…)` other than a missing group
//! number or name, and a look-behind whose alternatives differ in length inside a group.

use std::collections::HashSet;

use crate::lexer::chars::char_len;

/// Onigmo's largest repeat count (`ONIG_MAX_REPEAT_NUM`).
const MAX_REPEAT: u64 = 100_000;
/// Onigmo's largest back reference number (`ONIG_MAX_BACKREF_NUM`).
const MAX_BACKREF: u64 = 1_000;

/// Onigmo's message for the first mistake of `b`, if any (`b` passed `re.c`'s check).
pub(super) fn check(b: &[u8]) -> Result<(), String> {
    let mut parser = Parser {
        b,
        i: 0,
        groups: 0,
        names: HashSet::new(),
        numbered_reference: false,
        calls: Vec::new(),
        tree_checks: Vec::new(),
        open: Vec::new(),
        outermost_look_behind: None,
        outermost_negative_look_behind: None,
    };
    parser.pattern()?;
    parser.tree()
}

/// What an open group is, for the rules that depend on what encloses a node.
#[derive(Clone, Copy)]
enum Group {
    /// A look-behind, with the index of its entry in `tree_checks`.
    LookBehind { check: usize },
    /// Any other group.
    Other,
}

/// A subexpression call `\g<…>`, resolved once the whole pattern is read.
enum Call<'a> {
    Name(&'a [u8]),
    /// The group number, and the number as written (`\g<+1>` is shown as 1).
    Number(u64, u64),
}

/// What Onigmo checks on the tree after the parse (`setup_tree`), in tree order.
enum TreeCheck {
    Backref(u64),
    /// A look-behind, checked where it starts (before anything inside it): whether what it
    /// holds is allowed there (`check_type_tree`, `setup_look_behind`).
    LookBehind {
        valid: bool,
    },
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
    /// Capture groups so far (`num_mem`).
    groups: u64,
    /// Names of the named groups so far.
    names: HashSet<&'a [u8]>,
    /// Whether a reference by number (`\1`, `\k<1>`, `\g<1>`) was read.
    numbered_reference: bool,
    calls: Vec<Call<'a>>,
    tree_checks: Vec<TreeCheck>,
    open: Vec<Group>,
    /// The `tree_checks` entries of the outermost open look-behind and of the outermost open
    /// negative one (kept as groups open and close: a check per token must not walk the
    /// stack); a mistake inside is reported where they start.
    outermost_look_behind: Option<usize>,
    outermost_negative_look_behind: Option<usize>,
}

impl<'a> Parser<'a> {
    /// Something a look-behind may not hold (a repeat of variable count, a back reference,
    /// `\z`, a look-ahead, an atomic group…): the outermost open one is invalid.
    fn not_in_look_behind(&mut self) {
        if let Some(at) = self.outermost_look_behind {
            self.tree_checks[at] = TreeCheck::LookBehind { valid: false };
        }
    }

    /// A capture group, which a negative look-behind may not hold.
    fn capture_in_negative_look_behind(&mut self) {
        if let Some(at) = self.outermost_negative_look_behind {
            self.tree_checks[at] = TreeCheck::LookBehind { valid: false };
        }
    }

    fn open_group(&mut self) {
        self.open.push(Group::Other);
    }

    fn open_look_behind(&mut self, negative: bool) {
        let check = self.tree_checks.len();
        self.tree_checks.push(TreeCheck::LookBehind { valid: true });
        self.outermost_look_behind.get_or_insert(check);
        if negative {
            self.outermost_negative_look_behind.get_or_insert(check);
        }
        self.open.push(Group::LookBehind { check });
    }

    fn close_group(&mut self) -> bool {
        match self.open.pop() {
            None => false,
            Some(Group::LookBehind { check }) => {
                for outermost in [
                    &mut self.outermost_look_behind,
                    &mut self.outermost_negative_look_behind,
                ] {
                    if *outermost == Some(check) {
                        *outermost = None;
                    }
                }
                true
            }
            Some(Group::Other) => true,
        }
    }

    /// The whole pattern: a flat loop over tokens, groups kept on `open` (no recursion, so
    /// any nesting depth is safe).
    fn pattern(&mut self) -> Result<(), String> {
        let b = self.b;
        // Whether a repeat here would have nothing to repeat.
        let mut at_start = true;
        while self.i < b.len() {
            let c = b[self.i];
            match c {
                b'\\' => {
                    self.escape()?;
                    at_start = false;
                }
                b'[' => {
                    self.i = super::class::class_end(b, self.i)?;
                    at_start = false;
                }
                b'(' => at_start = self.group_start()?.unwrap_or(at_start),
                b')' => {
                    if !self.close_group() {
                        return Err("unmatched close parenthesis".into());
                    }
                    self.i += 1;
                    at_start = false;
                }
                b'|' => {
                    self.i += 1;
                    at_start = true;
                }
                b'*' | b'+' | b'?' => {
                    if at_start {
                        return Err("target of repeat operator is not specified".into());
                    }
                    self.i += 1;
                    self.not_in_look_behind();
                }
                b'{' => match self.interval()? {
                    Some((low, high)) => {
                        if at_start {
                            return Err("target of repeat operator is not specified".into());
                        }
                        if Some(low) != high {
                            self.not_in_look_behind();
                        }
                    }
                    None => {
                        self.i += 1;
                        at_start = false;
                    }
                },
                _ => {
                    self.i += char_len(c);
                    at_start = false;
                }
            }
        }
        if self.open.is_empty() {
            Ok(())
        } else {
            Err("end pattern with unmatched parenthesis".into())
        }
    }

    /// An interval at `self.i` (a `{`): `Some((low, high))` (`None` high: no upper bound) and
    /// `self.i` past it, or `None` for a literal `{` (`fetch_range_quantifier`, with Ruby's
    /// `ALLOW_INVALID_INTERVAL` and `{,n}`).
    fn interval(&mut self) -> Result<Option<(u64, Option<u64>)>, String> {
        let b = self.b;
        let mut p = self.i + 1;
        let too_big = || Err("too big number for repeat range".to_owned());
        let (low, digits) = decimal(&b[p..]);
        if low > MAX_REPEAT {
            return too_big();
        }
        p += digits;
        let abbreviated_low = digits == 0;
        let high = match b.get(p) {
            None => return Ok(None),
            Some(b',') => {
                p += 1;
                let (high, digits) = decimal(&b[p..]);
                if high > MAX_REPEAT {
                    return too_big();
                }
                p += digits;
                if digits == 0 {
                    if abbreviated_low {
                        return Ok(None);
                    }
                    None
                } else {
                    Some(high)
                }
            }
            Some(_) if abbreviated_low => return Ok(None),
            Some(_) => Some(low),
        };
        if b.get(p) != Some(&b'}') {
            return Ok(None);
        }
        if high.is_some_and(|high| low > high) {
            return Err("upper is smaller than lower in repeat range".into());
        }
        self.i = p + 1;
        // A `?` or `+` after it makes it lazy or possessive: no more to check.
        Ok(Some((low, high)))
    }

    /// A group's start at `self.i` (a `(`); returns whether what follows is at the start of
    /// a branch (after an option group such as `(?i)`, whose body is the rest of the branch),
    /// or `None` for a comment, which changes nothing.
    fn group_start(&mut self) -> Result<Option<bool>, String> {
        let b = self.b;
        self.i += 1;
        if b.get(self.i) != Some(&b'?') {
            self.capture_in_negative_look_behind();
            self.groups += 1;
            self.open_group();
            return Ok(Some(true));
        }
        self.i += 1;
        let Some(&c) = b.get(self.i) else {
            return Err("end pattern in group".into());
        };
        self.i += 1;
        match c {
            b'#' => {
                match b[self.i..].iter().position(|&c| c == b')') {
                    Some(close) => self.i += close + 1,
                    None => return Err("end pattern in group".into()),
                }
                // A comment is no node: a repeat after it has the node before it.
                return Ok(None);
            }
            b')' => return Err("undefined group option".into()),
            b':' => self.open_group(),
            // A look-ahead, an atomic group, an absent group: none may be in a look-behind.
            b'=' | b'!' | b'>' | b'~' => {
                self.not_in_look_behind();
                self.open_group();
            }
            b'<' => match b.get(self.i) {
                None => return Err("end pattern with unmatched parenthesis".into()),
                Some(b'=') | Some(b'!') => {
                    let negative = b[self.i] == b'!';
                    self.i += 1;
                    self.open_look_behind(negative);
                }
                Some(_) => self.named_group(b'>')?,
            },
            b'\'' => self.named_group(b'\'')?,
            b'(' => {
                self.not_in_look_behind();
                self.condition()?;
                self.open_group();
            }
            _ => return self.options(c).map(Some),
        }
        Ok(Some(true))
    }

    /// The condition of `(?(…)…)` at `self.i`: a group number (checked once the whole pattern
    /// is read), or a name defined before it (`<name>`, `'name'`).
    fn condition(&mut self) -> Result<(), String> {
        let b = self.b;
        let invalid = || Err("invalid conditional pattern".to_owned());
        match b.get(self.i) {
            Some(c) if c.is_ascii_digit() => {
                let (number, digits) = decimal(&b[self.i..]);
                if b.get(self.i + digits) != Some(&b')') {
                    // `(?(1a)`…: left to Onigmo.
                    self.i = b.len();
                    return Ok(());
                }
                self.tree_checks.push(TreeCheck::Backref(number));
                self.i += digits + 1;
                Ok(())
            }
            Some(&open @ (b'<' | b'\'')) => {
                let end = if open == b'<' { b'>' } else { b'\'' };
                let start = self.i + 1;
                match b[start..].iter().position(|&c| c == end) {
                    Some(len) if b.get(start + len + 1) == Some(&b')') => {
                        let name = &b[start..start + len];
                        self.i = start + len + 2;
                        if name.is_empty() || !name.iter().all(|&c| is_word(c)) {
                            // Levels, numbers in brackets…: left to Onigmo.
                            self.i = b.len();
                            return Ok(());
                        }
                        if name[0].is_ascii_digit() {
                            self.i = b.len();
                            return Ok(());
                        }
                        self.defined_before(name)
                    }
                    _ => {
                        self.i = b.len();
                        Ok(())
                    }
                }
            }
            _ => invalid(),
        }
    }

    /// Onigmo's error for a reference to `name` when no group of that name came before.
    fn defined_before(&self, name: &[u8]) -> Result<(), String> {
        if self.names.contains(&name) {
            Ok(())
        } else {
            Err(format!(
                "undefined name <{}> reference",
                String::from_utf8_lossy(name)
            ))
        }
    }

    /// `(?imx-imx)` or `(?imx-imx:…)`, from its first character `first`.
    fn options(&mut self, first: u8) -> Result<bool, String> {
        let b = self.b;
        let mut negative = false;
        let mut c = first;
        loop {
            match c {
                b')' => return Ok(true),
                b':' => {
                    self.open_group();
                    return Ok(true);
                }
                b'-' => negative = true,
                b'i' | b'm' | b'x' => {}
                b'a' | b'd' | b'u' if !negative => {}
                _ => return Err("undefined group option".into()),
            }
            let Some(&next) = b.get(self.i) else {
                return Err("end pattern in group".into());
            };
            self.i += 1;
            c = next;
        }
    }

    /// A named group's name, from `self.i` to `end` (`>` or `'`).
    fn named_group(&mut self, end: u8) -> Result<(), String> {
        let name = self.name(end)?;
        self.capture_in_negative_look_behind();
        self.names.insert(name);
        self.groups += 1;
        self.open_group();
        Ok(())
    }

    /// A group name at `self.i`, ended by `end` (`fetch_name` for a definition): empty, or
    /// starting with a digit, or not closed, is refused. `self.i` moves past `end`.
    fn name(&mut self, end: u8) -> Result<&'a [u8], String> {
        let b = self.b;
        let start = self.i;
        match b.get(start) {
            None => return Err("group name is empty".into()),
            Some(&c) if c == end => return Err("group name is empty".into()),
            _ => {}
        }
        let stop = b[start..].iter().position(|&c| c == end || c == b')');
        // Onigmo shows at most 47 bytes of it, then `...`.
        let shown = |to: usize| {
            let mut cut = to.min(start + 47);
            while cut > start && cut < b.len() && (0x80..0xc0).contains(&b[cut]) {
                cut -= 1;
            }
            let dots = if cut < to { "..." } else { "" };
            Err(format!(
                "invalid group name <{}{dots}>",
                String::from_utf8_lossy(&b[start..cut])
            ))
        };
        if b[start].is_ascii_digit() {
            // Shown up to its end, or to the end of the pattern when that is where it stops.
            return match stop {
                Some(s) if start + s + 1 < b.len() => shown(start + s),
                _ => shown(b.len()),
            };
        }
        match stop {
            Some(s) if b[start + s] == end => {
                self.i = start + s + 1;
                Ok(&b[start..start + s])
            }
            // Ended by `)` or not at all: shown to the end of the pattern.
            _ => shown(b.len()),
        }
    }

    /// An escape at `self.i` (a `\`, not the last byte: `re.c`'s check saw to that).
    fn escape(&mut self) -> Result<(), String> {
        let b = self.b;
        let c = b[self.i + 1];
        match c {
            b'1'..=b'9' => {
                let (number, digits) = decimal(&b[self.i + 1..]);
                if number <= MAX_BACKREF && (number <= 9 || number <= self.groups) {
                    self.backref(number);
                    self.i += 1 + digits;
                } else if c >= b'8' {
                    self.i += 2;
                } else {
                    let octal = b[self.i + 1..]
                        .iter()
                        .take(3)
                        .take_while(|c| matches!(c, b'0'..=b'7'))
                        .count();
                    self.i += 1 + octal;
                }
            }
            b'k' | b'g' if matches!(b.get(self.i + 2), Some(b'<') | Some(b'\'')) => {
                let end = if b[self.i + 2] == b'<' { b'>' } else { b'\'' };
                self.i += 3;
                let start = self.i;
                let Some(len) = b[start..].iter().position(|&x| x == end) else {
                    // Left to Onigmo (not checked).
                    self.i = b.len();
                    return Ok(());
                };
                self.i = start + len + 1;
                self.reference(c, &b[start..start + len])?;
            }
            // `\z` and `\Z` may not be in a look-behind (its other anchors may).
            b'z' | b'Z' => {
                self.not_in_look_behind();
                self.i += 2;
            }
            _ => {
                super::property_error(b, self.i)?;
                self.i = super::class::escape_end(b, self.i);
            }
        }
        Ok(())
    }

    fn backref(&mut self, number: u64) {
        self.numbered_reference = true;
        self.not_in_look_behind();
        self.tree_checks.push(TreeCheck::Backref(number));
    }

    /// `\k<name>` (`kind` `k`) or `\g<name>` (`g`) with `name` between the brackets.
    fn reference(&mut self, kind: u8, name: &'a [u8]) -> Result<(), String> {
        if name.is_empty() {
            return Err("group name is empty".into());
        }
        if let Some(relative) = name.strip_prefix(b"-") {
            // `\k<-1>`, `\g<-1>`: a group before this point.
            if relative.is_empty() || !relative.iter().all(u8::is_ascii_digit) {
                return Ok(());
            }
            let (back, _) = decimal(relative);
            if back == 0 || back > self.groups {
                return Err("invalid backref number/name".into());
            }
            self.numbered_reference = true;
            return Ok(());
        }
        if let Some(relative) = name.strip_prefix(b"+") {
            // `\g<+1>`: a group after this point, which must exist.
            if kind == b'g' && !relative.is_empty() && relative.iter().all(u8::is_ascii_digit) {
                let (ahead, _) = decimal(relative);
                self.numbered_reference = true;
                self.calls
                    .push(Call::Number(self.groups.saturating_add(ahead), ahead));
            }
            return Ok(());
        }
        // A level: `\k<x+0>`, `\k<x-1>`.
        let plain = match name.iter().position(|&c| c == b'+' || c == b'-') {
            Some(at)
                if kind == b'k'
                    && name[at + 1..].iter().all(u8::is_ascii_digit)
                    && at + 1 < name.len() =>
            {
                &name[..at]
            }
            Some(_) => return Ok(()),
            None => name,
        };
        if plain.iter().all(u8::is_ascii_digit) {
            let (number, _) = decimal(plain);
            if kind == b'k' {
                self.backref(number);
            } else if number != 0 {
                self.numbered_reference = true;
                self.calls.push(Call::Number(number, number));
            }
            return Ok(());
        }
        if plain[0].is_ascii_digit() {
            if plain.iter().all(|&c| is_word(c)) {
                return Err(format!(
                    "invalid group name <{}>",
                    String::from_utf8_lossy(name)
                ));
            }
            return Ok(());
        }
        if !plain.iter().all(|&c| is_word(c)) {
            return Ok(());
        }
        if kind == b'k' {
            self.defined_before(plain)?;
            self.not_in_look_behind();
        } else {
            self.calls.push(Call::Name(plain));
        }
        Ok(())
    }

    /// The checks Onigmo makes once the pattern is read, in its order.
    fn tree(&self) -> Result<(), String> {
        if !self.names.is_empty() && self.numbered_reference {
            return Err("numbered backref/call is not allowed. (use name)".into());
        }
        if !self.calls.is_empty() {
            // Onigmo looks for calls that recurse forever before these checks; that is not
            // checked here, so neither are they (accepted).
            return self.check_calls();
        }
        for check in &self.tree_checks {
            match check {
                TreeCheck::Backref(number) if *number > self.groups => {
                    return Err("invalid backref number/name".into())
                }
                TreeCheck::LookBehind { valid: false } => {
                    return Err("invalid pattern in look-behind".into())
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Every `\g<…>` to a group the pattern has.
    fn check_calls(&self) -> Result<(), String> {
        for call in &self.calls {
            match call {
                Call::Name(name) if !self.names.contains(name) => {
                    return Err(format!(
                        "undefined name <{}> reference",
                        String::from_utf8_lossy(name)
                    ))
                }
                Call::Number(number, written) if *number > self.groups => {
                    return Err(format!("undefined group <{written}> reference"))
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Whether `c` is a byte of a word character (ASCII letters, digits, `_`, and any byte of a
/// non-ASCII character).
fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// The decimal number at the start of `b` (saturating) and its digit count.
fn decimal(b: &[u8]) -> (u64, usize) {
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let value = b[..digits].iter().fold(0u64, |v, &c| {
        v.saturating_mul(10).saturating_add(u64::from(c - b'0'))
    });
    (value, digits)
}
