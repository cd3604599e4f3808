//! What several checks ask of the tree: resources, their types and attributes, the values of
//! literals as puppet-lint's token values have them (a string without its quotes).

use puppet_syntax::syntax::ast::{AttributeOp, ResourceBody, ResourceExpr};
use puppet_syntax::{SyntaxKind, SyntaxNode, SyntaxToken};
use rowan::ast::AstNode;

use crate::context::Context;

/// A resource expression (`type { title: attr => value, … }`), with its type's name as
/// written (`file`, `::apache::vhost`, `class`, `File` for defaults and overrides).
pub struct Resource {
    /// The `RESOURCE_EXPR` node.
    pub node: SyntaxNode,
    /// The type as written.
    pub type_name: String,
    /// The type's token.
    #[allow(dead_code)]
    pub type_token: Option<SyntaxToken>,
}

impl Resource {
    /// Its bodies (`title: attrs`).
    pub fn bodies(&self) -> impl Iterator<Item = ResourceBody> {
        ResourceExpr::cast(self.node.clone())
            .into_iter()
            .flat_map(|r| r.bodies())
    }
}

/// Every resource expression of the source, in source order.
pub fn resources<'c>(cx: &'c Context) -> impl Iterator<Item = Resource> + 'c {
    cx.nodes_of(SyntaxKind::RESOURCE_EXPR).map(|node| {
        let type_token = node
            .first_child()
            .and_then(|t| t.first_token())
            .filter(|t| t.text_range().start() == node.text_range().start());
        Resource {
            type_name: type_token
                .as_ref()
                .map_or_else(String::new, |t| t.text().to_string()),
            type_token,
            node: node.clone(),
        }
    })
}

/// The attribute operations of a body, with their names.
pub fn attributes(body: &ResourceBody) -> impl Iterator<Item = (String, AttributeOp)> {
    body.attribute_ops().map(|op| {
        (
            op.name().map_or_else(String::new, |t| t.text().to_string()),
            op,
        )
    })
}

/// The one token of a `LITERAL` node (or of a node holding a single `LITERAL`).
pub fn literal_token(node: &SyntaxNode) -> Option<SyntaxToken> {
    if node.kind() != SyntaxKind::LITERAL {
        return None;
    }
    node.first_token()
}

/// A word or a string without interpolation, as puppet-lint's token value has it: the text
/// of a bare word, the text inside the quotes of a string (escapes not undone).
pub fn plain_value(node: &SyntaxNode) -> Option<String> {
    let token = literal_token(node)?;
    let text = token.text();
    match token.kind() {
        SyntaxKind::NAME | SyntaxKind::WORD | SyntaxKind::BOOLEAN | SyntaxKind::NUMBER => {
            Some(text.to_string())
        }
        SyntaxKind::STRING => Some(text[1..text.len().saturating_sub(1).max(1)].to_string()),
        _ => None,
    }
}

/// puppet-lint's type words (its lexer's `TYPE` token: one of these, followed by a word
/// boundary), which its checks treat unlike other capitalised words.
pub const PL_TYPES: &[&str] = &[
    "Any",
    "Array",
    "Binary",
    "Boolean",
    "Callable",
    "CatalogEntry",
    "Class",
    "Collection",
    "Data",
    "Default",
    "Enum",
    "Error",
    "Float",
    "Hash",
    "Integer",
    "NotUndef",
    "Numeric",
    "Optional",
    "Pattern",
    "Regexp",
    "Resource",
    "Runtime",
    "Scalar",
    "Sensitive",
    "String",
    "Struct",
    "Tuple",
    "Type",
    "Undef",
    "Variant",
];

/// Whether token `i` of the context is the `:` after a resource body's title.
pub fn is_resource_title(cx: &Context, i: usize) -> bool {
    cx.tokens
        .get(i)
        .is_some_and(|t| t.kind == SyntaxKind::COLON)
        && cx.node_of(i).kind() == SyntaxKind::RESOURCE_BODY
}
