//! The names a file uses and defines, read off its CST (so a file with syntax errors has them
//! too): classes (`include`, `contain`, `require`, `class { 'x': }`, `Class['x']`,
//! `inherits`), resource types and type references (`foo::bar { … }`, `Foo::Bar['t']`,
//! `My::Alias`), functions (calls with and without parentheses, method calls), variables, and
//! the attributes given to a class or a resource type.
//!
//! Each [`Reference`] has the byte range of exactly the text a rename replaces (inside the
//! quotes of `'x'`, after the `$` of `$x`) and its name as Puppet compares it (lower case,
//! without a leading `::`). Definitions are references too ([`Reference::definition`]): the
//! name after `class`, a parameter, an assignment's target.

use puppet_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};
use rowan::NodeOrToken;

/// What a name names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RefKind {
    Class,
    /// A resource type or a type: `file { }`, `foo::bar { }`, `Foo::Bar['t']`, `My::Alias`.
    Type,
    Function,
    /// A variable; qualified (`$a::b::x`) or local.
    Variable,
    /// An attribute of a resource whose type is [`Reference::owner`] (a class declared as a
    /// resource: `class { 'x': attr => 1 }` has owner `x` and kind [`RefKind::ClassAttribute`]).
    Attribute,
    ClassAttribute,
}

/// How a type name is written, which a rename keeps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    /// `foo::bar`, `$x`, `'foo::bar'`.
    Plain,
    /// `Foo::Bar`.
    Capitalized,
}

/// One use or definition of a name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reference {
    pub kind: RefKind,
    /// Lower case, without a leading `::` (variables: without `$`, case kept).
    pub name: Box<str>,
    /// For attributes: the type or class the resource declares (normalized).
    pub owner: Box<str>,
    /// The text a rename replaces.
    pub range: TextRange,
    pub form: Form,
    /// A definition rather than a use.
    pub definition: bool,
}

/// Lower case without a leading `::`.
pub fn normalize(name: &str) -> String {
    name.trim_start_matches("::").to_lowercase()
}

/// The functions whose arguments are class names.
const CLASS_FUNCTIONS: &[&str] = &["include", "contain", "require"];

/// Every reference of the tree under `root`, in source order.
pub fn references(root: &SyntaxNode) -> Vec<Reference> {
    let mut found = Vec::new();
    for element in root.descendants_with_tokens() {
        let NodeOrToken::Token(token) = element else {
            continue;
        };
        token_references(&token, &mut found);
    }
    found.sort_by_key(|r| r.range.start());
    found
}

/// The reference whose range holds `offset` (or ends at it: the cursor after a name).
pub fn reference_at(refs: &[Reference], offset: u32) -> Option<&Reference> {
    let offset = TextSize::from(offset);
    refs.iter()
        .find(|r| r.range.contains(offset))
        .or_else(|| refs.iter().find(|r| r.range.end() == offset))
}

fn push(
    found: &mut Vec<Reference>,
    kind: RefKind,
    name: &str,
    owner: &str,
    range: TextRange,
    form: Form,
    definition: bool,
) {
    if name.is_empty() {
        return;
    }
    let name = if kind == RefKind::Variable {
        name.trim_start_matches("::").to_owned()
    } else {
        normalize(name)
    };
    found.push(Reference {
        kind,
        name: name.into(),
        owner: owner.into(),
        range,
        form,
        definition,
    });
}

/// The name a NAME or STRING token gives, with the range of its text (inside the quotes).
/// A double-quoted string with interpolation names nothing certain.
pub fn name_of(token: &SyntaxToken) -> Option<(String, TextRange)> {
    let text = token.text();
    let range = token.text_range();
    match token.kind() {
        SyntaxKind::NAME | SyntaxKind::WORD => Some((text.to_owned(), range)),
        SyntaxKind::STRING => {
            let inner = text.get(1..text.len().checked_sub(1)?)?;
            if inner.contains(['\\', '$']) {
                return None;
            }
            let start = range.start() + TextSize::from(1);
            Some((inner.to_owned(), TextRange::at(start, TextSize::of(inner))))
        }
        _ => None,
    }
}

