//! Puppet's variable scopes, from the model: which variables each scope assigns, reads and has
//! as parameters (the `unused_variable` and `undefined_variable` checks).
//!
//! A scope is the program's top scope, a class, a defined type, a function, a plan, a node
//! definition or a lambda. Blocks (`if`, `case`, `unless`, `apply`) are not scopes: what they
//! assign belongs to the scope around them. A lambda sees the scope it is written in; a class,
//! a defined type, a node definition sees only the node and top scopes (where it is declared from
//! is not known here); a function or a plan sees only the global variables.

use std::collections::{HashMap, HashSet};

use puppet_syntax::model::{Model, NodeId, NodeKind};
use puppet_syntax::{TextRange, TextSize};

use crate::resource_types::ResourceTypes;

/// What kind of scope.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScopeKind {
    /// The file's top scope.
    Top,
    /// A class; `inherits` when it has a parent class (whose variables it sees unqualified).
    Class {
        /// It inherits from a class.
        inherits: bool,
    },
    /// A defined type.
    Define,
    /// A Puppet-language function.
    Function,
    /// A plan.
    Plan,
    /// A node definition; `inherits` when it inherits from another node (Puppet 3).
    Node {
        /// It inherits from a node.
        inherits: bool,
    },
    /// A lambda: it sees its enclosing scope.
    Lambda,
}

/// One variable assigned (`$x = …`, or one of `[$a, $b] = …`).
#[derive(Clone, Debug)]
pub struct Assign<'m> {
    /// Its name, without `$`.
    pub name: &'m str,
    /// The `VariableExpression` assigned to.
    pub var: NodeId,
    /// Where that variable starts.
    pub offset: u32,
    /// The assignment's value is what its lambda or function returns (it is the last
    /// expression of the body), so that the value is used even when the variable is not.
    pub returned: bool,
    /// The multiple assignment it is one of, when its values are taken by position (its
    /// right side is not a hash): all its variables must be named, used or not.
    pub positional: Option<NodeId>,
}

/// One variable read (`$x`, also in a string).
#[derive(Clone, Debug)]
pub struct Read<'m> {
    /// Its name, without `$` (`::x`, `a::b` when qualified).
    pub name: &'m str,
    /// The `VariableExpression`, or `None` for a name read by `getvar('x')`/`defined('$x')`.
    pub var: Option<NodeId>,
    /// Where it starts.
    pub offset: u32,
    /// The assignments whose right side holds it (an index into [`Scopes::guards`]).
    pub guard: Option<usize>,
}

/// One scope.
#[derive(Clone, Debug)]
pub struct Scope<'m> {
    /// Its kind.
    pub kind: ScopeKind,
    /// The scope it is written in.
    pub parent: Option<usize>,
    /// Its parameters' names.
    pub params: HashSet<&'m str>,
    /// What it assigns, in no particular order.
    pub assigns: Vec<Assign<'m>>,
    /// What it reads, in no particular order.
    pub reads: Vec<Read<'m>>,
    /// It calls a function that reads its variables by other means than `$x`: a template
    /// (`template`, `inline_template`, `epp`, `inline_epp`), or `getvar`/`defined` on a
    /// computed name.
    pub dynamic: bool,
    /// It declares a class or a resource of a type that is not core (a defined type), or
    /// includes a class: what they evaluate sees a node scope's variables.
    pub declares: bool,
    /// The indexes in `assigns` of each name's assignments.
    pub assigned: HashMap<&'m str, Vec<usize>>,
}

/// An assignment around a read: a variable does not exist yet on the right of its own `=`.
#[derive(Clone, Copy, Debug)]
pub struct Guard {
    /// The scope of the assignment.
    pub scope: usize,
    /// Its index in that scope's `assigns`.
    pub assign: usize,
    /// The guard around this one.
    pub parent: Option<usize>,
}

/// Every scope of a model; scope 0 is the top scope, and a scope comes after the scope it is
/// written in.
#[derive(Debug)]
pub struct Scopes<'m> {
    /// The scopes.
    pub scopes: Vec<Scope<'m>>,
    /// The guards the reads refer to.
    pub guards: Vec<Guard>,
}

