//! The contained children of a node in attribute order (Ruby's `_pcore_contents`), read
//! directly from the [`NodeKind`] fields. Equal to [`Model::children`], which goes through the
//! generic attribute reflection; this version is several times faster, which matters because the
//! validator visits every node (a unit test checks both agree).

use crate::model::{Model, NodeId, NodeKind, NodeList};

/// Appends the children of `id` to `out`, in `_pcore_contents` order.
pub(crate) fn push_children(model: &Model, id: NodeId, out: &mut Vec<NodeId>) {
    let one = |out: &mut Vec<NodeId>, id: NodeId| out.push(id);
    let opt = |out: &mut Vec<NodeId>, id: Option<NodeId>| out.extend(id);
    let list = |out: &mut Vec<NodeId>, list: NodeList| out.extend_from_slice(model.nodes(list));
    match model.kind(id) {
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
        | NodeKind::RenderStringExpression { .. } => {}
        NodeKind::ParenthesizedExpression { expr }
        | NodeKind::NotExpression { expr }
        | NodeKind::UnaryMinusExpression { expr }
        | NodeKind::UnfoldExpression { expr }
        | NodeKind::TextExpression { expr }
        | NodeKind::VariableExpression { expr }
        | NodeKind::RenderExpression { expr }
        | NodeKind::AttributesOperation { expr } => one(out, *expr),
        NodeKind::AssignmentExpression {
            left_expr,
            right_expr,
            ..
        }
        | NodeKind::ArithmeticExpression {
            left_expr,
            right_expr,
            ..
        }
        | NodeKind::RelationshipExpression {
            left_expr,
            right_expr,
            ..
        }
        | NodeKind::ComparisonExpression {
            left_expr,
            right_expr,
            ..
        }
        | NodeKind::MatchExpression {
            left_expr,
            right_expr,
            ..
        }
        | NodeKind::InExpression {
            left_expr,
            right_expr,
        }
        | NodeKind::AndExpression {
            left_expr,
            right_expr,
        }
        | NodeKind::OrExpression {
            left_expr,
            right_expr,
        }
        | NodeKind::NamedAccessExpression {
            left_expr,
            right_expr,
        } => {
            one(out, *left_expr);
            one(out, *right_expr);
        }
        NodeKind::AccessExpression { left_expr, keys } => {
            one(out, *left_expr);
            list(out, *keys);
        }
        NodeKind::LiteralList { values } => list(out, *values),
        NodeKind::KeyedEntry { key, value } => {
            one(out, *key);
            one(out, *value);
        }
        NodeKind::LiteralHash { entries } => list(out, *entries),
        NodeKind::BlockExpression { statements }
        | NodeKind::ApplyBlockExpression { statements } => list(out, *statements),
        NodeKind::CaseOption { values, then_expr } => {
            list(out, *values);
            opt(out, *then_expr);
        }
        NodeKind::CaseExpression { test, options } => {
            one(out, *test);
            list(out, *options);
        }
        NodeKind::ExportedQuery { expr } | NodeKind::VirtualQuery { expr } => opt(out, *expr),
        NodeKind::AttributeOperation { value_expr, .. } => one(out, *value_expr),
        NodeKind::CollectExpression {
            type_expr,
            query,
            operations,
        } => {
            one(out, *type_expr);
            one(out, *query);
            list(out, *operations);
        }
        NodeKind::Parameter {
            value, type_expr, ..
        } => {
            opt(out, *value);
            opt(out, *type_expr);
        }
        NodeKind::FunctionDefinition {
            parameters,
            body,
            return_type,
            ..
        }
        | NodeKind::PlanDefinition {
            parameters,
            body,
            return_type,
            ..
        }
        | NodeKind::LambdaExpression {
            parameters,
            body,
            return_type,
        } => {
            list(out, *parameters);
            opt(out, *body);
            opt(out, *return_type);
        }
        NodeKind::ResourceTypeDefinition {
            parameters, body, ..
        }
        | NodeKind::HostClassDefinition {
            parameters, body, ..
        } => {
            list(out, *parameters);
            opt(out, *body);
        }
        NodeKind::TypeAlias { type_expr, .. } => opt(out, *type_expr),
        NodeKind::TypeMapping {
            type_expr,
            mapping_expr,
        } => {
            opt(out, *type_expr);
            opt(out, *mapping_expr);
        }
        NodeKind::TypeDefinition { body, .. } => opt(out, *body),
        NodeKind::NodeDefinition {
            parent,
            host_matches,
            body,
        } => {
            opt(out, *parent);
            list(out, *host_matches);
            opt(out, *body);
        }
        NodeKind::HeredocExpression { text_expr, .. } => one(out, *text_expr),
        NodeKind::ApplyExpression { arguments, body } => {
            list(out, *arguments);
            opt(out, *body);
        }
        NodeKind::IfExpression {
            test,
            then_expr,
            else_expr,
        }
        | NodeKind::UnlessExpression {
            test,
            then_expr,
            else_expr,
        } => {
            one(out, *test);
            opt(out, *then_expr);
            opt(out, *else_expr);
        }
        NodeKind::CallFunctionExpression {
            functor_expr,
            arguments,
            lambda,
            ..
        }
        | NodeKind::CallNamedFunctionExpression {
            functor_expr,
            arguments,
            lambda,
            ..
        }
        | NodeKind::CallMethodExpression {
            functor_expr,
            arguments,
            lambda,
            ..
        } => {
            one(out, *functor_expr);
            list(out, *arguments);
            opt(out, *lambda);
        }
        NodeKind::ConcatenatedString { segments } => list(out, *segments),
        NodeKind::EppExpression { body, .. } => opt(out, *body),
        NodeKind::ResourceBody { title, operations } => {
            opt(out, *title);
            list(out, *operations);
        }
        NodeKind::ResourceExpression {
            type_name, bodies, ..
        } => {
            one(out, *type_name);
            list(out, *bodies);
        }
        NodeKind::ResourceDefaultsExpression {
            type_ref,
            operations,
            ..
        } => {
            opt(out, *type_ref);
            list(out, *operations);
        }
        NodeKind::ResourceOverrideExpression {
            resources,
            operations,
            ..
        } => {
            one(out, *resources);
            list(out, *operations);
        }
        NodeKind::SelectorEntry {
            matching_expr,
            value_expr,
        } => {
            one(out, *matching_expr);
            one(out, *value_expr);
        }
        NodeKind::SelectorExpression {
            left_expr,
            selectors,
        } => {
            one(out, *left_expr);
            list(out, *selectors);
        }
    }
}