/// The single token of a LITERAL node.
fn literal_token(node: &SyntaxNode) -> Option<SyntaxToken> {
    if node.kind() != SyntaxKind::LITERAL {
        return None;
    }
    node.children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .find(|t| !t.kind().is_trivia())
}

/// The name-giving literals of an argument: a literal, or the elements of an array or a list.
fn name_literals(node: &SyntaxNode) -> Vec<SyntaxToken> {
    match node.kind() {
        SyntaxKind::LITERAL => literal_token(node).into_iter().collect(),
        SyntaxKind::ARRAY_EXPR | SyntaxKind::COMMA_LIST | SyntaxKind::ARG_LIST => {
            node.children().flat_map(|c| name_literals(&c)).collect()
        }
        _ => Vec::new(),
    }
}

fn prev_sibling_node(node: &SyntaxNode) -> Option<SyntaxNode> {
    node.prev_sibling()
}

/// The callee name of a statement-level call without parentheses (`include a, b`, `notice 'x'`)
/// whose argument `node` is.
fn bare_call_name(node: &SyntaxNode) -> Option<String> {
    let prev = prev_sibling_node(node)?;
    let token = literal_token(&prev)?;
    (token.kind() == SyntaxKind::NAME && is_statement(&prev)).then(|| token.text().to_owned())
}

fn is_statement(node: &SyntaxNode) -> bool {
    node.parent()
        .is_some_and(|p| matches!(p.kind(), SyntaxKind::SOURCE_FILE | SyntaxKind::BLOCK))
}

/// Whether a statement-level LITERAL NAME is the callee of a call without parentheses: an
/// argument follows it on the same statement.
fn is_bare_call(literal: &SyntaxNode) -> bool {
    if !is_statement(literal) {
        return false;
    }
    let Some(next) = literal.next_sibling() else {
        return false;
    };
    // A newline may separate two statements; an argument starts on the callee's line.
    let mut gap_has_newline = false;
    let mut element = literal.next_sibling_or_token();
    while let Some(NodeOrToken::Token(t)) = element {
        gap_has_newline |= t.text().contains('\n');
        element = t.next_sibling_or_token();
    }
    !gap_has_newline
        && matches!(
            next.kind(),
            SyntaxKind::LITERAL
                | SyntaxKind::COMMA_LIST
                | SyntaxKind::ARRAY_EXPR
                | SyntaxKind::HASH_EXPR
                | SyntaxKind::DQ_STRING
                | SyntaxKind::ACCESS_EXPR
                | SyntaxKind::CALL_EXPR
                | SyntaxKind::PAREN_EXPR
                | SyntaxKind::BINARY_EXPR
                | SyntaxKind::METHOD_CALL_EXPR
        )
}

/// The names of the definitions enclosing `node` (classes and defines; a nested class is named
/// after them).
fn enclosing_class_prefix(node: &SyntaxNode) -> String {
    let mut names: Vec<String> = node
        .ancestors()
        .skip(1)
        .filter(|a| a.kind() == SyntaxKind::CLASS_DEF)
        .filter_map(|a| {
            a.children_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .find(|t| t.kind() == SyntaxKind::NAME)
                .map(|t| t.text().trim_start_matches("::").to_owned())
        })
        .collect();
    names.reverse();
    names.join("::")
}

/// The full name of the class whose header has the name token `token`.
pub fn class_full_name(def: &SyntaxNode, token: &SyntaxToken) -> String {
    let written = token.text();
    if written.starts_with("::") {
        return normalize(written);
    }
    let prefix = enclosing_class_prefix(def);
    if prefix.is_empty() {
        normalize(written)
    } else {
        normalize(&format!("{prefix}::{written}"))
    }
}

