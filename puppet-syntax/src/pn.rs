//! PN ("Puppet Extended S-Expression Notation") writer: the output of
//! `puppet parser dump --format pn|json [--pretty]`, i.e. Ruby Puppet 7.23's
//! `Puppet::Pops::Model::PNTransformer.transform(program)` (`pn_transformer.rb`) rendered by
//! `PN#format` / `JSON.dump(pn.to_data)` (`pn.rb`).
//!
//! [`transform`] builds a [`Pn`] tree exactly as `PNTransformer` does (node by node, including
//! its quirks: bodies flattened to statement lists, `-` folded into numeric literals, non-decimal
//! integers as `(int {:radix 16 :value 31})`, `(epp …)` taking over the call name of its body…);
//! [`Pn::to_pn_string`], [`Pn::to_pretty_string`], [`Pn::to_json_string`] and
//! [`Pn::to_pretty_json_string`] render it (see `pn/format.rs`).
//!
//! # Where Ruby crashes
//!
//! Ruby's transformer raises on three inputs the parser accepts; this writer prints instead:
//!
//! * **Captures-rest parameters** (`|*$rest|`, `function f(*$a)`): Ruby calls the missing
//!   `PN::Literal(true)` (NoMethodError). We print what the code intends (and what Ruby's own
//!   `transform_Parameter` prints): a `:splat true` entry between `:type` and `:value`, e.g.
//!   `:params {:a {} :b {:splat true}}`.
//! * **Parameter names that are not PN keys** (`|$1|`, anything not matching
//!   `^[A-Za-z_-][0-9A-Za-z_-]*$`): Ruby's `PN::Map` raises ArgumentError. We print the name as
//!   the key anyway (`:params {:1 {}}`; JSON `{"#":["1",{"#":[]}]}`). The text form is then not
//!   readable by Ruby's `PNParser`, but it is unambiguous and the JSON form is valid.
//! * **`ApplyExpression`** (`apply($t) { … }` under `--tasks`): Ruby has no
//!   `transform_ApplyExpression`. We print it like a call: `(apply {:args [a…] :body [s…]})`,
//!   with `:body` following the usual body rules and omitted when there is no body.
//!
//! [`transform_noting_ruby_failure`] and [`write_program`] also say where Ruby raises first
//! ([`RubyPnFailure`], with Ruby's error): `puppet parser dump` prints no PN for such a program
//! and exits 1, so `puppet-parser dump` reports that as an error (`PN_TRANSFORM_FAILED`) after
//! the PN it prints.
//!
//! Two more cases that Ruby cannot reach from a parsed program but this API allows:
//! `UnaryMinusExpression` of a `ReservedWord` (Ruby asks the word for a `value` it does not have,
//! NoMethodError: we print `(- (reserved "w"))`), and transforming a lone `Parameter` (Ruby
//! returns a map *entry*, not printable: we print the parameter map
//! `{:name "x" :type … :splat true :value …}`).

mod format;
mod ruby_failure;

use ruby_failure::is_pn_key;
pub use ruby_failure::{RubyPnCause, RubyPnFailure};

use std::borrow::Cow;
use std::cell::Cell;

use crate::ruby_format::regexp_has_fixed_encoding;

use crate::model::{IntRef, Model, ModelClass, NodeId, NodeKind, NodeList, ResourceForm};

