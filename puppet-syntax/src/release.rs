//! Puppet releases and the validation rules of each: the one place that knows what changed
//! between Puppet 7.23 and the newest OpenVox 8.
//!
//! The language (lexer, grammar, model, PN, Pcore) is the same in every supported release;
//! what differs is validation. [`CHANGES`] lists each change once, with the release of each
//! line that brought it (Puppet backported some changes to 7.x, months after they reached
//! 8.x, so a change is "since 7.29.0 in 7.x and since 8.5.0 in 8.x", not a single version).
//! [`Rules::of`] folds the changes a release has into the [`Rules`] the validator reads; no
//! other code compares versions.
//!
//! OpenVox continues Puppet's version line: Puppet 8.0.0 … 8.10.0 (the last open-source
//! release of Perforce's Puppet) and OpenVox 8.0.0 … 8.10.0 are the same code, and OpenVox
//! goes on from there (8.11 … 8.28.1). A version number after 8.10.0 is taken as OpenVox's.
//!
//! Each change was read in Puppet's Ruby at the tag that brought it and checked by running that
//! release (the validator's snippet suite is recorded from 7.23.0, 8.10.0 and OpenVox 8.28.1,
//! and from every release of this table where a rule changed:
//! `puppet-syntax/test_data/validate/releases/`).

use std::fmt;
use std::str::FromStr;

use crate::options::Strict;

/// A Puppet (or OpenVox) release, by its version number: `7.23.0`, `8.10.0`, `8.28.1`.
///
/// Parsed from `"8.28.1"`, `"8.28"` (the newest known patch release of 8.28), `"8"` (the
/// newest known 8.x), optionally prefixed with `puppet-` or `openvox-`. Only Puppet 7.23.0
/// and later 7.x, and 8.x, are supported: the validator is proven against those.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PuppetRelease {
    /// The major version: 7 or 8.
    pub major: u16,
    /// The minor version.
    pub minor: u16,
    /// The patch version.
    pub patch: u16,
}

const fn v(major: u16, minor: u16, patch: u16) -> PuppetRelease {
    PuppetRelease {
        major,
        minor,
        patch,
    }
}

/// Every release this library knows, oldest first: Puppet 7.23.0 … 7.34.0, Puppet 8.0.0 …
/// 8.10.0, and OpenVox 8.12.0 … 8.28.1 (OpenVox has no 8.11).
pub const KNOWN_RELEASES: &[PuppetRelease] = &[
    v(7, 23, 0),
    v(7, 24, 0),
    v(7, 25, 0),
    v(7, 26, 0),
    v(7, 27, 0),
    v(7, 28, 0),
    v(7, 29, 0),
    v(7, 29, 1),
    v(7, 30, 0),
    v(7, 31, 0),
    v(7, 32, 0),
    v(7, 32, 1),
    v(7, 33, 0),
    v(7, 34, 0),
    v(8, 0, 0),
    v(8, 0, 1),
    v(8, 1, 0),
    v(8, 2, 0),
    v(8, 3, 0),
    v(8, 3, 1),
    v(8, 4, 0),
    v(8, 5, 0),
    v(8, 5, 1),
    v(8, 6, 0),
    v(8, 7, 0),
    v(8, 8, 0),
    v(8, 8, 1),
    v(8, 9, 0),
    v(8, 10, 0),
    v(8, 12, 0),
    v(8, 12, 1),
    v(8, 13, 0),
    v(8, 14, 0),
    v(8, 15, 0),
    v(8, 16, 0),
    v(8, 17, 0),
    v(8, 18, 0),
    v(8, 18, 1),
    v(8, 19, 0),
    v(8, 19, 1),
    v(8, 19, 2),
    v(8, 20, 0),
    v(8, 21, 0),
    v(8, 21, 1),
    v(8, 22, 0),
    v(8, 23, 0),
    v(8, 23, 1),
    v(8, 24, 0),
    v(8, 24, 1),
    v(8, 24, 2),
    v(8, 25, 0),
    v(8, 26, 0),
    v(8, 26, 1),
    v(8, 26, 2),
    v(8, 27, 0),
    v(8, 28, 0),
    v(8, 28, 1),
];

