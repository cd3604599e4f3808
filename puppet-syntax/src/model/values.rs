//! The scalar values stored in model nodes: arena handles ([`NodeId`], [`NodeList`], [`StrId`]),
//! exact integers ([`IntValue`]), the Pcore `Enum[...]` attribute types (operators, resource form)
//! and Ruby's `Regexp#inspect` (the `pattern` of a `LiteralRegularExpression`).
//!
//! Everything here is small and `Copy` so that a node stays at 32 bytes (see `Node`).

use std::fmt;
use std::num::NonZeroU32;

/// Index of a node in a [`Model`](super::Model) arena. `Option<NodeId>` is 4 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The id of the node at position `index` of a model's arena (allocation order, 0-based):
    /// the inverse of [`NodeId::index`], for ids that left Rust as numbers (a C caller's node
    /// number, an index stored elsewhere) and come back. The id means something only for the
    /// model it came from; [`Model::node_id`](super::Model::node_id) checks `index` against a
    /// model's arena instead. Panics when `index` is `u32::MAX` or more (no arena is that large).
    pub fn from_index(index: usize) -> NodeId {
        let raw =
            u32::try_from(index + 1).expect("model arena overflow (more than u32::MAX nodes)");
        NodeId(NonZeroU32::new(raw).expect("index + 1 is never 0"))
    }

    /// Position of the node in the arena (allocation order).
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Debug for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index())
    }
}

/// A list of child nodes (a Pcore `Array[...]` attribute), stored as a range of the model's
/// shared child buffer. Read it with [`Model::nodes`](super::Model::nodes); make one with
/// [`Model::list`](super::Model::list). [`NodeList::EMPTY`] is the `[]` default.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct NodeList {
    pub(crate) start: u32,
    pub(crate) len: u32,
}

impl NodeList {
    /// The empty list (`[]`).
    pub const EMPTY: NodeList = NodeList { start: 0, len: 0 };

    /// Number of nodes in the list.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the list has no nodes.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// A string stored in the model's string table; read it with [`Model::str`](super::Model::str),
/// make one with [`Model::intern`](super::Model::intern).
/// `Option<StrId>` is 4 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct StrId(NonZeroU32);

impl StrId {
    pub(crate) fn from_index(index: usize) -> StrId {
        let raw = u32::try_from(index + 1).expect("model string arena overflow");
        StrId(NonZeroU32::new(raw).expect("index + 1 is never 0"))
    }

    pub(crate) fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// `LiteralInteger#value`: a Ruby Integer, exact at any size. Values that fit `i64` are stored
/// inline; larger ones (e.g. `99999999999999999999`, which the validator later reports as
/// `NUMERIC_OVERFLOW`) as their decimal digits in the string table (with a leading `-` if negative).
/// Build with [`Model::integer`](super::Model::integer) or `IntValue::Small(n)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IntValue {
    /// A value that fits in `i64`, stored inline.
    Small(i64),
    /// A larger value: its decimal digits (with a leading `-` if negative) in the string table.
    Big(StrId),
}

/// A resolved [`IntValue`] (or any other Integer attribute such as `radix`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IntRef<'a> {
    /// A value that fits in `i64`.
    Small(i64),
    /// Decimal digits, optionally preceded by `-`; never fits in `i64`.
    Big(&'a str),
}

impl IntRef<'_> {
    /// The value if it fits in 64 bits.
    pub fn as_i64(self) -> Option<i64> {
        match self {
            IntRef::Small(v) => Some(v),
            IntRef::Big(_) => None,
        }
    }

    /// Ruby's `-value` as decimal text (used by the PN writer's unary-minus folding).
    pub fn negated_string(self) -> String {
        match self {
            IntRef::Small(0) => "0".to_owned(),
            IntRef::Small(v) => (-(v as i128)).to_string(),
            IntRef::Big(digits) => match digits.strip_prefix('-') {
                Some(positive) => positive.to_owned(),
                None => format!("-{digits}"),
            },
        }
    }
}

impl fmt::Display for IntRef<'_> {
    /// Ruby `Integer#to_s`: decimal, exact.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntRef::Small(v) => write!(f, "{v}"),
            IntRef::Big(digits) => f.write_str(digits),
        }
    }
}

