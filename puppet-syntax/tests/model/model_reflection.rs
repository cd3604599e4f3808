//! The generated per-node access agrees with itself on every node of programs that use nearly
//! every model class: `for_each_attr`, `attr_value`, the `attrs` / `attrs_new_order` iterators,
//! `for_each_child` / `children`, and the views of the abstract classes (`as_binary_expression`…,
//! which must exist exactly for the subclasses and hold the reflected values).

use std::collections::BTreeSet;

use puppet_syntax::model::{AttrValue, Model, ModelClass, NodeId};
use puppet_syntax::{parse, ParseOptions};

const MANIFEST: &str = r#"
class a::b (Integer $x = 1, *$rest) inherits a { $y = -$x + 2 * 0x1F - 1.5 }
define a::d ($p) { notice("${p} and ${::q}") }
function a::f(String $s) >> String { $s.upcase() }
type A::T = Variant[Integer, String]
type Runtime[ruby, 'MyObject'] = A::Object
type A::U inherits A::T { }
node 'n1', /n2/, default inherits 'base' {}
$h = { 'k' => [1, 2], 'v' => undef, default => true }
$r = $h['k'] =~ /x\/y/ and !($a in $b) or $c != $d
if $a { 1 } elsif $b { 2 } else { 3 }
unless $a < 1 { 1 } else { 2 }
case $x { 'a', 'b': { 1 } default: { 2 } }
$s = $x ? { 'a' => 1, default => 2 }
@file { 'a': ensure => present, * => $attrs }
@@file { ['b', 'c']: mode => '0644' }
File { owner => root }
File['a'] { mode +> '0600' }
File <| title == 'a' and tag != 'b' |> { ensure => absent }
File <<| |>>
Package['a'] -> Service['b'] ~> Exec['c']
$l = [1, 2].map |$v| { $v * 2 }
$u = *$list
$m = "${x}" + @("END"/L)
  text $y
  |- END
foo($a, $b)
$v = $x.length
$w = $a[1, 2] << 3
$v2 = $x !~ /y/
$v3 = $x >= 1.0e3
$v4 = $x += 1
attr
"#;

const PLAN: &str = r#"
plan p::q(String $t) {
  apply($t) { file { '/tmp/x': } }
  return(1)
}
"#;

const TEMPLATE: &str = "<%- | $a | -%>\ntext <%= $a %> more\n";

fn models() -> Vec<Model> {
    let options = [
        ParseOptions::default(),
        ParseOptions::new().tasks(true),
        ParseOptions::new().epp(true),
        ParseOptions::default(),
    ];
    [MANIFEST, PLAN, TEMPLATE, ""]
        .iter()
        .zip(options)
        .map(|(source, options)| {
            let result = parse(source.as_bytes(), &options);
            result.model.expect("a model")
        })
        .collect()
}

/// Every reflected attribute value by name.
fn value<'m>(m: &'m Model, id: NodeId, name: &str) -> AttrValue<'m> {
    m.attr(id, name)
        .unwrap_or_else(|| panic!("{} has no {name}", m.class(id).name()))
        .value
}

