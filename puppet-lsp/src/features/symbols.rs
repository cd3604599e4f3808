//! Document symbols (`textDocument/documentSymbol`): the outline of a manifest or template, as
//! a tree of [`DocumentSymbol`]s, read from the CST so that a buffer with syntax errors still
//! has one (a definition cut short is listed with what was written of it; one cut short before
//! its name is not, and what it holds goes to the enclosing symbol).
//!
//! What is listed, and as which [`SymbolKind`]:
//!
//! | Puppet                        | kind             | name                      | detail            |
//! |-------------------------------|------------------|---------------------------|-------------------|
//! | class                         | `CLASS`          | full name (`outer::inner`)| `inherits parent` |
//! | defined type                  | `STRUCT`         | full name                 | `define`          |
//! | node                          | `NAMESPACE`      | its hosts, `, `-separated | `node`            |
//! | function                      | `FUNCTION`       | name                      | `>> ReturnType`   |
//! | plan                          | `FUNCTION`       | name                      | `plan`            |
//! | type alias                    | `TYPE_PARAMETER` | name                      | the aliased type  |
//! | type definition               | `TYPE_PARAMETER` | name                      | `inherits Parent` |
//! | parameter (also EPP's)        | `PROPERTY`       | `$name`                   | its type          |
//! | resource (one per title)      | `OBJECT`         | `type['title']`           | `type`, `@@type`  |
//! | top-scope variable assignment | `VARIABLE`       | `$name`                   |                   |
//!
//! A defined type is a `STRUCT`: it is a resource type a manifest declares instances of, not a
//! singleton like a class, and clients show the two apart. A node scopes what one host gets,
//! hence `NAMESPACE`. Type aliases are `TYPE_PARAMETER`, as rust-analyzer shows its own type
//! aliases. Parameters are `PROPERTY`: a class's or defined type's parameters are the
//! attributes of its resource (`class { 'x': port => 80 }`), and `VARIABLE` stays for
//! assignments. A resource's title is as written (`file[$name]`); an array of titles gives one
//! symbol per element. The symbol of a resource with one body covers the whole resource, type
//! name included; in a resource with several bodies, each covers its body.
//!
//! Parameters come first among a definition's children, then what its body holds in order:
//! resources (anywhere in it: under `if`, `case` or lambdas too) and nested definitions.
//! Variables are listed only in the top scope (outside definitions and lambdas), where they
//! are the file's globals. Classes and defined types nested in classes get Puppet's full name
//! (`class a { class b {} }` defines `a::b`).
//!
//! `range` is the node without the trivia at its ends, `selection_range` its name.

use lsp_types::{DocumentSymbol, SymbolKind};
use puppet_syntax::syntax::ast::{
    ClassDef, DefineDef, FunctionDef, NodeDef, Param, ParamList, PlanDef, ResourceExpr, TypeAlias,
};
use puppet_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange};
use rowan::ast::AstNode;
use rowan::WalkEvent;

use crate::document::Text;
use SyntaxKind::*;

/// Symbols nest at most this deep; deeper definitions are listed beside their parent. A CST may
/// nest thousands of levels, and symbols are dropped and serialized recursively.
const MAX_DEPTH: usize = 64;

/// A detail longer than this many characters is cut (a type alias's value can be long).
const MAX_DETAIL: usize = 80;

/// The outline of the CST `root` of `text`.
pub fn document_symbols(root: &SyntaxNode, text: &Text) -> Vec<DocumentSymbol> {
    let mut outline = Outline {
        text,
        stack: vec![Frame {
            node: root.clone(),
            symbol: None,
            children: Vec::new(),
        }],
        local_scopes: 0,
    };
    // A preorder walk with an explicit stack of open symbols (no recursion: the CST may be
    // thousands of levels deep).
    for event in root.preorder() {
        match event {
            WalkEvent::Enter(node) => outline.enter(&node),
            WalkEvent::Leave(node) => outline.leave(&node),
        }
    }
    while outline.stack.len() > 1 {
        outline.close();
    }
    outline
        .stack
        .pop()
        .map(|frame| frame.children)
        .unwrap_or_default()
}

