//! Typed accessors over the CST (rowan's `AstNode` pattern): thin wrappers around `SyntaxNode`s of
//! one kind, with methods that find their parts. They never fail on broken input: every accessor
//! returns an `Option` or an iterator, since any part may be missing after a syntax error.
//!
//! Expressions are plain `SyntaxNode`s (any expression kind); `is_expression` tells which kinds
//! are expressions.

use rowan::ast::{support, AstChildren, AstNode};

use super::{PuppetLanguage, SyntaxNode, SyntaxToken};
use crate::syntax_kind::SyntaxKind::{self, *};

macro_rules! ast_nodes {
    ($($(#[$meta:meta])* $name:ident = $kind:ident;)*) => {
        $(
            $(#[$meta])*
            #[derive(Clone, Debug, PartialEq, Eq, Hash)]
            pub struct $name(SyntaxNode);

            impl AstNode for $name {
                type Language = PuppetLanguage;
                fn can_cast(kind: SyntaxKind) -> bool {
                    kind == $kind
                }
                fn cast(node: SyntaxNode) -> Option<Self> {
                    Self::can_cast(node.kind()).then(|| $name(node))
                }
                fn syntax(&self) -> &SyntaxNode {
                    &self.0
                }
            }
        )*
    };
}

ast_nodes! {
    /// The root of a manifest or template.
    SourceFile = SOURCE_FILE;
    /// `{ statements }` used as a body.
    Block = BLOCK;
    /// `type { title: ops; … }` and the untitled forms (defaults, overrides).
    ResourceExpr = RESOURCE_EXPR;
    /// One body of a resource expression.
    ResourceBody = RESOURCE_BODY;
    /// `name => value`, `name +> value`, `* => value`.
    AttributeOp = ATTRIBUTE_OP;
    /// `class name(params) inherits parent { … }`.
    ClassDef = CLASS_DEF;
    /// `define name(params) { … }`.
    DefineDef = DEFINE_DEF;
    /// `function name(params) >> Type { … }`.
    FunctionDef = FUNCTION_DEF;
    /// `plan name(params) { … }` (tasks mode).
    PlanDef = PLAN_DEF;
    /// `node hosts inherits parent { … }`.
    NodeDef = NODE_DEF;
    /// `type Name = Type`.
    TypeAlias = TYPE_ALIAS;
    /// `( … )` or `| … |` parameters.
    ParamList = PARAM_LIST;
    /// `Type *$name = default`.
    Param = PARAM;
    /// `|params| { … }`.
    Lambda = LAMBDA_EXPR;
    /// `f(args)`.
    CallExpr = CALL_EXPR;
    /// `receiver.name(args)`.
    MethodCallExpr = METHOD_CALL_EXPR;
    /// `( args )`.
    ArgList = ARG_LIST;
    /// `if`/`elsif`.
    IfExpr = IF_EXPR;
    /// `case test { options }`.
    CaseExpr = CASE_EXPR;
    /// `values: { … }`.
    CaseOption = CASE_OPTION;
    /// `lhs = rhs` (and `+=`, `-=`).
    AssignmentExpr = ASSIGNMENT_EXPR;
    /// `lhs op rhs`.
    BinaryExpr = BINARY_EXPR;
    /// A single-token expression.
    Literal = LITERAL;
    /// `"…${e}…"`.
    DqString = DQ_STRING;
    /// `@(TAG)`.
    HeredocExpr = HEREDOC_EXPR;
}

/// Whether `kind` is an expression node kind.
pub fn is_expression(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        COMMA_LIST
            | LITERAL
            | DQ_STRING
            | HEREDOC_EXPR
            | ARRAY_EXPR
            | HASH_EXPR
            | PAREN_EXPR
            | PREFIX_EXPR
            | BINARY_EXPR
            | ASSIGNMENT_EXPR
            | RELATIONSHIP_EXPR
            | SELECTOR_EXPR
            | ACCESS_EXPR
            | CALL_EXPR
            | METHOD_CALL_EXPR
            | LAMBDA_EXPR
            | IF_EXPR
            | UNLESS_EXPR
            | CASE_EXPR
            | COLLECT_EXPR
            | RESOURCE_EXPR
            | VIRTUAL_RESOURCE
            | CLASS_DEF
            | DEFINE_DEF
            | PLAN_DEF
            | FUNCTION_DEF
            | NODE_DEF
            | TYPE_ALIAS
            | TYPE_DEF
            | APPLY_EXPR
            | RENDER_EXPR_NODE
    )
}

fn expressions(node: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    node.children().filter(|n| is_expression(n.kind()))
}

fn first_token_of(node: &SyntaxNode, kinds: &[SyntaxKind]) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| kinds.contains(&t.kind()))
}