/// A PN value (`PN::Literal`, `PN::List`, `PN::Map`, `PN::Call`).
#[derive(Clone, PartialEq, Debug)]
pub enum Pn<'a> {
    /// `nil` (JSON `null`).
    Nil,
    /// `true` / `false`.
    Bool(bool),
    /// An exact integer.
    Int(PnInt<'a>),
    /// A float, printed as Ruby's `Float#to_s`.
    Float(f64),
    /// A string, quoted on output.
    Str(Cow<'a, str>),
    /// `[e e …]`
    List(Vec<Pn<'a>>),
    /// `{:key value …}` (JSON `{"#": [key, value, …]}`).
    Map(Vec<(&'a str, Pn<'a>)>),
    /// `(name e …)` (JSON `{"^": [name, e, …]}`).
    Call(&'a str, Vec<Pn<'a>>),
}

/// A deep PN tree is released from a work list, not by a recursive drop: the parser accepts
/// 8,192 levels of nesting, and one stack frame per level would overflow a small thread stack.
impl Drop for Pn<'_> {
    fn drop(&mut self) {
        let mut pending: Vec<Pn<'_>> = Vec::new();
        move_children(self, &mut pending);
        while let Some(mut pn) = pending.pop() {
            move_children(&mut pn, &mut pending);
        }
    }
}

/// Moves the children of a list, map or call into `out` (leaf values have none).
fn move_children<'a>(pn: &mut Pn<'a>, out: &mut Vec<Pn<'a>>) {
    match pn {
        Pn::List(items) | Pn::Call(_, items) => out.append(items),
        Pn::Map(entries) => out.extend(entries.drain(..).map(|(_, value)| value)),
        _ => {}
    }
}

/// A PN integer: exact at any size.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PnInt<'a> {
    /// A value that fits (every `i64` and its negation).
    Small(i128),
    /// Decimal digits with optional `-`; only for values outside `i128`-from-`i64` range.
    Big(Cow<'a, str>),
}

impl<'a> Pn<'a> {
    /// `PN#format(nil, out)`: the one-line form of `puppet parser dump --format pn`.
    pub fn to_pn_string(&self) -> String {
        let mut out = String::new();
        format::write_pn(self, None, &mut out);
        out
    }

    /// `PN#format(PN::Indent.new('  '), out)`: `--format pn --pretty`.
    pub fn to_pretty_string(&self) -> String {
        let mut out = String::new();
        format::write_pn(self, Some(""), &mut out);
        out
    }

    /// `JSON.dump(pn.to_data)`: `--format json`.
    pub fn to_json_string(&self) -> String {
        let mut out = String::new();
        format::write_json(self, None, &mut out);
        out
    }

    /// `JSON.pretty_unparse(pn.to_data)`: `--format json --pretty`.
    pub fn to_pretty_json_string(&self) -> String {
        let mut out = String::new();
        format::write_json(self, Some(""), &mut out);
        out
    }

    /// A string literal borrowed from the model.
    pub fn str(text: &'a str) -> Pn<'a> {
        Pn::Str(Cow::Borrowed(text))
    }

    /// `PN#as_call(name)`: a Call or List keeps its elements under the new name, anything else
    /// becomes the single argument.
    fn into_call(mut self, name: &'a str) -> Pn<'a> {
        match &mut self {
            Pn::Call(_, elements) | Pn::List(elements) => Pn::Call(name, std::mem::take(elements)),
            _ => Pn::Call(name, vec![self]),
        }
    }
}

/// `PNTransformer.transform(program)`: the PN of the program body (`(nop)` without a body).
pub fn transform(model: &Model) -> Pn<'_> {
    Transformer::new(model).opt(model.body())
}

/// [`transform`], and the first place where Ruby's transformer raises on this program instead
/// (see "Where Ruby crashes" above): `puppet parser dump` prints no PN for such a program.
pub fn transform_noting_ruby_failure(model: &Model) -> (Pn<'_>, Option<RubyPnFailure>) {
    let t = Transformer::new(model);
    let pn = t.opt(model.body());
    (pn, t.failure.get())
}

/// `PNTransformer.transform(node)` for any node.
pub fn transform_node(model: &Model, id: NodeId) -> Pn<'_> {
    Transformer::new(model).node(id)
}

/// The four text renderings of a PN tree (see [`write_program`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PnFormat {
    /// [`Pn::to_pn_string`].
    Pn,
    /// [`Pn::to_pretty_string`].
    PrettyPn,
    /// [`Pn::to_json_string`].
    Json,
    /// [`Pn::to_pretty_json_string`].
    PrettyJson,
}