impl PuppetRelease {
    /// Puppet 7.23.0, Debian 12's `puppet`: the oldest release supported.
    pub const PUPPET_7_23: PuppetRelease = v(7, 23, 0);
    /// Puppet 8.10.0, the last open-source release of Perforce's Puppet.
    pub const PUPPET_8_10: PuppetRelease = v(8, 10, 0);
    /// OpenVox 8.28.1, the newest release this library knows; the default.
    pub const NEWEST: PuppetRelease = v(8, 28, 1);

    /// A release by its numbers (any numbers: see [`PuppetRelease::is_known`] and
    /// [`PuppetRelease::is_supported`]).
    pub const fn new(major: u16, minor: u16, patch: u16) -> PuppetRelease {
        v(major, minor, patch)
    }

    /// Whether this is one of [`KNOWN_RELEASES`].
    pub fn is_known(self) -> bool {
        KNOWN_RELEASES.binary_search(&self).is_ok()
    }

    /// Whether the rules of this release can be told: 7.23.0 or later in the 7.x or 8.x line,
    /// up to the newest known release of its line. A later 8.x (or 7.x) may have changed
    /// validation in a way this library does not know.
    pub fn is_supported(self) -> bool {
        self >= PuppetRelease::PUPPET_7_23
            && self.newest_of_line().is_some_and(|newest| self <= newest)
    }

    /// The newest known release of this one's line (7.x or 8.x), for a release newer than
    /// any this library knows; `None` for another major version.
    pub fn newest_of_line(self) -> Option<PuppetRelease> {
        newest_of_major(self.major)
    }

    /// The validation rules of this release.
    pub fn rules(self) -> Rules {
        Rules::of(self)
    }
}

impl Default for PuppetRelease {
    /// [`PuppetRelease::NEWEST`].
    fn default() -> PuppetRelease {
        PuppetRelease::NEWEST
    }
}

impl fmt::Display for PuppetRelease {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

/// The newest known release whose major version is `major`.
fn newest_of_major(major: u16) -> Option<PuppetRelease> {
    KNOWN_RELEASES
        .iter()
        .rev()
        .find(|r| r.major == major)
        .copied()
}

/// Why a text is not a release [`PuppetRelease::from_str`] accepts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReleaseError {
    /// Not `MAJOR[.MINOR[.PATCH]]`.
    #[error("'{0}' is not a Puppet version (expected MAJOR.MINOR.PATCH, e.g. 8.28.1 or 7.23)")]
    Malformed(String),
    /// A release whose validation rules this library does not know.
    #[error(
        "Puppet {0} is not supported: the rules are known for Puppet 7.23.0 to {last7} and \
         8.0.0 to {newest} (OpenVox)",
        last7 = newest_of_major(7).unwrap_or(PuppetRelease::PUPPET_7_23),
        newest = PuppetRelease::NEWEST
    )]
    Unsupported(PuppetRelease),
}

impl PuppetRelease {
    /// Parses a version as [`FromStr`] does, but also accepts a release newer than any known
    /// in its line (`8.29.0`), which the caller may then use with the newest known rules
    /// ([`PuppetRelease::newest_of_line`]).
    pub fn parse_any(text: &str) -> Result<PuppetRelease, ReleaseError> {
        let malformed = || ReleaseError::Malformed(text.to_owned());
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        let numbers = ["openvox-", "openvox ", "puppet-", "puppet "]
            .iter()
            .find_map(|prefix| lower.strip_prefix(prefix))
            .unwrap_or(&lower);
        let parts: Vec<&str> = numbers.split('.').collect();
        if parts.is_empty() || parts.len() > 3 {
            return Err(malformed());
        }
        let mut values = [0u16; 3];
        for (slot, part) in values.iter_mut().zip(&parts) {
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            *slot = part.parse().map_err(|_| malformed())?;
        }
        let [major, minor, patch] = values;
        // `8` and `8.28`: the newest known release that starts so.
        let newest_matching = |matches: &dyn Fn(&PuppetRelease) -> bool| {
            KNOWN_RELEASES.iter().rev().find(|r| matches(r)).copied()
        };
        let release = match parts.len() {
            1 => newest_matching(&|r| r.major == major).unwrap_or(v(major, 0, 0)),
            2 => newest_matching(&|r| r.major == major && r.minor == minor)
                .unwrap_or(v(major, minor, 0)),
            _ => v(major, minor, patch),
        };
        if release < PuppetRelease::PUPPET_7_23 || release.newest_of_line().is_none() {
            return Err(ReleaseError::Unsupported(release));
        }
        Ok(release)
    }
}

