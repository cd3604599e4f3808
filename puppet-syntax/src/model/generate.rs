//! Code generated from the model table (`table.rs`) by the `define_model!` callback:
//! [`ModelClass`] (all 83 classes with name, parent, abstractness, attributes), [`NodeKind`]
//! (one variant per concrete positioned class, fields = the class's attributes in declaration
//! order) and the per-variant attribute access used by the reflection in `reflect.rs`.
//!
//! The helper macros map each attribute type token of the table to its Rust storage type, Pcore
//! type, default and [`AttrValue`]; adding a class to the table is all it takes to get its node
//! variant, metadata, reflection, child traversal and debug checks.

use super::table::with_model_table;
use super::values::{
    ArithmeticOperator, AssignmentOperator, AttributeOperator, ComparisonOperator, IntValue,
    MatchOperator, NodeId, NodeList, RelationshipOperator, ResourceForm, StrId,
};
use super::{AttrDefault, AttrInfo, AttrInput, AttrType, AttrValue, IntRef, Model};

/// Rust storage type of an attribute type token.
macro_rules! model_field_ty {
    (Node($c:ident)) => { NodeId };
    (OptNode($c:ident)) => { Option<NodeId> };
    (Nodes($c:ident)) => { NodeList };
    (Nodes1($c:ident)) => { NodeList };
    (Str()) => { StrId };
    (OptStr()) => { Option<StrId> };
    (Bool()) => { bool };
    (BoolFalse()) => { bool };
    (OptBool()) => { Option<bool> };
    (Integer()) => { IntValue };
    (Radix()) => { u8 };
    (Float()) => { f64 };
    (Regexp()) => { StrId };
    (Enum($e:ident)) => { $e };
    (Form()) => { ResourceForm };
}

/// Pcore type ([`AttrType`]) of an attribute type token.
macro_rules! model_attr_type {
    (Node($c:ident)) => {
        AttrType::Node(ModelClass::$c)
    };
    (OptNode($c:ident)) => {
        AttrType::OptNode(ModelClass::$c)
    };
    (Nodes($c:ident)) => {
        AttrType::Nodes {
            element: ModelClass::$c,
            min: 0,
        }
    };
    (Nodes1($c:ident)) => {
        AttrType::Nodes {
            element: ModelClass::$c,
            min: 1,
        }
    };
    (RefNodes($c:ident)) => {
        AttrType::RefNodes(ModelClass::$c)
    };
    (Str()) => {
        AttrType::String
    };
    (OptStr()) => {
        AttrType::OptString
    };
    (Bool()) => {
        AttrType::Boolean
    };
    (BoolFalse()) => {
        AttrType::Boolean
    };
    (OptBool()) => {
        AttrType::OptBoolean
    };
    (Integer()) => {
        AttrType::Integer
    };
    (Radix()) => {
        AttrType::Integer
    };
    (Float()) => {
        AttrType::Float
    };
    (Regexp()) => {
        AttrType::Regexp
    };
    (Enum($e:ident)) => {
        AttrType::Enum($e::NAMES)
    };
    (Form()) => {
        AttrType::Enum(ResourceForm::NAMES)
    };
    (Locator()) => {
        AttrType::Locator
    };
}

/// Default ([`AttrDefault`]) of an attribute type token.
macro_rules! model_attr_default {
    (Node($c:ident)) => {
        AttrDefault::Required
    };
    (OptNode($c:ident)) => {
        AttrDefault::Nil
    };
    (Nodes($c:ident)) => {
        AttrDefault::EmptyArray
    };
    (Nodes1($c:ident)) => {
        AttrDefault::Required
    };
    (RefNodes($c:ident)) => {
        AttrDefault::EmptyArray
    };
    (Str()) => {
        AttrDefault::Required
    };
    (OptStr()) => {
        AttrDefault::Nil
    };
    (Bool()) => {
        AttrDefault::Required
    };
    (BoolFalse()) => {
        AttrDefault::Bool(false)
    };
    (OptBool()) => {
        AttrDefault::Nil
    };
    (Integer()) => {
        AttrDefault::Required
    };
    (Radix()) => {
        AttrDefault::Integer(10)
    };
    (Float()) => {
        AttrDefault::Required
    };
    (Regexp()) => {
        AttrDefault::Required
    };
    (Enum($e:ident)) => {
        AttrDefault::Required
    };
    (Form()) => {
        AttrDefault::String("regular")
    };
    (Locator()) => {
        AttrDefault::Required
    };
}

