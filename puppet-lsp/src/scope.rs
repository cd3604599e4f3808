//! Puppet's variable scopes, read off the CST: what `$x` at some point of a file refers to.
//!
//! A class, defined type, node, plan, function and lambda each open a scope; its variables
//! are its parameters and the targets of the assignments in its body (not in a nested scope).
//! A lambda sees the scope around it; a class, define, node or plan sees the top scope (and a
//! class the class it inherits from, which lives in the workspace: [`Resolution::Inherited`]);
//! a function sees only its own. Puppet assigns a variable once per scope, so the definition
//! is the assignment before the use, or the first one when the use comes earlier (a use in a
//! lambda that runs later).

use puppet_syntax::{SyntaxKind, SyntaxNode, TextRange, TextSize};
use rowan::{NodeOrToken, WalkEvent};

use crate::refs::{class_full_name, is_variable_definition};

/// A variable's definition.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct VarDef {
    /// Its name, without `$`.
    pub name: String,
    /// The range of the name (after the `$`).
    pub range: TextRange,
    /// The scope node's range.
    pub scope: TextRange,
    /// A parameter rather than an assignment.
    pub parameter: bool,
    /// The scope's kind.
    pub scope_kind: SyntaxKind,
}

/// What a variable refers to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Resolution {
    /// A definition in the same file.
    Local(VarDef),
    /// `$a::b::x`: variable `x` of class `a::b`.
    Qualified { class: String, name: String },
    /// Not defined in the class it is used in, which inherits from `class` (which may define
    /// it); `fallback` is its definition at top scope, which Puppet looks in after the parent.
    Inherited {
        class: String,
        name: String,
        fallback: Option<VarDef>,
    },
    /// Not defined anywhere this file shows (a fact, a node variable, a typo).
    Unresolved,
}

/// Whether a node opens a scope.
pub fn is_scope(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::SOURCE_FILE
            | SyntaxKind::CLASS_DEF
            | SyntaxKind::DEFINE_DEF
            | SyntaxKind::NODE_DEF
            | SyntaxKind::PLAN_DEF
            | SyntaxKind::FUNCTION_DEF
            | SyntaxKind::LAMBDA_EXPR
    )
}

/// The variables a scope defines, in source order.
pub fn definitions_in(scope: &SyntaxNode) -> Vec<VarDef> {
    let mut found = Vec::new();
    let mut walk = scope.preorder_with_tokens();
    while let Some(event) = walk.next() {
        let WalkEvent::Enter(element) = event else {
            continue;
        };
        match element {
            NodeOrToken::Node(node) => {
                if &node != scope && is_scope(node.kind()) {
                    walk.skip_subtree();
                }
            }
            NodeOrToken::Token(token) => {
                if token.kind() != SyntaxKind::VARIABLE {
                    continue;
                }
                let Some(parent) = token.parent() else {
                    continue;
                };
                if !is_variable_definition(&parent) {
                    continue;
                }
                let text = token.text();
                let (name, start) = match text.strip_prefix('$') {
                    Some(name) => (name, token.text_range().start() + TextSize::from(1)),
                    None => (text, token.text_range().start()),
                };
                found.push(VarDef {
                    name: name.to_owned(),
                    range: TextRange::at(start, TextSize::of(name)),
                    scope: scope.text_range(),
                    parameter: parent.kind() == SyntaxKind::PARAM,
                    scope_kind: scope.kind(),
                });
            }
        }
    }
    found
}

/// The scopes around `offset`, innermost first, as far as a variable there can see.
pub fn visible_scopes(root: &SyntaxNode, offset: TextSize) -> Vec<SyntaxNode> {
    let Some(token) = root.token_at_offset(offset).left_biased() else {
        return vec![root.clone()];
    };
    let mut scopes = Vec::new();
    let mut closed = false;
    for ancestor in token.parent_ancestors() {
        if !is_scope(ancestor.kind()) {
            continue;
        }
        if closed && ancestor.kind() != SyntaxKind::SOURCE_FILE {
            continue;
        }
        scopes.push(ancestor.clone());
        match ancestor.kind() {
            SyntaxKind::LAMBDA_EXPR | SyntaxKind::SOURCE_FILE => {}
            // A function sees nothing around it; the others see the top scope only.
            SyntaxKind::FUNCTION_DEF => break,
            _ => closed = true,
        }
    }
    scopes
}