/// A symbol whose children are being collected.
struct Frame {
    node: SyntaxNode,
    /// `None` for the root.
    symbol: Option<DocumentSymbol>,
    children: Vec<DocumentSymbol>,
}

struct Outline<'a> {
    text: &'a Text,
    stack: Vec<Frame>,
    /// How many definitions and lambdas enclose the walk (variables in them are local).
    local_scopes: usize,
}

impl Outline<'_> {
    fn enter(&mut self, node: &SyntaxNode) {
        let leaves = match node.kind() {
            CLASS_DEF | DEFINE_DEF | FUNCTION_DEF | PLAN_DEF | NODE_DEF => {
                self.local_scopes = self.local_scopes.saturating_add(1);
                if let Some((symbol, params)) = self.definition(node) {
                    self.open(node, symbol, params);
                }
                return;
            }
            LAMBDA_EXPR => {
                self.local_scopes = self.local_scopes.saturating_add(1);
                return;
            }
            TYPE_ALIAS | TYPE_DEF => self.type_alias(node).into_iter().collect(),
            EPP_PARAMS => self.params(node.children().find_map(ParamList::cast)),
            RESOURCE_EXPR => self.resources(node),
            ASSIGNMENT_EXPR if self.local_scopes == 0 => self.variables(node),
            _ => return,
        };
        for symbol in leaves {
            self.add(symbol);
        }
    }

    fn leave(&mut self, node: &SyntaxNode) {
        if matches!(
            node.kind(),
            CLASS_DEF | DEFINE_DEF | FUNCTION_DEF | PLAN_DEF | NODE_DEF | LAMBDA_EXPR
        ) {
            self.local_scopes = self.local_scopes.saturating_sub(1);
        }
        if self.stack.len() > 1 && self.stack.last().is_some_and(|frame| frame.node == *node) {
            self.close();
        }
    }

    /// Opens `symbol` (of `node`) with `params` as its first children, or, too deep, lists it
    /// in the open symbol with what it holds beside it.
    fn open(&mut self, node: &SyntaxNode, mut symbol: DocumentSymbol, params: Vec<DocumentSymbol>) {
        if self.stack.len() >= MAX_DEPTH {
            symbol.children = (!params.is_empty()).then_some(params);
            self.add(symbol);
            return;
        }
        self.stack.push(Frame {
            node: node.clone(),
            symbol: Some(symbol),
            children: params,
        });
    }

    fn close(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        if let Some(mut symbol) = frame.symbol {
            symbol.children = (!frame.children.is_empty()).then_some(frame.children);
            self.add(symbol);
        }
    }

    /// Adds `symbol` to the open symbol.
    fn add(&mut self, symbol: DocumentSymbol) {
        if let Some(frame) = self.stack.last_mut() {
            frame.children.push(symbol);
        }
    }

    /// The symbol of a class, defined type, function, plan or node, and its parameters.
    fn definition(&self, node: &SyntaxNode) -> Option<(DocumentSymbol, Vec<DocumentSymbol>)> {
        let (kind, name, params, detail) = match node.kind() {
            CLASS_DEF => {
                let def = ClassDef::cast(node.clone())?;
                let detail = def.parent().map(|p| format!("inherits {}", p.text()));
                (SymbolKind::CLASS, def.name()?, def.param_list(), detail)
            }
            DEFINE_DEF => {
                let def = DefineDef::cast(node.clone())?;
                let detail = Some("define".to_string());
                (SymbolKind::STRUCT, def.name()?, def.param_list(), detail)
            }
            FUNCTION_DEF => {
                let def = FunctionDef::cast(node.clone())?;
                let detail = def.return_type().map(|t| format!(">> {}", collapse(&t)));
                (SymbolKind::FUNCTION, def.name()?, def.param_list(), detail)
            }
            PLAN_DEF => {
                let def = PlanDef::cast(node.clone())?;
                let detail = Some("plan".to_string());
                (SymbolKind::FUNCTION, def.name()?, def.param_list(), detail)
            }
            NODE_DEF => return self.node_definition(node),
            _ => return None,
        };
        let mut full = name.text().trim_start_matches("::").to_string();
        if matches!(node.kind(), CLASS_DEF | DEFINE_DEF) {
            // Nested in classes: `class a { class b {} }` defines `a::b`.
            for outer in node.ancestors().skip(1).filter_map(ClassDef::cast) {
                if let Some(outer) = outer.name() {
                    full = format!("{}::{full}", outer.text().trim_start_matches("::"));
                }
            }
        }
        let symbol = self.symbol(full, detail, kind, trimmed_range(node), name.text_range())?;
        Some((symbol, self.params(params)))
    }

    /// `node 'a', /b/, default { … }`: one symbol named after its hosts.
    fn node_definition(&self, node: &SyntaxNode) -> Option<(DocumentSymbol, Vec<DocumentSymbol>)> {
        let def = NodeDef::cast(node.clone())?;
        let hosts: Vec<SyntaxNode> = def.hosts().collect();
        let first = hosts.first()?;
        // Quoted host names without their quotes, the others as written.
        let unquote = |text: String| {
            ['\'', '"']
                .into_iter()
                .find_map(|q| Some(text.strip_prefix(q)?.strip_suffix(q)?.to_string()))
                .unwrap_or(text)
        };
        let names: Vec<String> = hosts.iter().map(|host| unquote(collapse(host))).collect();
        let symbol = self.symbol(
            names.join(", "),
            Some("node".into()),
            SymbolKind::NAMESPACE,
            trimmed_range(node),
            trimmed_range(first),
        )?;
        Some((symbol, Vec::new()))
    }

    /// `type Name = T` and `type Name inherits P { … }`.
    fn type_alias(&self, node: &SyntaxNode) -> Option<DocumentSymbol> {
        let (name, detail) = if let Some(alias) = TypeAlias::cast(node.clone()) {
            (alias.name()?, alias.value().map(|value| collapse(&value)))
        } else {
            let name = node.children().next()?;
            let parent = node
                .children_with_tokens()
                .filter_map(|element| element.into_token())
                .skip_while(|token| token.kind() != INHERITS)
                .find(|token| token.kind() == CLASSREF)
                .map(|parent| format!("inherits {}", parent.text()));
            (name, parent)
        };
        self.symbol(
            collapse(&name),
            detail,
            SymbolKind::TYPE_PARAMETER,
            trimmed_range(node),
            trimmed_range(&name),
        )
    }

    /// The parameters of `list`, each with its type as detail.
    fn params(&self, list: Option<ParamList>) -> Vec<DocumentSymbol> {
        let Some(list) = list else {
            return Vec::new();
        };
        list.params()
            .filter_map(|param: Param| {
                let variable = param.variable()?;
                let detail = param.type_expr().map(|t| collapse(&t));
                self.symbol(
                    variable.text().to_string(),
                    detail,
                    SymbolKind::PROPERTY,
                    trimmed_range(param.syntax()),
                    variable.text_range(),
                )
            })
            .collect()
    }

    /// One symbol per title of a resource expression (`file { ['/a', '/b']: }` has two);
    /// untitled bodies (defaults, overrides) have none.
    fn resources(&self, node: &SyntaxNode) -> Vec<DocumentSymbol> {
        let Some(resource) = ResourceExpr::cast(node.clone()) else {
            return Vec::new();
        };
        let type_name = if resource.is_class() {
            "class".to_string()
        } else {
            match resource.type_expr() {
                Some(type_expr) => collapse(&type_expr),
                None => return Vec::new(),
            }
        };
        // `@file` and `@@file`: the whole virtual resource, its `@` in the detail.
        let virtual_resource = node.parent().filter(|p| p.kind() == VIRTUAL_RESOURCE);
        let marker = virtual_resource
            .as_ref()
            .and_then(|v| v.first_token())
            .filter(|t| matches!(t.kind(), AT | ATAT))
            .map(|t| t.text().to_string())
            .unwrap_or_default();
        let whole = virtual_resource.as_ref().unwrap_or(node);
        let bodies: Vec<_> = resource.bodies().collect();
        let single = bodies.len() == 1;
        let mut symbols = Vec::new();
        for body in bodies {
            let Some(title) = body.title() else { continue };
            // A single body's symbol covers the whole resource, type name included.
            let range = trimmed_range(if single { whole } else { body.syntax() });
            let titles: Vec<SyntaxNode> = if title.kind() == ARRAY_EXPR {
                title.children().collect()
            } else {
                vec![title]
            };
            for title in titles {
                let name = format!("{type_name}[{}]", collapse(&title));
                symbols.extend(self.symbol(
                    name,
                    Some(format!("{marker}{type_name}")),
                    SymbolKind::OBJECT,
                    range,
                    trimmed_range(&title),
                ));
            }
        }
        symbols
    }

    /// The variables `$x = …` and `[$a, $b] = …` assign.
    fn variables(&self, assignment: &SyntaxNode) -> Vec<DocumentSymbol> {
        let Some(target) = assignment.children().next() else {
            return Vec::new();
        };
        let targets: Vec<SyntaxNode> = if target.kind() == ARRAY_EXPR {
            target.children().collect()
        } else {
            vec![target]
        };
        let range = trimmed_range(assignment);
        targets
            .iter()
            .filter(|target| target.kind() == LITERAL)
            .filter_map(variable_token)
            .filter_map(|token| {
                self.symbol(
                    token.text().to_string(),
                    None,
                    SymbolKind::VARIABLE,
                    range,
                    token.text_range(),
                )
            })
            .collect()
    }

    /// A symbol, or `None` for an empty name (which clients reject).
    fn symbol(
        &self,
        name: String,
        detail: Option<String>,
        kind: SymbolKind,
        range: TextRange,
        selection: TextRange,
    ) -> Option<DocumentSymbol> {
        if name.trim().is_empty() {
            return None;
        }
        // The protocol wants the name inside the range; the CST gives that, this keeps it so.
        let range = range.cover(selection);
        #[allow(deprecated)]
        Some(DocumentSymbol {
            name,
            detail,
            kind,
            tags: None,
            deprecated: None,
            range: self.text.range(range),
            selection_range: self.text.range(selection),
            children: None,
        })
    }
}

