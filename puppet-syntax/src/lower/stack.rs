//! The value stack the lowering sink keeps while replaying parser events: each finished CST node
//! leaves one `Val` for its parent. List-like nodes (argument lists, blocks, parameter lists, …)
//! leave a `Group` whose members live in a shared append-only buffer, so no node allocates.

use crate::model::NodeId;
use crate::syntax_kind::SyntaxKind;

/// What a finished CST node (or a token) contributes to its parent.
#[derive(Clone, Copy, Debug)]
pub(super) enum Val {
    /// A non-trivia token, by its index in the lexer's full token list.
    Tok(u32),
    /// A model node.
    Node(NodeId),
    /// A list-like CST node (`ARG_LIST`, `BLOCK`, `PARAM_LIST`, `COMMA_LIST`, …): its members are
    /// `groups[start..end]`.
    Group {
        kind: SyntaxKind,
        start: u32,
        end: u32,
    },
    /// Nothing usable (an `ERROR` node).
    Nothing,
}

impl Val {
    pub(super) fn node(self) -> Option<NodeId> {
        match self {
            Val::Node(id) => Some(id),
            _ => None,
        }
    }

    pub(super) fn tok(self) -> Option<u32> {
        match self {
            Val::Tok(i) => Some(i),
            _ => None,
        }
    }

    pub(super) fn group(self, kind: SyntaxKind) -> Option<(u32, u32)> {
        match self {
            Val::Group {
                kind: k,
                start,
                end,
            } if k == kind => Some((start, end)),
            _ => None,
        }
    }
}