impl SourceFile {
    /// The top-level statements (expressions), in order.
    pub fn statements(&self) -> impl Iterator<Item = SyntaxNode> {
        expressions(&self.0)
    }
}

impl Block {
    /// The statements, in order.
    pub fn statements(&self) -> impl Iterator<Item = SyntaxNode> {
        expressions(&self.0)
    }
}

/// The parts every named definition (class, define, function, plan) has.
macro_rules! named_definition_accessors {
    ($($name:ident),*) => {$(
        impl $name {
            /// The name token as written (`NAME`, `WORD` or `CLASSREF`).
            pub fn name(&self) -> Option<SyntaxToken> {
                first_token_of(&self.0, &[NAME, WORD, CLASSREF])
            }
            /// The parameter list, if written.
            pub fn param_list(&self) -> Option<ParamList> {
                support::child(&self.0)
            }
            /// The body block (`None` when missing in a broken tree).
            pub fn body(&self) -> Option<Block> {
                support::child(&self.0)
            }
        }
    )*};
}

named_definition_accessors!(ClassDef, DefineDef, FunctionDef, PlanDef);

impl ClassDef {
    /// The parent class name token of `inherits parent` (or `default`).
    pub fn parent(&self) -> Option<SyntaxToken> {
        let clause = self.0.children().find(|n| n.kind() == INHERITS_CLAUSE)?;
        first_token_of(&clause, &[NAME, WORD, CLASSREF, DEFAULT])
    }
}

impl FunctionDef {
    /// The type after `>>`.
    pub fn return_type(&self) -> Option<SyntaxNode> {
        self.0
            .children()
            .find(|n| n.kind() == RETURN_TYPE)?
            .children()
            .next()
    }
}

impl NodeDef {
    /// The host name expressions.
    pub fn hosts(&self) -> impl Iterator<Item = SyntaxNode> {
        self.0
            .children()
            .filter(|n| n.kind() != BLOCK && n.kind() != INHERITS_CLAUSE)
    }
    /// The body block (`None` when missing in a broken tree).
    pub fn body(&self) -> Option<Block> {
        support::child(&self.0)
    }
}

impl TypeAlias {
    /// The aliased name (`Name` or `Runtime[…]`).
    pub fn name(&self) -> Option<SyntaxNode> {
        self.0.children().next()
    }
    /// The right-hand side.
    pub fn value(&self) -> Option<SyntaxNode> {
        self.0.children().nth(1)
    }
}

impl ParamList {
    /// The parameters, in order.
    pub fn params(&self) -> AstChildren<Param> {
        support::children(&self.0)
    }
}

impl Param {
    /// The `$name` token.
    pub fn variable(&self) -> Option<SyntaxToken> {
        support::token(&self.0, VARIABLE)
    }
    /// The name without `$`.
    pub fn name(&self) -> Option<String> {
        Some(self.variable()?.text().trim_start_matches('$').to_string())
    }
    /// `*$name` collects the remaining arguments.
    pub fn captures_rest(&self) -> bool {
        support::token(&self.0, TIMES).is_some()
    }
    /// The type before the variable.
    pub fn type_expr(&self) -> Option<SyntaxNode> {
        let var = self.variable()?;
        self.0
            .children()
            .find(|n| n.text_range().end() <= var.text_range().start())
    }
    /// The default value after `=`.
    pub fn default_value(&self) -> Option<SyntaxNode> {
        let var = self.variable()?;
        self.0
            .children()
            .find(|n| n.text_range().start() >= var.text_range().end())
    }
}