/// The `$x` token of a literal.
fn variable_token(literal: &SyntaxNode) -> Option<SyntaxToken> {
    literal
        .children_with_tokens()
        .filter_map(|element| element.into_token())
        .find(|token| token.kind() == VARIABLE)
}

/// `node`'s text with each run of blanks (line breaks too) one space, cut to [`MAX_DETAIL`]
/// characters.
fn collapse(node: &SyntaxNode) -> String {
    let text = node.text().to_string();
    let mut words = text.split_whitespace();
    let mut out = words.next().unwrap_or("").to_string();
    for word in words {
        out.push(' ');
        out.push_str(word);
    }
    if out.chars().count() > MAX_DETAIL {
        out = out.chars().take(MAX_DETAIL.saturating_sub(1)).collect();
        out.push('…');
    }
    out
}

/// The range of `node` without the trivia at its ends (the whole node when it is all trivia).
fn trimmed_range(node: &SyntaxNode) -> TextRange {
    let range = node.text_range();
    let significant = |token: &SyntaxToken| !token.kind().is_trivia();
    let first = std::iter::successors(node.first_token(), |t| t.next_token())
        .take_while(|t| t.text_range().start() < range.end())
        .find(significant);
    let last = std::iter::successors(node.last_token(), |t| t.prev_token())
        .take_while(|t| t.text_range().end() > range.start())
        .find(significant);
    match (first, last) {
        (Some(first), Some(last)) if first.text_range().start() <= last.text_range().end() => {
            TextRange::new(first.text_range().start(), last.text_range().end())
        }
        _ => range,
    }
}

