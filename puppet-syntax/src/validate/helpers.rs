//! Ruby `Checker4_0`'s sub-visitors: `rvalue` (may this produce a value?), `idem` (has this no
//! effect?), `assign` (is this assignable?), `query` (is this allowed in a collector query?),
//! `relation` (a relationship operand) and `hostname` (a node definition's host match).

use super::labels::label;
use super::messages as msg;
use super::{Checker, Container};
use crate::diagnostics::IssueCode;
use crate::model::{ComparisonOperator, ModelClass, NodeId, NodeKind};

/// Ruby `Patterns::NUMERIC_VAR_NAME`: `\A(?:0|(?:[1-9][0-9]*))\z`.
pub(crate) fn is_numeric_var_name(name: &str) -> bool {
    let b = name.as_bytes();
    match b {
        [b'0'] => true,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// Ruby `\w` (ASCII only).
pub(crate) fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Ruby `\w` on one byte of UTF-8 (a byte of a non-ASCII character is never `\w`, as the
/// character is not): the lexer's table, for the name checks that run on every variable and
/// parameter.
pub(crate) use crate::lexer::chars::is_word as is_word_byte;

/// Whether `name` is `\AS(?:::S)*\z`, where a segment `S` is a byte `first` accepts, then
/// `\w*`, and a segment whose first byte `last_only` accepts may only be the last one. A byte
/// scan for the name patterns Ruby checks with regular expressions on every variable and
/// definition (a byte of a non-ASCII character is neither `\w` nor an ASCII letter, as the
/// character is not).
pub(crate) fn segments_match(
    name: &[u8],
    first: fn(u8) -> bool,
    last_only: fn(u8) -> bool,
) -> bool {
    let mut i = 0;
    loop {
        let Some(&start) = name.get(i).filter(|&&b| first(b)) else {
            return false;
        };
        i += 1;
        while i < name.len() && is_word_byte(name[i]) {
            i += 1;
        }
        if i == name.len() {
            return true;
        }
        if last_only(start) || !name[i..].starts_with(b"::") {
            return false;
        }
        i += 2;
    }
}

impl Checker<'_> {
    /// `rvalue(o)`: definitions and collectors do not produce a value (`NOT_RVALUE`); unary
    /// expressions are checked through to their operand (a loop, not a recursion: no stack
    /// check needed).
    pub(crate) fn rvalue(&mut self, mut o: NodeId) {
        loop {
            let kind = self.model.kind(o);
            match kind {
                NodeKind::CollectExpression { .. }
                | NodeKind::FunctionDefinition { .. }
                | NodeKind::PlanDefinition { .. }
                | NodeKind::ResourceTypeDefinition { .. }
                | NodeKind::HostClassDefinition { .. }
                | NodeKind::NodeDefinition { .. }
                | NodeKind::TypeAlias { .. }
                | NodeKind::TypeMapping { .. }
                | NodeKind::TypeDefinition { .. } => return self.not_rvalue(o),
                _ => match unary_operand(kind) {
                    Some(operand) => o = operand,
                    None => return,
                },
            }
        }
    }

    /// `NOT_RVALUE` at `o` (out of line: [`Checker::rvalue`] runs for most expressions, and
    /// almost never reports).
    #[cold]
    #[inline(never)]
    fn not_rvalue(&mut self, o: NodeId) {
        let text = msg::not_rvalue(&label(self.model, o));
        self.accept(IssueCode::NOT_RVALUE, o, text, Vec::new());
    }

    /// `relation(o)`: a relationship operand; collectors and nested relationships are fine.
    pub(crate) fn relation(&mut self, o: NodeId) {
        match self.model.class(o) {
            ModelClass::CollectExpression | ModelClass::RelationshipExpression => {}
            _ => self.rvalue(o),
        }
    }

    /// `idem(o)`: true when evaluating `o` is known to have no effect (`None` is Ruby `nil`):
    /// literals, names, lists, hashes, access, non-match binary and unary operators, strings,
    /// heredocs, selectors; blocks, `if`/`unless`, `case` and parentheses when their parts are.
    pub(crate) fn idem(&self, o: Option<NodeId>) -> bool {
        let Some(o) = o else { return true };
        let model = self.model;
        match model.kind(o) {
            NodeKind::Nop {}
            | NodeKind::LiteralRegularExpression { .. }
            | NodeKind::LiteralString { .. }
            | NodeKind::LiteralInteger { .. }
            | NodeKind::LiteralFloat { .. }
            | NodeKind::LiteralUndef {}
            | NodeKind::LiteralDefault {}
            | NodeKind::LiteralBoolean { .. }
            | NodeKind::QualifiedName { .. }
            | NodeKind::ReservedWord { .. }
            | NodeKind::QualifiedReference { .. }
            | NodeKind::LiteralList { .. }
            | NodeKind::LiteralHash { .. }
            | NodeKind::AccessExpression { .. }
            | NodeKind::ConcatenatedString { .. }
            | NodeKind::HeredocExpression { .. }
            | NodeKind::SelectorExpression { .. }
            | NodeKind::ArithmeticExpression { .. }
            | NodeKind::ComparisonExpression { .. }
            | NodeKind::InExpression { .. }
            | NodeKind::AndExpression { .. }
            | NodeKind::OrExpression { .. }
            | NodeKind::NamedAccessExpression { .. }
            | NodeKind::NotExpression { .. }
            | NodeKind::UnaryMinusExpression { .. }
            | NodeKind::UnfoldExpression { .. }
            | NodeKind::TextExpression { .. }
            | NodeKind::VariableExpression { .. } => true,
            // The nested forms recurse: each level checks the stack.
            NodeKind::ParenthesizedExpression { expr } => {
                crate::deep::guarded(|| self.idem(Some(*expr)))
            }
            NodeKind::BlockExpression { statements }
            | NodeKind::ApplyBlockExpression { statements } => crate::deep::guarded(|| {
                model.nodes(*statements).iter().all(|&s| self.idem(Some(s)))
            }),
            NodeKind::IfExpression {
                test,
                then_expr,
                else_expr,
            }
            | NodeKind::UnlessExpression {
                test,
                then_expr,
                else_expr,
            } => crate::deep::guarded(|| {
                self.idem(Some(*test)) && self.idem(*then_expr) && self.idem(*else_expr)
            }),
            NodeKind::CaseExpression { test, options } => crate::deep::guarded(|| {
                self.idem(Some(*test))
                    && model
                        .nodes(*options)
                        .iter()
                        .all(|&opt| self.idem(Some(opt)))
            }),
            NodeKind::CaseOption { values, then_expr } => crate::deep::guarded(|| {
                model.nodes(*values).iter().all(|&v| self.idem(Some(v))) && self.idem(*then_expr)
            }),
            // Match (sets $n), relationship, assignment, EPP rendering, apply, calls,
            // resources, collectors, definitions, lambdas, queries.
            _ => false,
        }
    }

    /// `ends_with_idem(o)`: the last statement of a block (or `o` itself) when it is idem.
    pub(crate) fn ends_with_idem(&self, o: Option<NodeId>) -> Option<NodeId> {
        let o = o?;
        if let NodeKind::BlockExpression { statements }
        | NodeKind::ApplyBlockExpression { statements } = self.model.kind(o)
        {
            let last = self.model.nodes(*statements).last().copied();
            return if self.idem(last) { last } else { None };
        }
        self.idem(Some(o)).then_some(o)
    }

    /// `resource_without_title?(o)`: a block of exactly a bare name and a hash (`file { … }`
    /// without a title). Always false for the tasks checker.
    pub(crate) fn resource_without_title(&self, o: NodeId) -> bool {
        if self.options.tasks {
            return false;
        }
        match self.model.kind(o) {
            NodeKind::BlockExpression { statements } => {
                let s = self.model.nodes(*statements);
                s.len() == 2
                    && self.model.class(s[0]) == ModelClass::QualifiedName
                    && self.model.class(s[1]) == ModelClass::LiteralHash
            }
            _ => false,
        }
    }

    /// `assign(o, via_index)`: the left side of `=`.
    pub(crate) fn assign(&mut self, o: NodeId, via_index: bool) {
        let model = self.model;
        match model.kind(o) {
            NodeKind::VariableExpression { expr } => {
                // Borrowed: the name is copied only into a diagnostic.
                let name: Option<std::borrow::Cow<'_, str>> = match model.kind(*expr) {
                    NodeKind::QualifiedName { value } => Some(model.str(*value).into()),
                    NodeKind::QualifiedReference { cased_value } => {
                        Some(model.str(*cased_value).to_lowercase().into())
                    }
                    _ => None,
                };
                let Some(name) = name else { return };
                if is_numeric_var_name(&name) {
                    let text = msg::illegal_numeric_assignment(&name);
                    self.accept(
                        IssueCode::ILLEGAL_NUMERIC_ASSIGNMENT,
                        o,
                        text,
                        vec![("varname", name.to_string())],
                    );
                }
                // (A byte-pair scan: `str::contains` with a `&str` sets up a substring search.)
                if self.will_accept(IssueCode::CROSS_SCOPE_ASSIGNMENT)
                    && name.as_bytes().windows(2).any(|pair| pair == b"::")
                {
                    let text = msg::cross_scope_assignment(&name);
                    self.accept(
                        IssueCode::CROSS_SCOPE_ASSIGNMENT,
                        o,
                        text,
                        vec![("name", name.into_owned())],
                    );
                }
            }
            NodeKind::AccessExpression { left_expr, .. } => {
                if self.will_accept(IssueCode::ILLEGAL_INDEXED_ASSIGNMENT) {
                    let text = msg::ILLEGAL_INDEXED_ASSIGNMENT.to_owned();
                    self.accept(IssueCode::ILLEGAL_INDEXED_ASSIGNMENT, o, text, Vec::new());
                } else {
                    // The nested forms recurse: each level checks the stack.
                    crate::deep::guarded(|| self.assign(*left_expr, true));
                }
            }
            NodeKind::LiteralList { values } => crate::deep::guarded(|| {
                for &v in model.nodes(*values) {
                    self.assign(v, false);
                }
            }),
            _ => {
                let l = label(model, o);
                if via_index {
                    self.accept(
                        IssueCode::ILLEGAL_ASSIGNMENT_VIA_INDEX,
                        o,
                        msg::illegal_assignment_via_index(&l),
                        Vec::new(),
                    );
                } else {
                    self.accept(
                        IssueCode::ILLEGAL_ASSIGNMENT,
                        o,
                        msg::illegal_assignment(&l),
                        Vec::new(),
                    );
                }
            }
        }
    }

    /// `query(o)`: only `==`/`!=`, `and`/`or`, parentheses, variables, names, numbers, strings
    /// and booleans may appear in a collector query.
    pub(crate) fn query(&mut self, o: NodeId) {
        crate::deep::guarded(|| {
            let model = self.model;
            let kind = model.kind(o);
            // `query_BooleanExpression`: both operands are queries too.
            let allowed = if let Some(boolean) = kind.as_boolean_expression() {
                self.query(boolean.left_expr);
                self.query(boolean.right_expr);
                true
            } else {
                match kind {
                    NodeKind::ComparisonExpression { operator, .. } => {
                        matches!(operator, ComparisonOperator::Eq | ComparisonOperator::Ne)
                    }
                    NodeKind::ParenthesizedExpression { expr } => {
                        self.query(*expr);
                        true
                    }
                    NodeKind::VariableExpression { .. }
                    | NodeKind::QualifiedName { .. }
                    | NodeKind::LiteralInteger { .. }
                    | NodeKind::LiteralFloat { .. }
                    | NodeKind::LiteralString { .. }
                    | NodeKind::RenderStringExpression { .. }
                    | NodeKind::LiteralBoolean { .. } => true,
                    _ => false,
                }
            };
            if !allowed {
                let text = msg::illegal_query_expression(&label(model, o));
                self.accept(IssueCode::ILLEGAL_QUERY_EXPRESSION, o, text, Vec::new());
            }
        })
    }

    /// `hostname(o, semantic)` for one host match of `node` (`semantic` is the node definition).
    pub(crate) fn hostname(&mut self, o: NodeId, semantic: NodeId) {
        let model = self.model;
        match model.kind(o) {
            NodeKind::LiteralInteger { .. }
            | NodeKind::LiteralFloat { .. }
            | NodeKind::LiteralDefault {}
            | NodeKind::LiteralRegularExpression { .. } => {}
            NodeKind::QualifiedName { value }
            | NodeKind::LiteralString { value }
            | NodeKind::RenderStringExpression { value } => {
                self.hostname_string(model.str(*value), o)
            }
            NodeKind::QualifiedReference { cased_value } => {
                let value = model.str(*cased_value).to_lowercase();
                self.hostname_string(&value, o)
            }
            NodeKind::LiteralBoolean { value } => {
                self.hostname_string(if *value { "true" } else { "false" }, o)
            }
            NodeKind::ConcatenatedString { segments } => {
                let segments = model.nodes(*segments);
                if let Some(&text) = segments
                    .iter()
                    .find(|&&s| model.class(s) == ModelClass::TextExpression)
                {
                    let NodeKind::TextExpression { expr } = model.kind(text) else {
                        unreachable!()
                    };
                    let text = msg::ILLEGAL_HOSTNAME_INTERPOLATION.to_owned();
                    self.accept(
                        IssueCode::ILLEGAL_HOSTNAME_INTERPOLATION,
                        *expr,
                        text,
                        Vec::new(),
                    );
                } else if segments.len() != 1 {
                    let text = msg::ILLEGAL_HOSTNAME_INTERPOLATION.to_owned();
                    self.accept(
                        IssueCode::ILLEGAL_HOSTNAME_INTERPOLATION,
                        o,
                        text,
                        Vec::new(),
                    );
                }
                // One plain segment: Ruby matches the segment *object* against the pattern,
                // which never matches; nothing is reported.
            }
            // Ruby's `hostname_LiteralValue` would call `ReservedWord#value` and crash; the
            // grammar never puts a reserved word in a host match.
            NodeKind::ReservedWord { .. } => {}
            _ => {
                let (l, c) = (label(model, o), label(model, semantic));
                let text = msg::illegal_expression(&l, "hostname", &c);
                self.accept(
                    IssueCode::ILLEGAL_EXPRESSION,
                    o,
                    text,
                    vec![("feature", "hostname".to_owned()), ("container", c)],
                );
            }
        }
    }

    /// `hostname_String`: only letters, digits, `_`, `-` and `.` (Ruby `/[^-\w.]/`).
    fn hostname_string(&mut self, name: &str, semantic: NodeId) {
        if name.chars().any(|c| !(is_word(c) || c == '-' || c == '.')) {
            let text = msg::illegal_hostname_chars(name);
            self.accept(
                IssueCode::ILLEGAL_HOSTNAME_CHARS,
                semantic,
                text,
                vec![("hostname", name.to_owned())],
            );
        }
    }

    /// The label of a container, for messages.
    pub(crate) fn container_label(&self, container: Container) -> String {
        super::labels::label_container(self.model, container)
    }
}

/// The operand of a `UnaryExpression`.
pub(crate) fn unary_operand(kind: &NodeKind) -> Option<NodeId> {
    kind.as_unary_expression().map(|unary| unary.expr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_var_names() {
        for ok in ["0", "1", "10", "123"] {
            assert!(is_numeric_var_name(ok), "{ok}");
        }
        for bad in ["", "01", "0123", "1a", "a1", "00"] {
            assert!(!is_numeric_var_name(bad), "{bad}");
        }
    }
}