impl FromStr for PuppetRelease {
    type Err = ReleaseError;

    /// `"8.28.1"`, `"8.28"`, `"8"`, `"openvox-8.28.1"`, `"puppet-7.23.0"`: a supported release
    /// ([`PuppetRelease::is_supported`]).
    fn from_str(text: &str) -> Result<PuppetRelease, ReleaseError> {
        let release = PuppetRelease::parse_any(text)?;
        if release.is_supported() {
            Ok(release)
        } else {
            Err(ReleaseError::Unsupported(release))
        }
    }
}

/// What the validator does differently from one release to another. Made by
/// [`Rules::of`] from [`CHANGES`]; read by the validator and the import checks.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The `strict` setting when the caller gives none: `warning` in 7.x, `error` in 8.x.
    pub strict_default: Strict,
    /// Type names (`Foo`, as its lower-cased name) and access expressions (`Foo[1]`, as the
    /// list of its keys) are literal values, so `DUPLICATE_KEY` sees them as hash keys.
    pub literal_type_keys: bool,
    /// A unary minus of a literal is literal (`-16`, and `-'a'` is `'a'`); of a value that
    /// has no minus (`true`, `undef`, `default`, a regexp, list or hash), Ruby raises.
    pub literal_unary_minus: bool,
    /// A class parameter's type must be a literal type
    /// (`ILLEGAL_NONLITERAL_PARAMETER_TYPE`), and how severe breaking that is.
    pub nonliteral_parameter_type: Option<NonLiteralParameterType>,
    /// How the import names a node's regular expression: what the characters of its
    /// `(?…)` groups become.
    pub node_regexp_groups: NodeRegexpGroups,
}

/// The severity of `ILLEGAL_NONLITERAL_PARAMETER_TYPE`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NonLiteralParameterType {
    /// An error (no severity was configured for it: Puppet's default).
    Error,
    /// Puppet's `strict` setting (`off` ignores it).
    Strict,
    /// A deprecation.
    Deprecation,
}

/// How the import names `node /re/`: `__node_regexp__` + the lower-cased source, without
/// characters other than ASCII letters, digits, `_`, `-`, `:` and `.`, after the characters of
/// each `(?…)` group are spelled out as this says.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NodeRegexpGroups {
    /// Dropped like any other punctuation (`/(?=a)x/` and `/(?!a)x/` are one node).
    Dropped,
    /// `( ? < > ! = )` spelled `LP QU LT GT EX EQ RP`.
    SpelledUpperCase,
    /// `( ? < > ! = )` spelled `lp qu lt gt ex eq rp`.
    SpelledLowerCase,
}

/// One change of validation: the releases that brought it to each line, and what it changed.
#[derive(Clone, Copy, Debug)]
pub struct Change {
    /// The first 7.x release with the change (`None`: never in 7.x).
    pub since_7: Option<PuppetRelease>,
    /// The first 8.x release with the change (`None`: never in 8.x).
    pub since_8: Option<PuppetRelease>,
    /// What changed, in a sentence.
    pub summary: &'static str,
    rule: RuleChange,
}