/// `textDocument/documentSymbol`.
pub fn handle(
    s: &crate::state::Snapshot,
    p: lsp_types::DocumentSymbolParams,
) -> crate::state::LspResult<Option<lsp_types::DocumentSymbolResponse>> {
    let document = s.document(&p.text_document.uri)?;
    let analysis = s.analysis(&document);
    Ok(Some(lsp_types::DocumentSymbolResponse::Nested(
        document_symbols(&analysis.root(), &document.text),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::{Position, Range};
    use puppet_syntax::{Encoding, ParseOptions};

    fn symbols_of(src: &str, options: ParseOptions) -> (Vec<DocumentSymbol>, Text) {
        let result = puppet_syntax::parse(src.as_bytes(), &options.cst(true));
        let root = result.syntax_node().unwrap();
        let text = Text::new(src.to_string(), Encoding::Utf16);
        (document_symbols(&root, &text), text)
    }

    /// One line per symbol: indent, name, kind, detail; checking each symbol's ranges.
    fn render(symbols: &[DocumentSymbol], text: &Text, depth: usize, out: &mut Vec<String>) {
        for symbol in symbols {
            let range = text.text_range(symbol.range);
            let selection = text.text_range(symbol.selection_range);
            assert!(range.contains_range(selection), "{symbol:?}");
            assert!(!symbol.name.is_empty());
            let detail = symbol
                .detail
                .as_deref()
                .map(|d| format!(" ({d})"))
                .unwrap_or_default();
            out.push(format!(
                "{}{} {:?}{detail} @{}",
                "  ".repeat(depth),
                symbol.name,
                symbol.kind,
                &text.text[selection]
            ));
            if let Some(children) = &symbol.children {
                assert!(!children.is_empty());
                for child in children {
                    assert!(
                        range.contains_range(text.text_range(child.range)),
                        "{child:?}"
                    );
                }
                render(children, text, depth + 1, out);
            }
        }
    }

    /// The outline of `src`, rendered by [`render`].
    fn outline_with(src: &str, options: ParseOptions) -> Vec<String> {
        let (symbols, text) = symbols_of(src, options);
        let mut out = Vec::new();
        render(&symbols, &text, 0, &mut out);
        out
    }

    fn outline(src: &str) -> Vec<String> {
        outline_with(src, ParseOptions::new())
    }

    #[test]
    fn classes_defines_resources_and_variables() {
        let src = "\
$global = 'x'
[$a, $b] = [1, 2]
class apache (
  String $docroot = '/var/www',
  $port = 80,
) inherits apache::params {
  $local = 1
  file { $docroot: ensure => directory }
  if $port == 80 {
    service { 'httpd':
      ensure => running,
    }
  }
  $mods.each |$m| {
    $inner = $m
    apache::mod { $m: }
  }
  class vhosts {
    @@file { ['/a', '/b']: ensure => present; '/c': }
  }
  define site(Integer $p) { }
}
";
        assert_eq!(
            outline(src),
            vec![
                "$global Variable @$global",
                "$a Variable @$a",
                "$b Variable @$b",
                "apache Class (inherits apache::params) @apache",
                "  $docroot Property (String) @$docroot",
                "  $port Property @$port",
                "  file[$docroot] Object (file) @$docroot",
                "  service['httpd'] Object (service) @'httpd'",
                "  apache::mod[$m] Object (apache::mod) @$m",
                "  apache::vhosts Class @vhosts",
                "    file['/a'] Object (@@file) @'/a'",
                "    file['/b'] Object (@@file) @'/b'",
                "    file['/c'] Object (@@file) @'/c'",
                "  apache::site Struct (define) @site",
                "    $p Property (Integer) @$p",
            ]
        );
    }

    #[test]
    fn nodes_functions_plans_and_types() {
        let src = "\
node 'web1.example.com', /^db\\d+$/, default {
  class { 'ntp': servers => ['a'] }
  File { mode => '0644' }
}
function mymod::double(Integer $n) >> Integer { $n * 2 }
type Mymod::Port = Integer[
  0,
  65535
]
";
        assert_eq!(
            outline(src),
            vec![
                "web1.example.com, /^db\\d+$/, default Namespace (node) @'web1.example.com'",
                "  class['ntp'] Object (class) @'ntp'",
                "mymod::double Function (>> Integer) @mymod::double",
                "  $n Property (Integer) @$n",
                "Mymod::Port TypeParameter (Integer[ 0, 65535 ]) @Mymod::Port",
            ]
        );
        let plan = "plan mymod::deploy(TargetSpec $t) {\n  apply($t) { file { '/x': } }\n}\n";
        assert_eq!(
            outline_with(plan, ParseOptions::new().tasks(true)),
            vec![
                "mymod::deploy Function (plan) @mymod::deploy",
                "  $t Property (TargetSpec) @$t",
                "  file['/x'] Object (file) @'/x'",
            ]
        );
    }

    #[test]
    fn ranges_are_trimmed_and_in_utf16() {
        let src = "# ünïcode\nclass é::x { }\nclass ok { $s = 'ü'; file { '/t': } }\n";
        let (symbols, _) = symbols_of(src, ParseOptions::new());
        let range =
            |line, start, end| Range::new(Position::new(line, start), Position::new(line, end));
        let ok = symbols.iter().find(|s| s.name == "ok").unwrap();
        assert_eq!(
            (ok.range, ok.selection_range),
            (range(2, 0, 37), range(2, 6, 8))
        );
        // `'ü'` is 3 UTF-16 units: the resource starts at column 21.
        let file = &ok.children.as_ref().unwrap()[0];
        assert_eq!(file.name, "file['/t']");
        assert_eq!(
            (file.range, file.selection_range),
            (range(2, 21, 35), range(2, 28, 32))
        );
    }

    #[test]
    fn broken_definitions_are_still_listed() {
        let src = "\
class broken(String $x {
  file { '/a':
    ensure =>
  }
define d($y) {
  notice($y
}
class
";
        let found = outline(src);
        assert_eq!(
            found,
            vec![
                "broken Class @broken",
                "  $x Property (String) @$x",
                "  file['/a'] Object (file) @'/a'",
                "  broken::d Struct (define) @d",
                "    $y Property @$y",
            ]
        );
        assert!(outline("").is_empty());
        assert!(outline("class {").is_empty());
        // Every prefix, as while typing (`render` checks the ranges).
        for cut in (0..=src.len()).filter(|&cut| src.is_char_boundary(cut)) {
            outline(&src[..cut]);
        }
    }

    #[test]
    fn epp_parameters_and_top_level_variables() {
        let src = "<%- | String $name, Integer $port = 80 | -%>\n<% $greeting = \"hi ${name}\" -%>\n<%= $greeting %>\n";
        assert_eq!(
            outline_with(src, ParseOptions::new().epp(true)),
            vec![
                "$name Property (String) @$name",
                "$port Property (Integer) @$port",
                "$greeting Variable @$greeting",
            ]
        );
    }

    #[test]
    fn deep_nesting_is_flattened() {
        let depth = MAX_DEPTH + 10;
        let mut src = String::new();
        for i in 0..depth {
            src.push_str(&format!("class c{i} {{\n"));
        }
        src.push_str(&"}\n".repeat(depth));
        let out = outline(&src);
        assert_eq!(out.len(), depth);
        let deepest = out
            .iter()
            .map(|line| line.len() - line.trim_start().len())
            .max();
        assert_eq!(deepest, Some(2 * (MAX_DEPTH - 1)));
        assert!(out[0].starts_with("c0 Class"));
        assert!(out[1].trim_start().starts_with("c0::c1 Class"));
    }
}