impl<'a> Pn<'a> {
    /// The rendering of this tree in `format`.
    pub fn render(&self, format: PnFormat) -> String {
        match format {
            PnFormat::Pn => self.to_pn_string(),
            PnFormat::PrettyPn => self.to_pretty_string(),
            PnFormat::Json => self.to_json_string(),
            PnFormat::PrettyJson => self.to_pretty_json_string(),
        }
    }
}

/// The rendering of [`transform`]`(model)` in `format`, written to `out` one top-level statement
/// at a time: the same bytes as `transform(model).render(format)` (without a trailing
/// newline), but only one statement's PN tree and text are in memory at once, so a large
/// program's dump costs little more memory than its model. Returns where Ruby's transformer
/// would have raised instead, as [`transform_noting_ruby_failure`] does.
pub fn write_program(
    model: &Model,
    format: PnFormat,
    out: &mut impl std::io::Write,
) -> std::io::Result<Option<RubyPnFailure>> {
    let t = Transformer::new(model);
    match model.body().map(|body| model.kind(body)) {
        Some(NodeKind::BlockExpression { statements }) => format::write_call_streamed(
            "block",
            model.nodes(*statements).iter().map(|&id| t.node(id)),
            format,
            out,
        )?,
        _ => out.write_all(t.opt(model.body()).render(format).as_bytes())?,
    }
    Ok(t.failure.get())
}

/// `puppet parser dump --format pn` of a model (without the trailing newline).
pub fn to_pn_string(model: &Model) -> String {
    transform(model).to_pn_string()
}

/// `puppet parser dump --format json` of a model (without the trailing newline).
pub fn to_json_string(model: &Model) -> String {
    transform(model).to_json_string()
}

fn call<'a>(name: &'a str, elements: Vec<Pn<'a>>) -> Pn<'a> {
    Pn::Call(name, elements)
}

fn map_call<'a>(name: &'a str, entries: Vec<(&'a str, Pn<'a>)>) -> Pn<'a> {
    Pn::Call(name, vec![Pn::Map(entries)])
}

fn int(value: IntRef<'_>) -> Pn<'_> {
    Pn::Int(match value {
        IntRef::Small(v) => PnInt::Small(i128::from(v)),
        IntRef::Big(digits) => PnInt::Big(digits.into()),
    })
}

struct Transformer<'a> {
    m: &'a Model,
    /// The first place, in Ruby's order, where Ruby's transformer raises.
    failure: Cell<Option<RubyPnFailure>>,
}

impl<'a> Transformer<'a> {
    fn new(m: &'a Model) -> Self {
        Transformer {
            m,
            failure: Cell::new(None),
        }
    }

    /// Notes where Ruby would raise, unless it raised earlier.
    fn ruby_fails(&self, node: NodeId, cause: RubyPnCause) {
        if self.failure.get().is_none() {
            self.failure.set(Some(RubyPnFailure { node, cause }));
        }
    }