/// [`AttrValue`] of a stored field (`$f` is a reference to the field).
/// `for_each_child` helper: visits a contained-node field, ignores the others.
macro_rules! model_visit_child {
    ($m:ident, $f:ident, $field:ident, Node($c:ident)) => {
        $f(*$field)
    };
    ($m:ident, $f:ident, $field:ident, OptNode($c:ident)) => {
        if let Some(child) = $field {
            $f(*child)
        }
    };
    ($m:ident, $f:ident, $field:ident, Nodes($c:ident)) => {
        for &child in $m.nodes(*$field) {
            $f(child)
        }
    };
    ($m:ident, $f:ident, $field:ident, Nodes1($c:ident)) => {
        for &child in $m.nodes(*$field) {
            $f(child)
        }
    };
    ($m:ident, $f:ident, $field:ident, $other:ident($($arg:tt)*)) => {
        let _ = $field;
    };
}

macro_rules! model_attr_value {
    ($m:ident, $f:ident, Node($c:ident)) => {
        AttrValue::Node(*$f)
    };
    ($m:ident, $f:ident, OptNode($c:ident)) => {
        AttrValue::OptNode(*$f)
    };
    ($m:ident, $f:ident, Nodes($c:ident)) => {
        AttrValue::Nodes($m.nodes(*$f))
    };
    ($m:ident, $f:ident, Nodes1($c:ident)) => {
        AttrValue::Nodes($m.nodes(*$f))
    };
    ($m:ident, $f:ident, Str()) => {
        AttrValue::Str($m.str(*$f))
    };
    ($m:ident, $f:ident, OptStr()) => {
        AttrValue::OptStr($f.map(|s| $m.str(s)))
    };
    ($m:ident, $f:ident, Bool()) => {
        AttrValue::Bool(*$f)
    };
    ($m:ident, $f:ident, BoolFalse()) => {
        AttrValue::Bool(*$f)
    };
    ($m:ident, $f:ident, OptBool()) => {
        AttrValue::OptBool(*$f)
    };
    ($m:ident, $f:ident, Integer()) => {
        AttrValue::Int($m.int(*$f))
    };
    ($m:ident, $f:ident, Radix()) => {
        AttrValue::Int(IntRef::Small(i64::from(*$f)))
    };
    ($m:ident, $f:ident, Float()) => {
        AttrValue::Float(*$f)
    };
    ($m:ident, $f:ident, Regexp()) => {
        AttrValue::Regexp($m.str(*$f))
    };
    ($m:ident, $f:ident, Enum($e:ident)) => {
        AttrValue::Enum($f.as_str())
    };
    ($m:ident, $f:ident, Form()) => {
        AttrValue::Enum($f.as_str())
    };
}

/// Converts an [`AttrInput`] into the stored field value (`None` if the shape does not fit).
macro_rules! model_from_input {
    (Node($c:ident), $v:expr) => {
        match $v {
            AttrInput::Node(id) => Some(id),
            _ => None,
        }
    };
    (OptNode($c:ident), $v:expr) => {
        match $v {
            AttrInput::OptNode(id) => Some(id),
            _ => None,
        }
    };
    (Nodes($c:ident), $v:expr) => {
        match $v {
            AttrInput::Nodes(list) => Some(list),
            _ => None,
        }
    };
    (Nodes1($c:ident), $v:expr) => {
        match $v {
            AttrInput::Nodes(list) => Some(list),
            _ => None,
        }
    };
    (Str(), $v:expr) => {
        match $v {
            AttrInput::Str(s) => Some(s),
            _ => None,
        }
    };
    (OptStr(), $v:expr) => {
        match $v {
            AttrInput::OptStr(s) => Some(s),
            _ => None,
        }
    };
    (Bool(), $v:expr) => {
        match $v {
            AttrInput::Bool(b) => Some(b),
            _ => None,
        }
    };
    (BoolFalse(), $v:expr) => {
        match $v {
            AttrInput::Bool(b) => Some(b),
            _ => None,
        }
    };
    (OptBool(), $v:expr) => {
        match $v {
            AttrInput::OptBool(b) => Some(b),
            _ => None,
        }
    };
    (Integer(), $v:expr) => {
        match $v {
            AttrInput::Int(i) => Some(i),
            _ => None,
        }
    };
    (Radix(), $v:expr) => {
        match $v {
            AttrInput::Int(IntValue::Small(r)) => u8::try_from(r).ok(),
            _ => None,
        }
    };
    (Float(), $v:expr) => {
        match $v {
            AttrInput::Float(f) => Some(f),
            _ => None,
        }
    };
    (Regexp(), $v:expr) => {
        match $v {
            AttrInput::Str(s) => Some(s),
            _ => None,
        }
    };
    (Enum($e:ident), $v:expr) => {
        match $v {
            AttrInput::Enum(s) => $e::from_str(s),
            _ => None,
        }
    };
    (Form(), $v:expr) => {
        match $v {
            AttrInput::Enum(s) => ResourceForm::from_str(s),
            _ => None,
        }
    };
}

