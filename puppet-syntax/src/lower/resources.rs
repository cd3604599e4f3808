//! Resources and collectors: Ruby's `resource_shape` (resource / defaults / override), the
//! `name { attr => v }` rewrite (`transform_resource_wo_title`), `@`/`@@` forms, attribute
//! operations and collector queries.

use super::stack::Val;
use super::{Lowering, UNPOSITIONED};
use crate::diagnostics::{Diagnostic, IssueCode};
use crate::model::{AttributeOperator, ModelClass, NodeId, NodeKind, ResourceForm};
use crate::syntax_kind::SyntaxKind::*;

impl Lowering<'_> {
    /// A titled body is a `ResourceBody` (positioned at its container); an untitled one is left
    /// as a group of attribute operations for `resource` to shape.
    pub(super) fn resource_body(&mut self, children: &[Val]) -> Val {
        let Some(colon) = children
            .iter()
            .position(|v| v.tok().is_some_and(|t| self.tok_kind(t) == COLON))
        else {
            let start = self.groups.len() as u32;
            self.groups.extend_from_slice(children);
            return Val::Group {
                kind: RESOURCE_BODY,
                start,
                end: self.groups.len() as u32,
            };
        };
        let title = Self::nodes(&children[..colon]).next();
        let operations = self.model.list_from(Self::nodes(&children[colon..]));
        Val::Node(self.model.alloc(
            UNPOSITIONED,
            0,
            NodeKind::ResourceBody { title, operations },
        ))
    }

    /// `type { bodies }` / `class { bodies }` / `Type { ops }` / `Type[x] { ops }` / `name { ops }`.
    pub(super) fn resource(&mut self, children: &[Val]) -> Val {
        let (Some(rbrace), Some(lbrace)) =
            (Self::last_tok(children), self.find_tok(children, LBRACE))
        else {
            self.internal_error("resource braces");
            return Val::Nothing;
        };
        let close = self.tok_span(rbrace);
        let first = children[0];
        let (type_name, start) = match first {
            Val::Tok(class_tok) => {
                // `class { 'x': }`: Factory.fqn('class'), not positioned.
                let qn = self.model.qualified_name(UNPOSITIONED, 0, "class");
                (qn, self.tok_span(class_tok))
            }
            Val::Node(lhs) => (lhs, self.span(lhs)),
            _ => {
                self.internal_error("resource type");
                return Val::Nothing;
            }
        };
        let (offset, length) = self.span_between(start, close);
        if let Some((s, e)) = children.iter().find_map(|v| v.group(RESOURCE_BODY)) {
            let operations: Vec<NodeId> = Self::nodes(self.group_members(s, e)).collect();
            return self.untitled_resource(
                type_name,
                operations,
                (offset, length),
                self.tok_span(lbrace),
                close,
            );
        }
        let bodies = self.model.list_from(Self::nodes(&children[1..]));
        Val::Node(self.model.alloc(
            offset,
            length,
            NodeKind::ResourceExpression {
                form: ResourceForm::Regular,
                type_name,
                bodies,
            },
        ))
    }

    /// `resource LBRACE attribute_operations endcomma RBRACE`, shaped by the left-hand side.
    fn untitled_resource(
        &mut self,
        lhs: NodeId,
        operations: Vec<NodeId>,
        span: (u32, u32),
        lbrace: (u32, u32),
        rbrace: (u32, u32),
    ) -> Val {
        let ops = self.model.list(&operations);
        let kind = match self.model.class(lhs) {
            ModelClass::QualifiedName => {
                return self.resource_without_title(lhs, &operations, span, lbrace, rbrace)
            }
            ModelClass::QualifiedReference => NodeKind::ResourceDefaultsExpression {
                form: ResourceForm::Regular,
                type_ref: Some(lhs),
                operations: ops,
            },
            // Ruby meant `Resource[x] { … }` to be defaults, but compares a key the builder does
            // not have: every access is an override.
            ModelClass::AccessExpression => NodeKind::ResourceOverrideExpression {
                form: ResourceForm::Regular,
                resources: lhs,
                operations: ops,
            },
            _ => {
                let (offset, len) = self.span(lhs);
                self.action_error(
                    offset,
                    len,
                    "Expression is not valid as a resource, resource-default, or resource-override",
                );
                return Val::Nothing;
            }
        };
        Val::Node(self.model.alloc(span.0, span.1, kind))
    }

    /// `name { a => 1 }` is not a resource: it becomes `name` followed by a hash (a statement
    /// call when `name` is a statement function), later rejected by the validator.
    fn resource_without_title(
        &mut self,
        name: NodeId,
        operations: &[NodeId],
        span: (u32, u32),
        lbrace: (u32, u32),
        rbrace: (u32, u32),
    ) -> Val {
        // Ruby's `transform_resource_wo_title` refuses any `+>` (a grammar action's error)
        // before the `* =>` its validator crashes on is reached.
        let appends = operations.iter().any(|&op| {
            matches!(
                self.model.kind(op),
                NodeKind::AttributeOperation {
                    operator: AttributeOperator::Append,
                    ..
                }
            )
        });
        if appends {
            self.action_error(
                lbrace.0,
                lbrace.1,
                "Syntax error resource body without title or hash with +>",
            );
            return Val::Nothing;
        }
        let mut entries = Vec::with_capacity(operations.len());
        for &op in operations {
            let (attribute_name, value_expr) = match self.model.kind(op) {
                NodeKind::AttributeOperation {
                    attribute_name,
                    operator: AttributeOperator::Assign,
                    value_expr,
                } => (*attribute_name, *value_expr),
                // Ruby makes a hash entry of `* => v` without a key or value, on which its
                // validator fails with an internal error: not a grammar action's error, so a
                // syntax or grammar-action error anywhere comes first (Ruby never gets to
                // validate): noted, and the hash is made without it so that the parse goes on
                // as Ruby's does (`@` on it is refused as on any hash).
                NodeKind::AttributesOperation { .. } => {
                    let (offset, len) = self.model.span(op);
                    self.validation_crash.get_or_insert_with(|| {
                        Diagnostic::error(
                            IssueCode::PARSE_ERROR,
                            offset,
                            len,
                            "'* =>' in a resource body without a title (Puppet fails on it \
                             with an internal error)",
                        )
                    });
                    continue;
                }
                _ => {
                    self.action_error(
                        lbrace.0,
                        lbrace.1,
                        "Syntax error resource body without title or hash with +>",
                    );
                    return Val::Nothing;
                }
            };
            let key_text = self.model.str(attribute_name).to_string();
            let key = self.model.literal_string(UNPOSITIONED, 0, &key_text);
            entries.push(self.model.alloc(
                UNPOSITIONED,
                0,
                NodeKind::KeyedEntry {
                    key,
                    value: value_expr,
                },
            ));
        }
        let (hash_offset, hash_length) = self.span_between(lbrace, rbrace);
        let entries = self.model.list(&entries);
        let hash = self.model.literal_hash(hash_offset, hash_length, entries);
        let Some(statements) = self.statement_list(&[Val::Node(name), Val::Node(hash)]) else {
            return Val::Nothing;
        };
        let Some(result) = self.block_or_expression(&statements, None) else {
            return Val::Nothing;
        };
        self.model.set_span(result, span.0, span.1);
        Val::Node(result)
    }

    /// `@resource` / `@@resource`: sets the form; offset moves to `@` but the length stays the
    /// resource's (Ruby computes it before moving the offset).
    pub(super) fn virtual_resource(&mut self, children: &[Val]) -> Val {
        let (Some(at), Some(inner)) = (Self::first_tok(children), Self::nodes(children).next())
        else {
            self.internal_error("virtual resource");
            return Val::Nothing;
        };
        let (at_offset, at_len) = self.tok_span(at);
        let exported = self.tok_kind(at) == ATAT;
        if !self.model.is_a(inner, ModelClass::AbstractResource) {
            let message = if exported {
                "Exported (@@) can only be applied to a Resource Expression"
            } else {
                "Virtual (@) can only be applied to a Resource Expression"
            };
            // An expression that is no resource was reduced to one with a look-ahead: Ruby
            // reads the next token (and raises its lexer errors) before this action fails.
            if !self.failed {
                self.action_error_after_lookahead = true;
            }
            self.action_error(at_offset, at_len, message);
            return Val::Nothing;
        }
        self.model.set_form(
            inner,
            if exported {
                ResourceForm::Exported
            } else {
                ResourceForm::Virtual
            },
        );
        let length = self.model.length(inner);
        self.model.set_span(inner, at_offset, length);
        Val::Node(inner)
    }

    /// `name => v`, `name +> v`, `* => v`: from the name to the end of the value.
    pub(super) fn attribute_op(&mut self, children: &[Val]) -> Val {
        let (Some(name), Some(value)) = (Self::first_tok(children), Self::nodes(children).next())
        else {
            self.internal_error("attribute operation");
            return Val::Nothing;
        };
        let span = self.span_between(self.tok_span(name), self.span(value));
        if self.tok_kind(name) == TIMES {
            return Val::Node(self.model.alloc(
                span.0,
                span.1,
                NodeKind::AttributesOperation { expr: value },
            ));
        }
        let operator = match self.find_tok(children, PARROW) {
            Some(_) => AttributeOperator::Append,
            None => AttributeOperator::Assign,
        };
        let text = self.tok_text(name);
        Val::Node(self.model.attribute_operation(span, text, operator, value))
    }

    /// `T <| q |> { ops }`: from the type to `}` (or to the query's end).
    pub(super) fn collect(&mut self, children: &[Val]) -> Val {
        let mut nodes = Self::nodes(children);
        let (Some(type_expr), Some(query)) = (nodes.next(), nodes.next()) else {
            self.internal_error("collect");
            return Val::Nothing;
        };
        let operations: Vec<NodeId> = nodes.collect();
        let end = match Self::last_tok(children) {
            Some(rbrace) => self.tok_span(rbrace),
            None => self.span(query),
        };
        let (offset, length) = self.span_between(self.span(type_expr), end);
        let operations = self.model.list(&operations);
        Val::Node(self.model.alloc(
            offset,
            length,
            NodeKind::CollectExpression {
                type_expr,
                query,
                operations,
            },
        ))
    }

    /// `<| q |>` / `<<| q |>>`.
    pub(super) fn collect_query(&mut self, children: &[Val]) -> Val {
        let (offset, length) = self.bracket_span(children);
        let expr = Self::nodes(children).next();
        let exported = Self::first_tok(children).is_some_and(|t| self.tok_kind(t) == LLCOLLECT);
        let kind = if exported {
            NodeKind::ExportedQuery { expr }
        } else {
            NodeKind::VirtualQuery { expr }
        };
        Val::Node(self.model.alloc(offset, length, kind))
    }
}
