use std::collections::{HashMap, HashSet};

use puppet_syntax::syntax::ast::Param;
use puppet_syntax::{SyntaxKind, SyntaxNode, TextSize};
use rowan::ast::AstNode;

use crate::check::{Check, FixKind, Level, Origin};
use crate::checks::util_strings::{definition_around, variables};
use crate::context::Context;

/// puppet-lint's `DEFAULT_SCOPE_VARS`: the variables Puppet sets in every class and defined
/// type (and the metaparameters of a defined type).
const DEFAULT_SCOPE_VARS: &[&str] = &[
    "name",
    "title",
    "module_name",
    "environment",
    "clientcert",
    "clientversion",
    "servername",
    "serverip",
    "serverversion",
    "caller_module_name",
    "alias",
    "audit",
    "before",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
    "facts",
    "trusted",
    "server_facts",
];

/// The names each class, defined type and lambda makes local (by the start of its node): its
/// parameters and the variables assigned (`=`) in it, not in a lambda or definition inside it.
fn locals(cx: &Context) -> HashMap<TextSize, HashSet<String>> {
    let owner = |n: &SyntaxNode| {
        n.ancestors().skip(1).find(|a| {
            matches!(
                a.kind(),
                SyntaxKind::LAMBDA_EXPR | SyntaxKind::CLASS_DEF | SyntaxKind::DEFINE_DEF
            )
        })
    };
    let mut scopes: HashMap<TextSize, HashSet<String>> = HashMap::new();
    for n in &cx.nodes {
        let names: Vec<String> = match n.kind() {
            SyntaxKind::PARAM => Param::cast(n.clone())
                .and_then(|p| p.name())
                .into_iter()
                .collect(),
            SyntaxKind::ASSIGNMENT_EXPR => {
                let is_assign = n
                    .children_with_tokens()
                    .filter_map(|e| e.into_token())
                    .any(|t| t.kind() == SyntaxKind::EQUALS);
                match n.first_child() {
                    Some(lhs) if is_assign => lhs
                        .descendants_with_tokens()
                        .filter_map(|e| e.into_token())
                        .filter(|t| t.kind() == SyntaxKind::VARIABLE)
                        .map(|t| t.text().trim_start_matches('$').to_string())
                        .collect(),
                    _ => continue,
                }
            }
            _ => continue,
        };
        if let Some(scope) = owner(n) {
            scopes
                .entry(scope.text_range().start())
                .or_default()
                .extend(names);
        }
    }
    scopes
}

/// `variable_scope`.
pub static CHECK: Check = Check {
    name: "variable_scope",
    level: Level::Warning,
    default_enabled: true,
    origin: Origin::Core,
    fix: FixKind::None,
    summary: "A variable in a class or defined type that is neither local nor namespaced",
    why: "A bare `$x` in a class that is neither a parameter nor assigned there reads a \
          top-scope or node-scope variable; write `$::x` or `$facts['x']`. Scopes come from the \
          tree (a lambda's parameters and assignments count inside that lambda only), so \
          puppet-lint's line-based lambda scopes and their false positives \
          (rodjek/puppet-lint#549, #576, #456) are gone. Unlike puppet-lint we also check \
          `\"$x\"` and heredoc variables, do not count as local a variable assigned in another \
          class of the file or inside a lambda, nor a variable read in a parameter's default \
          (puppet-lint takes any `$v` followed by `,` or `)` there for a parameter), and report \
          a nested class's variable once. `--top-scope-variables` names are accepted, as \
          `top_scope_facts` accepts them.",
    fires: "class foo {\n  notice($bar)\n}\n",
    passes: "class foo (\n  $bar = 1,\n) {\n  [1, 2].each |$x| { notice($x, $bar) }\n}\n",
    fixed: None,
    run: |cx, report| {
        if !cx
            .nodes
            .iter()
            .any(|n| matches!(n.kind(), SyntaxKind::CLASS_DEF | SyntaxKind::DEFINE_DEF))
        {
            return;
        }
        let vars = variables(cx);
        let scopes = locals(cx);
        let mut found: HashMap<TextSize, Vec<usize>> = HashMap::new();
        for (k, var) in vars.iter().enumerate() {
            if var.node(cx).is_some_and(|n| n.kind() == SyntaxKind::PARAM) {
                continue;
            }
            let name = var.name.as_str();
            if name.contains("::")
                || name.bytes().all(|b| b.is_ascii_digit())
                || DEFAULT_SCOPE_VARS.contains(&name)
                || cx.options.top_scope_variables.iter().any(|v| v == name)
            {
                continue;
            }
            let Some((def, lambdas)) = definition_around(cx, var) else {
                continue;
            };
            let mut local = false;
            for scope in std::iter::once(&def).chain(&lambdas) {
                if scopes
                    .get(&scope.text_range().start())
                    .is_some_and(|names| names.contains(name))
                {
                    local = true;
                    break;
                }
            }
            if !local {
                found.entry(def.text_range().start()).or_default().push(k);
            }
        }
        // puppet-lint's order: the classes, then the defined types, each in source order.
        let defs = cx
            .nodes_of(SyntaxKind::CLASS_DEF)
            .chain(cx.nodes_of(SyntaxKind::DEFINE_DEF));
        for def in defs {
            for &k in found.get(&def.text_range().start()).into_iter().flatten() {
                let var = &vars[k];
                report.at_position(
                    var.range,
                    var.line,
                    var.column,
                    "top-scope variable being used without an explicit namespace",
                );
            }
        }
    },
};
