//! The dispatch (`check(o)`: the `check_X` of the nearest ancestor class that has one) and the
//! `check_X` methods for expressions, resources, collectors and literals. Definitions and
//! parameters are in `definitions`.

use std::collections::HashSet;

use super::helpers::{is_numeric_var_name, is_word, segments_match};
use super::labels::label;
use super::literal::{literal, Lit, NotLiteral};
use super::messages as msg;
use super::{Checker, Container};
use crate::diagnostics::IssueCode;
use crate::model::{
    AssignmentOperator, AttributeOperator, IntRef, ModelClass, NodeId, NodeKind, ResourceForm,
};

impl Checker<'_> {
    /// `check(o)`. Classes without a `check_X` (literals, names, `Nop`, method calls, …) have
    /// nothing to check.
    pub(crate) fn check(&mut self, o: NodeId) {
        let model = self.model;
        let tasks = self.options.tasks;
        match model.kind(o) {
            NodeKind::AssignmentExpression {
                left_expr,
                right_expr,
                operator,
            } => match operator {
                AssignmentOperator::Assign => {
                    self.assign(*left_expr, false);
                    self.rvalue(*right_expr);
                }
                AssignmentOperator::AddAssign | AssignmentOperator::SubAssign => {
                    let op = operator.as_str();
                    let text = msg::appends_deletes_no_longer_supported(op);
                    self.accept(
                        IssueCode::APPENDS_DELETES_NO_LONGER_SUPPORTED,
                        o,
                        text,
                        vec![("operator", op.to_owned())],
                    );
                }
            },
            NodeKind::AttributeOperation {
                attribute_name,
                operator,
                value_expr,
            } => {
                if *operator == AttributeOperator::Append {
                    let parent = self.parent();
                    let ok = parent.node().is_some_and(|p| {
                        matches!(
                            model.class(p),
                            ModelClass::CollectExpression | ModelClass::ResourceOverrideExpression
                        )
                    });
                    if !ok {
                        let name = model.str(*attribute_name);
                        let parent_label = self.container_label(parent);
                        let text = msg::illegal_attribute_append(name, &parent_label);
                        self.accept(
                            IssueCode::ILLEGAL_ATTRIBUTE_APPEND,
                            o,
                            text,
                            vec![("name", name.to_owned()), ("parent", parent_label)],
                        );
                    }
                }
                self.rvalue(*value_expr);
            }
            NodeKind::AttributesOperation { expr } => {
                self.check_attributes_operation(o);
                self.rvalue(*expr);
            }
            NodeKind::BlockExpression { statements }
            | NodeKind::ApplyBlockExpression { statements } => {
                if self.resource_without_title(o) {
                    let first = model.nodes(*statements)[0];
                    let NodeKind::QualifiedName { value } = model.kind(first) else {
                        unreachable!()
                    };
                    let name = model.str(*value);
                    let text = msg::resource_without_title(name);
                    self.accept(
                        IssueCode::RESOURCE_WITHOUT_TITLE,
                        o,
                        text,
                        vec![("name", name.to_owned())],
                    );
                } else {
                    let statements = model.nodes(*statements);
                    let all_but_last = &statements[..statements.len().saturating_sub(1)];
                    if let Some(&s) = all_but_last.iter().find(|&&s| self.idem(Some(s))) {
                        let text = msg::idem_expression_not_last(&label(model, s));
                        self.accept(IssueCode::IDEM_EXPRESSION_NOT_LAST, s, text, Vec::new());
                    }
                }
            }
            NodeKind::CallNamedFunctionExpression { functor_expr, .. } => {
                self.check_call_named_function(o, *functor_expr)
            }
            NodeKind::EppExpression { .. } => {
                if let Container::Node(p) = self.parent() {
                    if model.class(p) == ModelClass::LambdaExpression {
                        self.check_no_capture(p, o);
                        self.check_parameter_name_uniqueness(p);
                    }
                }
            }
            NodeKind::HeredocExpression { syntax, text_expr } => {
                self.check_heredoc(syntax.map(|s| model.str(s)), *text_expr)
            }
            NodeKind::CaseExpression { test, options } => {
                self.rvalue(*test);
                let mut found_default = false;
                for &option in model.nodes(*options) {
                    let NodeKind::CaseOption { values, .. } = model.kind(option) else {
                        continue;
                    };
                    for &value in model.nodes(*values) {
                        if model.class(value) == ModelClass::LiteralDefault {
                            if found_default {
                                let container = label(model, o);
                                let text = msg::duplicate_default(&container);
                                self.accept(
                                    IssueCode::DUPLICATE_DEFAULT,
                                    value,
                                    text,
                                    vec![("container", container)],
                                );
                            }
                            found_default = true;
                        }
                    }
                }
            }
            NodeKind::CaseOption { values, .. } => {
                for &v in model.nodes(*values) {
                    self.rvalue(v);
                }
            }
            NodeKind::CollectExpression {
                type_expr, query, ..
            } => {
                if tasks {
                    self.tasks_check_collect(o, *query, *type_expr);
                } else {
                    self.check_collect(o, *type_expr);
                }
            }
            NodeKind::NamedAccessExpression { right_expr, .. } => {
                if model.class(*right_expr) != ModelClass::QualifiedName {
                    let container = self.container_label(self.parent());
                    self.illegal_expression(*right_expr, "function name", container);
                }
            }
            NodeKind::FunctionDefinition { .. } | NodeKind::PlanDefinition { .. } => {
                self.check_function_definition(o)
            }
            NodeKind::HostClassDefinition { .. } => {
                if tasks {
                    self.illegal_tasks_expression(o);
                } else {
                    self.check_host_class_or_define(o);
                }
            }
            NodeKind::ResourceTypeDefinition { .. } => {
                if tasks {
                    self.illegal_tasks_expression(o);
                } else {
                    self.check_host_class_or_define(o);
                }
            }
            NodeKind::TypeAlias { name, type_expr } => {
                self.check_type_alias(o, model.str(*name), *type_expr)
            }
            NodeKind::TypeMapping {
                type_expr,
                mapping_expr,
            } => self.check_type_mapping(o, *type_expr, *mapping_expr),
            NodeKind::TypeDefinition { name, .. } => {
                self.top(o, -1);
                self.check_reserved_type_name(o, model.str(*name));
                let text = msg::unsupported_expression(&label(model, o));
                self.accept(IssueCode::UNSUPPORTED_EXPRESSION, o, text, Vec::new());
            }
            NodeKind::IfExpression { test, .. } | NodeKind::UnlessExpression { test, .. } => {
                self.rvalue(*test)
            }
            NodeKind::KeyedEntry { key, value } => {
                self.rvalue(*key);
                self.rvalue(*value);
            }
            NodeKind::LambdaExpression { .. } => {
                self.check_capture_last(o);
                self.check_return_type(o);
            }
            NodeKind::LiteralList { values } => {
                for &v in model.nodes(*values) {
                    self.rvalue(v);
                }
            }
            NodeKind::LiteralInteger { value, .. } => {
                if let IntRef::Big(digits) = model.int(*value) {
                    let (positive, hex) = ruby_hex(digits);
                    let text = msg::numeric_overflow(&label(model, o), positive, &hex);
                    self.accept(
                        IssueCode::NUMERIC_OVERFLOW,
                        o,
                        text,
                        vec![("value", digits.to_owned())],
                    );
                }
            }
            NodeKind::LiteralHash { entries } => self.check_literal_hash(model.nodes(*entries)),
            NodeKind::NodeDefinition { .. } => {
                if tasks && !self.in_apply_block() {
                    self.illegal_tasks_expression(o);
                } else {
                    self.check_node_definition(o);
                }
            }
            NodeKind::QualifiedReference { cased_value } => {
                let name = model.str(*cased_value);
                if !is_classref_ext(name) {
                    let text = msg::illegal_classref(name);
                    self.accept(
                        IssueCode::ILLEGAL_CLASSREF,
                        o,
                        text,
                        vec![("name", name.to_owned())],
                    );
                }
            }
            NodeKind::RelationshipExpression {
                left_expr,
                right_expr,
                ..
            } => {
                if tasks && !self.in_apply_block() {
                    self.illegal_tasks_expression(o);
                } else {
                    self.relation(*left_expr);
                    self.relation(*right_expr);
                }
            }
            NodeKind::Parameter { .. } => self.check_parameter(o),
            NodeKind::ResourceExpression {
                form, type_name, ..
            } => {
                if tasks && !self.in_apply_block() {
                    self.illegal_tasks_expression(o);
                } else if *form != ResourceForm::Regular
                    && matches!(model.kind(*type_name), NodeKind::QualifiedName { value } if model.str(*value) == "class")
                {
                    self.accept(
                        IssueCode::CLASS_NOT_VIRTUALIZABLE,
                        o,
                        msg::CLASS_NOT_VIRTUALIZABLE.to_owned(),
                        Vec::new(),
                    );
                }
            }
            NodeKind::ResourceBody { operations, .. } => {
                let mut seen_unfolding = false;
                for &op in model.nodes(*operations) {
                    if model.class(op) == ModelClass::AttributesOperation {
                        if seen_unfolding {
                            let text = msg::MULTIPLE_ATTRIBUTES_UNFOLD.to_owned();
                            self.accept(
                                IssueCode::MULTIPLE_ATTRIBUTES_UNFOLD,
                                op,
                                text,
                                Vec::new(),
                            );
                        } else {
                            seen_unfolding = true;
                        }
                    }
                }
            }
            NodeKind::ResourceDefaultsExpression { form, .. }
            | NodeKind::ResourceOverrideExpression { form, .. } => {
                if tasks && !self.in_apply_block() {
                    self.illegal_tasks_expression(o);
                } else if *form != ResourceForm::Regular {
                    self.accept(
                        IssueCode::NOT_VIRTUALIZEABLE,
                        o,
                        msg::NOT_VIRTUALIZEABLE.to_owned(),
                        Vec::new(),
                    );
                }
            }
            NodeKind::ReservedWord { word, future } => {
                let word = model.str(*word).to_owned();
                if *future == Some(true) {
                    let text = msg::future_reserved_word(&word);
                    self.accept(
                        IssueCode::FUTURE_RESERVED_WORD,
                        o,
                        text,
                        vec![("word", word)],
                    );
                } else {
                    let text = msg::reserved_word(&word);
                    self.accept(IssueCode::RESERVED_WORD, o, text, vec![("word", word)]);
                }
            }
            NodeKind::SelectorExpression {
                left_expr,
                selectors,
            } => {
                self.rvalue(*left_expr);
                // Reported once, at the second `default`.
                let second_default = model
                    .nodes(*selectors)
                    .iter()
                    .filter_map(|&e| match model.kind(e) {
                        NodeKind::SelectorEntry { matching_expr, .. }
                            if model.class(*matching_expr) == ModelClass::LiteralDefault =>
                        {
                            Some(*matching_expr)
                        }
                        _ => None,
                    })
                    .nth(1);
                if let Some(second_default) = second_default {
                    let container = label(model, o);
                    let text = msg::duplicate_default(&container);
                    self.accept(
                        IssueCode::DUPLICATE_DEFAULT,
                        second_default,
                        text,
                        vec![("container", container)],
                    );
                }
            }
            NodeKind::SelectorEntry { matching_expr, .. } => self.rvalue(*matching_expr),
            NodeKind::VariableExpression { expr } => self.check_variable(o, *expr),
            NodeKind::ApplyExpression { .. } => {
                if tasks && self.in_apply_block() {
                    self.not_when_compiling(o);
                }
            }
            // The other binary, unary and query expressions get their abstract class's check.
            // The rest have none: literals, names, `Nop`, method calls, access expressions
            // (check_AccessExpression's `keys.size < 1` cannot fire for parsed code), …
            // (The walk does not call `check` for the classes of `is_plain_leaf`: a class given
            // a check here must be taken out there.)
            kind => self.check_inherited(kind),
        }
    }

    /// `check_BinaryExpression`, `check_UnaryExpression`, `check_QueryExpression`: the checks of
    /// abstract classes, for the subclasses without a `check_X` of their own (those have their
    /// arm in [`Checker::check`], which comes first).
    fn check_inherited(&mut self, kind: &NodeKind) {
        if let Some(binary) = kind.as_binary_expression() {
            self.rvalue(binary.left_expr);
            self.rvalue(binary.right_expr);
        } else if let Some(unary) = kind.as_unary_expression() {
            self.rvalue(unary.expr);
        } else if let Some(query) = kind.as_query_expression() {
            if let Some(expr) = query.expr {
                self.query(expr);
            }
        }
    }

    /// `acceptor.accept(ILLEGAL_EXPRESSION, o, feature:, container:)`.
    pub(crate) fn illegal_expression(&mut self, o: NodeId, feature: &str, container: String) {
        let text = msg::illegal_expression(&label(self.model, o), feature, &container);
        self.accept(
            IssueCode::ILLEGAL_EXPRESSION,
            o,
            text,
            vec![("feature", feature.to_owned()), ("container", container)],
        );
    }

    /// `check_AttributesOperation`: `* =>` only in a resource (body) or collector. The grammar
    /// never puts it anywhere else.
    fn check_attributes_operation(&mut self, o: NodeId) {
        let model = self.model;
        let parent = self.parent();
        let parent_ok = parent.node().is_some_and(|p| {
            let c = model.class(p);
            c.is_a(ModelClass::AbstractResource) || c == ModelClass::CollectExpression
        });
        if parent_ok {
            return;
        }
        let parent2 = if parent == Container::None {
            Container::Node(o)
        } else {
            self.container(-2)
        };
        let parent2_ok = parent2
            .node()
            .is_some_and(|p| model.class(p).is_a(ModelClass::AbstractResource));
        if !parent2_ok {
            let semantic = parent2.node().unwrap_or(o);
            let text = msg::unsupported_operator_in_context("* =>", &self.container_label(parent2));
            self.accept(
                IssueCode::UNSUPPORTED_OPERATOR_IN_CONTEXT,
                semantic,
                text,
                vec![("operator", "* =>".to_owned())],
            );
        }
    }

    /// `check_CallNamedFunctionExpression`.
    fn check_call_named_function(&mut self, o: NodeId, functor: NodeId) {
        let model = self.model;
        match model.kind(functor) {
            NodeKind::QualifiedReference { .. } | NodeKind::QualifiedName { .. } => {}
            NodeKind::AccessExpression { left_expr, .. }
                if model.class(*left_expr) == ModelClass::QualifiedReference => {}
            NodeKind::RenderStringExpression { .. } => {
                self.accept(
                    IssueCode::ILLEGAL_EPP_PARAMETERS,
                    o,
                    msg::ILLEGAL_EPP_PARAMETERS.to_owned(),
                    Vec::new(),
                );
            }
            _ => {
                let container = label(model, o);
                self.illegal_expression(functor, "function name", container);
            }
        }
    }

    /// `check_CollectExpression`: the type must be a type name.
    pub(crate) fn check_collect(&mut self, o: NodeId, type_expr: NodeId) {
        if self.model.class(type_expr) != ModelClass::QualifiedReference {
            let container = label(self.model, o);
            self.illegal_expression(type_expr, "type name", container);
        }
    }

    /// `check_LiteralHash`: a literal key repeated (Ruby `eql?`) → `DUPLICATE_KEY` on the later
    /// entry. Ruby evaluates every key whatever `strict` says, so where a key's minus raises
    /// (`-true`, see [`NotLiteral::NoMinus`]) that is reported even when duplicates are not.
    fn check_literal_hash(&mut self, entries: &[NodeId]) {
        let accepting = self.will_accept(IssueCode::DUPLICATE_KEY);
        if !self.rules.literal_unary_minus && (!accepting || entries.len() < 2) {
            return;
        }
        let model = self.model;
        let rules = self.rules;
        // A linear scan for the usual small hashes, a hash set for big ones.
        let big = entries.len() > 16;
        let mut seen: Vec<Lit> = Vec::new();
        let mut unique: HashSet<Lit> = HashSet::new();
        for &entry in entries {
            let NodeKind::KeyedEntry { key, .. } = model.kind(entry) else {
                continue;
            };
            let value = match literal(model, &rules, *key) {
                Ok(value) => value,
                Err(NotLiteral::Thrown) => continue,
                Err(NotLiteral::NoMinus { minus, value }) => return self.not_numeric(minus, value),
            };
            if !accepting {
                continue;
            }
            let duplicate = if big {
                unique.contains(&value)
            } else {
                seen.contains(&value)
            };
            if duplicate {
                // The message shows this entry's key (eql to the first, but maybe printed
                // differently: `-0.0`, hash order).
                let key = value.to_ruby_s();
                let text = msg::duplicate_key(&key);
                self.accept(IssueCode::DUPLICATE_KEY, entry, text, vec![("key", key)]);
            } else if big {
                unique.insert(value);
            } else {
                seen.push(value);
            }
        }
    }

    /// Where Ruby's literal evaluator applies a minus to a value that has none (`-true`) and
    /// raises `NoMethodError`, which ends its validation: an error at the minus, with the
    /// message Puppet's evaluator gives that minus.
    pub(crate) fn not_numeric(&mut self, minus: NodeId, value: String) {
        let text = msg::not_numeric(&value);
        self.accept(IssueCode::NOT_NUMERIC, minus, text, vec![("value", value)]);
    }

    /// `check_VariableExpression`: the name must be a decimal number or a valid variable name.
    fn check_variable(&mut self, o: NodeId, expr: NodeId) {
        let model = self.model;
        let name = match model.kind(expr) {
            NodeKind::LiteralInteger { .. } => return,
            NodeKind::QualifiedName { value } => model.str(*value),
            _ => {
                let container = label(model, o);
                return self.illegal_expression(o, "name", container);
            }
        };
        // `"${true}"`: Ruby's lexer turns the keyword into a name whose value is the Boolean
        // `true`, and `check_VariableExpression` crashes on it (NoMethodError). A variable
        // written with `$` always starts with one; this one starts at the bare word.
        if matches!(name, "true" | "false")
            && !model.source()[model.offset(o) as usize..].starts_with('$')
        {
            let text = format!(
                "Illegal expression. A Boolean ({name}) is unacceptable as name in a Variable"
            );
            self.accept(
                IssueCode::ILLEGAL_EXPRESSION,
                o,
                text,
                vec![
                    ("feature", "name".to_owned()),
                    ("container", "Variable".to_owned()),
                ],
            );
            return;
        }
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            if !is_numeric_var_name(name) {
                let text = msg::illegal_numeric_var_name(name);
                self.accept(
                    IssueCode::ILLEGAL_NUMERIC_VAR_NAME,
                    o,
                    text,
                    vec![("name", name.to_owned())],
                );
            }
        } else if !is_var_name(name) {
            let text = msg::illegal_var_name(name);
            self.accept(
                IssueCode::ILLEGAL_VAR_NAME,
                o,
                text,
                vec![("name", name.to_owned())],
            );
        }
    }
}