impl ResourceExpr {
    /// The type (`file`, `File`, `File['x']`, …); `None` for `class { … }` (see `is_class`).
    pub fn type_expr(&self) -> Option<SyntaxNode> {
        self.0.children().find(|n| is_expression(n.kind()))
    }
    /// `class { 'name': … }`.
    pub fn is_class(&self) -> bool {
        self.0.first_token().is_some_and(|t| t.kind() == CLASS)
    }
    /// The resource bodies (`title: attributes`), in order.
    pub fn bodies(&self) -> AstChildren<ResourceBody> {
        support::children(&self.0)
    }
}

impl ResourceBody {
    /// The title expression (before `:`); `None` for the untitled form.
    pub fn title(&self) -> Option<SyntaxNode> {
        support::token(&self.0, COLON)?;
        self.0.children().find(|n| is_expression(n.kind()))
    }
    /// The attribute operations (`name => value`), in order.
    pub fn attribute_ops(&self) -> AstChildren<AttributeOp> {
        support::children(&self.0)
    }
}

impl AttributeOp {
    /// The attribute name (a `NAME` or keyword token), or `*` for `* => hash`.
    pub fn name(&self) -> Option<SyntaxToken> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| !t.kind().is_trivia())
    }
    /// `=>` or `+>`.
    pub fn operator(&self) -> Option<SyntaxToken> {
        first_token_of(&self.0, &[FARROW, PARROW])
    }
    /// The value expression.
    pub fn value(&self) -> Option<SyntaxNode> {
        self.0.children().next()
    }
}

impl Lambda {
    /// The parameter list, if written.
    pub fn param_list(&self) -> Option<ParamList> {
        support::child(&self.0)
    }
    /// The body block (`None` when missing in a broken tree).
    pub fn body(&self) -> Option<Block> {
        support::child(&self.0)
    }
}

impl CallExpr {
    /// The called expression (usually a name).
    pub fn callee(&self) -> Option<SyntaxNode> {
        self.0.children().next()
    }
    /// The argument list, if written.
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.0)
    }
    /// The lambda block attached to the call, if any.
    pub fn lambda(&self) -> Option<Lambda> {
        support::child(&self.0)
    }
}

impl MethodCallExpr {
    /// The expression before the `.`.
    pub fn receiver(&self) -> Option<SyntaxNode> {
        self.0.children().next()
    }
    /// The method name token after `.`.
    pub fn method_name(&self) -> Option<SyntaxToken> {
        first_token_of(&self.0, &[NAME, TYPE])
    }
    /// The argument list, if written.
    pub fn arg_list(&self) -> Option<ArgList> {
        support::child(&self.0)
    }
    /// The lambda block attached to the call, if any.
    pub fn lambda(&self) -> Option<Lambda> {
        support::child(&self.0)
    }
}

impl ArgList {
    /// The arguments (expressions and `k => v` entries).
    pub fn args(&self) -> impl Iterator<Item = SyntaxNode> {
        self.0.children()
    }
}

impl IfExpr {
    /// The condition expression.
    pub fn condition(&self) -> Option<SyntaxNode> {
        expressions(&self.0).next()
    }
    /// The block run when the condition holds.
    pub fn then_block(&self) -> Option<Block> {
        support::child(&self.0)
    }
    /// The `elsif` branch, itself an `IfExpr`.
    pub fn elsif(&self) -> Option<IfExpr> {
        support::child(&self.0)
    }
    /// The block of `else { … }`.
    pub fn else_block(&self) -> Option<Block> {
        let clause = self.0.children().find(|n| n.kind() == ELSE_CLAUSE)?;
        support::child(&clause)
    }
}

impl CaseExpr {
    /// The expression tested.
    pub fn test(&self) -> Option<SyntaxNode> {
        expressions(&self.0).next()
    }
    /// The case options, in order.
    pub fn options(&self) -> AstChildren<CaseOption> {
        support::children(&self.0)
    }
}