/// Converts digits in `radix` (2..=36, no prefix, no sign) into exact decimal digits.
/// Returns `None` for an empty string or a digit invalid in the radix.
pub(crate) fn digits_to_decimal(digits: &str, radix: u32) -> Option<String> {
    if digits.is_empty() {
        return None;
    }
    // Little-endian limbs in base 10^9.
    const BASE: u64 = 1_000_000_000;
    let mut limbs: Vec<u64> = vec![0];
    for c in digits.chars() {
        let mut carry = u64::from(c.to_digit(radix)?);
        for limb in limbs.iter_mut() {
            let v = *limb * u64::from(radix) + carry;
            *limb = v % BASE;
            carry = v / BASE;
        }
        while carry > 0 {
            limbs.push(carry % BASE);
            carry /= BASE;
        }
    }
    let mut out = String::new();
    let mut iter = limbs.iter().rev();
    out.push_str(&iter.next().copied().unwrap_or(0).to_string());
    for limb in iter {
        out.push_str(&format!("{limb:09}"));
    }
    Some(out)
}

/// Declares a Pcore `Enum[...]` attribute type as a Rust enum with its exact Ruby strings.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $name {
            $(#[doc = concat!("`", $text, "`.")] $(#[$vmeta])* $variant),+
        }

        impl $name {
            /// All values, in the order of the Pcore `Enum[...]` declaration.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The Ruby strings of [`Self::ALL`].
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// The Ruby string of the value (what the model attribute holds).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// Parses the Ruby string.
            #[allow(clippy::should_implement_trait)]
            pub fn from_str(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

string_enum! {
    /// `AssignmentExpression#operator`: `Enum['+=', '-=', '=']`.
    AssignmentOperator { AddAssign = "+=", SubAssign = "-=", Assign = "=" }
}

string_enum! {
    /// `ArithmeticExpression#operator`: `Enum['%', '*', '+', '-', '/', '<<', '>>']`.
    ArithmeticOperator { Mod = "%", Mul = "*", Add = "+", Sub = "-", Div = "/", LeftShift = "<<", RightShift = ">>" }
}

string_enum! {
    /// `RelationshipExpression#operator`: `Enum['->', '<-', '<~', '~>']`.
    RelationshipOperator { InEdge = "->", OutEdge = "<-", OutEdgeSub = "<~", InEdgeSub = "~>" }
}

string_enum! {
    /// `ComparisonExpression#operator`: `Enum['!=', '<', '<=', '==', '>', '>=']`.
    ComparisonOperator { Ne = "!=", Lt = "<", Le = "<=", Eq = "==", Gt = ">", Ge = ">=" }
}

string_enum! {
    /// `MatchExpression#operator`: `Enum['!~', '=~']`.
    MatchOperator { NotMatch = "!~", Match = "=~" }
}

string_enum! {
    /// `AttributeOperation#operator`: `Enum['+>', '=>']`.
    AttributeOperator { Append = "+>", Assign = "=>" }
}

string_enum! {
    /// `AbstractResource#form`: `Enum['exported', 'regular', 'virtual']`, default `'regular'`
    /// (`@` makes `virtual`, `@@` makes `exported`).
    #[derive(Default)]
    ResourceForm {
        /// Declared with `@@`.
        Exported = "exported",
        /// Declared without a prefix.
        #[default]
        Regular = "regular",
        /// Declared with `@`.
        Virtual = "virtual",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_conversion_is_exact() {
        assert_eq!(digits_to_decimal("1F", 16).as_deref(), Some("31"));
        assert_eq!(digits_to_decimal("17", 8).as_deref(), Some("15"));
        assert_eq!(
            digits_to_decimal("99999999999999999999", 10).as_deref(),
            Some("99999999999999999999")
        );
        // ruby -e 'p 0xFFFFFFFFFFFFFFFFFFFF' → 1208925819614629174706175
        assert_eq!(
            digits_to_decimal("FFFFFFFFFFFFFFFFFFFF", 16).as_deref(),
            Some("1208925819614629174706175")
        );
        assert_eq!(digits_to_decimal("0", 10).as_deref(), Some("0"));
        assert_eq!(
            digits_to_decimal("1000000000", 10).as_deref(),
            Some("1000000000")
        );
        assert_eq!(digits_to_decimal("8", 8), None);
        assert_eq!(digits_to_decimal("", 10), None);
    }

    #[test]
    fn negation_text() {
        assert_eq!(IntRef::Small(31).negated_string(), "-31");
        assert_eq!(IntRef::Small(0).negated_string(), "0");
        assert_eq!(
            IntRef::Small(i64::MIN).negated_string(),
            "9223372036854775808"
        );
        assert_eq!(
            IntRef::Big("99999999999999999999").negated_string(),
            "-99999999999999999999"
        );
        assert_eq!(
            IntRef::Big("-99999999999999999999").negated_string(),
            "99999999999999999999"
        );
    }

    #[test]
    fn enum_strings_round_trip() {
        for op in ArithmeticOperator::ALL {
            assert_eq!(ArithmeticOperator::from_str(op.as_str()), Some(*op));
        }
        assert_eq!(ResourceForm::NAMES, &["exported", "regular", "virtual"]);
        assert_eq!(ResourceForm::default().as_str(), "regular");
    }
}