/// Ruby `Patterns::VAR_NAME`: `\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z` (only the last segment may
/// start with `_`). A byte scan: this runs for every variable.
fn is_var_name(name: &str) -> bool {
    let b = name.as_bytes();
    segments_match(
        b.strip_prefix(b"::").unwrap_or(b),
        |c| c.is_ascii_lowercase() || c == b'_',
        |c| c == b'_',
    )
}

/// Ruby `Patterns::CLASSREF_EXT`: `\A((::){0,1}[A-Z][\w]*)+\z`.
fn is_classref_ext(name: &str) -> bool {
    let mut rest = name;
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        rest = rest.strip_prefix("::").unwrap_or(rest);
        let mut chars = rest.char_indices();
        if !chars.next().is_some_and(|(_, c)| c.is_ascii_uppercase()) {
            return false;
        }
        let end = chars
            .find(|&(_, c)| !is_word(c))
            .map_or(rest.len(), |(i, _)| i);
        rest = &rest[end..];
        if !rest.is_empty() && !rest.starts_with("::") {
            return false;
        }
    }
    true
}

/// Ruby's `"%#+x" % value` for an integer given as decimal digits (optionally `-`): the sign and
/// `0x` then lower-case hex digits. Returns `(value > 0, text)`.
fn ruby_hex(decimal: &str) -> (bool, String) {
    let (negative, digits) = match decimal.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, decimal),
    };
    // Repeated division of the decimal digit string by 16.
    let mut number: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
    let mut hex = Vec::new();
    while !(number.is_empty() || number.iter().all(|&d| d == 0)) {
        let mut remainder = 0u32;
        let mut quotient = Vec::with_capacity(number.len());
        for &d in &number {
            let current = remainder * 10 + u32::from(d);
            let q = (current / 16) as u8;
            remainder = current % 16;
            if !(quotient.is_empty() && q == 0) {
                quotient.push(q);
            }
        }
        hex.push(std::char::from_digit(remainder, 16).expect("remainder < 16"));
        number = quotient;
    }
    if hex.is_empty() {
        hex.push('0');
    }
    let hex: String = hex.into_iter().rev().collect();
    (
        !negative,
        format!("{}0x{hex}", if negative { '-' } else { '+' }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        for ok in ["a", "::a", "a::b", "_x", "a::_b", "a1_b", "x::y::z9"] {
            assert!(is_var_name(ok), "{ok}");
        }
        for bad in ["Abc", "_x::y", "a::", "", "::", "a-b", "a::B", "1a"] {
            assert!(!is_var_name(bad), "{bad}");
        }
        for ok in ["A", "::A", "A::B", "Ab_1", "A::B::C", "::A::B"] {
            assert!(is_classref_ext(ok), "{ok}");
        }
        for bad in ["", "a", "A::", "A:B", "A::b", "A-B"] {
            assert!(!is_classref_ext(bad), "{bad}");
        }
    }

    #[test]
    fn hex_like_ruby() {
        assert_eq!(
            ruby_hex("99999999999999999999"),
            (true, "+0x56bc75e2d630fffff".to_owned())
        );
        assert_eq!(
            ruby_hex("-9223372036854775809"),
            (false, "-0x8000000000000001".to_owned())
        );
        assert_eq!(
            ruby_hex("9223372036854775808"),
            (true, "+0x8000000000000000".to_owned())
        );
    }
}