fn token_references(token: &SyntaxToken, found: &mut Vec<Reference>) {
    let Some(parent) = token.parent() else {
        return;
    };
    let range = token.text_range();
    match token.kind() {
        SyntaxKind::VARIABLE => variable(token, &parent, found),
        SyntaxKind::NAME => match parent.kind() {
            SyntaxKind::CLASS_DEF => {
                let name = class_full_name(&parent, token);
                push(found, RefKind::Class, &name, "", range, Form::Plain, true);
            }
            SyntaxKind::DEFINE_DEF => push(
                found,
                RefKind::Type,
                token.text(),
                "",
                range,
                Form::Plain,
                true,
            ),
            SyntaxKind::FUNCTION_DEF => push(
                found,
                RefKind::Function,
                token.text(),
                "",
                range,
                Form::Plain,
                true,
            ),
            SyntaxKind::INHERITS_CLAUSE => push(
                found,
                RefKind::Class,
                token.text(),
                "",
                range,
                Form::Plain,
                false,
            ),
            SyntaxKind::METHOD_CALL_EXPR => push(
                found,
                RefKind::Function,
                token.text(),
                "",
                range,
                Form::Plain,
                false,
            ),
            SyntaxKind::ATTRIBUTE_OP => attribute(token, &parent, found),
            SyntaxKind::LITERAL => literal_name(token, &parent, found),
            _ => {}
        },
        SyntaxKind::STRING if parent.kind() == SyntaxKind::LITERAL => {
            literal_name(token, &parent, found);
        }
        SyntaxKind::CLASSREF => {
            let definition = parent.kind() == SyntaxKind::LITERAL
                && parent
                    .parent()
                    .is_some_and(|p| p.kind() == SyntaxKind::TYPE_ALIAS)
                && parent.prev_sibling().is_none();
            push(
                found,
                RefKind::Type,
                token.text(),
                "",
                range,
                Form::Capitalized,
                definition,
            );
        }
        _ => {}
    }
}

/// A NAME or STRING literal: a class name where one is expected, a function's name as callee,
/// a resource type.
fn literal_name(token: &SyntaxToken, literal: &SyntaxNode, found: &mut Vec<Reference>) {
    let Some(container) = literal.parent() else {
        return;
    };
    let Some((name, range)) = name_of(token) else {
        return;
    };
    match container.kind() {
        // `foo(…)`: the callee; `include(x)`: a class name.
        SyntaxKind::CALL_EXPR if container.first_child().as_ref() == Some(literal)
            && token.kind() == SyntaxKind::NAME => {
                push(
                    found,
                    RefKind::Function,
                    &name,
                    "",
                    range,
                    Form::Plain,
                    false,
                );
            }
        SyntaxKind::RESOURCE_EXPR if container.first_child().as_ref() == Some(literal)
            && token.kind() == SyntaxKind::NAME => {
                push(found, RefKind::Type, &name, "", range, Form::Plain, false);
            }
        SyntaxKind::RESOURCE_BODY
            // A title of `class { 'x': }`.
            if resource_type_of_body(&container).is_some_and(|t| t == "class")
                && container.first_child().as_ref() == Some(literal)
            => {
                push(found, RefKind::Class, &name, "", range, Form::Plain, false);
            }
        SyntaxKind::ACCESS_EXPR => {
            // `Class['x']`, `Class[x]`: the keys after the `Class` literal.
            let first = container.first_child();
            if first.as_ref() != Some(literal)
                && first.and_then(|f| literal_token(&f)).is_some_and(|t| {
                    t.kind() == SyntaxKind::CLASSREF && t.text().eq_ignore_ascii_case("class")
                })
            {
                push(found, RefKind::Class, &name, "", range, Form::Plain, false);
            }
        }
        _ => {}
    }
    if token.kind() == SyntaxKind::NAME && is_bare_call(literal) {
        push(
            found,
            RefKind::Function,
            &name,
            "",
            range,
            Form::Plain,
            false,
        );
    }
    // An argument of `include`, `contain`, `require`, with or without parentheses.
    if class_argument(literal) {
        push(found, RefKind::Class, &name, "", range, Form::Plain, false);
    }
}