#[derive(Clone, Copy, Debug)]
enum RuleChange {
    StrictDefaultError,
    LiteralTypeKeys,
    NonLiteralParameterType(NonLiteralParameterType),
    LiteralUnaryMinus,
    NodeRegexpGroups(NodeRegexpGroups),
}

/// Every change of validation since Puppet 7.23.0, in the order it applies.
pub const CHANGES: &[Change] = &[
    Change {
        since_7: None,
        since_8: Some(v(8, 0, 0)),
        summary: "`strict` defaults to `error`: duplicate hash keys are errors",
        rule: RuleChange::StrictDefaultError,
    },
    Change {
        since_7: Some(v(7, 29, 0)),
        since_8: Some(v(8, 5, 0)),
        summary: "type names and access expressions are literal hash keys (`DUPLICATE_KEY`)",
        rule: RuleChange::LiteralTypeKeys,
    },
    Change {
        since_7: Some(v(7, 29, 0)),
        since_8: Some(v(8, 5, 0)),
        summary: "a class parameter's type must be literal \
                  (`ILLEGAL_NONLITERAL_PARAMETER_TYPE`, an error)",
        rule: RuleChange::NonLiteralParameterType(NonLiteralParameterType::Error),
    },
    Change {
        since_7: Some(v(7, 29, 1)),
        since_8: Some(v(8, 5, 1)),
        summary: "a unary minus of a literal is a literal hash key",
        rule: RuleChange::LiteralUnaryMinus,
    },
    Change {
        since_7: Some(v(7, 29, 1)),
        since_8: Some(v(8, 5, 1)),
        summary: "`ILLEGAL_NONLITERAL_PARAMETER_TYPE` takes the severity of `strict`",
        rule: RuleChange::NonLiteralParameterType(NonLiteralParameterType::Strict),
    },
    Change {
        since_7: Some(v(7, 30, 0)),
        since_8: Some(v(8, 6, 0)),
        summary: "`ILLEGAL_NONLITERAL_PARAMETER_TYPE` is a deprecation",
        rule: RuleChange::NonLiteralParameterType(NonLiteralParameterType::Deprecation),
    },
    Change {
        since_7: None,
        since_8: Some(v(8, 9, 0)),
        summary: "node regexps: the characters of `(?…)` groups are spelled `LP QU LT GT EX EQ RP`",
        rule: RuleChange::NodeRegexpGroups(NodeRegexpGroups::SpelledUpperCase),
    },
    Change {
        since_7: None,
        since_8: Some(v(8, 28, 1)),
        summary: "node regexps: the characters of `(?…)` groups are spelled in lower case",
        rule: RuleChange::NodeRegexpGroups(NodeRegexpGroups::SpelledLowerCase),
    },
];

impl Change {
    /// Whether `release` has this change.
    pub fn applies_to(&self, release: PuppetRelease) -> bool {
        let since = match release.major {
            7 => self.since_7,
            8 => self.since_8,
            _ => None,
        };
        since.is_some_and(|since| release >= since)
    }
}

impl Rules {
    /// Puppet 7.23.0's rules.
    pub const PUPPET_7_23: Rules = Rules {
        strict_default: Strict::Warning,
        literal_type_keys: false,
        literal_unary_minus: false,
        nonliteral_parameter_type: None,
        node_regexp_groups: NodeRegexpGroups::Dropped,
    };

