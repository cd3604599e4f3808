//! Checks of definitions (classes, defines, functions, plans, nodes, type aliases, mappings and
//! definitions), their parameters, the `top` check (where a definition may appear), the location
//! checks (`ILLEGAL_DEFINITION_LOCATION`, `ILLEGAL_TOP_CONSTRUCT_LOCATION`) and the
//! `TasksChecker` overrides.

use super::helpers::{is_word_byte, segments_match};
use super::labels::label;
use super::literal::{literal, Lit, NotLiteral};
use super::location::FileNamespace;
use super::messages as msg;
use super::walk;
use super::{Checker, Container};
use crate::diagnostics::IssueCode;
use crate::model::{ModelClass, NodeId, NodeKind};

/// `Checker4_0::RESERVED_TYPE_NAMES`.
const RESERVED_TYPE_NAMES: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];

/// Ruby `Patterns::CLASSREF_DECL`: `\A[a-z][\w]*(?:::[a-z][\w]*)*\z`.
fn is_classref_decl(name: &str) -> bool {
    segments_match(name.as_bytes(), |b| b.is_ascii_lowercase(), |_| false)
}

/// Ruby `Patterns::CLASSREF_EXT_DECL`: `\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z`.
fn is_classref_ext_decl(name: &str) -> bool {
    segments_match(name.as_bytes(), |b| b.is_ascii_uppercase(), |_| false)
}

/// `check_Parameter`'s `/^(?:0x)?[0-9]+$/`.
fn is_numeric_parameter(name: &str) -> bool {
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(name) || name.strip_prefix("0x").is_some_and(all_digits)
}

/// Ruby `Patterns::PARAM_NAME`: `\A[a-z_]\w*\z`.
fn is_param_name(name: &str) -> bool {
    match name.as_bytes() {
        [first, rest @ ..] => {
            (first.is_ascii_lowercase() || *first == b'_') && rest.iter().all(|&b| is_word_byte(b))
        }
        [] => false,
    }
}

/// The `parameters` and `body` of a definition or lambda.
fn parameters_of(model: &crate::model::Model, o: NodeId) -> &[NodeId] {
    let kind = model.kind(o);
    if let Some(definition) = kind.as_named_definition() {
        return model.nodes(definition.parameters);
    }
    match kind {
        NodeKind::LambdaExpression { parameters, .. } => model.nodes(*parameters),
        _ => &[],
    }
}

fn body_of(model: &crate::model::Model, o: NodeId) -> Option<NodeId> {
    let kind = model.kind(o);
    if let Some(definition) = kind.as_named_definition() {
        return definition.body;
    }
    match kind {
        NodeKind::LambdaExpression { body, .. } | NodeKind::NodeDefinition { body, .. } => *body,
        _ => None,
    }
}

/// `(name, captures_rest)` of a `Parameter`.
fn parameter(model: &crate::model::Model, p: NodeId) -> (&str, bool) {
    match model.kind(p) {
        NodeKind::Parameter {
            name,
            captures_rest,
            ..
        } => (model.str(*name), *captures_rest == Some(true)),
        _ => ("", false),
    }
}