/// What the variable `name` (without `$`) used at `offset` refers to.
pub fn resolve(root: &SyntaxNode, name: &str, offset: TextSize) -> Resolution {
    let top = name.starts_with("::");
    let name = name.trim_start_matches("::");
    if let Some((class, var)) = name.rsplit_once("::") {
        return Resolution::Qualified {
            class: class.to_lowercase(),
            name: var.to_owned(),
        };
    }
    let scopes = visible_scopes(root, offset);
    let scopes: Vec<SyntaxNode> = if top {
        scopes
            .into_iter()
            .filter(|s| s.kind() == SyntaxKind::SOURCE_FILE)
            .collect()
    } else {
        scopes
    };
    let mut inherited = None;
    for scope in &scopes {
        let defs: Vec<VarDef> = definitions_in(scope)
            .into_iter()
            .filter(|d| d.name == name)
            .collect();
        let before = defs.iter().rev().find(|d| d.range.start() <= offset);
        let found = before.or(defs.first()).cloned();
        if let Some(class) = inherited.take() {
            return Resolution::Inherited {
                class,
                name: name.to_owned(),
                fallback: found,
            };
        }
        if let Some(def) = found {
            return Resolution::Local(def);
        }
        if scope.kind() == SyntaxKind::CLASS_DEF {
            inherited = inherited_class(scope);
        }
    }
    match inherited {
        Some(class) => Resolution::Inherited {
            class,
            name: name.to_owned(),
            fallback: None,
        },
        None => Resolution::Unresolved,
    }
}

/// The class a class definition inherits from (normalized).
pub fn inherited_class(class_def: &SyntaxNode) -> Option<String> {
    let clause = class_def
        .children()
        .find(|c| c.kind() == SyntaxKind::INHERITS_CLAUSE)?;
    clause
        .children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .find(|t| t.kind() == SyntaxKind::NAME)
        .map(|t| crate::refs::normalize(t.text()))
}

/// Every variable visible at `offset`, innermost scope first, each name once.
pub fn visible_variables(root: &SyntaxNode, offset: TextSize) -> Vec<VarDef> {
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    for scope in visible_scopes(root, offset) {
        for def in definitions_in(&scope) {
            if seen.insert(def.name.clone()) {
                found.push(def);
            }
        }
    }
    found
}

/// The class definition named `class` (normalized) in the tree.
pub fn find_class(root: &SyntaxNode, class: &str) -> Option<SyntaxNode> {
    root.descendants()
        .filter(|n| n.kind() == SyntaxKind::CLASS_DEF)
        .find(|n| {
            n.children_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .find(|t| t.kind() == SyntaxKind::NAME)
                .is_some_and(|t| class_full_name(n, &t) == class)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve_at(src: &str, marker: &str, name: &str) -> Resolution {
        let result = puppet_syntax::parse(
            src.as_bytes(),
            &puppet_syntax::ParseOptions::new().cst(true),
        );
        let root = result.syntax_node().unwrap();
        let offset = src.find(marker).unwrap() as u32;
        resolve(&root, name, TextSize::from(offset))
    }

    fn local_text(src: &str, r: Resolution) -> (usize, bool) {
        match r {
            Resolution::Local(def) => (usize::from(def.range.start()), def.parameter),
            other => panic!("not local: {other:?} in {src}"),
        }
    }

    #[test]
    fn parameters_assignments_and_lambdas() {
        let src =
            "class c($p) {\n  $x = 1\n  [1].each |$i| { $y = $i + $x + $p }\n  notice($y)\n}\n";
        assert_eq!(
            local_text(src, resolve_at(src, "$i +", "i")),
            (src.find("$i|").unwrap() + 1, true)
        );
        assert_eq!(
            local_text(src, resolve_at(src, "$x +", "x")),
            (src.find("$x =").unwrap() + 1, false)
        );
        assert_eq!(
            local_text(src, resolve_at(src, "$p }", "p")),
            (src.find("$p)").unwrap() + 1, true)
        );
        // `$y` of the lambda is not the class's.
        assert_eq!(resolve_at(src, "$y)", "y"), Resolution::Unresolved);
    }

    #[test]
    fn functions_are_closed_and_classes_see_top_scope() {
        let src = "$top = 1\nfunction f($a) { $top }\nclass k inherits base { notice($top, $from_base) }\n";
        assert_eq!(resolve_at(src, "$top }", "top"), Resolution::Unresolved);
        match resolve_at(src, "$top,", "top") {
            Resolution::Inherited {
                class,
                fallback: Some(def),
                ..
            } => {
                assert_eq!(
                    (class.as_str(), usize::from(def.range.start())),
                    ("base", 1)
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            resolve_at(src, "$from_base", "from_base"),
            Resolution::Inherited {
                class: "base".into(),
                name: "from_base".into(),
                fallback: None
            }
        );
        assert_eq!(
            resolve_at(src, "$top,", "a::b::x"),
            Resolution::Qualified {
                class: "a::b".into(),
                name: "x".into()
            }
        );
    }
}
