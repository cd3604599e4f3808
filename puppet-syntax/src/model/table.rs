//! THE table of the Puppet model: every class of Ruby Puppet 7.23's `Puppet::AST` TypeSet
//! (`lib/puppet/pops/model/ast.pp`), written once, as data for `macro_rules!` callbacks.
//!
//! `with_model_table!(callback)` expands to `callback! { … }` with three sections:
//!
//! * `abstract { Name: Parent { own attributes } … }`: the 16 abstract classes, with the
//!   attributes they declare themselves (`Positioned`'s `locator/offset/length` are implicit:
//!   every positioned node has them, see `ModelClass::is_positioned`).
//! * `nodes { Name: Parent { inherited attributes | own attributes } … }`: the 66 concrete
//!   positioned classes, in `ast.pp` declaration order. The attributes before `|` are the
//!   inherited ones (flattened, in declaration order, root-most class first), the ones after it are
//!   declared by the class itself; together they are the class's Pcore attribute list, which is
//!   also `_pcore_contents` order. A unit test checks the inherited part against the ancestors.
//! * `program { Program: PopsObject { … } }`: the root object (not positioned, not in the arena).
//!
//! Attribute types (`name: Type(arg)`), with their Pcore type and default:
//!
//! | token | Pcore type | default | stored as |
//! |---|---|---|---|
//! | `Node(C)` | `C` (contained) | required | `NodeId` |
//! | `OptNode(C)` | `Optional[C]` | `undef` | `Option<NodeId>` |
//! | `Nodes(C)` | `Array[C]` | `[]` | `NodeList` |
//! | `Nodes1(C)` | `Array[C, 1, default]` | required | `NodeList` |
//! | `RefNodes(C)` | `Array[C]` (`kind => reference`) | `[]` | (Program only) |
//! | `Str()` | `String` | required | `StrId` |
//! | `OptStr()` | `Optional[String]` | `undef` | `Option<StrId>` |
//! | `Bool()` | `Boolean` | required | `bool` |
//! | `BoolFalse()` | `Boolean` | `false` | `bool` |
//! | `OptBool()` | `Optional[Boolean]` | `undef` | `Option<bool>` |
//! | `Integer()` | `Integer` | required | `IntValue` |
//! | `Radix()` | `Integer` | `10` | `u8` |
//! | `Float()` | `Float` | required | `f64` |
//! | `Regexp()` | `Any` (a Ruby `Regexp`) | required | `StrId` (the regexp source) |
//! | `Enum(E)` | `Enum[...]` | required | the Rust enum `E` |
//! | `Form()` | `Enum['exported','regular','virtual']` | `'regular'` | `ResourceForm` |
//! | `Locator()` | `Locator` | required | (Program only) |
//!
//! `Class.new` takes the required attributes first, then the optional ones, each group in
//! declaration order (`ResourceExpression.new(locator, offset, length, type_name, form, bodies)`);
//! that order is computed from this table, not listed.

