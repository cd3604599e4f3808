//! Model nodes ↔ CST nodes, by their byte spans.
//!
//! The model and the CST are two sinks of one event stream, so they share offsets but not
//! nodes: a check that understands the program works on the model (Puppet's own view: a
//! resource's titles, a class's parameters), while an edit that must keep comments and layout
//! is made on the lossless CST. [`SpanMap`] connects the two:
//!
//! * [`SpanMap::syntax_node`]: the smallest CST node that covers a model node's span, and
//!   whether its range is exactly the span (Puppet's spans follow Ruby's `loc` calls, which
//!   mostly but not always start and end where a CST node does);
//! * [`SpanMap::model_node`]: the smallest model node whose span covers a range (a CST node's,
//!   a cursor's), walking only the nodes reachable from the program (what Puppet sees).
//!
//! Model nodes without text (those Ruby creates without a position, of length 0) are never
//! answered for a range.

use std::cmp::Reverse;

use rowan::{TextRange, TextSize};

use crate::model::{Model, NodeId};
use crate::syntax::SyntaxNode;

/// A CST node found for a model node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxMatch {
    /// The smallest CST node covering the model node's span.
    pub node: SyntaxNode,
    /// Whether the CST node's range is exactly the span.
    pub exact: bool,
}

/// The model nodes of one parse with text, sorted for lookups by range.
#[derive(Clone, Debug)]
pub struct SpanMap {
    /// `(offset, end, id)` by offset, then longest first.
    spans: Vec<(u32, u32, NodeId)>,
}

impl SpanMap {
    /// The map of `model`'s reachable nodes.
    pub fn new(model: &Model) -> SpanMap {
        let mut spans: Vec<(u32, u32, NodeId)> = model
            .walk()
            .filter_map(|id| {
                let (offset, length) = model.span(id);
                (length > 0).then(|| (offset, offset.saturating_add(length), id))
            })
            .collect();
        spans.sort_by_key(|&(offset, end, _)| (offset, Reverse(end)));
        SpanMap { spans }
    }

    /// The smallest node of the CST `root` covering the span of model node `id` (the root
    /// when the span is outside it).
    pub fn syntax_node(model: &Model, root: &SyntaxNode, id: NodeId) -> SyntaxMatch {
        let (offset, length) = model.span(id);
        let span = TextRange::at(TextSize::from(offset), TextSize::from(length));
        if !root.text_range().contains_range(span) {
            return SyntaxMatch {
                node: root.clone(),
                exact: root.text_range() == span,
            };
        }
        let node = match root.covering_element(span) {
            rowan::NodeOrToken::Node(node) => node,
            rowan::NodeOrToken::Token(token) => token.parent().unwrap_or_else(|| root.clone()),
        };
        // A token's own range is not a node's: exact only for a node of that range.
        let exact = node.text_range() == span;
        SyntaxMatch { node, exact }
    }

    /// The smallest model node whose span covers `range` (the innermost; at equal spans the
    /// one Puppet nests deepest).
    ///
    /// Scans back from the range's start: a lookup costs the nodes between the answer's start
    /// and the range's.
    pub fn model_node(&self, range: TextRange) -> Option<NodeId> {
        let (start, end) = (u32::from(range.start()), u32::from(range.end()));
        let after = self
            .spans
            .partition_point(|&(offset, _, _)| offset <= start);
        // Nested spans: the first covering node met going back is the innermost (of equal
        // spans, the last in pre-order: the deepest). An empty range is covered by a span
        // that has the character after it.
        self.spans[..after]
            .iter()
            .rev()
            .find(|&&(_, span_end, _)| span_end >= end && span_end > start)
            .map(|&(_, _, id)| id)
    }

    /// The number of nodes with text.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the model has no node with text.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ModelClass;
    use crate::SyntaxKind;
    use crate::{parse, ParseOptions};

    fn parsed(text: &str) -> (Model, SyntaxNode) {
        let result = parse(text.as_bytes(), &ParseOptions::new().cst(true));
        assert!(result.diagnostics.is_empty(), "{:?}", result.diagnostics);
        let root = result.syntax_node().unwrap();
        (result.model.unwrap(), root)
    }

    #[test]
    fn cst_node_of_each_model_node_and_back() {
        let text = "# c\nfile { '/x': ensure => present, mode => '0644' }\n$a = [1, $b + 2]\n";
        let (model, root) = parsed(text);
        let map = SpanMap::new(&model);
        let mut exact = 0;
        for id in model.walk() {
            if model.length(id) == 0 {
                continue;
            }
            let found = SpanMap::syntax_node(&model, &root, id);
            let (offset, length) = model.span(id);
            assert!(found
                .node
                .text_range()
                .contains_range(TextRange::at(offset.into(), length.into())));
            exact += usize::from(found.exact);
            // Puppet places an operator's expression at its operator: the CST node is the
            // whole expression.
            let expected = match model.class(id) {
                ModelClass::AssignmentExpression => Some(SyntaxKind::ASSIGNMENT_EXPR),
                ModelClass::ArithmeticExpression => Some(SyntaxKind::BINARY_EXPR),
                ModelClass::ResourceExpression => Some(SyntaxKind::RESOURCE_EXPR),
                ModelClass::LiteralList => Some(SyntaxKind::ARRAY_EXPR),
                _ => None,
            };
            if let Some(kind) = expected {
                assert_eq!(found.node.kind(), kind, "{:?}", model.class(id));
            }
            // Back: a model node of the same span (the innermost of equal spans).
            let back = map
                .model_node(TextRange::at(offset.into(), length.into()))
                .unwrap();
            assert_eq!(model.span(back), model.span(id), "{:?}", model.class(id));
        }
        assert!(exact > 0 && exact < map.len(), "{exact} of {}", map.len());
    }

    #[test]
    fn innermost_model_node_at_a_position() {
        let text = "$a = [1, $b + 2]\n";
        let (model, _) = parsed(text);
        let map = SpanMap::new(&model);
        let at = |needle: &str| {
            let offset = text.find(needle).unwrap() as u32;
            let id = map.model_node(TextRange::empty(offset.into())).unwrap();
            model.class(id)
        };
        assert_eq!(at("$b"), ModelClass::VariableExpression);
        assert_eq!(at("+"), ModelClass::ArithmeticExpression);
        assert_eq!(at("1"), ModelClass::LiteralInteger);
        assert_eq!(at(", $b"), ModelClass::LiteralList);
        // Past the last expression: nothing.
        assert_eq!(map.model_node(TextRange::empty(17.into())), None);
    }
}
