//! Definitions: class / define / plan / function / node, type aliases and mappings (with the
//! `Object[{…}]` rewrites of `build_TypeAlias`), type definitions and `apply`. Every definition is
//! appended to `Program#definitions` when it is built (reduction order, inner first), and nested
//! class/define/plan names are prefixed with the enclosing class and plan names (`classname`).

use super::stack::Val;
use super::{Lowering, UNPOSITIONED};
use crate::model::{ModelClass, NodeId, NodeKind};
use crate::syntax_kind::SyntaxKind::{self, *};

impl Lowering<'_> {
    /// `class`/`define`/`plan`/`function`: keyword … `}`.
    pub(super) fn named_definition(&mut self, kind: SyntaxKind, children: &[Val]) -> Val {
        let scope_start = if matches!(kind, CLASS_DEF | PLAN_DEF) {
            self.name_scopes.pop()
        } else {
            None
        };
        let built = (|| {
            let keyword = Self::first_tok(children)?;
            let name_tok = children.get(1)?.tok()?;
            let raw_name = self.tok_text(name_tok);
            let block = children.iter().find_map(|v| v.group(BLOCK))?;
            let (statements, _, close) = self.block_statements(block)?;
            let body = self.body_block(&statements);
            let (offset, length) = self.span_between(self.tok_span(keyword), close);
            let parameters = self.params_list(children);
            let name = self.model.intern(raw_name);
            let node = match kind {
                CLASS_DEF => {
                    let parent_class = children
                        .iter()
                        .find_map(|v| v.group(INHERITS_CLAUSE))
                        .and_then(|(s, e)| {
                            let t = Self::last_tok(self.group_members(s, e))?;
                            Some(self.tok_text(t))
                        });
                    let parent_class = parent_class.map(|p| self.model.intern(p));
                    NodeKind::HostClassDefinition {
                        name,
                        parameters,
                        body,
                        parent_class,
                    }
                }
                DEFINE_DEF => NodeKind::ResourceTypeDefinition {
                    name,
                    parameters,
                    body,
                },
                PLAN_DEF => NodeKind::PlanDefinition {
                    name,
                    parameters,
                    body,
                    return_type: None,
                },
                _ => {
                    let return_type = self.return_type_of(children);
                    NodeKind::FunctionDefinition {
                        name,
                        parameters,
                        body,
                        return_type,
                    }
                }
            };
            let id = self.model.alloc(offset, length, node);
            if let Some(start) = scope_start {
                // `classname` is `[namespace, name].join('::').sub(/^::/, '')`, the namespace
                // joining the enclosing classes' and plans' names as written: everything
                // defined inside gets this name, as written, as prefix, and one leading `::`
                // comes off once, at the outermost scope (`class a { class ::b { class c {} } }`
                // names `a::::b::c`; `class ::b { class c {} }` names `b::c`).
                let outermost = self.name_scopes.is_empty();
                for i in start..self.named_definitions.len() {
                    let inner = self.named_definitions[i];
                    let inner_name = self.model.definition_name(inner).unwrap_or_default();
                    let joined = format!("{raw_name}::{inner_name}");
                    let joined = match joined.strip_prefix("::") {
                        Some(stripped) if outermost => stripped,
                        _ => &joined,
                    }
                    .to_owned();
                    self.model.set_definition_name(inner, &joined);
                }
            }
            if kind != FUNCTION_DEF {
                self.named_definitions.push(id);
            }
            Some(id)
        })();
        if let Some(id) = built {
            self.model.push_definition(id);
        }
        self.node_or_nothing(built)
    }

    /// `node hosts inherits parent { … }`: `node` … `}`.
    pub(super) fn node_definition(&mut self, children: &[Val]) -> Val {
        let built = (|| {
            let keyword = Self::first_tok(children)?;
            let hosts: Vec<NodeId> = Self::nodes(children).collect();
            let parent = children
                .iter()
                .find_map(|v| v.group(INHERITS_CLAUSE))
                .and_then(|(s, e)| Self::nodes(self.group_members(s, e)).next());
            let block = children.iter().find_map(|v| v.group(BLOCK))?;
            let (statements, _, close) = self.block_statements(block)?;
            let body = self.body_block(&statements);
            let (offset, length) = self.span_between(self.tok_span(keyword), close);
            let host_matches = self.model.list(&hosts);
            let id = self.model.alloc(
                offset,
                length,
                NodeKind::NodeDefinition {
                    host_matches,
                    parent,
                    body,
                },
            );
            self.model.push_definition(id);
            Some(id)
        })();
        self.node_or_nothing(built)
    }

    /// `a.b.c` / `192.168.0.1` as a host name: one `LiteralString` of the joined token texts.
    pub(super) fn dotted_name(&mut self, children: &[Val]) -> Val {
        let mut value = String::new();
        for t in children.iter().filter_map(|v| v.tok()) {
            value.push_str(self.tok_text(t));
        }
        let (offset, length) = self.bracket_span(children);
        Val::Node(self.model.literal_string(offset, length, &value))
    }

    /// `type Name = rhs` (TypeAlias) or `type Runtime[…] = rhs` (TypeMapping), from the name.
    pub(super) fn type_alias(&mut self, children: &[Val]) -> Val {
        let built = (|| {
            let mut nodes = Self::nodes(children);
            let lhs = nodes.next()?;
            let rhs: Vec<NodeId> = nodes.collect();
            let lhs_span = self.span(lhs);
            // Ruby's `loc(definition, val[0], val[n])`: to the end of the type or hash, but only
            // the name for `T[…]` and `[…]` right-hand sides (their `val[n]` is nil).
            let (type_expr, end) = match rhs.as_slice() {
                [t, hash] => (self.object_type(*t, *hash), Some(self.span(*hash))),
                [single] => match self.model.class(*single) {
                    ModelClass::AccessExpression => {
                        // `type LBRACK access_args RBRACK`: an access built without `loc`.
                        self.model.set_span(*single, UNPOSITIONED, 0);
                        (*single, None)
                    }
                    ModelClass::LiteralList => (*single, None),
                    ModelClass::LiteralHash => {
                        let object = self.model.qualified_reference(UNPOSITIONED, 0, "Object");
                        let keys = self.model.list(&[*single]);
                        (
                            self.model.access(UNPOSITIONED, 0, object, keys),
                            Some(self.span(*single)),
                        )
                    }
                    _ => (*single, Some(self.span(*single))),
                },
                _ => return None,
            };
            let (offset, length) = match end {
                Some(end) => self.span_between(lhs_span, end),
                None => lhs_span,
            };
            let node = if self.model.class(lhs) == ModelClass::AccessExpression {
                NodeKind::TypeMapping {
                    type_expr: Some(lhs),
                    mapping_expr: Some(type_expr),
                }
            } else {
                let cased = self
                    .model
                    .qualified_reference_value(lhs)
                    .map(|_| self.reference_text(lhs))?;
                let name = self.model.intern(&cased);
                NodeKind::TypeAlias {
                    name,
                    type_expr: Some(type_expr),
                }
            };
            let id = self.model.alloc(offset, length, node);
            self.model.push_definition(id);
            Some(id)
        })();
        self.node_or_nothing(built)
    }

    fn reference_text(&self, id: NodeId) -> String {
        match self.model.kind(id) {
            NodeKind::QualifiedReference { cased_value } => {
                self.model.str(*cased_value).to_string()
            }
            _ => String::new(),
        }
    }

    /// `type N = Parent { … }` → `Object[{…, parent => Parent}]`, or `Parent[{…}]` when the parent
    /// is `Object` or `TypeSet` (Ruby's `build_TypeAlias`).
    fn object_type(&mut self, parent: NodeId, hash: NodeId) -> NodeId {
        let parent_name = self.reference_text(parent);
        let base = if parent_name == "Object" || parent_name == "TypeSet" {
            parent
        } else {
            let key = self.model.qualified_name(UNPOSITIONED, 0, "parent");
            let entry =
                self.model
                    .alloc(UNPOSITIONED, 0, NodeKind::KeyedEntry { key, value: parent });
            let mut entries: Vec<NodeId> = match self.model.kind(hash) {
                NodeKind::LiteralHash { entries } => self.model.nodes(*entries).to_vec(),
                _ => Vec::new(),
            };
            entries.push(entry);
            let list = self.model.list(&entries);
            if let NodeKind::LiteralHash { entries } = self.model.kind_mut(hash) {
                *entries = list;
            }
            self.model.qualified_reference(UNPOSITIONED, 0, "Object")
        };
        let keys = self.model.list(&[hash]);
        self.model.access(UNPOSITIONED, 0, base, keys)
    }

    /// `type Name inherits Parent { … }`: `type` … `}` (always rejected by the validator).
    pub(super) fn type_definition(&mut self, children: &[Val]) -> Val {
        let built = (|| {
            let keyword = Self::first_tok(children)?;
            let refs: Vec<u32> = children
                .iter()
                .filter_map(|v| v.tok())
                .filter(|&t| self.tok_kind(t) == CLASSREF)
                .collect();
            let name_node = Self::nodes(children).next()?;
            let name = self.reference_text(name_node);
            let parent = refs.first().map(|&t| self.tok_text(t).to_string());
            let block = children.iter().find_map(|v| v.group(BLOCK))?;
            let (statements, _, close) = self.block_statements(block)?;
            let body = self.body_block(&statements);
            let (offset, length) = self.span_between(self.tok_span(keyword), close);
            let name = self.model.intern(&name);
            let parent = parent.map(|p| self.model.intern(&p));
            let id = self.model.alloc(
                offset,
                length,
                NodeKind::TypeDefinition { name, parent, body },
            );
            self.model.push_definition(id);
            Some(id)
        })();
        self.node_or_nothing(built)
    }

    /// `apply(args) { … }` (tasks mode): `apply` … `}`.
    pub(super) fn apply(&mut self, children: &[Val]) -> Val {
        let built = (|| {
            let keyword = Self::first_tok(children)?;
            let (s, e) = children.iter().find_map(|v| v.group(ARG_LIST))?;
            let members: Vec<Val> = self.group_members(s, e).to_vec();
            let args = self.arguments(&members);
            let block = children.iter().find_map(|v| v.group(BLOCK))?;
            let (statements, _, close) = self.block_statements(block)?;
            let statements = self.model.list(&statements);
            let body = self.model.alloc(
                UNPOSITIONED,
                0,
                NodeKind::ApplyBlockExpression { statements },
            );
            let (offset, length) = self.span_between(self.tok_span(keyword), close);
            let arguments = self.model.list(&args);
            Some(self.model.alloc(
                offset,
                length,
                NodeKind::ApplyExpression {
                    arguments,
                    body: Some(body),
                },
            ))
        })();
        self.node_or_nothing(built)
    }
}