macro_rules! model_parent {
    (None) => {
        None
    };
    ($p:ident) => {
        Some(ModelClass::$p)
    };
}

macro_rules! model_attr_info {
    ($field:ident : $ty:ident ( $($arg:tt)* )) => {
        AttrInfo {
            name: stringify!($field),
            ty: model_attr_type!($ty($($arg)*)),
            default: model_attr_default!($ty($($arg)*)),
        }
    };
}

/// The callback that turns the table into types; see the module documentation.
macro_rules! define_model {
    (
        abstract {
            $( $aname:ident : $aparent:ident { $( $afield:ident : $aty:ident ( $($aarg:tt)* ) ),* } )*
        }
        nodes {
            $(
                $(#[$nmeta:meta])*
                $nname:ident : $nparent:ident {
                    $( $ifield:ident : $ity:ident ( $($iarg:tt)* ) ),* |
                    $( $ofield:ident : $oty:ident ( $($oarg:tt)* ) ),*
                }
            )*
        }
        program {
            $pname:ident : $pparent:ident { $( $pfield:ident : $pty:ident ( $($parg:tt)* ) ),* }
        }
    ) => {
        /// Every class of the `Puppet::AST` TypeSet: 16 abstract classes, the 66 concrete
        /// positioned classes (the [`NodeKind`] variants) and `Program`.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum ModelClass {
            $($aname,)*
            $($nname,)*
            $pname,
        }

        impl ModelClass {
            /// All 83 classes: abstract ones first, then the node classes in `ast.pp` order, then Program.
            pub const ALL: &'static [ModelClass] = &[$(ModelClass::$aname,)* $(ModelClass::$nname,)* ModelClass::$pname];

            /// The Ruby class name without module (`"AssignmentExpression"`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(ModelClass::$aname => stringify!($aname),)*
                    $(ModelClass::$nname => stringify!($nname),)*
                    ModelClass::$pname => stringify!($pname),
                }
            }

            /// The Pcore type name (`"Puppet::AST::AssignmentExpression"`).
            pub const fn pcore_name(self) -> &'static str {
                match self {
                    $(ModelClass::$aname => concat!("Puppet::AST::", stringify!($aname)),)*
                    $(ModelClass::$nname => concat!("Puppet::AST::", stringify!($nname)),)*
                    ModelClass::$pname => concat!("Puppet::AST::", stringify!($pname)),
                }
            }

            /// The parent class (`None` only for `PopsObject`).
            pub const fn parent(self) -> Option<ModelClass> {
                match self {
                    $(ModelClass::$aname => model_parent!($aparent),)*
                    $(ModelClass::$nname => model_parent!($nparent),)*
                    ModelClass::$pname => model_parent!($pparent),
                }
            }

            /// Abstract classes are never instantiated.
            pub const fn is_abstract(self) -> bool {
                match self {
                    $(ModelClass::$aname => true,)*
                    _ => false,
                }
            }

            /// The attributes the class declares itself (not the inherited ones); `Positioned`'s
            /// `locator/offset/length` are not listed (see [`ModelClass::is_positioned`]).
            pub fn own_attributes(self) -> &'static [AttrInfo] {
                match self {
                    $(ModelClass::$aname => {
                        const OWN: &[AttrInfo] = &[$(model_attr_info!($afield: $aty($($aarg)*))),*];
                        OWN
                    })*
                    $(ModelClass::$nname => {
                        const OWN: &[AttrInfo] = &[$(model_attr_info!($ofield: $oty($($oarg)*))),*];
                        OWN
                    })*
                    ModelClass::$pname => {
                        const OWN: &[AttrInfo] = &[$(model_attr_info!($pfield: $pty($($parg)*))),*];
                        OWN
                    }
                }
            }

            /// All attributes of a concrete class (inherited first, Pcore declaration order), as
            /// stored in the [`NodeKind`] variant. Empty for abstract classes: use
            /// [`ModelClass::all_attributes`] for those.
            pub fn node_attributes(self) -> &'static [AttrInfo] {
                match self {
                    $(ModelClass::$nname => {
                        const ALL: &[AttrInfo] = &[
                            $(model_attr_info!($ifield: $ity($($iarg)*)),)*
                            $(model_attr_info!($ofield: $oty($($oarg)*)),)*
                        ];
                        ALL
                    })*
                    ModelClass::$pname => ModelClass::$pname.own_attributes(),
                    _ => &[],
                }
            }
        }

        /// The class-specific part of a [`Node`](super::Node): one variant per concrete positioned
        /// class, named like the Ruby class, with one field per attribute (inherited ones first,
        /// Pcore declaration order). Make the field values with [`Model::intern`] (strings),
        /// [`Model::list`] (node lists) and [`Model::integer`] (integers), then
        /// [`Model::alloc`] the node.
        #[derive(Clone, PartialEq, Debug)]
        pub enum NodeKind {
            $(
                $(#[$nmeta])*
                $nname {
                    $($ifield: model_field_ty!($ity($($iarg)*)),)*
                    $($ofield: model_field_ty!($oty($($oarg)*)),)*
                },
            )*
        }

        impl NodeKind {
            /// The model class of this node.
            pub fn class(&self) -> ModelClass {
                match self {
                    $(NodeKind::$nname { .. } => ModelClass::$nname,)*
                }
            }

            /// Builds the payload of a node of `class` from attribute values: `value_of` is called
            /// once per attribute of [`ModelClass::node_attributes`], in that order, and must return
            /// the value (the default for a missing optional one). `None` if `class` is not a
            /// concrete positioned class, or a value is missing or of the wrong shape. This is the
            /// generic constructor for readers (Pcore, test oracles) that get classes by name.
            pub fn from_attr_values<'v>(
                class: ModelClass,
                mut value_of: impl FnMut(&'static AttrInfo) -> Option<AttrInput<'v>>,
            ) -> Option<NodeKind> {
                let mut infos = class.node_attributes().iter();
                let mut next = move || -> Option<AttrInput<'v>> { value_of(infos.next()?) };
                match class {
                    $(ModelClass::$nname => Some(NodeKind::$nname {
                        $($ifield: model_from_input!($ity($($iarg)*), next()?)?,)*
                        $($ofield: model_from_input!($oty($($oarg)*), next()?)?,)*
                    }),)*
                    _ => None,
                }
            }

            /// Calls `f` with every contained child, in attribute order (what
            /// [`Model::children`] yields, without going through reflection: the hot path of
            /// whole-tree passes).
            pub fn for_each_child(&self, model: &Model, f: &mut dyn FnMut(NodeId)) {
                match self {
                    $(NodeKind::$nname { $($ifield,)* $($ofield,)* } => {
                        $(model_visit_child!(model, f, $ifield, $ity($($iarg)*));)*
                        $(model_visit_child!(model, f, $ofield, $oty($($oarg)*));)*
                    })*
                }
            }

            /// The value of the attribute at `index` in [`ModelClass::node_attributes`].
            pub(crate) fn attr_value<'a>(&'a self, model: &'a Model, index: usize) -> Option<AttrValue<'a>> {
                match self {
                    $(NodeKind::$nname { $($ifield,)* $($ofield,)* } => {
                        let values: &[AttrValue<'a>] = &[
                            $(model_attr_value!(model, $ifield, $ity($($iarg)*)),)*
                            $(model_attr_value!(model, $ofield, $oty($($oarg)*)),)*
                        ];
                        values.get(index).copied()
                    })*
                }
            }
        }
    };
}