/// Whether `literal` is (an element of) an argument of `include`, `contain` or `require`.
fn class_argument(literal: &SyntaxNode) -> bool {
    let mut node = literal.clone();
    // Up through arrays and the argument list.
    loop {
        let Some(parent) = node.parent() else {
            return false;
        };
        match parent.kind() {
            SyntaxKind::ARRAY_EXPR | SyntaxKind::COMMA_LIST => node = parent,
            SyntaxKind::ARG_LIST => {
                let callee = parent
                    .parent()
                    .filter(|c| c.kind() == SyntaxKind::CALL_EXPR)
                    .and_then(|c| c.first_child())
                    .and_then(|c| literal_token(&c));
                return callee.is_some_and(|t| CLASS_FUNCTIONS.contains(&t.text()));
            }
            SyntaxKind::SOURCE_FILE | SyntaxKind::BLOCK => {
                return bare_call_name(&node)
                    .is_some_and(|n| CLASS_FUNCTIONS.contains(&n.as_str()));
            }
            _ => return false,
        }
    }
}

/// The type name of the resource expression a body belongs to (`class` for the keyword).
pub fn resource_type_of_body(body: &SyntaxNode) -> Option<String> {
    let expr = body
        .parent()
        .filter(|p| p.kind() == SyntaxKind::RESOURCE_EXPR)?;
    resource_type_of(&expr)
}

/// The type name of a resource expression (`class` for `class { 'x': }`), normalized.
pub fn resource_type_of(expr: &SyntaxNode) -> Option<String> {
    let first = expr
        .children_with_tokens()
        .find(|e| !e.kind().is_trivia() && e.kind() != SyntaxKind::ATAT)?;
    match first {
        NodeOrToken::Token(t) if t.kind() == SyntaxKind::CLASS => Some("class".to_owned()),
        NodeOrToken::Node(n) => {
            let t = literal_token(&n)?;
            matches!(t.kind(), SyntaxKind::NAME | SyntaxKind::CLASSREF).then(|| normalize(t.text()))
        }
        _ => None,
    }
}

/// The titles of a resource body naming classes, for `class { 'x': }`.
fn attribute(token: &SyntaxToken, op: &SyntaxNode, found: &mut Vec<Reference>) {
    let Some(body) = op
        .parent()
        .filter(|p| p.kind() == SyntaxKind::RESOURCE_BODY)
    else {
        return;
    };
    let Some(type_name) = resource_type_of_body(&body) else {
        return;
    };
    let range = token.text_range();
    if type_name == "class" {
        for title in body
            .first_child()
            .filter(|c| c.kind() != SyntaxKind::ATTRIBUTE_OP)
            .map(|c| name_literals(&c))
            .unwrap_or_default()
        {
            if let Some((class, _)) = name_of(&title) {
                push(
                    found,
                    RefKind::ClassAttribute,
                    token.text(),
                    &normalize(&class),
                    range,
                    Form::Plain,
                    false,
                );
            }
        }
    } else {
        push(
            found,
            RefKind::Attribute,
            token.text(),
            &type_name,
            range,
            Form::Plain,
            false,
        );
    }
}

fn variable(token: &SyntaxToken, parent: &SyntaxNode, found: &mut Vec<Reference>) {
    let text = token.text();
    let (name, start) = match text.strip_prefix('$') {
        Some(name) => (name, token.text_range().start() + TextSize::from(1)),
        None => (text, token.text_range().start()),
    };
    let range = TextRange::at(start, TextSize::of(name));
    let definition = is_variable_definition(parent);
    push(
        found,
        RefKind::Variable,
        name,
        "",
        range,
        Form::Plain,
        definition,
    );
}