    /// The rules of `release`: 7.23.0's, with every change of [`CHANGES`] it has applied in
    /// order.
    pub fn of(release: PuppetRelease) -> Rules {
        let mut rules = Rules::PUPPET_7_23;
        for change in CHANGES.iter().filter(|c| c.applies_to(release)) {
            match change.rule {
                RuleChange::StrictDefaultError => rules.strict_default = Strict::Error,
                RuleChange::LiteralTypeKeys => rules.literal_type_keys = true,
                RuleChange::NonLiteralParameterType(severity) => {
                    rules.nonliteral_parameter_type = Some(severity)
                }
                RuleChange::LiteralUnaryMinus => rules.literal_unary_minus = true,
                RuleChange::NodeRegexpGroups(groups) => rules.node_regexp_groups = groups,
            }
        }
        rules
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn release(text: &str) -> PuppetRelease {
        text.parse().unwrap()
    }

    #[test]
    fn known_releases_are_sorted_and_supported() {
        assert!(KNOWN_RELEASES.windows(2).all(|w| w[0] < w[1]));
        assert!(KNOWN_RELEASES
            .iter()
            .all(|r| r.is_supported() && r.is_known()));
        assert_eq!(KNOWN_RELEASES.last(), Some(&PuppetRelease::NEWEST));
    }

    #[test]
    fn parses_versions_and_prefixes() {
        assert_eq!(release("8.28.1"), v(8, 28, 1));
        assert_eq!(release("openvox-8.10.0"), v(8, 10, 0));
        assert_eq!(release(" Puppet-7.23 "), v(7, 23, 0));
        assert_eq!(release("7.29"), v(7, 29, 1));
        assert_eq!(release("8"), PuppetRelease::NEWEST);
        assert_eq!(release("7"), v(7, 34, 0));
        assert_eq!(release("8.11"), v(8, 11, 0));
        for bad in ["", "8.", ".8", "8.x", "8.1.2.3", "v8", "-8", "99999999"] {
            assert!(
                matches!(
                    bad.parse::<PuppetRelease>(),
                    Err(ReleaseError::Malformed(_))
                ),
                "{bad}"
            );
        }
        for unsupported in ["7.22.0", "6", "9.0.0", "8.29.0", "7.35.0"] {
            assert!(
                matches!(
                    unsupported.parse::<PuppetRelease>(),
                    Err(ReleaseError::Unsupported(_))
                ),
                "{unsupported}"
            );
        }
        assert_eq!(PuppetRelease::parse_any("8.29.0"), Ok(v(8, 29, 0)));
        assert!(PuppetRelease::parse_any("9.0.0").is_err());
        assert_eq!(
            ReleaseError::Unsupported(v(9, 0, 0)).to_string(),
            "Puppet 9.0.0 is not supported: the rules are known for Puppet 7.23.0 to 7.34.0 and \
             8.0.0 to 8.28.1 (OpenVox)"
        );
    }

    #[test]
    fn rules_by_release() {
        use NonLiteralParameterType as N;
        let r = |text: &str| release(text).rules();
        assert_eq!(r("7.23.0"), Rules::PUPPET_7_23);
        assert_eq!(r("7.28.0"), Rules::PUPPET_7_23);
        assert_eq!(r("7.29.0").nonliteral_parameter_type, Some(N::Error));
        assert!(r("7.29.0").literal_type_keys && !r("7.29.0").literal_unary_minus);
        assert_eq!(r("7.29.1").nonliteral_parameter_type, Some(N::Strict));
        assert!(r("7.29.1").literal_unary_minus);
        assert_eq!(r("7.34.0").nonliteral_parameter_type, Some(N::Deprecation));
        assert_eq!(r("7.34.0").strict_default, Strict::Warning);
        let eight = r("8.0.0");
        assert_eq!(eight.strict_default, Strict::Error);
        assert!(!eight.literal_type_keys && eight.nonliteral_parameter_type.is_none());
        assert_eq!(r("8.5.0").nonliteral_parameter_type, Some(N::Error));
        assert_eq!(r("8.6.0").nonliteral_parameter_type, Some(N::Deprecation));
        assert_eq!(r("8.8.1").node_regexp_groups, NodeRegexpGroups::Dropped);
        assert_eq!(
            r("8.9.0").node_regexp_groups,
            NodeRegexpGroups::SpelledUpperCase
        );
        assert_eq!(
            r("8.28.0").node_regexp_groups,
            NodeRegexpGroups::SpelledUpperCase
        );
        assert_eq!(
            r("8.28.1").node_regexp_groups,
            NodeRegexpGroups::SpelledLowerCase
        );
    }
}