/// The children of `id` as a new vector (for the helpers that recurse on contents).
pub(crate) fn children(model: &Model, id: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    push_children(model, id, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, ParseOptions};

    #[test]
    fn same_children_as_the_reflection() {
        let sources = [
            "class a($x = 1, Integer *$y) inherits b { file { 'x': ensure => present, * => $h } }",
            "define d() { if $a { 1 } elsif $b { 2 } else { 3 } unless $c { } }",
            "function f(String $x) >> Integer { $x.map |$y| { $y + 1 } [1] }",
            "node 'a', /b/, default inherits c { }",
            "type A = Integer[1]\ntype Runtime['ruby', 'X'] = [/a/, 'b']\ntype B { }",
            "$a = [1, {a => b}, \"${x} y\", @(E:json)\n{}\n|E\n]",
            "case $x { 1, 2: { } default: { } }\n$y = $x ? { 1 => 2, default => 3 }",
            "File <| title == 'a' |> { mode => '0644' }\nFile <<| |>>\nFile['a'] { x +> 1 }\n@@file { 'y': }",
            "File { mode => 1 }\n$x = -1 + !$y * *$z\n$a =~ /x/ and $b in $c or $d != $e\n$f.g\nA -> B ~> C",
            "Foo::Bar[1]\nprivate\n$a -= 1",
        ];
        for source in sources {
            let result = parse(source, None, &ParseOptions::default(), false);
            let model = result
                .model
                .unwrap_or_else(|| panic!("{source}: {:?}", result.diagnostics));
            for id in model.walk() {
                let ours = children(&model, id);
                let reflected: Vec<NodeId> = model.children(id).collect();
                assert_eq!(ours, reflected, "{source}: {:?}", model.class(id));
            }
        }
        let epp = parse(
            "<%- |$a, $b = 1| -%>\nx <%= $a %> <% $b %>",
            None,
            &ParseOptions {
                epp: true,
                tasks: false,
            },
            false,
        );
        let model = epp.model.unwrap();
        for id in model.walk() {
            assert_eq!(children(&model, id), model.children(id).collect::<Vec<_>>());
        }
        let tasks = parse(
            "plan p() { apply($t) { file { 'x': } } }",
            None,
            &ParseOptions {
                epp: false,
                tasks: true,
            },
            false,
        );
        let model = tasks.model.unwrap();
        for id in model.walk() {
            assert_eq!(children(&model, id), model.children(id).collect::<Vec<_>>());
        }
    }
}