impl CaseOption {
    /// The values the option matches.
    pub fn values(&self) -> impl Iterator<Item = SyntaxNode> {
        expressions(&self.0)
    }
    /// The body block (`None` when missing in a broken tree).
    pub fn body(&self) -> Option<Block> {
        support::child(&self.0)
    }
}

/// Both sides and the operator of a binary form.
macro_rules! binary_accessors {
    ($($name:ident),*) => {$(
        impl $name {
            /// The left operand.
            pub fn lhs(&self) -> Option<SyntaxNode> {
                self.0.children().next()
            }
            /// The right operand.
            pub fn rhs(&self) -> Option<SyntaxNode> {
                self.0.children().nth(1)
            }
            /// The operator token.
            pub fn operator(&self) -> Option<SyntaxToken> {
                self.0.children_with_tokens().filter_map(|e| e.into_token()).find(|t| !t.kind().is_trivia())
            }
        }
    )*};
}

binary_accessors!(AssignmentExpr, BinaryExpr);

impl Literal {
    /// The literal's token (`NUMBER`, `STRING`, `NAME`, `VARIABLE`, …).
    pub fn token(&self) -> Option<SyntaxToken> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| !t.kind().is_trivia())
    }
}

impl HeredocExpr {
    /// The `@(TAG:syntax/flags)` header token (its text is the following `HEREDOC_BODY` token).
    pub fn header(&self) -> Option<SyntaxToken> {
        support::token(&self.0, HEREDOC)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, ParseOptions};

    #[test]
    fn accessors_find_the_parts() {
        let text = "class a::b(String $x = 'y', *$rest) inherits c {\n  file { '/f': ensure => present, * => $h }\n}\n\
                    if $x { notice(1) } elsif $y { } else { $z = 1 + 2 }\n$l.each |$v| { }\n";
        let root = SourceFile::cast(
            parse(text.as_bytes(), &ParseOptions::new().cst(true).model(false))
                .syntax_node()
                .unwrap(),
        )
        .unwrap();
        let mut statements = root.statements();
        let class = ClassDef::cast(statements.next().unwrap()).unwrap();
        assert_eq!(class.name().unwrap().text(), "a::b");
        assert_eq!(class.parent().unwrap().text(), "c");
        let params: Vec<Param> = class.param_list().unwrap().params().collect();
        assert_eq!(params[0].name().as_deref(), Some("x"));
        assert_eq!(params[0].type_expr().unwrap().text(), "String");
        assert_eq!(params[0].default_value().unwrap().text(), "'y'");
        assert!(params[1].captures_rest() && params[1].type_expr().is_none());
        let resource =
            ResourceExpr::cast(class.body().unwrap().statements().next().unwrap()).unwrap();
        assert_eq!(resource.type_expr().unwrap().text(), "file");
        let body = resource.bodies().next().unwrap();
        assert_eq!(body.title().unwrap().text(), "'/f'");
        let ops: Vec<AttributeOp> = body.attribute_ops().collect();
        assert_eq!(ops[0].name().unwrap().text(), "ensure");
        assert_eq!(ops[0].value().unwrap().text(), "present");
        assert_eq!(ops[1].name().unwrap().text(), "*");

        let if_expr = IfExpr::cast(statements.next().unwrap()).unwrap();
        assert_eq!(if_expr.condition().unwrap().text(), "$x");
        let elsif = if_expr.elsif().unwrap();
        let assign =
            AssignmentExpr::cast(elsif.else_block().unwrap().statements().next().unwrap()).unwrap();
        assert_eq!(assign.operator().unwrap().text(), "=");
        let sum = BinaryExpr::cast(assign.rhs().unwrap()).unwrap();
        assert_eq!(sum.lhs().unwrap().text(), "1");

        let call = MethodCallExpr::cast(statements.next().unwrap()).unwrap();
        assert_eq!(call.method_name().unwrap().text(), "each");
        assert_eq!(
            call.lambda()
                .unwrap()
                .param_list()
                .unwrap()
                .params()
                .count(),
            1
        );
    }
}