/// The functions that read the calling scope's variables without naming them.
const TEMPLATE_FUNCTIONS: &[&str] = &["template", "inline_template", "epp", "inline_epp"];

/// The functions that declare classes or resources.
const DECLARING_FUNCTIONS: &[&str] = &[
    "include",
    "contain",
    "require",
    "hiera_include",
    "create_resources",
    "ensure_resource",
    "ensure_resources",
    "ensure_packages",
    "realize",
];

/// The assignments whose value is the value of `body` (its last statement, through `if`,
/// `unless`, `case` and parentheses).
fn returned_assignments(model: &Model, body: NodeId, out: &mut HashSet<NodeId>) {
    let mut todo = vec![body];
    while let Some(id) = todo.pop() {
        match model.kind(id) {
            NodeKind::BlockExpression { statements } => {
                todo.extend(model.nodes(*statements).last().copied());
            }
            NodeKind::IfExpression {
                then_expr,
                else_expr,
                ..
            }
            | NodeKind::UnlessExpression {
                then_expr,
                else_expr,
                ..
            } => {
                todo.extend(then_expr.iter().chain(else_expr.iter()).copied());
            }
            NodeKind::CaseExpression { options, .. } => {
                for &option in model.nodes(*options) {
                    if let NodeKind::CaseOption {
                        then_expr: Some(then),
                        ..
                    } = model.kind(option)
                    {
                        todo.push(*then);
                    }
                }
            }
            NodeKind::ParenthesizedExpression { expr } => todo.push(*expr),
            NodeKind::AssignmentExpression { .. } => {
                out.insert(id);
            }
            _ => {}
        }
    }
}

/// The name of a `VariableExpression`, or `None` when it is not a name.
pub fn variable_name(model: &Model, id: NodeId) -> Option<&str> {
    let NodeKind::VariableExpression { expr } = model.kind(id) else {
        return None;
    };
    match model.kind(*expr) {
        NodeKind::QualifiedName { value } => Some(model.str(*value)),
        _ => None,
    }
}

/// The source range of a node.
pub fn range_of(model: &Model, id: NodeId) -> TextRange {
    let node = model.node(id);
    TextRange::at(TextSize::from(node.offset), TextSize::from(node.length))
}

/// The name of the function a call calls (`f(…)` or `x.f(…)`), and its arguments (`x` first).
fn called_name(model: &Model, id: NodeId) -> Option<(&str, Vec<NodeId>)> {
    match model.kind(id) {
        NodeKind::CallNamedFunctionExpression {
            functor_expr,
            arguments,
            ..
        } => match model.kind(*functor_expr) {
            NodeKind::QualifiedName { value } => {
                Some((model.str(*value), model.nodes(*arguments).to_vec()))
            }
            _ => None,
        },
        NodeKind::CallMethodExpression {
            functor_expr,
            arguments,
            ..
        } => {
            // `x.f(…)`: the receiver `x` is the function's first argument.
            let NodeKind::NamedAccessExpression {
                left_expr,
                right_expr,
            } = model.kind(*functor_expr)
            else {
                return None;
            };
            let NodeKind::QualifiedName { value } = model.kind(*right_expr) else {
                return None;
            };
            let mut all = vec![*left_expr];
            all.extend_from_slice(model.nodes(*arguments));
            Some((model.str(*value), all))
        }
        _ => None,
    }
}

/// The text of a literal string argument.
fn literal_string(model: &Model, id: NodeId) -> Option<&str> {
    match model.kind(id) {
        NodeKind::LiteralString { value } => Some(model.str(*value)),
        _ => None,
    }
}

