//! Shared helpers for the PN tests: a terse model builder (`B`) on top of the public builder API,
//! with dummy positions (PN does not show positions), and access to `test_data/pn/`.
#![allow(dead_code)]

use std::path::PathBuf;

use puppet_syntax::model::{
    AttributeOperator, ComparisonOperator, Model, NodeId, NodeKind, NodeList, RelationshipOperator,
    ResourceForm,
};

/// Reads `test_data/pn/NAME`.
pub fn expected(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("test_data/pn")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub struct B {
    pub m: Model,
}

impl B {
    pub fn new() -> B {
        B {
            m: Model::new("", None),
        }
    }

    pub fn alloc(&mut self, kind: NodeKind) -> NodeId {
        self.m.alloc(0, 0, kind)
    }

    pub fn list(&mut self, ids: &[NodeId]) -> NodeList {
        self.m.list(ids)
    }

    /// Program body: a BlockExpression of the statements (or the single statement).
    pub fn program(&mut self, statements: &[NodeId]) {
        let body = if statements.len() == 1 {
            statements[0]
        } else {
            self.block(statements)
        };
        self.m.set_body(Some(body));
    }

    pub fn qn(&mut self, v: &str) -> NodeId {
        self.m.qualified_name(0, 0, v)
    }

    pub fn qr(&mut self, v: &str) -> NodeId {
        self.m.qualified_reference(0, 0, v)
    }

    pub fn s(&mut self, v: &str) -> NodeId {
        self.m.literal_string(0, 0, v)
    }

    pub fn var(&mut self, name: &str) -> NodeId {
        self.m.variable(0, 1 + name.len() as u32, name)
    }

    pub fn int(&mut self, v: i64) -> NodeId {
        self.m.literal_integer(0, 0, v, 10)
    }

    pub fn boolean(&mut self, v: bool) -> NodeId {
        self.m.literal_boolean(0, 0, v)
    }

    pub fn regexp(&mut self, source: &str) -> NodeId {
        self.m.literal_regexp(0, 0, source)
    }

    pub fn text(&mut self, expr: NodeId) -> NodeId {
        self.alloc(NodeKind::TextExpression { expr })
    }

    pub fn concat(&mut self, segments: &[NodeId]) -> NodeId {
        self.m.concatenated_string(0, 0, segments)
    }

    pub fn array(&mut self, values: &[NodeId]) -> NodeId {
        let values = self.m.list(values);
        self.m.literal_list(0, 0, values)
    }

    pub fn block(&mut self, statements: &[NodeId]) -> NodeId {
        self.m.block(0, 0, statements)
    }

    pub fn access(&mut self, left: NodeId, keys: &[NodeId]) -> NodeId {
        let keys = self.m.list(keys);
        self.m.access(0, 0, left, keys)
    }

    /// `Type['key']`
    pub fn type_access(&mut self, type_name: &str, key: &str) -> NodeId {
        let (t, k) = (self.qr(type_name), self.s(key));
        self.access(t, &[k])
    }

    pub fn assign(&mut self, left: NodeId, right: NodeId) -> NodeId {
        use puppet_syntax::model::AssignmentOperator;
        self.alloc(NodeKind::AssignmentExpression {
            left_expr: left,
            right_expr: right,
            operator: AssignmentOperator::Assign,
        })
    }

    pub fn cmp(&mut self, op: ComparisonOperator, left: NodeId, right: NodeId) -> NodeId {
        self.alloc(NodeKind::ComparisonExpression {
            left_expr: left,
            right_expr: right,
            operator: op,
        })
    }

    pub fn rel(&mut self, op: RelationshipOperator, left: NodeId, right: NodeId) -> NodeId {
        self.alloc(NodeKind::RelationshipExpression {
            left_expr: left,
            right_expr: right,
            operator: op,
        })
    }

    pub fn and(&mut self, left: NodeId, right: NodeId) -> NodeId {
        self.alloc(NodeKind::AndExpression {
            left_expr: left,
            right_expr: right,
        })
    }

    pub fn if_(
        &mut self,
        test: NodeId,
        then_expr: Option<NodeId>,
        else_expr: Option<NodeId>,
    ) -> NodeId {
        self.alloc(NodeKind::IfExpression {
            test,
            then_expr,
            else_expr,
        })
    }

    /// `name(args)` with a QualifiedName functor.
    pub fn call(
        &mut self,
        name: &str,
        args: &[NodeId],
        lambda: Option<NodeId>,
        rval_required: bool,
    ) -> NodeId {
        let functor = self.qn(name);
        let args = self.m.list(args);
        self.m
            .call_named_function((0, 0), functor, rval_required, args, lambda)
    }

    /// `receiver.name(args)`: CallMethodExpression(NamedAccessExpression(receiver, name)).
    pub fn method(
        &mut self,
        receiver: NodeId,
        name: &str,
        args: &[NodeId],
        lambda: Option<NodeId>,
    ) -> NodeId {
        let name = self.qn(name);
        let functor = self.alloc(NodeKind::NamedAccessExpression {
            left_expr: receiver,
            right_expr: name,
        });
        let args = self.m.list(args);
        self.m.call_method((0, 0), functor, true, args, lambda)
    }

    pub fn param(
        &mut self,
        name: &str,
        type_expr: Option<NodeId>,
        value: Option<NodeId>,
    ) -> NodeId {
        self.m.parameter((0, 0), name, value, type_expr, None)
    }

    /// `|params| { statements }` (body is a BlockExpression).
    pub fn lambda(&mut self, params: &[NodeId], statements: &[NodeId]) -> NodeId {
        let body = self.block(statements);
        let parameters = self.list(params);
        self.alloc(NodeKind::LambdaExpression {
            parameters,
            body: Some(body),
            return_type: None,
        })
    }

    pub fn attr(&mut self, name: &str, op: AttributeOperator, value: NodeId) -> NodeId {
        self.m.attribute_operation((0, 0), name, op, value)
    }

    pub fn resource(
        &mut self,
        type_name: NodeId,
        bodies: &[(Option<NodeId>, &[NodeId])],
        form: ResourceForm,
    ) -> NodeId {
        let bodies: Vec<NodeId> = bodies
            .iter()
            .map(|(title, ops)| {
                let operations = self.list(ops);
                self.alloc(NodeKind::ResourceBody {
                    title: *title,
                    operations,
                })
            })
            .collect();
        let bodies = self.list(&bodies);
        self.alloc(NodeKind::ResourceExpression {
            form,
            type_name,
            bodies,
        })
    }
}