    fn str(&self, id: crate::model::StrId) -> &'a str {
        self.m.str(id)
    }

    fn all(&self, list: NodeList) -> Vec<Pn<'a>> {
        self.m.nodes(list).iter().map(|&id| self.node(id)).collect()
    }

    fn list(&self, list: NodeList) -> Pn<'a> {
        Pn::List(self.all(list))
    }

    /// `transform(nil)` is `(nop)` (`transform_NilClass`).
    fn opt(&self, id: Option<NodeId>) -> Pn<'a> {
        match id {
            Some(id) => self.node(id),
            None => call("nop", vec![]),
        }
    }

    /// `is_nop?`: nil or a `Nop`.
    fn is_nop(&self, id: Option<NodeId>) -> bool {
        id.is_none_or(|id| self.m.class(id) == ModelClass::Nop)
    }

    fn binary(&self, op: &'a str, left: NodeId, right: NodeId) -> Pn<'a> {
        call(op, vec![self.node(left), self.node(right)])
    }

    fn unary(&self, op: &'a str, expr: NodeId) -> Pn<'a> {
        call(op, vec![self.node(expr)])
    }

    /// `block_as_entry`: a BlockExpression gives its statements, anything else (even nil) a
    /// one-element list.
    fn block_entry(&self, name: &'a str, expr: Option<NodeId>) -> (&'a str, Pn<'a>) {
        if let Some(id) = expr {
            if let NodeKind::BlockExpression { statements }
            | NodeKind::ApplyBlockExpression { statements } = self.m.kind(id)
            {
                return (name, self.list(*statements));
            }
        }
        (name, Pn::List(vec![self.opt(expr)]))
    }

    /// `parameters_entry` (with the captures-rest crash fixed, see the module docs). Ruby makes
    /// each parameter's map in turn (raising at the first captures-rest one), then checks the
    /// names as keys (`PN::Map.new`).
    fn params_entry(&self, parameters: NodeList) -> (&'a str, Pn<'a>) {
        let params = self.m.nodes(parameters);
        let entries: Vec<_> = params
            .iter()
            .map(|&p| match self.m.kind(p) {
                NodeKind::Parameter { name, .. } => {
                    (self.str(*name), Pn::Map(self.param_entries(p, false)))
                }
                other => unreachable!("parameters hold Parameter nodes, not {:?}", other.class()),
            })
            .collect();
        if let Some((&p, _)) = params
            .iter()
            .zip(&entries)
            .find(|(_, (key, _))| !is_pn_key(key))
        {
            self.ruby_fails(p, RubyPnCause::ParameterName);
        }
        ("params", Pn::Map(entries))
    }

    fn param_entries(&self, p: NodeId, with_name: bool) -> Vec<(&'a str, Pn<'a>)> {
        let NodeKind::Parameter {
            name,
            value,
            type_expr,
            captures_rest,
        } = self.m.kind(p)
        else {
            unreachable!("not a Parameter")
        };
        let mut entries = Vec::new();
        if with_name {
            entries.push(("name", Pn::str(self.str(*name))));
        }
        if let Some(t) = type_expr {
            entries.push(("type", self.node(*t)));
        }
        if *captures_rest == Some(true) {
            if !with_name {
                // `parameters_entry` calls the missing `PN::Literal(true)` (`transform_Parameter`,
                // for a lone parameter, has it right).
                self.ruby_fails(p, RubyPnCause::CapturesRest);
            }
            entries.push(("splat", Pn::Bool(true)));
        }
        if let Some(v) = value {
            entries.push(("value", self.node(*v)));
        }
        entries
    }

    fn definition(
        &self,
        kind: &'a str,
        (name, parameters, body): (crate::model::StrId, NodeList, Option<NodeId>),
        parent: Option<&'a str>,
        return_type: Option<NodeId>,
    ) -> Pn<'a> {
        let mut entries = vec![("name", Pn::str(self.str(name)))];
        if let Some(parent) = parent {
            entries.push(("parent", Pn::str(parent)));
        }
        if !parameters.is_empty() {
            entries.push(self.params_entry(parameters));
        }
        if body.is_some() {
            entries.push(self.block_entry("body", body));
        }
        if let Some(r) = return_type {
            entries.push(("returns", self.node(r)));
        }
        map_call(kind, entries)
    }

    fn call_expr(&self, id: NodeId, names: (&'a str, &'a str)) -> Pn<'a> {
        let Some(call) = self.m.kind(id).as_call_expression() else {
            unreachable!("not a CallExpression")
        };
        let mut entries = vec![
            ("functor", self.node(call.functor_expr)),
            ("args", self.list(call.arguments)),
        ];
        if let Some(l) = call.lambda {
            entries.push(("block", self.node(l)));
        }
        map_call(if call.rval_required { names.0 } else { names.1 }, entries)
    }

    fn if_expr(
        &self,
        name: &'a str,
        test: NodeId,
        then_expr: Option<NodeId>,
        else_expr: Option<NodeId>,
    ) -> Pn<'a> {
        let mut entries = vec![("test", self.node(test))];
        if !self.is_nop(then_expr) {
            entries.push(self.block_entry("then", then_expr));
        }
        if !self.is_nop(else_expr) {
            entries.push(self.block_entry("else", else_expr));
        }
        map_call(name, entries)
    }

    fn resource_entries(
        &self,
        mut entries: Vec<(&'a str, Pn<'a>)>,
        form: ResourceForm,
    ) -> Vec<(&'a str, Pn<'a>)> {
        if form != ResourceForm::Regular {
            entries.push(("form", Pn::str(form.as_str())));
        }
        entries
    }

    fn resource_body(&self, body: NodeId) -> Pn<'a> {
        let NodeKind::ResourceBody { title, operations } = self.m.kind(body) else {
            unreachable!("bodies hold ResourceBody nodes")
        };
        Pn::Map(vec![
            ("title", self.opt(*title)),
            ("ops", self.list(*operations)),
        ])
    }

    fn unary_minus(&self, expr: NodeId) -> Pn<'a> {
        match self.m.kind(expr) {
            NodeKind::LiteralInteger { value, .. } => match self.m.int(*value) {
                IntRef::Small(v) => Pn::Int(PnInt::Small(-i128::from(v))),
                big => Pn::Int(PnInt::Big(big.negated_string().into())),
            },
            NodeKind::LiteralFloat { value } => Pn::Float(-value),
            _ => self.unary("-", expr),
        }
    }

    fn node(&self, id: NodeId) -> Pn<'a> {
        crate::deep::guarded(|| {
            use NodeKind as K;
            let m = self.m;
            match m.kind(id) {
                K::Nop {} => call("nop", vec![]),
                K::ParenthesizedExpression { expr } => self.unary("paren", *expr),
                K::NotExpression { expr } => self.unary("!", *expr),
                K::UnaryMinusExpression { expr } => self.unary_minus(*expr),
                K::UnfoldExpression { expr } => self.unary("unfold", *expr),
                K::TextExpression { expr } => self.unary("str", *expr),
                K::RenderExpression { expr } => self.unary("render", *expr),
                K::VariableExpression { expr } => match m.kind(*expr) {
                    K::QualifiedName { value } => call("var", vec![Pn::str(self.str(*value))]),
                    _ => self.unary("var", *expr),
                },
                K::AssignmentExpression {
                    left_expr,
                    right_expr,
                    operator,
                } => self.binary(operator.as_str(), *left_expr, *right_expr),
                K::ArithmeticExpression {
                    left_expr,
                    right_expr,
                    operator,
                } => self.binary(operator.as_str(), *left_expr, *right_expr),
                K::RelationshipExpression {
                    left_expr,
                    right_expr,
                    operator,
                } => self.binary(operator.as_str(), *left_expr, *right_expr),
                K::ComparisonExpression {
                    left_expr,
                    right_expr,
                    operator,
                } => self.binary(operator.as_str(), *left_expr, *right_expr),
                K::MatchExpression {
                    left_expr,
                    right_expr,
                    operator,
                } => self.binary(operator.as_str(), *left_expr, *right_expr),
                K::InExpression {
                    left_expr,
                    right_expr,
                } => self.binary("in", *left_expr, *right_expr),
                K::AndExpression {
                    left_expr,
                    right_expr,
                } => self.binary("and", *left_expr, *right_expr),
                K::OrExpression {
                    left_expr,
                    right_expr,
                } => self.binary("or", *left_expr, *right_expr),
                K::NamedAccessExpression {
                    left_expr,
                    right_expr,
                } => self.binary(".", *left_expr, *right_expr),
                K::AccessExpression { left_expr, keys } => {
                    let mut elements = vec![self.node(*left_expr)];
                    elements.extend(self.all(*keys));
                    call("access", elements)
                }
                K::LiteralList { values } => call("array", self.all(*values)),
                K::LiteralHash { entries } => call("hash", self.all(*entries)),
                K::KeyedEntry { key, value } => self.binary("=>", *key, *value),
                K::BlockExpression { statements } | K::ApplyBlockExpression { statements } => {
                    call("block", self.all(*statements))
                }
                K::CaseExpression { test, options } => {
                    call("case", vec![self.node(*test), self.list(*options)])
                }
                K::CaseOption { values, then_expr } => Pn::Map(vec![
                    ("when", self.list(*values)),
                    self.block_entry("then", *then_expr),
                ]),
                K::SelectorExpression {
                    left_expr,
                    selectors,
                } => call("?", vec![self.node(*left_expr), self.list(*selectors)]),
                K::SelectorEntry {
                    matching_expr,
                    value_expr,
                } => self.binary("=>", *matching_expr, *value_expr),
                K::ExportedQuery { expr } | K::VirtualQuery { expr } => {
                    let name = if m.class(id) == ModelClass::ExportedQuery {
                        "exported-query"
                    } else {
                        "virtual-query"
                    };
                    match expr {
                        Some(e) if !self.is_nop(Some(*e)) => self.unary(name, *e),
                        _ => call(name, vec![]),
                    }
                }
                K::AttributeOperation {
                    attribute_name,
                    operator,
                    value_expr,
                } => call(
                    operator.as_str(),
                    vec![Pn::str(self.str(*attribute_name)), self.node(*value_expr)],
                ),
                K::AttributesOperation { expr } => self.unary("splat-hash", *expr),
                K::CollectExpression {
                    type_expr,
                    query,
                    operations,
                } => {
                    let mut entries = vec![
                        ("type", self.node(*type_expr)),
                        ("query", self.node(*query)),
                    ];
                    if !operations.is_empty() {
                        entries.push(("ops", self.list(*operations)));
                    }
                    map_call("collect", entries)
                }
                K::Parameter { .. } => Pn::Map(self.param_entries(id, true)),
                K::FunctionDefinition {
                    name,
                    parameters,
                    body,
                    return_type,
                } => self.definition("function", (*name, *parameters, *body), None, *return_type),
                K::PlanDefinition {
                    name,
                    parameters,
                    body,
                    return_type,
                } => self.definition("plan", (*name, *parameters, *body), None, *return_type),
                K::ResourceTypeDefinition {
                    name,
                    parameters,
                    body,
                } => self.definition("define", (*name, *parameters, *body), None, None),
                K::HostClassDefinition {
                    name,
                    parameters,
                    body,
                    parent_class,
                } => {
                    let parent = parent_class.map(|p| self.str(p));
                    self.definition("class", (*name, *parameters, *body), parent, None)
                }
                K::TypeAlias { name, type_expr } => call(
                    "type-alias",
                    vec![Pn::str(self.str(*name)), self.opt(*type_expr)],
                ),
                K::TypeMapping {
                    type_expr,
                    mapping_expr,
                } => call(
                    "type-mapping",
                    vec![self.opt(*type_expr), self.opt(*mapping_expr)],
                ),
                K::TypeDefinition { name, parent, body } => {
                    let parent = parent.map_or(Pn::Nil, |p| Pn::str(self.str(p)));
                    call(
                        "type-definition",
                        vec![Pn::str(self.str(*name)), parent, self.opt(*body)],
                    )
                }
                K::NodeDefinition {
                    parent,
                    host_matches,
                    body,
                } => {
                    let mut entries = vec![("matches", self.list(*host_matches))];
                    if let Some(p) = parent {
                        entries.push(("parent", self.node(*p)));
                    }
                    if body.is_some() {
                        entries.push(self.block_entry("body", *body));
                    }
                    map_call("node", entries)
                }
                K::HeredocExpression { syntax, text_expr } => {
                    let mut entries = Vec::new();
                    match syntax.map(|s| self.str(s)) {
                        Some("") => {}
                        Some(s) => entries.push(("syntax", Pn::str(s))),
                        None => entries.push(("syntax", Pn::Nil)),
                    }
                    entries.push(("text", self.node(*text_expr)));
                    map_call("heredoc", entries)
                }
                K::LambdaExpression {
                    parameters,
                    body,
                    return_type,
                } => {
                    let mut entries = Vec::new();
                    if !parameters.is_empty() {
                        entries.push(self.params_entry(*parameters));
                    }
                    if let Some(r) = return_type {
                        entries.push(("returns", self.node(*r)));
                    }
                    if body.is_some() {
                        entries.push(self.block_entry("body", *body));
                    }
                    map_call("lambda", entries)
                }
                K::ApplyExpression { arguments, body } => {
                    // Ruby's visitor has no method for it: it raises before any child.
                    self.ruby_fails(id, RubyPnCause::NoTransform);
                    let mut entries = vec![("args", self.list(*arguments))];
                    if body.is_some() {
                        entries.push(self.block_entry("body", *body));
                    }
                    map_call("apply", entries)
                }
                K::IfExpression {
                    test,
                    then_expr,
                    else_expr,
                } => self.if_expr("if", *test, *then_expr, *else_expr),
                K::UnlessExpression {
                    test,
                    then_expr,
                    else_expr,
                } => self.if_expr("unless", *test, *then_expr, *else_expr),
                K::CallFunctionExpression { .. } => {
                    self.call_expr(id, ("call-lambda", "invoke-lambda"))
                }
                K::CallNamedFunctionExpression { .. } => self.call_expr(id, ("call", "invoke")),
                K::CallMethodExpression { .. } => {
                    self.call_expr(id, ("call-method", "invoke-method"))
                }
                K::LiteralRegularExpression { value, .. } => {
                    // `PRegexpType.regexp_to_s`: the source, wrapped in `(?-imx:…)` when the Regexp
                    // has options (the parser can only produce FIXEDENCODING).
                    let source = self.str(*value);
                    let text = if regexp_has_fixed_encoding(source) {
                        Cow::Owned(format!("(?-imx:{source})"))
                    } else {
                        Cow::Borrowed(source)
                    };
                    call("regexp", vec![Pn::Str(text)])
                }
                K::LiteralString { value } => Pn::str(self.str(*value)),
                K::LiteralInteger { radix: 10, value } => int(m.int(*value)),
                K::LiteralInteger { radix, value } => map_call(
                    "int",
                    vec![
                        ("radix", Pn::Int(PnInt::Small(i128::from(*radix)))),
                        ("value", int(m.int(*value))),
                    ],
                ),
                K::LiteralFloat { value } => Pn::Float(*value),
                K::LiteralUndef {} => Pn::Nil,
                K::LiteralDefault {} => call("default", vec![]),
                K::LiteralBoolean { value } => Pn::Bool(*value),
                K::ConcatenatedString { segments } => call("concat", self.all(*segments)),
                K::QualifiedName { value } => call("qn", vec![Pn::str(self.str(*value))]),
                K::ReservedWord { word, .. } => call("reserved", vec![Pn::str(self.str(*word))]),
                K::QualifiedReference { cased_value } => {
                    call("qr", vec![Pn::str(self.str(*cased_value))])
                }
                K::EppExpression { body, .. } => match body {
                    None => call("epp", vec![]),
                    Some(b) => self.node(*b).into_call("epp"),
                },
                K::RenderStringExpression { value } => {
                    call("render-s", vec![Pn::str(self.str(*value))])
                }
                K::ResourceBody { .. } => call("resource_body", vec![self.resource_body(id)]),
                K::ResourceExpression {
                    form,
                    type_name,
                    bodies,
                } => {
                    let bodies = m
                        .nodes(*bodies)
                        .iter()
                        .map(|&b| self.resource_body(b))
                        .collect();
                    let entries = vec![
                        ("type", self.node(*type_name)),
                        ("bodies", Pn::List(bodies)),
                    ];
                    map_call("resource", self.resource_entries(entries, *form))
                }
                K::ResourceDefaultsExpression {
                    form,
                    type_ref,
                    operations,
                } => {
                    let entries = vec![
                        ("type", self.opt(*type_ref)),
                        ("ops", self.list(*operations)),
                    ];
                    map_call("resource-defaults", self.resource_entries(entries, *form))
                }
                K::ResourceOverrideExpression {
                    form,
                    resources,
                    operations,
                } => {
                    let entries = vec![
                        ("resources", self.node(*resources)),
                        ("ops", self.list(*operations)),
                    ];
                    map_call("resource-override", self.resource_entries(entries, *form))
                }
            }
        })
    }
}