fn check_node(m: &Model, id: NodeId) {
    let kind = m.kind(id);
    let class = kind.class();
    let reflected: Vec<(&str, AttrValue<'_>)> = m.attrs(id).map(|a| (a.name(), a.value)).collect();
    assert_eq!(reflected.len(), class.node_attributes().len(), "{class:?}");

    let mut visited = Vec::new();
    kind.for_each_attr(m, &mut |info, value| visited.push((info.name, value)));
    assert_eq!(visited, reflected, "{class:?}: for_each_attr");

    for (index, (_, value)) in reflected.iter().enumerate() {
        assert_eq!(
            kind.attr_value(m, index),
            Some(*value),
            "{class:?}[{index}]"
        );
    }
    assert_eq!(
        kind.attr_value(m, reflected.len()),
        None,
        "{class:?}: past the end"
    );

    let new_order: Vec<(&str, AttrValue<'_>)> =
        m.attrs_new_order(id).map(|a| (a.name(), a.value)).collect();
    let by_index: Vec<(&str, AttrValue<'_>)> = class
        .new_order_indices()
        .iter()
        .map(|&i| reflected[i])
        .collect();
    assert_eq!(new_order, by_index, "{class:?}: attrs_new_order");

    let mut children = Vec::new();
    kind.for_each_child(m, &mut |child| children.push(child));
    assert_eq!(children, m.children(id).collect::<Vec<_>>(), "{class:?}");

    let is = |abstract_class: ModelClass| class.is_a(abstract_class);
    assert_eq!(
        kind.as_binary_expression().is_some(),
        is(ModelClass::BinaryExpression)
    );
    if let Some(v) = kind.as_binary_expression() {
        assert_eq!(value(m, id, "left_expr"), AttrValue::Node(v.left_expr));
        assert_eq!(value(m, id, "right_expr"), AttrValue::Node(v.right_expr));
    }
    assert_eq!(
        kind.as_boolean_expression().is_some(),
        is(ModelClass::BooleanExpression)
    );
    if let Some(v) = kind.as_boolean_expression() {
        assert_eq!(value(m, id, "left_expr"), AttrValue::Node(v.left_expr));
        assert_eq!(value(m, id, "right_expr"), AttrValue::Node(v.right_expr));
    }
    assert_eq!(
        kind.as_unary_expression().is_some(),
        is(ModelClass::UnaryExpression)
    );
    if let Some(v) = kind.as_unary_expression() {
        assert_eq!(value(m, id, "expr"), AttrValue::Node(v.expr));
    }
    assert_eq!(
        kind.as_query_expression().is_some(),
        is(ModelClass::QueryExpression)
    );
    if let Some(v) = kind.as_query_expression() {
        assert_eq!(value(m, id, "expr"), AttrValue::OptNode(v.expr));
    }
    assert_eq!(
        kind.as_named_definition().is_some(),
        is(ModelClass::NamedDefinition)
    );
    if let Some(v) = kind.as_named_definition() {
        assert_eq!(value(m, id, "name"), AttrValue::Str(m.str(v.name)));
        assert_eq!(
            value(m, id, "parameters"),
            AttrValue::Nodes(m.nodes(v.parameters))
        );
        assert_eq!(value(m, id, "body"), AttrValue::OptNode(v.body));
    }
    assert_eq!(
        kind.as_q_ref_definition().is_some(),
        is(ModelClass::QRefDefinition)
    );
    if let Some(v) = kind.as_q_ref_definition() {
        assert_eq!(value(m, id, "name"), AttrValue::Str(m.str(v.name)));
    }
    assert_eq!(
        kind.as_call_expression().is_some(),
        is(ModelClass::CallExpression)
    );
    if let Some(v) = kind.as_call_expression() {
        assert_eq!(
            value(m, id, "rval_required"),
            AttrValue::Bool(v.rval_required)
        );
        assert_eq!(
            value(m, id, "functor_expr"),
            AttrValue::Node(v.functor_expr)
        );
        assert_eq!(
            value(m, id, "arguments"),
            AttrValue::Nodes(m.nodes(v.arguments))
        );
        assert_eq!(value(m, id, "lambda"), AttrValue::OptNode(v.lambda));
    }
    assert_eq!(
        kind.as_abstract_resource().is_some(),
        is(ModelClass::AbstractResource)
    );
    if let Some(v) = kind.as_abstract_resource() {
        assert_eq!(value(m, id, "form"), AttrValue::Enum(v.form.as_str()));
    }
}

#[test]
fn generated_access_agrees_with_reflection() {
    let mut seen = BTreeSet::new();
    for m in models() {
        for id in m.walk() {
            seen.insert(m.class(id));
            check_node(&m, id);
        }
    }
    // Only CallFunctionExpression, which the parser never makes, is missing.
    let missing: Vec<&str> = ModelClass::ALL
        .iter()
        .filter(|c| !c.is_abstract() && c.is_positioned() && !seen.contains(c))
        .map(|c| c.name())
        .collect();
    assert_eq!(missing, ["CallFunctionExpression"], "not covered");
}

#[test]
fn mutable_views_write_the_node() {
    let mut m = models().remove(0);
    let binary = m
        .walk()
        .find(|&id| m.class(id) == ModelClass::ArithmeticExpression)
        .expect("an arithmetic expression");
    let (left, right) = {
        let view = m
            .kind(binary)
            .as_binary_expression()
            .expect("a binary expression");
        (view.left_expr, view.right_expr)
    };
    let view = m
        .kind_mut(binary)
        .as_binary_expression_mut()
        .expect("mutable");
    std::mem::swap(view.left_expr, view.right_expr);
    assert_eq!(m.children(binary).collect::<Vec<_>>(), [right, left]);
    assert!(m.kind_mut(binary).as_call_expression_mut().is_none());
}

/// Strings are slices of the source when they can be (not copied), and an empty string's
/// pointer is never dangling: the C library and the gem hand it to C code (Ruby reads through
/// it even for length 0).
#[test]
fn interned_strings_point_into_live_memory() {
    use puppet_syntax::model::Model;
    let mut model = Model::new("notice('x')", None);
    let source_start = model.source().as_ptr() as usize;
    let empty = model.intern("");
    assert_eq!(model.str(empty), "");
    assert_eq!(model.str(empty).as_ptr() as usize, source_start);
    let source_range = source_start..source_start + model.source().len();
    let own = String::from("x");
    let copied = model.intern(&own);
    assert_eq!(model.str(copied), "x");
    assert!(
        !source_range.contains(&(model.str(copied).as_ptr() as usize)),
        "a copy"
    );
    let result = puppet_syntax::parse(b"notice('abc')", &puppet_syntax::ParseOptions::new());
    let model = result.model.unwrap();
    let text_start = model.source().as_ptr() as usize;
    let strings: Vec<&str> = model
        .all_nodes()
        .filter_map(|(id, _)| match model.kind(id) {
            puppet_syntax::model::NodeKind::LiteralString { value } => Some(model.str(*value)),
            _ => None,
        })
        .collect();
    assert_eq!(strings, ["abc"]);
    assert_eq!(
        strings[0].as_ptr() as usize,
        text_start + 8,
        "borrowed from the source"
    );
}

/// The parser and the XPP reader allocate every node after the nodes it refers to: the gem
/// builds Ruby objects in allocation order on that account (it checks as it goes and falls back
/// to the walk's order, slower, if a node ever comes first). Checked on the models above and on
/// the same models read back from msgpack XPP.
#[test]
fn nodes_are_allocated_after_their_children() {
    use puppet_syntax::xpp::{self, XppFormat, XppWriteOptions};
    fn check(m: &Model, what: &str) {
        for (id, _) in m.all_nodes() {
            m.kind(id).for_each_attr(m, &mut |info, value| {
                let children: &[NodeId] = match &value {
                    AttrValue::Node(child) | AttrValue::OptNode(Some(child)) => {
                        std::slice::from_ref(child)
                    }
                    AttrValue::Nodes(children) => children,
                    _ => &[],
                };
                for child in children {
                    assert!(
                        child.index() < id.index(),
                        "{what}: {} #{} has its {} #{} allocated later",
                        m.class(id).name(),
                        id.index(),
                        info.name,
                        child.index()
                    );
                }
            });
        }
    }
    for source in [MANIFEST, PLAN] {
        let options = ParseOptions::new().tasks(true);
        let result = puppet_syntax::parse_and_validate(source.as_bytes(), &options);
        check(result.model.as_ref().expect("a model"), "parsed");
        let written = xpp::write_xpp(
            &result,
            &XppWriteOptions {
                format: XppFormat::Msgpack,
                source: Some(source.as_bytes()),
                parse_options: &options,
                source_stat: None,
            },
        )
        .expect("writable");
        let read = xpp::read_xpp(&written, None).expect("readable");
        check(
            read.result.model.as_ref().expect("a model"),
            "read from XPP",
        );
    }
    for m in models() {
        check(&m, "parsed");
    }
}