impl Checker<'_> {
    /// `top(definition, idx)`: may the definition appear inside its containers?
    pub(crate) fn top(&mut self, definition: NodeId, mut idx: isize) {
        let model = self.model;
        loop {
            let o = self.container(idx);
            idx -= 1;
            let Container::Node(p) = o else { return };
            let class = model.class(p);
            match class {
                ModelClass::ApplyExpression | ModelClass::HostClassDefinition => return,
                _ if class.is_a(ModelClass::BlockExpression) => {
                    let c = self.container(idx);
                    let def = model.class(definition);
                    if c != Container::Program
                        && (def.is_a(ModelClass::FunctionDefinition)
                            || def == ModelClass::TypeAlias
                            || def == ModelClass::TypeDefinition)
                    {
                        let text = msg::not_absolute_top_level(&label(model, definition));
                        self.accept(
                            IssueCode::NOT_ABSOLUTE_TOP_LEVEL,
                            definition,
                            text,
                            Vec::new(),
                        );
                        return;
                    }
                }
                _ => {
                    self.accept(
                        IssueCode::NOT_TOP_LEVEL,
                        definition,
                        msg::NOT_TOP_LEVEL.to_owned(),
                        Vec::new(),
                    );
                    return;
                }
            }
        }
    }

    /// `check_NamedDefinition` (class, define, function, plan).
    fn check_named_definition(&mut self, o: NodeId) {
        let model = self.model;
        self.top(o, -1);
        let name = model.definition_name(o).unwrap_or_default();
        if !is_classref_decl(name) {
            let text = msg::illegal_definition_name(name, &label(model, o));
            self.accept(
                IssueCode::ILLEGAL_DEFINITION_NAME,
                o,
                text,
                vec![("name", name.to_owned())],
            );
        }
        self.check_file_namespace(o, name);
        self.check_reserved_type_name(o, name);
        self.check_future_reserved_word(o, name);
    }

    /// `check_FunctionDefinition` (also plans).
    pub(crate) fn check_function_definition(&mut self, o: NodeId) {
        self.check_named_definition(o);
        self.check_return_type(o);
        self.check_parameter_name_uniqueness(o);
    }

    /// `check_HostClassDefinition` / `check_ResourceTypeDefinition`.
    pub(crate) fn check_host_class_or_define(&mut self, o: NodeId) {
        self.check_named_definition(o);
        self.check_no_capture(o, o);
        self.check_parameter_name_uniqueness(o);
        // internal_check_reserved_params
        for &p in parameters_of(self.model, o) {
            let (name, _) = parameter(self.model, p);
            if name == "name" || name == "title" {
                let container = label(self.model, o);
                let text = msg::reserved_parameter(name, &container);
                self.accept(
                    IssueCode::RESERVED_PARAMETER,
                    p,
                    text,
                    vec![("container", container), ("param_name", name.to_owned())],
                );
            }
        }
        self.check_no_idem_last(o);
        if self.model.class(o) == ModelClass::HostClassDefinition {
            self.check_parameter_type_literal(o);
        }
    }

    /// `internal_check_parameter_type_literal` (Puppet 7.29 / 8.5 and later, classes only):
    /// each parameter's type must be a literal (`Integer[0, 60*24]` is not).
    fn check_parameter_type_literal(&mut self, o: NodeId) {
        if self.rules.nonliteral_parameter_type.is_none() {
            return;
        }
        let model = self.model;
        let rules = self.rules;
        for &p in parameters_of(model, o) {
            let NodeKind::Parameter {
                name,
                type_expr: Some(type_expr),
                ..
            } = model.kind(p)
            else {
                continue;
            };
            match literal(model, &rules, *type_expr) {
                // Ruby: `type.nil?` (a literal `undef` is no type either).
                Ok(Lit::Nil) | Err(NotLiteral::Thrown) => {
                    let name = model.str(*name);
                    let class = model.class(*type_expr).name();
                    let text = msg::illegal_nonliteral_parameter_type(name, class);
                    self.accept(
                        IssueCode::ILLEGAL_NONLITERAL_PARAMETER_TYPE,
                        p,
                        text,
                        vec![
                            ("name", name.to_owned()),
                            ("type_class", format!("Puppet::Pops::Model::{class}")),
                        ],
                    );
                }
                Ok(_) => {}
                Err(NotLiteral::NoMinus { minus, value }) => return self.not_numeric(minus, value),
            }
        }
    }

    /// `internal_check_no_idem_last`: a class/define/node body must not end with a value.
    fn check_no_idem_last(&mut self, o: NodeId) {
        let Some(violator) = self.ends_with_idem(body_of(self.model, o)) else {
            return;
        };
        if !self.resource_without_title(violator) {
            let container = label(self.model, o);
            let text = msg::idem_not_allowed_last(&label(self.model, violator), &container);
            self.accept(
                IssueCode::IDEM_NOT_ALLOWED_LAST,
                violator,
                text,
                vec![("container", container)],
            );
        }
    }

    /// `internal_check_return_type`.
    pub(crate) fn check_return_type(&mut self, o: NodeId) {
        let return_type = match self.model.kind(o) {
            NodeKind::FunctionDefinition { return_type, .. }
            | NodeKind::PlanDefinition { return_type, .. }
            | NodeKind::LambdaExpression { return_type, .. } => *return_type,
            _ => None,
        };
        if let Some(r) = return_type {
            self.check_type_ref(o, r);
        }
    }

    /// `internal_check_type_ref`: a type name, or an access on one.
    fn check_type_ref(&mut self, o: NodeId, r: NodeId) {
        let model = self.model;
        let n = match model.kind(r) {
            NodeKind::AccessExpression { left_expr, .. } => *left_expr,
            _ => r,
        };
        match model.kind(n) {
            NodeKind::QualifiedReference { cased_value } => {
                let value = model.str(*cased_value).to_lowercase();
                self.check_future_reserved_word(r, &value);
            }
            _ => {
                let container = label(model, o);
                self.illegal_expression(r, "a type reference", container);
            }
        }
    }

    /// `internal_check_capture_last`: only the last parameter may capture the rest.
    pub(crate) fn check_capture_last(&mut self, o: NodeId) {
        let params = parameters_of(self.model, o);
        for (index, &p) in params.iter().enumerate() {
            let (name, captures_rest) = parameter(self.model, p);
            if captures_rest && index + 1 != params.len() {
                let text = msg::captures_rest_not_last(name);
                self.accept(
                    IssueCode::CAPTURES_REST_NOT_LAST,
                    p,
                    text,
                    vec![("param_name", name.to_owned())],
                );
            }
        }
    }

    /// `internal_check_no_capture(o, container)`.
    pub(crate) fn check_no_capture(&mut self, o: NodeId, container: NodeId) {
        for &p in parameters_of(self.model, o) {
            let (name, captures_rest) = parameter(self.model, p);
            if captures_rest {
                let container = label(self.model, container);
                let text = msg::captures_rest_not_supported(name, &container);
                self.accept(
                    IssueCode::CAPTURES_REST_NOT_SUPPORTED,
                    p,
                    text,
                    vec![("container", container), ("param_name", name.to_owned())],
                );
            }
        }
    }

    /// `internal_check_parameter_name_uniqueness`.
    pub(crate) fn check_parameter_name_uniqueness(&mut self, o: NodeId) {
        let params = parameters_of(self.model, o);
        let names: Vec<&str> = params.iter().map(|&p| parameter(self.model, p).0).collect();
        // A linear scan for the usual short lists; for long ones, the names sorted (ties in
        // list order) mark every one but the first of each run of equal names. No hashing:
        // no hash set to grow, and no keys from the source that could all collide.
        let mut repeated_at = Vec::new();
        if params.len() > 32 {
            let mut order: Vec<usize> = (0..names.len()).collect();
            order.sort_unstable_by(|&a, &b| names[a].cmp(names[b]).then(a.cmp(&b)));
            repeated_at = vec![false; names.len()];
            for pair in order.windows(2) {
                if names[pair[0]] == names[pair[1]] {
                    repeated_at[pair[1]] = true;
                }
            }
        }
        for (i, (&p, &name)) in params.iter().zip(&names).enumerate() {
            let repeated = if params.len() <= 32 {
                names[..i].contains(&name)
            } else {
                repeated_at[i]
            };
            if repeated {
                let text = msg::duplicate_parameter(name);
                self.accept(
                    IssueCode::DUPLICATE_PARAMETER,
                    p,
                    text,
                    vec![("param_name", name.to_owned())],
                );
            }
        }
    }

    /// `internal_check_reserved_type_name`.
    pub(crate) fn check_reserved_type_name(&mut self, o: NodeId, name: &str) {
        if RESERVED_TYPE_NAMES.contains(&name) {
            let text = msg::reserved_type_name(name, &label(self.model, o));
            self.accept(
                IssueCode::RESERVED_TYPE_NAME,
                o,
                text,
                vec![("name", name.to_owned())],
            );
        }
    }

    /// `internal_check_future_reserved_word`: `plan`.
    fn check_future_reserved_word(&mut self, o: NodeId, name: &str) {
        if name == "plan" {
            let text = msg::future_reserved_word(name);
            self.accept(
                IssueCode::FUTURE_RESERVED_WORD,
                o,
                text,
                vec![("word", name.to_owned())],
            );
        }
    }

    /// `check_TypeAlias`.
    pub(crate) fn check_type_alias(&mut self, o: NodeId, name: &str, type_expr: Option<NodeId>) {
        self.top(o, -1);
        if !is_classref_ext_decl(name) {
            let text = msg::illegal_definition_name(name, &label(self.model, o));
            self.accept(
                IssueCode::ILLEGAL_DEFINITION_NAME,
                o,
                text,
                vec![("name", name.to_owned())],
            );
        }
        // Compares the cased name with lower-case names: never matches (as in Ruby).
        self.check_reserved_type_name(o, name);
        if let Some(type_expr) = type_expr {
            self.check_type_ref(o, type_expr);
        }
    }

    /// `check_TypeMapping`: `type Runtime[…] = …`.
    pub(crate) fn check_type_mapping(
        &mut self,
        o: NodeId,
        lhs: Option<NodeId>,
        rhs: Option<NodeId>,
    ) {
        let model = self.model;
        self.top(o, -1);
        // 0: not Runtime, 1: Runtime[a, b], 2: Runtime[a, [/re/, 'str']]
        let mut lhs_type = 0;
        if let Some(NodeKind::AccessExpression { left_expr, keys }) = lhs.map(|l| model.kind(l)) {
            if matches!(model.kind(*left_expr), NodeKind::QualifiedReference { cased_value } if model.str(*cased_value) == "Runtime")
            {
                lhs_type = 1;
                let keys = model.nodes(*keys);
                if keys.len() == 2 && self.pattern_with_replacement(Some(keys[1])) {
                    lhs_type = 2;
                }
            }
        }
        let semantic = label(model, o);
        if lhs_type == 0 {
            let text = msg::unsupported_expression(&semantic);
            self.accept(IssueCode::UNSUPPORTED_EXPRESSION, o, text, Vec::new());
            return;
        }
        let single = |s: &mut Self| {
            let text = msg::illegal_single_type_mapping(&semantic);
            s.accept(
                IssueCode::ILLEGAL_TYPE_MAPPING,
                o,
                text,
                vec![("expression", semantic.clone())],
            );
        };
        let regexp = |s: &mut Self| {
            let text = msg::illegal_regexp_type_mapping(&semantic);
            s.accept(
                IssueCode::ILLEGAL_TYPE_MAPPING,
                o,
                text,
                vec![("expression", semantic.clone())],
            );
        };
        if self.pattern_with_replacement(rhs) {
            if lhs_type == 1 {
                single(self);
            }
        } else if self.type_ref(rhs) {
            if lhs_type == 2 {
                regexp(self);
            }
        } else if lhs_type == 1 {
            single(self);
        } else {
            regexp(self);
        }
    }

    /// `pattern_with_replacement?`: `[/re/, 'string']`.
    fn pattern_with_replacement(&self, o: Option<NodeId>) -> bool {
        let model = self.model;
        match o.map(|o| model.kind(o)) {
            Some(NodeKind::LiteralList { values }) => {
                let v = model.nodes(*values);
                v.len() == 2
                    && model.class(v[0]) == ModelClass::LiteralRegularExpression
                    && model.class(v[1]).is_a(ModelClass::LiteralString)
            }
            _ => false,
        }
    }

    /// `type_ref?`: a type name or an access on one.
    fn type_ref(&self, o: Option<NodeId>) -> bool {
        let Some(mut o) = o else { return false };
        if let NodeKind::AccessExpression { left_expr, .. } = self.model.kind(o) {
            o = *left_expr;
        }
        self.model.class(o) == ModelClass::QualifiedReference
    }

    /// `check_NodeDefinition`.
    pub(crate) fn check_node_definition(&mut self, o: NodeId) {
        let NodeKind::NodeDefinition {
            parent,
            host_matches,
            ..
        } = self.model.kind(o)
        else {
            return;
        };
        for &h in self.model.nodes(*host_matches) {
            self.hostname(h, o);
        }
        self.top(o, -1);
        self.check_no_idem_last(o);
        if let Some(parent) = parent {
            let text = msg::ILLEGAL_NODE_INHERITANCE.to_owned();
            self.accept(
                IssueCode::ILLEGAL_NODE_INHERITANCE,
                *parent,
                text,
                Vec::new(),
            );
        }
    }

    /// `check_Parameter`.
    pub(crate) fn check_parameter(&mut self, o: NodeId) {
        let model = self.model;
        let NodeKind::Parameter { name, value, .. } = model.kind(o) else {
            return;
        };
        let name = model.str(*name);
        if is_numeric_parameter(name) {
            let text = msg::illegal_numeric_parameter(name);
            self.accept(
                IssueCode::ILLEGAL_NUMERIC_PARAMETER,
                o,
                text,
                vec![("name", name.to_owned())],
            );
        }
        if !is_param_name(name) {
            let text = msg::illegal_param_name(name);
            self.accept(
                IssueCode::ILLEGAL_PARAM_NAME,
                o,
                text,
                vec![("name", name.to_owned())],
            );
        }
        // internal_check_illegal_assignment: an assignment anywhere in the default value, except
        // inside lambdas. Iterative pre-order (values can be long operator chains).
        // The value itself is not pushed and children go straight onto the stack (the
        // checker's, reused from one parameter to the next), so a default without
        // sub-expressions touches no stack.
        let mut stack = std::mem::take(&mut *self.scratch);
        stack.clear();
        let mut next = *value;
        while let Some(n) = next.take().or_else(|| stack.pop()) {
            match model.class(n) {
                ModelClass::AssignmentExpression => {
                    let text = msg::ILLEGAL_ASSIGNMENT_CONTEXT.to_owned();
                    self.accept(IssueCode::ILLEGAL_ASSIGNMENT_CONTEXT, n, text, Vec::new());
                }
                ModelClass::LambdaExpression => {}
                _ => {
                    let first = stack.len();
                    walk::push_children(model, n, &mut stack);
                    stack[first..].reverse();
                }
            }
        }
        *self.scratch = stack;
    }

    // ---- location checks ----

    /// The namespace of the model's file (`namespace_for_file`), computed once.
    fn file_namespace(&mut self) -> &FileNamespace {
        if self.namespace.is_none() {
            let ns = match (&self.options.location, self.model.file()) {
                (Some(location), Some(file)) => location.namespace_for_file(file),
                _ => FileNamespace::None,
            };
            self.namespace = Some(ns);
        }
        self.namespace.as_ref().expect("just computed")
    }

    /// `internal_check_file_namespace`: a definition in a module file must be named after it.
    fn check_file_namespace(&mut self, o: NodeId, name: &str) {
        let Some(file) = self.model.file().filter(|f| !f.is_empty()) else {
            return;
        };
        let misplaced = match self.file_namespace() {
            FileNamespace::None => return,
            FileNamespace::BadModuleFile => true,
            FileNamespace::Namespace(ns) => !name.to_lowercase().starts_with(ns.as_str()),
        };
        if misplaced {
            let text = msg::illegal_definition_location(name, file);
            self.accept(
                IssueCode::ILLEGAL_DEFINITION_LOCATION,
                o,
                text,
                vec![("name", name.to_owned()), ("file", file.to_owned())],
            );
        }
    }

    /// `internal_check_top_construct_in_module`: a module file may only contain definitions
    /// (not nodes) at the top.
    pub(crate) fn check_top_construct_in_module(&mut self, body: NodeId) {
        if self.model.file().is_none() || *self.file_namespace() == FileNamespace::None {
            return;
        }
        let model = self.model;
        let statements: Vec<NodeId> = match model.kind(body) {
            NodeKind::Nop {} => return,
            NodeKind::BlockExpression { statements }
            | NodeKind::ApplyBlockExpression { statements } => model.nodes(*statements).to_vec(),
            _ => vec![body],
        };
        for s in statements {
            let class = model.class(s);
            if !(class.is_a(ModelClass::Definition) && class != ModelClass::NodeDefinition) {
                let named = class
                    .is_a(ModelClass::NamedDefinition)
                    .then(|| model.definition_name(s))
                    .flatten();
                let text = msg::illegal_top_construct_location(&label(model, s), named);
                self.accept(
                    IssueCode::ILLEGAL_TOP_CONSTRUCT_LOCATION,
                    s,
                    text,
                    Vec::new(),
                );
            }
        }
    }

    // ---- TasksChecker ----

    /// `in_ApplyExpression?`: is an `apply` block among the ancestors?
    pub(crate) fn in_apply_block(&self) -> bool {
        self.path
            .iter()
            .any(|&p| self.model.class(p) == ModelClass::ApplyBlockExpression)
    }

    /// `illegalTasksExpression`.
    pub(crate) fn illegal_tasks_expression(&mut self, o: NodeId) {
        let klass = label(self.model, o);
        let text = msg::expression_not_supported_when_scripting(&klass);
        self.accept(
            IssueCode::EXPRESSION_NOT_SUPPORTED_WHEN_SCRIPTING,
            o,
            text,
            vec![("klass", klass)],
        );
    }

    /// `EXPRESSION_NOT_SUPPORTED_WHEN_COMPILING`.
    pub(crate) fn not_when_compiling(&mut self, o: NodeId) {
        let klass = label(self.model, o);
        let text = msg::expression_not_supported_when_compiling(&klass);
        self.accept(
            IssueCode::EXPRESSION_NOT_SUPPORTED_WHEN_COMPILING,
            o,
            text,
            vec![("klass", klass)],
        );
    }

    /// `TasksChecker#check_CollectExpression`: only virtual collectors, only in `apply` blocks.
    pub(crate) fn tasks_check_collect(&mut self, o: NodeId, query: NodeId, type_expr: NodeId) {
        if self.in_apply_block() {
            if self.model.class(query) == ModelClass::VirtualQuery {
                self.check_collect(o, type_expr);
            } else {
                self.not_when_compiling(o);
            }
        } else {
            self.illegal_tasks_expression(o);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_patterns() {
        assert!(is_classref_decl("a::b_1"));
        assert!(!is_classref_decl("a::_b"));
        assert!(!is_classref_decl("::a"));
        assert!(!is_classref_decl("A"));
        assert!(is_classref_ext_decl("Foo::Bar"));
        assert!(!is_classref_ext_decl("Foo::bar"));
        for bad in [
            "", "a::", "a:::b", "a:b", "a::::b", "aé", "é", "a-b", "a::1",
        ] {
            assert!(!is_classref_decl(bad), "{bad}");
        }
        assert!(
            is_numeric_parameter("1")
                && is_numeric_parameter("0x12")
                && is_numeric_parameter("012")
        );
        assert!(
            !is_numeric_parameter("0x") && !is_numeric_parameter("a1") && !is_numeric_parameter("")
        );
        assert!(is_param_name("_a1") && !is_param_name("Abc") && !is_param_name("1"));
    }

    /// Long parameter lists take the sorted path: the same diagnostics as the linear scan,
    /// every repetition after the first, in list order.
    #[test]
    fn duplicate_parameters_in_long_and_short_lists() {
        let duplicates = |names: &[&str]| {
            let params: Vec<String> = names.iter().map(|n| format!("${n}")).collect();
            let source = format!("class c({}) {{ }}", params.join(", "));
            let result = crate::parse_and_validate(source.as_bytes(), &Default::default());
            result
                .diagnostics
                .iter()
                .filter(|d| d.code == crate::IssueCode::DUPLICATE_PARAMETER)
                .map(|d| source[d.offset as usize..(d.offset + d.len) as usize].to_owned())
                .collect::<Vec<_>>()
        };
        let mut long: Vec<String> = (0..40).map(|i| format!("p{i}")).collect();
        long[5] = "p30".into();
        long[33] = "p1".into();
        long[39] = "p1".into();
        let long: Vec<&str> = long.iter().map(String::as_str).collect();
        assert_eq!(duplicates(&long), ["$p30", "$p1", "$p1"]);
        assert_eq!(duplicates(&["a", "b", "a", "a"]), ["$a", "$a"]);
    }
}
