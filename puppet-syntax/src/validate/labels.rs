//! Ruby's `Model::ModelLabelProvider` (the human names of model classes used in messages) and
//! `LabelProvider`'s articles: `a_an` ("a Host Class Definition", "an 'apply' expression"),
//! `a_an_uc` ("A Virtual Query") and `the`.
//!
//! A class without its own `label_X` method gets its nearest ancestor's; the abstract classes and
//! `CallFunctionExpression`/`AttributesOperation` fall through to `label_Object` ("Object"),
//! verified against Ruby for every class.

use super::Container;
use crate::model::{Model, NodeId, NodeKind};

/// `ModelLabelProvider#label(o)`.
pub(crate) fn label(model: &Model, id: NodeId) -> String {
    let fixed = match model.kind(id) {
        NodeKind::LiteralInteger { .. } => "Literal Integer",
        NodeKind::LiteralFloat { .. } => "Literal Float",
        NodeKind::ArithmeticExpression { operator, .. } => return quoted_op(operator.as_str()),
        NodeKind::AccessExpression { .. } => "'[]' expression",
        NodeKind::MatchExpression { operator, .. } => return quoted_op(operator.as_str()),
        NodeKind::CollectExpression { query, .. } => return label(model, *query),
        NodeKind::EppExpression { .. } => "Epp Template",
        NodeKind::ExportedQuery { .. } => "Exported Query",
        NodeKind::VirtualQuery { .. } => "Virtual Query",
        NodeKind::ComparisonExpression { operator, .. } => return quoted_op(operator.as_str()),
        NodeKind::AndExpression { .. } => "'and' expression",
        NodeKind::OrExpression { .. } => "'or' expression",
        NodeKind::InExpression { .. } => "'in' expression",
        NodeKind::AssignmentExpression { operator, .. } => return quoted_op(operator.as_str()),
        NodeKind::AttributeOperation { operator, .. } => return quoted_op(operator.as_str()),
        NodeKind::LiteralList { .. } => "Array Expression",
        NodeKind::LiteralHash { .. } => "Hash Expression",
        NodeKind::KeyedEntry { .. } => "Hash Entry",
        NodeKind::LiteralBoolean { .. } => "Boolean",
        NodeKind::LiteralString { .. } => "String",
        NodeKind::LambdaExpression { .. } => "Lambda",
        NodeKind::LiteralDefault {} => "'default' expression",
        NodeKind::LiteralUndef {} => "'undef' expression",
        NodeKind::LiteralRegularExpression { .. } => "Regular Expression",
        NodeKind::Nop {} => "Nop Expression",
        NodeKind::NamedAccessExpression { .. } => "'.' expression",
        NodeKind::NotExpression { .. } => "'not' expression",
        NodeKind::VariableExpression { .. } => "Variable",
        NodeKind::TextExpression { .. } => "Expression in Interpolated String",
        NodeKind::UnaryMinusExpression { .. } => "Unary Minus",
        NodeKind::UnfoldExpression { .. } => "Unfold",
        NodeKind::BlockExpression { .. } => "Block Expression",
        NodeKind::ApplyBlockExpression { .. } => "Apply Block Expression",
        NodeKind::ConcatenatedString { .. } => "Double Quoted String",
        NodeKind::HeredocExpression { syntax, .. } => {
            return format!(
                "'@({})' expression",
                syntax.map(|s| model.str(s)).unwrap_or("")
            )
        }
        NodeKind::HostClassDefinition { .. } => "Host Class Definition",
        NodeKind::FunctionDefinition { .. } => "Function Definition",
        NodeKind::PlanDefinition { .. } => "Plan Definition",
        NodeKind::NodeDefinition { .. } => "Node Definition",
        NodeKind::ResourceTypeDefinition { .. } => "'define' expression",
        NodeKind::ResourceOverrideExpression { .. } => "Resource Override",
        NodeKind::Parameter { .. } => "Parameter Definition",
        NodeKind::ParenthesizedExpression { .. } => "Parenthesized Expression",
        NodeKind::IfExpression { .. } => "'if' statement",
        NodeKind::UnlessExpression { .. } => "'unless' Statement",
        NodeKind::CallNamedFunctionExpression { .. } => "Function Call",
        NodeKind::CallMethodExpression { .. } => "Method call",
        NodeKind::ApplyExpression { .. } => "'apply' expression",
        NodeKind::CaseExpression { .. } => "'case' statement",
        NodeKind::CaseOption { .. } => "Case Option",
        NodeKind::RenderStringExpression { .. } => "Epp Text",
        NodeKind::RenderExpression { .. } => "Epp Interpolated Expression",
        NodeKind::RelationshipExpression { operator, .. } => return quoted_op(operator.as_str()),
        NodeKind::ResourceBody { .. } => "Resource Instance Definition",
        NodeKind::ResourceDefaultsExpression { .. } => "Resource Defaults Expression",
        NodeKind::ResourceExpression { .. } => "Resource Statement",
        NodeKind::SelectorExpression { .. } => "Selector Expression",
        NodeKind::SelectorEntry { .. } => "Selector Option",
        NodeKind::QualifiedName { .. } => "Name",
        NodeKind::QualifiedReference { .. } => "Type-Name",
        NodeKind::ReservedWord { word, .. } => {
            return format!("Reserved Word '{}'", model.str(*word))
        }
        NodeKind::TypeAlias { .. } => "Type Alias",
        NodeKind::TypeMapping { .. } => "Type Mapping",
        NodeKind::TypeDefinition { .. } => "Type Definition",
        NodeKind::CallFunctionExpression { .. } | NodeKind::AttributesOperation { .. } => "Object",
    };
    fixed.to_owned()
}

fn quoted_op(op: &str) -> String {
    format!("'{op}' expression")
}

/// The label of a container: `Program` has no label method of its own ("Object"), `nil` is
/// "Undef Value".
pub(crate) fn label_container(model: &Model, container: Container) -> String {
    match container {
        Container::Node(id) => label(model, id),
        Container::Program => "Object".to_owned(),
        Container::None => "Undef Value".to_owned(),
    }
}

/// `LabelProvider#article`: "an" when the first letter (after one leading quote) is a vowel
/// (including `y`), else "a".
pub(crate) fn article(text: &str) -> &'static str {
    let mut chars = text.chars();
    let mut first = chars.next();
    if matches!(first, Some('"' | '\'')) {
        first = chars.next();
    }
    match first.map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y') => "an",
        _ => "a",
    }
}

/// `a_an`: "a Host Class Definition".
pub(crate) fn a_an(text: &str) -> String {
    format!("{} {text}", article(text))
}

/// `a_an_uc`: "A Host Class Definition".
pub(crate) fn a_an_uc(text: &str) -> String {
    let article = if article(text) == "an" { "An" } else { "A" };
    format!("{article} {text}")
}

/// `the`: "the Host Class Definition".
pub(crate) fn the(text: &str) -> String {
    format!("the {text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_like_ruby() {
        assert_eq!(a_an("'define' expression"), "a 'define' expression");
        assert_eq!(a_an("'apply' expression"), "an 'apply' expression");
        assert_eq!(a_an("Unary Minus"), "an Unary Minus");
        assert_eq!(a_an_uc("Virtual Query"), "A Virtual Query");
        assert_eq!(a_an_uc("Array Expression"), "An Array Expression");
        assert_eq!(a_an("'=' expression"), "a '=' expression");
        assert_eq!(the("'define' expression"), "the 'define' expression");
    }
}
