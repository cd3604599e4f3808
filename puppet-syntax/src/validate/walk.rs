//! The contained children of a node in attribute order (Ruby's `_pcore_contents`), through the
//! model's generated [`NodeKind::for_each_child`](crate::model::NodeKind::for_each_child) (no reflection: the validator visits every
//! node). A unit test checks it agrees with [`Model::children`].

use crate::model::{Model, NodeId};

/// Appends the children of `id` to `out`, in `_pcore_contents` order.
pub(crate) fn push_children(model: &Model, id: NodeId, out: &mut Vec<NodeId>) {
    model
        .kind(id)
        .for_each_child(model, &mut |child| out.push(child));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, ParseOptions};

    /// The children of `id` as a new vector.
    fn children(model: &Model, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        push_children(model, id, &mut out);
        out
    }

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
            let result = parse(source.as_bytes(), &ParseOptions::default());
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
            b"<%- |$a, $b = 1| -%>\nx <%= $a %> <% $b %>",
            &ParseOptions::new().epp(true),
        );
        let model = epp.model.unwrap();
        for id in model.walk() {
            assert_eq!(children(&model, id), model.children(id).collect::<Vec<_>>());
        }
        let tasks = parse(
            b"plan p() { apply($t) { file { 'x': } } }",
            &ParseOptions::new().tasks(true),
        );
        let model = tasks.model.unwrap();
        for id in model.walk() {
            assert_eq!(children(&model, id), model.children(id).collect::<Vec<_>>());
        }
    }
}
