//! The hand-written part of [`ModelClass`]: lookups and relations computed from the generated
//! metadata (`generated/classes.rs`, `generated/attributes.rs`), and the tests that check the
//! generated tables against Puppet's `Class.new` orders.

use super::{AttrInfo, ModelClass};

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
    fn the_model_has_all_83_classes() {
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
            let computed: Vec<&str> = required.chain(optional).map(|a| a.name).collect();
            let generated: Vec<&str> = class.new_order().iter().map(|a| a.name).collect();
            assert_eq!(generated, computed, "{}", class.name());
            let by_index: Vec<&str> = class
                .new_order_indices()
                .iter()
                .map(|&i| attrs[i].name)
                .collect();
            assert_eq!(by_index, computed, "{}", class.name());
            generated
        }
        for &class in ModelClass::ALL {
            new_order(class);
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