with_model_table!(define_model);

impl ModelClass {
    /// Looks a class up by its Ruby name (`"CallNamedFunctionExpression"`).
    pub fn from_name(name: &str) -> Option<ModelClass> {
        ModelClass::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// `self`, its parent, …, up to `PopsObject`.
    pub fn ancestors(self) -> impl Iterator<Item = ModelClass> {
        std::iter::successors(Some(self), |c| c.parent())
    }

    /// Ruby's `Class#<=`: whether `self` is `other` or a subclass of it.
    pub const fn is_a(self, other: ModelClass) -> bool {
        let mut current = Some(self);
        while let Some(class) = current {
            if class as u8 == other as u8 {
                return true;
            }
            current = class.parent();
        }
        false
    }

    /// Subclasses of `Positioned` carry `locator`, `offset` and `length` (the first three
    /// `Class.new` arguments); `PopsObject` and `Program` do not.
    pub const fn is_positioned(self) -> bool {
        self.is_a(ModelClass::Positioned)
    }

    /// All attributes, inherited first (computed from [`ModelClass::own_attributes`] of the
    /// ancestors; equal to [`ModelClass::node_attributes`] for concrete classes).
    pub fn all_attributes(self) -> impl Iterator<Item = &'static AttrInfo> {
        let mut chain: Vec<ModelClass> = self.ancestors().collect();
        chain.reverse();
        chain.into_iter().flat_map(|c| c.own_attributes().iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_all_83_classes() {
        assert_eq!(ModelClass::ALL.len(), 83);
        assert_eq!(
            ModelClass::ALL.iter().filter(|c| c.is_abstract()).count(),
            16
        );
        let positioned_concrete = ModelClass::ALL
            .iter()
            .filter(|c| !c.is_abstract() && c.is_positioned())
            .count();
        assert_eq!(positioned_concrete, 66);
        assert!(!ModelClass::Program.is_positioned());
        assert!(!ModelClass::Program.is_abstract());
    }

    #[test]
    fn inherited_attributes_match_the_ancestors() {
        for &class in ModelClass::ALL.iter().filter(|c| !c.is_abstract()) {
            let flattened: Vec<&AttrInfo> = class.node_attributes().iter().collect();
            let from_chain: Vec<&AttrInfo> = class.all_attributes().collect();
            assert_eq!(flattened, from_chain, "{}", class.name());
        }
    }

    #[test]
    fn class_hierarchy() {
        use ModelClass as C;
        assert!(C::UnlessExpression.is_a(C::IfExpression));
        assert!(C::AndExpression.is_a(C::BinaryExpression));
        assert!(C::PlanDefinition.is_a(C::NamedDefinition));
        assert!(C::RenderStringExpression.is_a(C::LiteralValue));
        assert!(!C::LiteralUndef.is_a(C::LiteralValue));
        assert!(C::KeyedEntry.is_a(C::Positioned) && !C::KeyedEntry.is_a(C::Expression));
        assert_eq!(C::Program.parent(), Some(C::PopsObject));
        assert_eq!(C::PopsObject.parent(), None);
        assert_eq!(C::from_name("CaseOption"), Some(C::CaseOption));
        assert_eq!(C::CaseOption.pcore_name(), "Puppet::AST::CaseOption");
    }

    /// The `Class.new` positional orders quoted in the reference (§3.2 notes).
    #[test]
    fn new_order_is_required_then_optional() {
        fn new_order(class: ModelClass) -> Vec<&'static str> {
            let attrs = class.node_attributes();
            let required = attrs.iter().filter(|a| a.is_required());
            let optional = attrs.iter().filter(|a| !a.is_required());
            required.chain(optional).map(|a| a.name).collect()
        }
        use ModelClass as C;
        assert_eq!(
            new_order(C::ResourceExpression),
            ["type_name", "form", "bodies"]
        );
        assert_eq!(new_order(C::HeredocExpression), ["text_expr", "syntax"]);
        assert_eq!(
            new_order(C::NodeDefinition),
            ["host_matches", "parent", "body"]
        );
        assert_eq!(
            new_order(C::CallNamedFunctionExpression),
            ["functor_expr", "rval_required", "arguments", "lambda"]
        );
        assert_eq!(new_order(C::LiteralInteger), ["value", "radix"]);
        assert_eq!(new_order(C::Program), ["locator", "body", "definitions"]);
        assert_eq!(
            new_order(C::Parameter),
            ["name", "value", "type_expr", "captures_rest"]
        );
        assert_eq!(new_order(C::CaseOption), ["values", "then_expr"]);
        assert_eq!(new_order(C::LiteralRegularExpression), ["value", "pattern"]);
    }
}