/// Whether the VARIABLE token under `parent` is defined there: a parameter, or the target of
/// an assignment (also inside `[$a, $b] = …`).
pub fn is_variable_definition(parent: &SyntaxNode) -> bool {
    if parent.kind() == SyntaxKind::PARAM {
        return true;
    }
    if parent.kind() != SyntaxKind::LITERAL {
        return false;
    }
    let mut node = parent.clone();
    while let Some(up) = node.parent() {
        match up.kind() {
            SyntaxKind::ARRAY_EXPR => node = up,
            SyntaxKind::ASSIGNMENT_EXPR => {
                let is_lhs = up.first_child().as_ref() == Some(&node);
                let is_assign = up
                    .children_with_tokens()
                    .filter_map(NodeOrToken::into_token)
                    .any(|t| t.kind() == SyntaxKind::EQUALS);
                return is_lhs && is_assign;
            }
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(src: &str) -> Vec<(RefKind, String, String, bool)> {
        let result = puppet_syntax::parse(
            src.as_bytes(),
            &puppet_syntax::ParseOptions::new().cst(true),
        );
        references(&result.syntax_node().unwrap())
            .into_iter()
            .map(|r| {
                (
                    r.kind,
                    r.name.to_string(),
                    src[r.range].to_string(),
                    r.definition,
                )
            })
            .collect()
    }

    #[test]
    fn class_names_where_puppet_expects_them() {
        let found = refs(
            "class a::b inherits a { include a::c, 'a::d'\n contain(['a::e'])\n class { 'a::f': p => 1 }\n Class['A::G'] -> Class[a::h]\n class inner {}\n}\n",
        );
        let classes: Vec<_> = found
            .iter()
            .filter(|r| r.0 == RefKind::Class)
            .map(|r| (r.1.as_str(), r.2.as_str(), r.3))
            .collect();
        assert_eq!(
            classes,
            vec![
                ("a::b", "a::b", true),
                ("a", "a", false),
                ("a::c", "a::c", false),
                ("a::d", "a::d", false),
                ("a::e", "a::e", false),
                ("a::f", "a::f", false),
                ("a::g", "A::G", false),
                ("a::h", "a::h", false),
                ("a::b::inner", "inner", true),
            ]
        );
        assert!(found.contains(&(RefKind::ClassAttribute, "p".into(), "p".into(), false)));
        assert!(found.contains(&(RefKind::Function, "include".into(), "include".into(), false)));
        assert!(found.contains(&(RefKind::Function, "contain".into(), "contain".into(), false)));
    }

    #[test]
    fn types_functions_and_variables() {
        let found = refs(
            "define m::t(String $n) { notify { $n: } }\nm::t { 'x': n => \"${::fqdn}\" }\nM::T['x'] -> File['/a']\n$v = m::f($m::params::x).join(',')\nnotice $v\n",
        );
        let has = |kind, name: &str, text: &str, def| {
            found.contains(&(kind, name.to_string(), text.to_string(), def))
        };
        assert!(has(RefKind::Type, "m::t", "m::t", true));
        assert!(has(RefKind::Type, "m::t", "M::T", false));
        assert!(has(RefKind::Type, "notify", "notify", false));
        assert!(has(RefKind::Type, "file", "File", false));
        assert!(has(RefKind::Variable, "n", "n", true));
        assert!(has(RefKind::Variable, "n", "n", false));
        assert!(has(RefKind::Variable, "fqdn", "::fqdn", false));
        assert!(has(
            RefKind::Variable,
            "m::params::x",
            "m::params::x",
            false
        ));
        assert!(has(RefKind::Variable, "v", "v", true));
        assert!(has(RefKind::Function, "m::f", "m::f", false));
        assert!(has(RefKind::Function, "join", "join", false));
        assert!(has(RefKind::Function, "notice", "notice", false));
        assert!(has(RefKind::Attribute, "n", "n", false));
    }

    #[test]
    fn a_broken_file_keeps_its_references() {
        let found = refs("class a {\n  include b::c\n  $x = \n}\nfile { 'x': ensure => }\n");
        assert!(found.iter().any(|r| r.0 == RefKind::Class && r.1 == "b::c"));
        assert!(found
            .iter()
            .any(|r| r.0 == RefKind::Class && r.1 == "a" && r.3));
    }
}