/// Expands `$callback! { <the model table> }`. See the module documentation for the format.
macro_rules! with_model_table {
    ($callback:ident) => {
        $callback! {
            abstract {
                PopsObject: None {}
                Positioned: PopsObject {}
                Expression: Positioned {}
                BinaryExpression: Expression { left_expr: Node(Expression), right_expr: Node(Expression) }
                UnaryExpression: Expression { expr: Node(Expression) }
                BooleanExpression: BinaryExpression {}
                QueryExpression: Expression { expr: OptNode(Expression) }
                AbstractAttributeOperation: Positioned {}
                Definition: Expression {}
                NamedDefinition: Definition {
                    name: Str(), parameters: Nodes(Parameter), body: OptNode(Expression)
                }
                QRefDefinition: Definition { name: Str() }
                CallExpression: Expression {
                    rval_required: BoolFalse(), functor_expr: Node(Expression),
                    arguments: Nodes(Expression), lambda: OptNode(Expression)
                }
                Literal: Expression {}
                LiteralValue: Literal {}
                LiteralNumber: LiteralValue {}
                AbstractResource: Expression { form: Form() }
            }
            nodes {
                /// Empty program or statement (`(nop)`); positioned at EOF with length 0 for an empty file.
                Nop: Expression { | }
                /// `( expr )`: positioned on the opening paren only. PN `(paren e)`.
                ParenthesizedExpression: UnaryExpression { expr: Node(Expression) | }
                /// `!expr`: positioned on the operator. PN `(! e)`.
                NotExpression: UnaryExpression { expr: Node(Expression) | }
                /// `-expr`: positioned on the operator. PN `(- e)`, folded into a negative literal for numbers.
                UnaryMinusExpression: UnaryExpression { expr: Node(Expression) | }
                /// `*expr` (splat/unfold): positioned on the operator. PN `(unfold e)`.
                UnfoldExpression: UnaryExpression { expr: Node(Expression) | }
                /// `l = r`, `l += r`, `l -= r`: positioned on the operator. PN `(= l r)`.
                AssignmentExpression: BinaryExpression {
                    left_expr: Node(Expression), right_expr: Node(Expression) | operator: Enum(AssignmentOperator)
                }
                /// `l + r` etc.: positioned on the operator. PN `(+ l r)`.
                ArithmeticExpression: BinaryExpression {
                    left_expr: Node(Expression), right_expr: Node(Expression) | operator: Enum(ArithmeticOperator)
                }
                /// `l -> r` etc.: positioned on the operator. PN `(-> l r)`.
                RelationshipExpression: BinaryExpression {
                    left_expr: Node(Expression), right_expr: Node(Expression) | operator: Enum(RelationshipOperator)
                }
                /// `l[k, …]`: left start … `]`. PN `(access l k…)`.
                AccessExpression: Expression { | left_expr: Node(Expression), keys: Nodes(Expression) }
                /// `l == r` etc.: positioned on the operator. PN `(== l r)`.
                ComparisonExpression: BinaryExpression {
                    left_expr: Node(Expression), right_expr: Node(Expression) | operator: Enum(ComparisonOperator)
                }
                /// `l =~ r`, `l !~ r`: positioned on the operator. PN `(=~ l r)`.
                MatchExpression: BinaryExpression {
                    left_expr: Node(Expression), right_expr: Node(Expression) | operator: Enum(MatchOperator)
                }
                /// `l in r`: positioned on the operator. PN `(in l r)`.
                InExpression: BinaryExpression { left_expr: Node(Expression), right_expr: Node(Expression) | }
                /// `l and r`: positioned on the operator. PN `(and l r)`.
                AndExpression: BooleanExpression { left_expr: Node(Expression), right_expr: Node(Expression) | }
                /// `l or r`: positioned on the operator. PN `(or l r)`.
                OrExpression: BooleanExpression { left_expr: Node(Expression), right_expr: Node(Expression) | }
                /// `[v, …]`: brackets. PN `(array v…)`.
                LiteralList: Expression { | values: Nodes(Expression) }
                /// `k => v` in a hash: positioned on `=>`. PN `(=> k v)`.
                KeyedEntry: Positioned { | key: Node(Expression), value: Node(Expression) }
                /// `{k => v, …}`: braces. PN `(hash (=> k v)…)`.
                LiteralHash: Expression { | entries: Nodes(KeyedEntry) }
                /// Statement sequence. PN `(block s…)`; bodies are printed as statement lists.
                BlockExpression: Expression { | statements: Nodes(Expression) }
                /// Body of an `apply` block (`--tasks` only).
                ApplyBlockExpression: BlockExpression { statements: Nodes(Expression) | }
                /// `v, …: { … }` in a case: `:` … `}`. PN `{:when [v…] :then [s…]}`.
                CaseOption: Expression { | values: Nodes1(Expression), then_expr: OptNode(Expression) }
                /// `case test { … }`: `case` … `}`. PN `(case test [option…])`.
                CaseExpression: Expression { | test: Node(Expression), options: Nodes(CaseOption) }
                /// `<<| expr |>>`. PN `(exported-query e)`.
                ExportedQuery: QueryExpression { expr: OptNode(Expression) | }
                /// `<| expr |>`. PN `(virtual-query e)`.
                VirtualQuery: QueryExpression { expr: OptNode(Expression) | }
                /// `name => value` / `name +> value`: name … value end. PN `(=> "name" v)`.
                AttributeOperation: AbstractAttributeOperation {
                    | attribute_name: Str(), operator: Enum(AttributeOperator), value_expr: Node(Expression)
                }
                /// `* => expr`: `*` … value end. PN `(splat-hash e)`.
                AttributesOperation: AbstractAttributeOperation { | expr: Node(Expression) }
                /// `Type <| q |> { ops }`: type start … `}` (or `|>`). PN `(collect {…})`.
                CollectExpression: Expression {
                    | type_expr: Node(Expression), query: Node(QueryExpression),
                    operations: Nodes(AbstractAttributeOperation)
                }
                /// `Type $name = value` (`*$name` sets `captures_rest`): the `$name` token only.
                Parameter: Positioned {
                    | name: Str(), value: OptNode(Expression), type_expr: OptNode(Expression),
                    captures_rest: OptBool()
                }
                /// `function name(params) >> T { body }`. PN `(function {…})`.
                FunctionDefinition: NamedDefinition {
                    name: Str(), parameters: Nodes(Parameter), body: OptNode(Expression)
                    | return_type: OptNode(Expression)
                }
                /// `define name(params) { body }`. PN `(define {…})`.
                ResourceTypeDefinition: NamedDefinition {
                    name: Str(), parameters: Nodes(Parameter), body: OptNode(Expression) |
                }
                /// `type Name = T`: starts at the name. PN `(type-alias "Name" t)`.
                TypeAlias: QRefDefinition { name: Str() | type_expr: OptNode(Expression) }
                /// `type T[X] = M`. PN `(type-mapping t m)`.
                TypeMapping: Definition { | type_expr: OptNode(Expression), mapping_expr: OptNode(Expression) }
                /// `type Name inherits P { … }` (always rejected by the validator). PN `(type-definition …)`.
                TypeDefinition: QRefDefinition { name: Str() | parent: OptStr(), body: OptNode(Expression) }
                /// `node m, … inherits p { body }`. PN `(node {…})`.
                NodeDefinition: Definition {
                    | parent: OptNode(Expression), host_matches: Nodes1(Expression), body: OptNode(Expression)
                }
                /// `@(tag:syntax)`: the `@(…)` token; `syntax` is `""` when absent. PN `(heredoc {…})`.
                HeredocExpression: Expression { | syntax: OptStr(), text_expr: Node(Expression) }
                /// `class name(params) inherits p { body }`. PN `(class {…})`.
                HostClassDefinition: NamedDefinition {
                    name: Str(), parameters: Nodes(Parameter), body: OptNode(Expression) | parent_class: OptStr()
                }
                /// `plan name(params) { body }` (`--tasks`). PN `(plan {…})`.
                PlanDefinition: FunctionDefinition {
                    name: Str(), parameters: Nodes(Parameter), body: OptNode(Expression),
                    return_type: OptNode(Expression) |
                }
                /// `|params| >> T { body }`: first `|` … `}`. PN `(lambda {…})`.
                LambdaExpression: Expression {
                    | parameters: Nodes(Parameter), body: OptNode(Expression), return_type: OptNode(Expression)
                }
                /// `apply(args) { body }` (`--tasks`). PN (not in Ruby, see `pn`) `(apply {…})`.
                ApplyExpression: Expression { | arguments: Nodes(Expression), body: OptNode(Expression) }
                /// `if test { then } else { else }`. PN `(if {…})`.
                IfExpression: Expression {
                    | test: Node(Expression), then_expr: OptNode(Expression), else_expr: OptNode(Expression)
                }
                /// `unless test { then } else { else }`. PN `(unless {…})`.
                UnlessExpression: IfExpression {
                    test: Node(Expression), then_expr: OptNode(Expression), else_expr: OptNode(Expression) |
                }
                /// Call of a lambda-valued expression (never produced by the parser). PN `(call-lambda …)`.
                CallFunctionExpression: CallExpression {
                    rval_required: BoolFalse(), functor_expr: Node(Expression),
                    arguments: Nodes(Expression), lambda: OptNode(Expression) |
                }
                /// `f(args)` / statement call `notice x`. PN `(call {…})`, `(invoke {…})` if not rval_required.
                CallNamedFunctionExpression: CallExpression {
                    rval_required: BoolFalse(), functor_expr: Node(Expression),
                    arguments: Nodes(Expression), lambda: OptNode(Expression) |
                }
                /// `x.f(args)`: functor is a NamedAccessExpression. PN `(call-method {…})`.
                CallMethodExpression: CallExpression {
                    rval_required: BoolFalse(), functor_expr: Node(Expression),
                    arguments: Nodes(Expression), lambda: OptNode(Expression) |
                }
                /// `/re/`: `value` is the regexp source, `pattern` its Ruby `inspect`. PN `(regexp "src")`.
                LiteralRegularExpression: LiteralValue { | value: Regexp(), pattern: Str() }
                /// A string without interpolation (including quotes in the span). PN `"text"`.
                LiteralString: LiteralValue { | value: Str() }
                /// Integer literal, radix 8/10/16. PN `31` or `(int {:radix 16 :value 31})`.
                LiteralInteger: LiteralNumber { | radix: Radix(), value: Integer() }
                /// Float literal. PN as Ruby `Float#to_s` (`-350.0`, `1.0e+20`).
                LiteralFloat: LiteralNumber { | value: Float() }
                /// `undef`. PN `nil`.
                LiteralUndef: Literal { | }
                /// `default`. PN `(default)`.
                LiteralDefault: Literal { | }
                /// `true` / `false`.
                LiteralBoolean: LiteralValue { | value: Bool() }
                /// `${expr}` segment of an interpolated string: container offset, length 0. PN `(str e)`.
                TextExpression: UnaryExpression { expr: Node(Expression) | }
                /// Interpolated string: opening quote … closing quote. PN `(concat seg…)`.
                ConcatenatedString: Expression { | segments: Nodes(Expression) }
                /// A bare word / name. PN `(qn "name")`.
                QualifiedName: LiteralValue { | value: Str() }
                /// A reserved word used as a name (`attr`, `private`, …). PN `(reserved "w")`.
                ReservedWord: LiteralValue { | word: Str(), future: OptBool() }
                /// A capitalized type name; `value` (derived) is the downcased `cased_value`. PN `(qr "Name")`.
                QualifiedReference: LiteralValue { | cased_value: Str() }
                /// `$name`: the whole token; `expr` is a QualifiedName without the `$`. PN `(var "name")`.
                VariableExpression: UnaryExpression { expr: Node(Expression) | }
                /// Body of an EPP template (inside a LambdaExpression). PN `(epp s…)`.
                EppExpression: Expression { | parameters_specified: OptBool(), body: OptNode(Expression) }
                /// Literal EPP text. PN `(render-s "text")`.
                RenderStringExpression: LiteralString { value: Str() | }
                /// `<%= expr %>`. PN `(render e)`.
                RenderExpression: UnaryExpression { expr: Node(Expression) | }
                /// `title: ops` of a resource: container offset, length 0. PN `{:title t :ops [...]}`.
                ResourceBody: Positioned {
                    | title: OptNode(Expression), operations: Nodes(AbstractAttributeOperation)
                }
                /// `type { bodies }` (`@`/`@@` set `form`). PN `(resource {…})`.
                ResourceExpression: AbstractResource {
                    form: Form() | type_name: Node(Expression), bodies: Nodes(ResourceBody)
                }
                /// `Type { ops }`. PN `(resource-defaults {…})`.
                ResourceDefaultsExpression: AbstractResource {
                    form: Form() | type_ref: OptNode(Expression), operations: Nodes(AbstractAttributeOperation)
                }
                /// `Type[x] { ops }`. PN `(resource-override {…})`.
                ResourceOverrideExpression: AbstractResource {
                    form: Form() | resources: Node(Expression), operations: Nodes(AbstractAttributeOperation)
                }
                /// `m => v` in a selector: positioned on `=>`. PN `(=> m v)`.
                SelectorEntry: Positioned { | matching_expr: Node(Expression), value_expr: Node(Expression) }
                /// `l ? { … }`: positioned on the left operand only. PN `(? l [entry…])`.
                SelectorExpression: Expression { | left_expr: Node(Expression), selectors: Nodes(SelectorEntry) }
                /// `l.name`: `.` … name. PN `(. l name)`.
                NamedAccessExpression: BinaryExpression {
                    left_expr: Node(Expression), right_expr: Node(Expression) |
                }
            }
            program {
                Program: PopsObject {
                    body: OptNode(Expression), definitions: RefNodes(Definition), locator: Locator()
                }
            }
        }
    };
}

pub(crate) use with_model_table;