impl<'m> Scopes<'m> {
    /// The scopes of `model`.
    pub fn of(model: &'m Model) -> Scopes<'m> {
        let mut scopes = vec![Scope {
            kind: ScopeKind::Top,
            parent: None,
            params: HashSet::new(),
            assigns: Vec::new(),
            reads: Vec::new(),
            dynamic: false,
            declares: false,
            assigned: HashMap::new(),
        }];
        let mut returned: HashSet<NodeId> = HashSet::new();
        let mut guards: Vec<Guard> = Vec::new();
        let Some(body) = model.body() else {
            return Scopes { scopes, guards };
        };
        // (node, scope, guard): an explicit stack, so that no nesting overflows ours.
        let mut stack: Vec<(NodeId, usize, Option<usize>)> = vec![(body, 0, None)];
        while let Some((id, scope, guard)) = stack.pop() {
            let new_scope = match model.kind(id) {
                NodeKind::HostClassDefinition {
                    parameters,
                    body,
                    parent_class,
                    ..
                } => Some((
                    ScopeKind::Class {
                        inherits: parent_class.is_some(),
                    },
                    *parameters,
                    *body,
                )),
                NodeKind::ResourceTypeDefinition {
                    parameters, body, ..
                } => Some((ScopeKind::Define, *parameters, *body)),
                NodeKind::FunctionDefinition {
                    parameters, body, ..
                } => Some((ScopeKind::Function, *parameters, *body)),
                NodeKind::PlanDefinition {
                    parameters, body, ..
                } => Some((ScopeKind::Plan, *parameters, *body)),
                NodeKind::LambdaExpression {
                    parameters, body, ..
                } => Some((ScopeKind::Lambda, *parameters, *body)),
                NodeKind::NodeDefinition { parent, body, .. } => Some((
                    ScopeKind::Node {
                        inherits: parent.is_some(),
                    },
                    puppet_syntax::model::NodeList::EMPTY,
                    *body,
                )),
                _ => None,
            };
            if let Some((kind, parameters, _)) = new_scope {
                let index = scopes.len();
                let params = model
                    .nodes(parameters)
                    .iter()
                    .filter_map(|&p| match model.kind(p) {
                        NodeKind::Parameter { name, .. } => Some(model.str(*name)),
                        _ => None,
                    })
                    .collect();
                scopes.push(Scope {
                    kind,
                    parent: Some(scope),
                    params,
                    assigns: Vec::new(),
                    reads: Vec::new(),
                    dynamic: false,
                    declares: false,
                    assigned: HashMap::new(),
                });
                if let (ScopeKind::Lambda | ScopeKind::Function | ScopeKind::Plan, Some(body)) =
                    (kind, new_scope.and_then(|(_, _, body)| body))
                {
                    returned_assignments(model, body, &mut returned);
                }
                // Parameters' defaults and types and the body are in the new scope. A node's
                // host matches and parent are literals. The guard stays: a lambda on the right
                // of `$r = …` does not see `$r` either.
                for child in model.children(id) {
                    stack.push((child, index, guard));
                }
                continue;
            }
            match model.kind(id) {
                NodeKind::AssignmentExpression {
                    left_expr,
                    right_expr,
                    ..
                } => {
                    let mut inner = guard;
                    let is_returned = returned.contains(&id);
                    let positional =
                        (matches!(model.kind(*left_expr), NodeKind::LiteralList { .. })
                            && !matches!(model.kind(*right_expr), NodeKind::LiteralHash { .. }))
                        .then_some(id);
                    let mut targets = vec![*left_expr];
                    while let Some(target) = targets.pop() {
                        match model.kind(target) {
                            NodeKind::VariableExpression { .. } => {
                                if let Some(name) = variable_name(model, target) {
                                    let assigns = &mut scopes[scope].assigns;
                                    assigns.push(Assign {
                                        name,
                                        var: target,
                                        offset: model.node(target).offset,
                                        returned: is_returned,
                                        positional,
                                    });
                                    guards.push(Guard {
                                        scope,
                                        assign: assigns.len() - 1,
                                        parent: inner,
                                    });
                                    inner = Some(guards.len() - 1);
                                }
                            }
                            NodeKind::LiteralList { values } => {
                                targets.extend(model.nodes(*values).iter().copied());
                            }
                            // Not assignable (the validator says so): read what it reads.
                            _ => stack.push((target, scope, guard)),
                        }
                    }
                    stack.push((*right_expr, scope, inner));
                    continue;
                }
                NodeKind::VariableExpression { .. } => {
                    if let Some(name) = variable_name(model, id) {
                        scopes[scope].reads.push(Read {
                            name,
                            var: Some(id),
                            offset: model.node(id).offset,
                            guard,
                        });
                    }
                    continue;
                }
                NodeKind::ResourceExpression { type_name, .. } => {
                    let core = match model.kind(*type_name) {
                        NodeKind::QualifiedName { value } => {
                            let name = model.str(*value);
                            name != "class" && ResourceTypes::get().lookup(name).is_some()
                        }
                        _ => false,
                    };
                    if !core {
                        scopes[scope].declares = true;
                    }
                }
                _ => {}
            }
            if let Some((function, arguments)) = called_name(model, id) {
                if DECLARING_FUNCTIONS.contains(&function) {
                    scopes[scope].declares = true;
                }
                if TEMPLATE_FUNCTIONS.contains(&function) {
                    scopes[scope].dynamic = true;
                } else if function == "getvar" || function == "defined" {
                    let offset = model.node(id).offset;
                    for argument in arguments {
                        match literal_string(model, argument) {
                            Some(text) => {
                                let name = if function == "getvar" {
                                    Some(text)
                                } else {
                                    text.strip_prefix('$')
                                };
                                if let Some(name) = name {
                                    scopes[scope].reads.push(Read {
                                        name,
                                        var: None,
                                        offset,
                                        guard,
                                    });
                                }
                            }
                            None => {
                                // `defined(File[$x])` names a resource; a computed string
                                // may name any variable.
                                if function == "getvar"
                                    || matches!(
                                        model.kind(argument),
                                        NodeKind::ConcatenatedString { .. }
                                    )
                                {
                                    scopes[scope].dynamic = true;
                                }
                            }
                        }
                    }
                }
            }
            for child in model.children(id) {
                stack.push((child, scope, guard));
            }
        }
        for scope in &mut scopes {
            for (i, assign) in scope.assigns.iter().enumerate() {
                scope.assigned.entry(assign.name).or_default().push(i);
            }
        }
        Scopes { scopes, guards }
    }

    /// Whether `read` (of scope `scope`) is inside the right side of assignment `assign` of
    /// scope `owner`.
    pub fn guarded(&self, read: &Read, owner: usize, assign: usize) -> bool {
        let mut guard = read.guard;
        while let Some(g) = guard {
            let g = self.guards[g];
            if g.scope == owner && g.assign == assign {
                return true;
            }
            guard = g.parent;
        }
        false
    }

    /// For each scope, the names read in it or in the lambdas in it (which see its variables),
    /// and whether they hide reads: it or one of those lambdas is [`Scope::dynamic`] or, for a
    /// node definition, [`Scope::declares`].
    pub fn visible_reads(&self) -> Vec<(HashSet<&'m str>, bool)> {
        let mut out: Vec<(HashSet<&'m str>, bool, bool)> = self
            .scopes
            .iter()
            .map(|s| {
                (
                    s.reads.iter().map(|r| r.name).collect(),
                    s.dynamic,
                    s.declares,
                )
            })
            .collect();
        // A scope comes after its parent: fold the lambdas into their parents, innermost first.
        for i in (1..self.scopes.len()).rev() {
            let scope = &self.scopes[i];
            if scope.kind != ScopeKind::Lambda {
                continue;
            }
            let Some(parent) = scope.parent else { continue };
            let (names, dynamic, declares) = std::mem::take(&mut out[i]);
            out[parent].0.extend(names.iter().copied());
            out[parent].1 |= dynamic;
            out[parent].2 |= declares;
            out[i] = (names, dynamic, declares);
        }
        out.into_iter()
            .zip(&self.scopes)
            .map(|((names, dynamic, declares), scope)| {
                let node = matches!(scope.kind, ScopeKind::Node { .. });
                (names, dynamic || (node && declares))
            })
            .collect()
    }
}

/// The range of a variable read: from its `$`, also in an interpolation `"${x}"`, where the
/// model's variable starts at the name.
pub fn read_range(model: &Model, id: NodeId) -> TextRange {
    let range = range_of(model, id);
    let start = usize::from(range.start());
    let source = model.source();
    if start >= 2 && source.get(start - 2..start) == Some("${") {
        TextRange::new(range.start() - TextSize::from(2), range.end())
    } else {
        range
    }
}
